#!/usr/bin/env python3
"""Import cycles between the source files of each crate in the workspace.

A pair of files A, B is a cycle when A refers to B's module and B refers to A's module: two
files that need each other are one concept split in two, or two concepts tangled together.
Every crate (a `Cargo.toml` next to a `src/` directory) is checked; each crate root in it
(`src/lib.rs`, `src/main.rs`, `src/bin/*.rs`) is followed through its `mod x;` declarations,
so every file gets its module path.

What counts as a reference from a file: a `crate::…`, `super::…` or `self::…` path (in a `use`
or anywhere in the code, tests included; comments and strings are not code), and in a file
with child modules a path starting with a child's name. A path to a submodule counts as a
reference to that submodule's file; a path to an item reached through a `use` that re-exports
it (`pub use error::Error` in `lib.rs`, then `crate::Error`) counts as a reference to the file
that defines it (a glob `pub use x::*` is not followed). A parent's `mod x;` declaration is
not a reference.

Prints each cycle as `cycle:` (or `allowed:`, with its reason) and the line of each file's
first reference to the other, then "N import cycles (M allowed)" and, last, "N passed,
N failed, 0 skipped": passed counts the crates whose cycles are all in ALLOWED below, failed
the others. Exits 1 when a cycle is not allowed.

Usage: scripts/check-module-cycles.py [REPO_ROOT]   (default: the repository holding this script)
"""

import os
import re
import sys

# Cycles accepted for now: (crate directory, file, file) -> why.
ALLOWED = {
}

SKIP_DIRS = {"target", "node_modules", ".git"}


def starts_token(text, i):
    return i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")


def strip_comments_and_strings(text):
    """The code of `text` with comments, string and char literals blanked (lines kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            i = j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    if text[i] == "\n":
                        out.append("\n")
                    i += 1
        elif c in "br" and starts_token(text, i) and re.match(r'b?r#*"', text[i:i + 300]):
            m = re.match(r'b?r(#*)"', text[i:])
            end = '"' + m.group(1)
            j = text.find(end, i + m.end())
            j = n if j < 0 else j + len(end)
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j
        elif c == '"' or (c == "b" and text.startswith('b"', i) and starts_token(text, i)):
            i += 2 if c == "b" else 1
            start = i
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            out.append('""' + "\n" * text.count("\n", start, i))
            i += 1
        elif c == "'":
            m = re.match(r"'(\\.[^']*|[^\\'])'", text[i:])
            if m:  # a char literal; otherwise a lifetime
                out.append("' '")
                i += m.end()
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def split_top(s, sep=","):
    """Splits `s` at `sep` outside braces."""
    parts, depth, cur = [], 0, []
    for ch in s:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    return [p.strip() for p in parts if p.strip()]


def use_paths(tree, prefix=()):
    """Every path of a use tree, as (segments, bound name or None for a glob)."""
    tree = tree.strip()
    if tree.startswith("::"):
        tree = tree[2:]
    if not tree:
        return []
    brace = tree.find("{")
    if brace >= 0 and tree.endswith("}"):
        head = [s.strip() for s in tree[:brace].split("::") if s.strip()]
        result = []
        for part in split_top(tree[brace + 1:-1]):
            result += use_paths(part, prefix + tuple(head))
        return result
    alias = None
    m = re.match(r"(.*?)\s+as\s+(\w+)$", tree)
    if m:
        tree, alias = m.group(1), m.group(2)
    segs = [s.strip() for s in tree.split("::") if s.strip()]
    full = prefix + tuple(segs)
    if full and full[-1] == "self":
        full = full[:-1]
    if not full:
        return []
    if full[-1] == "*":
        return [(full[:-1], None)]
    return [(full, alias or full[-1])]


class File:
    def __init__(self, path, module):
        self.path = path
        self.module = module  # tuple of segments below the crate root
        self.children = {}  # child module name -> File
        self.uses = []  # (segments, bound name, position)
        self.refs = []  # (segments, position) of every path outside `use`
        self.code = ""
        self.inline = []  # (start, end) of each inline `mod x { … }` block


def child_dir(f):
    base = os.path.basename(f.path)
    if base in ("lib.rs", "main.rs", "mod.rs") or f.module == ():
        return os.path.dirname(f.path)
    return os.path.splitext(f.path)[0]


def matching_brace(code, open_at):
    depth = 0
    for i in range(open_at, len(code)):
        if code[i] == "{":
            depth += 1
        elif code[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    return len(code)


def load(path, module, files):
    f = File(path, module)
    files.append(f)
    with open(path, encoding="utf-8") as fh:
        f.code = strip_comments_and_strings(fh.read())
    code = f.code
    for m in re.finditer(r"\bmod\s+(\w+)\s*\{", code):
        end = matching_brace(code, m.end() - 1)
        f.inline.append((m.start(), end))
    for m in re.finditer(r"\bmod\s+(\w+)\s*;", code):
        if inline_depth(f, m.start()):
            continue
        name = m.group(1)
        d = child_dir(f)
        for cand in (os.path.join(d, name + ".rs"), os.path.join(d, name, "mod.rs")):
            if os.path.exists(cand):
                f.children[name] = load(cand, module + (name,), files)
                break
    for m in re.finditer(r"\buse\s+([^;]+);", code):
        for segs, bound in use_paths(m.group(1)):
            f.uses.append((segs, bound, m.start()))
    rest = re.sub(r"\buse\s+[^;]+;", lambda m: " " * len(m.group(0)), code)
    rest = re.sub(r"\bpub\s*\(\s*in\s+[^)]*\)", lambda m: " " * len(m.group(0)), rest)
    for m in re.finditer(r"(?<![\w:])\$?(\w+)((?:\s*::\s*\w+)+)", rest):
        tail = tuple(s.strip() for s in m.group(2).split("::") if s.strip())
        f.refs.append(((m.group(1),) + tail, m.start()))
    return f


def inline_depth(f, pos):
    return sum(1 for start, end in f.inline if start < pos < end)


def absolute(f, segs, pos):
    """The path `segs`, written at `pos` of file `f`, from the crate root, or None."""
    depth = inline_depth(f, pos)
    head = segs[0]
    if head == "crate":
        return tuple(segs[1:])
    if head in ("super", "self"):
        base = list(f.module)
        i = 0
        levels = depth  # inline modules first
        while i < len(segs) and segs[i] in ("super", "self"):
            if segs[i] == "super":
                if levels:
                    levels -= 1
                elif base:
                    base.pop()
                else:
                    return None
            i += 1
        if levels:
            return None  # still inside an inline module: the file itself
        return tuple(base) + tuple(segs[i:])
    if depth == 0 and head in f.children:
        return f.module + tuple(segs)
    return None


def resolve(by_module, path, seen=None):
    """The file that defines what `path` (from the crate root) names."""
    seen = seen or set()
    node = by_module[()]
    i = 0
    while i < len(path) and path[i] in node.children:
        node = node.children[path[i]]
        i += 1
    if i < len(path) and (node.module, path[i]) not in seen:
        seen.add((node.module, path[i]))
        for segs, bound, pos in node.uses:
            if bound == path[i]:
                target = absolute(node, segs, pos)
                if target is not None:
                    return resolve(by_module, target + tuple(path[i + 1:]), seen)
    return node


def crate_roots(crate_dir):
    src = os.path.join(crate_dir, "src")
    roots = [os.path.join(src, n) for n in ("lib.rs", "main.rs")]
    bin_dir = os.path.join(src, "bin")
    if os.path.isdir(bin_dir):
        for n in sorted(os.listdir(bin_dir)):
            p = os.path.join(bin_dir, n)
            roots.append(p if n.endswith(".rs") else os.path.join(p, "main.rs"))
    return [r for r in roots if os.path.exists(r)]


def crate_cycles(crate_dir):
    """Every cycle of one crate: (file, file) relative to the crate, sorted, with the line of
    each file's first reference to the other."""
    cycles = {}
    for root in crate_roots(crate_dir):
        files = []
        load(root, (), files)
        by_module = {f.module: f for f in files}
        edges = {}  # (from file, to file) -> line of the first reference
        for f in files:
            found = [(segs, pos) for segs, _, pos in f.uses] + f.refs
            for segs, pos in found:
                target = absolute(f, segs, pos)
                if target is None:
                    continue
                to = resolve(by_module, target).path
                if to != f.path:
                    line = f.code.count("\n", 0, pos) + 1
                    edges[(f.path, to)] = min(line, edges.get((f.path, to), line))
        for (a, b), line in edges.items():
            if a < b and (b, a) in edges:
                rel_a, rel_b = os.path.relpath(a, crate_dir), os.path.relpath(b, crate_dir)
                cycles[(rel_a, rel_b)] = (line, edges[(b, a)])
    return sorted(cycles.items())


def crates(repo):
    found = []
    for dirpath, dirnames, filenames in os.walk(repo):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not d.startswith("."))
        if "Cargo.toml" in filenames and os.path.isdir(os.path.join(dirpath, "src")):
            found.append(dirpath)
    return found


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    repo = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(here)
    # With OFFERKIT_RESULTS set, each crate is also a line of that results file (suite
    # OFFERKIT_SUITE, else "module-cycles"; scripts/lib/results_file.py).
    sys.path.insert(0, os.path.join(here, "lib"))
    import results_file

    clock = results_file.Clock()
    total = allowed = passed = failed = 0
    seen, checked = set(), set()
    for crate_dir in crates(repo):
        name = os.path.relpath(crate_dir, repo)
        checked.add(name)
        bad = 0
        cycles = []
        for (a, b), (line_a, line_b) in crate_cycles(crate_dir):
            total += 1
            where = f"{name}: {a}:{line_a} <-> {b}:{line_b}"
            key = (name, a, b) if (name, a, b) in ALLOWED else (name, b, a)
            reason = ALLOWED.get(key)
            if reason:
                seen.add(key)
                allowed += 1
                print(f"allowed: {where} ({reason})")
            else:
                bad += 1
                cycles.append(where)
                print(f"cycle:   {where}")
        if bad:
            failed += 1
        else:
            passed += 1
        results_file.write("module-cycles", name, "failed" if bad else "passed", clock.lap(),
                           "import cycles: " + "; ".join(cycles) if bad else "")
    for crate, a, b in sorted(k for k in set(ALLOWED) - seen if k[0] in checked):
        print(f"stale allow-list entry (no longer a cycle, remove it): {crate}: {a} <-> {b}")
    print(f"{total} import cycles ({allowed} allowed)")
    if passed == 0 and failed == 0:
        print(f"FAIL no crate found under {repo}")
        results_file.write("module-cycles", "(no crate found)", "failed", 0, repo)
        failed += 1
    print(f"{passed} passed, {failed} failed, 0 skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
