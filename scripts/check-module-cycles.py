#!/usr/bin/env python3
"""Import circles between the source files of the workspace: files that need each other, in a
ring of any length, are one concept split in pieces or several concepts tangled together.

Two trees of files are checked:
- every Rust crate (a `Cargo.toml` next to a `src/` directory): each crate root in it
  (`src/lib.rs`, `src/main.rs`, `src/bin/*.rs`) is followed through its `mod x;`
  declarations, so every file gets its module path;
- every Python package named `offerkit` (a directory with an `__init__.py`), each `.py` file
  under it a module.

The files and their references make a directed graph; its strongly connected components
(Tarjan's algorithm) of two files or more are the circles, and so is a Python module that
imports itself. A pair of files using each other is the smallest circle; a ring A -> B -> C ->
A, which no pair shows, is one too.

What counts as a reference from a Rust file: a `crate::…`, `super::…` or `self::…` path (in a
`use` or anywhere in the code, tests included; comments and strings are not code), and in a
file with child modules a path starting with a child's name. A path to a submodule refers to
that submodule's file; a path to an item reached through a `use` that re-exports it refers to
the file that defines it and to every file whose `use` it went through (`crate::report::Limiter`
needs `report/mod.rs`'s `pub use limits::Limiter` as much as `report/limits.rs`), except the
crate root: its re-exports are the crate's public face, which every file may name (a glob
`pub use x::*` is not followed). A parent's `mod x;` declaration is not a reference, and
neither is a file naming its own items by a full path, through a re-export or not (a macro's
`$crate::server::Secret` in the file defining `Secret`).

What counts as a reference from a Python module: every `import` and `from … import` of the
package, relative or absolute (`offerkit.…`), wherever it is written (inside a function or
under `if TYPE_CHECKING:` too: a type checker follows those). `from .m import x` refers to
`m`; `from . import x` to the module `x` when there is one, to the package's `__init__.py`
otherwise. Modules the package does not hold as source (`._native`, made when the wheel is
built) are left out.

Prints each circle as `cycle:` (or `allowed:`, with its reason) with its files, and under it
one ring through them, each file with the line of its first reference to the next; then "N
import cycles (M allowed)" and, last, "N passed, N failed, 0 skipped": passed counts the trees
(crates and packages) whose circles are all in ALLOWED below, failed the others. Exits 1 when a
circle is not allowed, or when a language has no tree at all (a check of nothing).

With OFFERKIT_RESULTS set, appends one JSON line per language to that file: `{"suite": S,
"case": "rust"|"python", "outcome": "passed"|"failed", "seconds": F, "detail": TEXT}`, S being
OFFERKIT_SUITE or `module-cycles`; a failed case's detail lists its circles.

`--self-test` builds small Rust and Python trees in a temporary directory and checks that a
ring of three files is found (and that a check of pairs only would miss it), that a pair is
found, and that trees without a circle pass; its results go to OFFERKIT_RESULTS the same way,
suite `module-cycles-self-test` unless OFFERKIT_SUITE says otherwise. Exits 1 if a case fails.

Usage: scripts/check-module-cycles.py [REPO_ROOT]   (default: the repository holding this script)
       scripts/check-module-cycles.py --self-test
"""

import ast
import json
import os
import re
import subprocess
import sys
import tempfile
import time

# Circles accepted for now: (tree directory, (its files, sorted)) -> why.
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


def resolve(by_module, path, hops, seen=None):
    """The file that defines what `path` (from the crate root) names; every file other than the
    crate root whose `use` the path went through is added to `hops`."""
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
                    if node.module:
                        hops.add(node.path)
                    return resolve(by_module, target + tuple(path[i + 1:]), hops, seen)
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


def rust_graphs(crate_dir):
    """One graph per crate root: file -> {referenced file: line of the first reference}, the
    files relative to the crate."""
    graphs = []
    for root in crate_roots(crate_dir):
        files = []
        load(root, (), files)
        by_module = {f.module: f for f in files}
        graph = {}
        for f in files:
            out = graph.setdefault(os.path.relpath(f.path, crate_dir), {})
            found = [(segs, pos) for segs, _, pos in f.uses] + f.refs
            for segs, pos in found:
                target = absolute(f, segs, pos)
                if target is None:
                    continue
                hops = set()
                defined_in = resolve(by_module, target, hops).path
                if defined_in == f.path:
                    continue  # its own item, by whichever path
                line = f.code.count("\n", 0, pos) + 1
                for to in (hops | {defined_in}) - {f.path}:
                    to = os.path.relpath(to, crate_dir)
                    out[to] = min(line, out.get(to, line))
        graphs.append(graph)
    return graphs


def crates(repo):
    found = []
    for dirpath, dirnames, filenames in os.walk(repo):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not d.startswith("."))
        if "Cargo.toml" in filenames and os.path.isdir(os.path.join(dirpath, "src")):
            found.append(dirpath)
    return found


# Python


def python_packages(repo, name="offerkit"):
    found = []
    for dirpath, dirnames, filenames in os.walk(repo):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not d.startswith("."))
        if os.path.basename(dirpath) == name and "__init__.py" in filenames:
            found.append(dirpath)
            dirnames[:] = []  # its subpackages are part of it
    return found


def python_graph(package_dir):
    """file -> {imported file: line of the first import}, the files relative to the package."""
    package = os.path.basename(package_dir)
    modules = {}  # dotted name -> file relative to the package
    for dirpath, dirnames, filenames in os.walk(package_dir):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and d != "__pycache__")
        for n in sorted(filenames):
            if not n.endswith(".py"):
                continue
            rel = os.path.relpath(os.path.join(dirpath, n), package_dir)
            parts = [package] + rel[:-3].split(os.sep)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = rel
    graph = {}
    for name, rel in modules.items():
        out = graph.setdefault(rel, {})
        is_init = rel.endswith("__init__.py")
        here = name.split(".") if is_init else name.split(".")[:-1]  # the enclosing package
        with open(os.path.join(package_dir, rel), encoding="utf-8") as fh:
            tree = ast.parse(fh.read(), rel)
        for node in ast.walk(tree):
            targets = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = here[: len(here) - (node.level - 1)] if node.level > 1 else here
                else:
                    base = []
                module = ".".join(base + (node.module.split(".") if node.module else []))
                for a in node.names:
                    sub = f"{module}.{a.name}"
                    targets.append(sub if a.name != "*" and sub in modules else module)
            for target in targets:
                to = modules.get(target)
                if to is not None:
                    out[to] = min(node.lineno, out.get(to, node.lineno))
    return graph


# Graphs


def strongly_connected(graph):
    """Tarjan's algorithm: the strongly connected components of `graph`, each a sorted list."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def circles(graph):
    """The circles of `graph`: its components of two files or more, and files referring to
    themselves."""
    found = strongly_connected(graph)
    return sorted(c for c in found if len(c) > 1 or c[0] in graph.get(c[0], {}))


def ring(graph, circle):
    """A shortest ring through the circle's first file, staying in the circle: [(file, line of
    its reference to the next)], back to the first."""
    start, members = circle[0], set(circle)
    came_from, queue = {}, [start]
    while queue:
        v = queue.pop(0)
        for w in sorted(graph.get(v, {})):
            if w in members and w not in came_from:
                came_from[w] = v
                if w == start:
                    queue = []
                    break
                queue.append(w)
    path, v = [], start
    while True:
        v = came_from[v]
        path.append(v)
        if v == start:
            break
    path.reverse()
    return [(v, graph[v][path[i + 1] if i + 1 < len(path) else start]) for i, v in enumerate(path)]


def pairs(graph):
    """What a check of pairs only sees: files referring to each other (kept to show what it
    misses, in the self-test)."""
    return sorted((a, b) for a in graph for b in graph[a] if a < b and a in graph.get(b, {}))


# Checking and reporting


def record(case, outcome, seconds, detail, default_suite):
    path = os.environ.get("OFFERKIT_RESULTS")
    if not path:
        return
    line = {
        "suite": os.environ.get("OFFERKIT_SUITE") or default_suite,
        "case": case,
        "outcome": outcome,
        "seconds": round(seconds, 3),
        "detail": detail,
    }
    with open(path, "a", encoding="utf-8") as fh:
        fh.write(json.dumps(line) + "\n")


def tree_circles(graphs):
    """The circles of a tree's graphs (one per crate root), each once, with a graph holding it."""
    seen = {}
    for graph in graphs:
        for circle in circles(graph):
            seen.setdefault(tuple(circle), graph)
    return sorted(seen.items())


def check(repo):
    """Checks every tree of `repo`, prints the circles and the summary; returns the exit code."""
    languages = [
        ("rust", crates(repo), rust_graphs),
        ("python", python_packages(repo), lambda d: [python_graph(d)]),
    ]
    total = allowed = passed = failed = 0
    seen = set()
    checked = set()
    cases = []
    for language, trees, graphs_of in languages:
        started = time.monotonic()
        bad_lines = []
        for tree_dir in trees:
            name = os.path.relpath(tree_dir, repo)
            checked.add(name)
            bad = 0
            for circle, graph in tree_circles(graphs_of(tree_dir)):
                total += 1
                key = (name, circle)
                reason = ALLOWED.get(key)
                walk = " -> ".join(f"{f}:{line}" for f, line in ring(graph, list(circle)))
                where = f"{name}: {', '.join(circle)}"
                if reason:
                    seen.add(key)
                    allowed += 1
                    print(f"allowed: {where} ({reason})")
                else:
                    bad += 1
                    bad_lines.append(f"{where} ({walk} -> {circle[0]})")
                    print(f"cycle:   {where}")
                print(f"         {walk} -> {circle[0]}")
            if bad:
                failed += 1
            else:
                passed += 1
        if not trees:
            failed += 1
            bad_lines.append(f"no {language} tree found under {repo}")
            print(f"nothing to check: no {language} tree found")
        detail = "; ".join(bad_lines) or f"no circle ({len(trees)} checked)"
        outcome = "failed" if bad_lines else "passed"
        cases.append((language, outcome, time.monotonic() - started, detail))
    for tree, circle in sorted(k for k in set(ALLOWED) - seen if k[0] in checked):
        print(f"stale allow-list entry (no longer a cycle, remove it): {tree}: {', '.join(circle)}")
    print(f"{total} import cycles ({allowed} allowed)")
    print(f"{passed} passed, {failed} failed, 0 skipped")
    for case in cases:
        record(*case, default_suite="module-cycles")
    return 1 if failed else 0


# Self-test


def write_tree(root, files):
    for rel, text in files.items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)


def crate(files):
    """A crate's files, with its Cargo.toml."""
    sources = {f"src/{k}": v for k, v in files.items()}
    return {"Cargo.toml": '[package]\nname = "fixture"\n', **sources}


def rust_circles(root, files):
    write_tree(root, crate(files))
    graphs = rust_graphs(root)
    return [list(c) for c, _ in tree_circles(graphs)], sorted({p for g in graphs for p in pairs(g)})


def python_circles(root, files):
    package = os.path.join(root, "offerkit")
    write_tree(package, files)
    graph = python_graph(package)
    return circles(graph), pairs(graph)


RUST_RING = {
    "lib.rs": "mod a;\nmod b;\nmod c;\n",
    "a.rs": "use crate::b::B;\npub struct A;\n",
    "b.rs": "pub struct B(crate::c::C);\n",
    "c.rs": "use super::a::A;\npub struct C;\n",
}
RUST_PAIR = {
    "lib.rs": "mod a;\nmod b;\n",
    "a.rs": "use crate::b::B;\npub struct A;\n",
    "b.rs": "pub struct B;\nfn f(_: crate::a::A) {}\n",
}
RUST_THROUGH_REEXPORT = {
    "lib.rs": "mod report;\nmod state;\n",
    "report/mod.rs": "mod limits;\npub use limits::Limiter;\nuse crate::state::State;\n",
    "report/limits.rs": "pub struct Limiter;\n",
    "state.rs": "use crate::report::Limiter;\npub struct State(Limiter);\n",
}
RUST_CLEAN = {
    # The crate root's re-exports are the crate's face: `crate::B` in a.rs is b.rs alone.
    "lib.rs": "mod a;\nmod b;\nmod c;\nmod d;\npub use a::A;\npub use b::B;\n",
    "a.rs": "use crate::B;\npub struct A(B);\n",
    "b.rs": "pub struct B(crate::c::C);\n",
    # Comments, strings and a file's paths to its own items are no references.
    "c.rs": '// crate::a::A\npub struct C;\nconst S: &str = "crate::b::B";\n'
    "fn f() -> crate::c::C { C }\n",
    # Nor is an item of its own named through its parent's re-export.
    "d/mod.rs": "mod e;\npub use e::E;\n",
    "d/e.rs": "pub struct E;\nfn f() -> crate::d::E { E }\n",
}
PYTHON_RING = {
    "__init__.py": "from ._a import A\n",
    "_a.py": "from ._b import B\nA = 1\n",
    "_b.py": "from offerkit._c import C\nB = 2\n",
    "_c.py": "def f():\n    from . import _a\nC = 3\n",
}
PYTHON_PAIR = {
    "__init__.py": "",
    "_client.py": "from ._pager import Pages\n",
    "_pager.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
    "    from ._client import Client\n",
}
PYTHON_SELF = {"__init__.py": "", "_a.py": "import offerkit._a\n"}
PYTHON_CLEAN = {
    "__init__.py": "from ._a import A\nfrom ._b import B\n",
    # `._native` is not in the package's sources (the wheel's build makes it): left out.
    "_a.py": "from . import _b\nfrom ._native import offerkit as _ffi\nimport json\nA = 1\n",
    "_b.py": "B = 2\n",
    "sub/__init__.py": "from .._b import B\n",
}

# Each case: (name, language, files, the circles expected, what a check of pairs only finds).
SELF_TEST_CASES = [
    ("rust: a ring of three files is found, which pairs alone miss", "rust", RUST_RING,
     [["src/a.rs", "src/b.rs", "src/c.rs"]], []),
    ("rust: a pair is found", "rust", RUST_PAIR,
     [["src/a.rs", "src/b.rs"]], [("src/a.rs", "src/b.rs")]),
    ("rust: a ring through a module's re-export is found", "rust", RUST_THROUGH_REEXPORT,
     [["src/report/mod.rs", "src/state.rs"]], [("src/report/mod.rs", "src/state.rs")]),
    ("rust: a tree without a circle passes", "rust", RUST_CLEAN, [], []),
    ("python: a ring of three modules is found, which pairs alone miss", "python", PYTHON_RING,
     [["_a.py", "_b.py", "_c.py"]], []),
    ("python: a pair is found, under TYPE_CHECKING too", "python", PYTHON_PAIR,
     [["_client.py", "_pager.py"]], [("_client.py", "_pager.py")]),
    ("python: a module importing itself is found", "python", PYTHON_SELF, [["_a.py"]], []),
    ("python: a package without a circle passes", "python", PYTHON_CLEAN, [], []),
]


def run_case(name, language, files, want, want_pairs):
    """None when the case holds, else what differed."""
    with tempfile.TemporaryDirectory() as root:
        found = (rust_circles if language == "rust" else python_circles)(root, files)
    got, got_pairs = found
    problems = []
    if got != want:
        problems.append(f"circles {got}, expected {want}")
    if [tuple(p) for p in got_pairs] != want_pairs:
        problems.append(f"pairs {got_pairs}, expected {want_pairs}")
    return "; ".join(problems) or None


def run_whole_check(files, want_status, want_lines, suite, want_details):
    """The whole check on a repository of `files`, with OFFERKIT_SUITE `suite` (None: unset) and
    a results file already holding a line: what differs from its expected exit status, lines
    printed, and results (one per language: failed when `want_details` names it, with those
    strings in its detail, passed otherwise)."""
    earlier = json.dumps({"suite": "earlier", "case": "kept", "outcome": "passed",
                          "seconds": 0, "detail": ""})
    with tempfile.TemporaryDirectory() as root:
        write_tree(root, files)
        env = dict(os.environ)
        env.pop("OFFERKIT_SUITE", None)
        env["OFFERKIT_RESULTS"] = os.path.join(root, "results.jsonl")
        if suite:
            env["OFFERKIT_SUITE"] = suite
        with open(env["OFFERKIT_RESULTS"], "w", encoding="utf-8") as fh:
            fh.write(earlier + "\n")
        run = subprocess.run([sys.executable, os.path.abspath(__file__), root], env=env,
                             capture_output=True, text=True, check=False)
        with open(env["OFFERKIT_RESULTS"], encoding="utf-8") as fh:
            results = [json.loads(line) for line in fh]
    problems = []
    if run.returncode != want_status:
        problems.append(f"exit {run.returncode}, expected {want_status}")
    lines = run.stdout.splitlines()
    problems += [f"no line {w!r} in {lines}" for w in want_lines if w not in lines]
    if results[:1] != [json.loads(earlier)]:
        problems.append(f"the results file's earlier line is gone: {results[:1]}")
    want_suite = suite or "module-cycles"
    expected = [(want_suite, case, "failed" if case in want_details else "passed")
                for case in ("python", "rust")]
    got = sorted((r.get("suite"), r.get("case"), r.get("outcome")) for r in results[1:])
    if got != expected:
        problems.append(f"results {got}, expected {expected}")
    keys = ["case", "detail", "outcome", "seconds", "suite"]
    for r in results[1:]:
        if sorted(r) != keys or not isinstance(r["seconds"], (int, float)) or r["seconds"] < 0:
            problems.append(f"result {r} is not {{{', '.join(keys)}}} with seconds a number")
        missing = [w for w in want_details.get(r.get("case"), []) if w not in str(r.get("detail"))]
        if missing:
            problems.append(f"detail of {r.get('case')} lacks {missing}: {r.get('detail')!r}")
    return "; ".join(problems) or None


def self_test():
    passed = failed = 0

    def report(name, problem, seconds):
        nonlocal passed, failed
        if problem:
            failed += 1
            print(f"FAIL {name}: {problem}")
        else:
            passed += 1
            print(f"ok   {name}")
        record(name, "failed" if problem else "passed", seconds, problem or "",
               default_suite="module-cycles-self-test")

    for case in SELF_TEST_CASES:
        started = time.monotonic()
        report(case[0], run_case(*case), time.monotonic() - started)
    ring3 = {f"crate/{k}": v for k, v in crate(RUST_RING).items()}
    pair = {f"py/offerkit/{k}": v for k, v in PYTHON_PAIR.items()}
    clean_rust = {f"crate/{k}": v for k, v in crate(RUST_CLEAN).items()}
    clean_python = {f"py/offerkit/{k}": v for k, v in PYTHON_CLEAN.items()}
    whole = [
        (
            "whole check: circles are printed, recorded as failed, exit 1",
            {**ring3, **pair},
            1,
            ["cycle:   crate: src/a.rs, src/b.rs, src/c.rs",
             "         src/a.rs:1 -> src/b.rs:1 -> src/c.rs:1 -> src/a.rs",
             "cycle:   py/offerkit: _client.py, _pager.py",
             "         _client.py:1 -> _pager.py:3 -> _client.py",
             "2 import cycles (0 allowed)", "0 passed, 2 failed, 0 skipped"],
            None,
            {"rust": ["src/a.rs", "src/b.rs", "src/c.rs"], "python": ["_client.py", "_pager.py"]},
        ),
        (
            "whole check: trees without a circle pass, exit 0, under the suite asked for",
            {**clean_rust, **clean_python},
            0,
            ["0 import cycles (0 allowed)", "2 passed, 0 failed, 0 skipped"],
            "cycles-elsewhere",
            {},
        ),
        (
            "whole check: a language without a tree fails",
            clean_rust,
            1,
            ["nothing to check: no python tree found", "1 passed, 1 failed, 0 skipped"],
            None,
            {"python": ["no python tree"]},
        ),
    ]
    for name, files, status, lines, suite, details in whole:
        started = time.monotonic()
        problem = run_whole_check(files, status, lines, suite, details)
        report(name, problem, time.monotonic() - started)
    print(f"{passed} passed, {failed} failed, 0 skipped")
    return 1 if failed else 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    here = os.path.dirname(os.path.abspath(__file__))
    return check(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(here))


if __name__ == "__main__":
    sys.exit(main())
