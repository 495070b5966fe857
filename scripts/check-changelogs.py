#!/usr/bin/env python3
"""Every published artifact's public surface is written down in its CHANGELOG: a change to what
its users compile against (the C header, the Unity package's C# API, the Kotlin, Python, Swift
and Dart packages' public declarations, the Godot addon's registered classes, the web package's
exported TypeScript) fails this check until the CHANGELOG says what changed.

The CHANGELOGs are found, not listed: `ffi/CHANGELOG.md` and every `bindings/*/CHANGELOG.md`
(or one level deeper), each naming its surface near the top with
`<!-- surface of: READER PATH [without DIR ...] -->`. Each reader reads sources without
building anything:
- `c-header` (the C ABI's `include/offerkit.h`): every declaration, comments removed, in the
  header's order;
- `csharp` (Unity's `Runtime`), `swift`: the declarations marked `public`/`protected` (C#) or
  `public`/`open` (Swift) inside types that are public themselves, with their parameter lists,
  and the members of public enums;
- `kotlin` (without the generated `internal` package): every declaration that is not `private`
  or `internal`, in types that are not either, with constructor and function parameters;
- `python`: what the package's `__all__` exports, each class with its bases, public methods'
  signatures and fields, each function's signature;
- `dart` (the Dart package's `lib/offerkit.dart`): what its `export` directives export (the
  names `show` lists, else every public one), with the public members of public types and
  their parameter lists, and enum values; public is Dart's rule, a name not starting with `_`;
- `gdext` (the Godot addon's `src`): what gdext registers for GDScript — classes, and their
  `#[func]`, `#[signal]`, `#[var]`, `#[export]` and `#[constant]` items with their signatures;
- `typescript` (the web package's `ts`): what the entries its package.json exports (`types`)
  export, re-exports followed — classes, interfaces, type aliases, functions, constants, and the
  members of exported classes and interfaces that are not `#private` or `private`.
Bodies, comments and docstrings are not surface: rewording a doc or fixing a body needs no entry.

The surface's fingerprint (the first 16 hex digits of its SHA-256) must appear in the newest
section of the artifact's CHANGELOG (the first `## ` heading) as `<!-- public surface: HEX -->`,
and that section must list at least one change (a `- ` line). When the surface changes, the
check fails naming the new fingerprint: describe the change in the newest section (a new
`## [Unreleased]` if the newest is released), with what to write instead for anything that
breaks existing code, and put the new fingerprint there.

`--print` shows each artifact's fingerprint and surface; `--self-test` checks the readers and the
rule on small samples. Results: one JSON line per artifact in $OFFERKIT_RESULTS (suite
$OFFERKIT_SUITE, default `changelogs`), and `N passed, N failed, 0 skipped`; exits 1 on a failure.

Usage: scripts/check-changelogs.py [--print] [REPO_ROOT]
       scripts/check-changelogs.py --self-test
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import re
import sys
import tempfile
import textwrap
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

SURFACE_LINE = re.compile(r"<!--\s*public surface:\s*([0-9a-f]{16})\s*-->")


# --- reading sources ------------------------------------------------------------------------

def strip_c_like(text: str, keep_strings: bool = False) -> str:
    """`text` without comments, and with every string or char literal emptied (so braces and
    parentheses inside them are not counted) — or, with `keep_strings`, kept whole (TypeScript's
    string literal types and module names are surface)."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            # Keep the line count: a block comment may span lines.
            out.append("\n" * text.count("\n", i, n if j < 0 else j))
            i = n if j < 0 else j + 2
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            out.append('""' + "\n" * text.count("\n", i, n if j < 0 else j))
            i = n if j < 0 else j + 3
        elif c in "\"'" or (keep_strings and c == "`"):
            j = i + 1
            while j < n and text[j] != c and (text[j] != "\n" or c == "`"):
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1] if keep_strings else c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def c_header_surface(path: Path) -> list[str]:
    text = strip_c_like(path.read_text(encoding="utf-8"))
    text = "\n".join(line for line in text.splitlines() if not line.strip().startswith("#"))
    statements = re.split(r"([;{}])", " ".join(text.split()))
    return [s.strip() for s in statements if s.strip() and s.strip() not in ";"]


@dataclass
class Language:
    """How a brace language marks what is public."""

    type_keywords: tuple[str, ...]
    public: Callable[[list[str]], bool]  # the modifiers of a declaration
    enum_keyword: str


def _kotlin_public(modifiers: list[str]) -> bool:
    return "private" not in modifiers and "internal" not in modifiers


def _swift_public(modifiers: list[str]) -> bool:
    return "public" in modifiers or "open" in modifiers


def _csharp_public(modifiers: list[str]) -> bool:
    return ("public" in modifiers or "protected" in modifiers) and "private" not in modifiers


KOTLIN = Language(("class", "interface", "object"), _kotlin_public, "enum")
SWIFT = Language(("class", "struct", "enum", "protocol", "extension", "actor"), _swift_public, "enum")
CSHARP = Language(("class", "struct", "interface", "enum", "namespace"), _csharp_public, "enum")

MODIFIER_WORDS = {
    "public", "private", "internal", "protected", "open", "override", "abstract", "final", "data",
    "sealed", "enum", "inline", "value", "suspend", "operator", "infix", "const", "lateinit",
    "companion", "static", "readonly", "virtual", "async", "partial", "unsafe", "extern", "new",
    "fileprivate", "convenience", "required", "mutating", "nonmutating", "dynamic", "lazy", "weak",
    "nonisolated", "indirect", "fun", "annotation", "tailrec", "external", "expect", "actual",
    "implicit", "explicit", "sealed", "ref", "out", "in",
}


def brace_surface(root: Path, pattern: str, language: Language, skip: Callable[[Path], bool]) -> list[str]:
    lines: list[str] = []
    for path in sorted(root.rglob(pattern)):
        if skip(path):
            continue
        rel = path.relative_to(root).as_posix()
        lines += [f"{rel}: {decl}" for decl in _brace_file(path.read_text(encoding="utf-8"), language)]
    return sorted(lines)


def _modifiers(text: str) -> list[str]:
    words = re.findall(r"@?[\w.]+", text)
    return [w for w in words if not w.startswith("@")]


def _brace_file(source: str, language: Language) -> list[str]:
    """The public declarations of one file. A stack holds each open brace's kind: `public-type`,
    `hidden-type` (a type that is not public) or `code`; a declaration counts when every open
    brace is a `public-type`. Parentheses opened on a counted declaration keep counting their
    lines (parameters are surface)."""
    text = strip_c_like(source)
    stack: list[str] = []
    out: list[str] = []
    pending: str | None = None  # the kind the next `{` opens
    params = 0  # depth of parentheses opened by a counted declaration
    carried = ""  # modifiers written on a line of their own (`public` above `enum X`)
    for raw in text.splitlines():
        line = " ".join(raw.split())
        if not line:
            continue
        if carried:
            line, carried = f"{carried} {line}", ""
        words, keyword, rest = _leading(line)
        if words and keyword is None and not rest.strip() and params == 0:
            carried = line
            continue
        in_public = all(kind.startswith("public") for kind in stack)
        enum_body = bool(stack) and stack[-1] == "public-enum"
        counted = False
        if params > 0:
            out.append(_cut(line, keep_defaults=True))
            counted = True
        elif line.startswith("{"):
            pass  # a brace on a line of its own opens what the line before declared
        elif in_public:
            head = line.lstrip("}) ")
            words, keyword, rest = _leading(head)
            if enum_body and keyword is None and not words and re.match(r"^(case\s+)?[A-Za-z_]\w*\s*(\(|,|;|=|$|\{|:)", head):
                out.append(_cut(head, keep_defaults=True))  # an enum member's value is surface
                counted = True
            elif keyword == "namespace":
                pending = "public-type"
            elif language is SWIFT and keyword == "extension" and not {"private", "fileprivate", "internal"} & set(words):
                # An extension without an access modifier restricts nothing: its members are
                # surface by their own modifiers, and a conformance it adds to a public type is
                # surface too.
                if ":" in head:
                    out.append(_cut(head, keep_defaults=False))
                    counted = True
                pending = "public-type"
            elif keyword is not None or (language is CSHARP and words):
                is_type = keyword in language.type_keywords or keyword == "enum"
                if language.public(words) or (keyword == "case" and enum_body):
                    # An enum written on one line keeps its members.
                    out.append(head if keyword == "enum" and "}" in head else _cut(head, keep_defaults=False))
                    counted = True
                    if is_type:
                        pending = "public-enum" if keyword == "enum" or "enum" in words else "public-type"
                    else:
                        pending = "code"
                else:
                    pending = "hidden-type" if is_type else "code"
            else:
                pending = "code"
        else:
            pending = "code"
        for ch in line:
            if ch == "{":
                stack.append(pending if pending and in_public else ("hidden-type" if not in_public else "code"))
                pending = "code"
            elif ch == "}":
                if stack:
                    stack.pop()
            elif ch == "(" and counted:
                params += 1
            elif ch == ")" and params > 0:
                params -= 1
        if not counted:
            params = 0
    return out


KEYWORDS = {
    "class", "interface", "object", "fun", "val", "var", "typealias", "constructor", "init", "struct",
    "enum", "protocol", "extension", "actor", "func", "let", "subscript", "case", "namespace", "event",
    "delegate", "record",
}


def _leading(head: str) -> tuple[list[str], str | None, str]:
    """The modifiers a declaration starts with (annotations and attributes skipped), the keyword
    after them (None when the next word is none), and the text after that."""
    words: list[str] = []
    rest = head
    while True:
        match = re.match(r"^(@[\w.]+(\([^)]*\))?|\[[^\]]*\])\s*", rest)
        if match:
            rest = rest[match.end():]
            continue
        match = re.match(r"^([a-z]+)\b\s*", rest)
        if not match:
            return words, None, rest
        word = match.group(1)
        if word in KEYWORDS and not re.match(r"^enum\s+(class|struct)\b", rest):
            return words, word, rest[match.end():]
        if word in MODIFIER_WORDS:
            words.append(word)
            rest = rest[match.end():]
            continue
        return words, None, rest


def _cut(line: str, keep_defaults: bool) -> str:
    """A declaration without its body: up to an opening brace, or (keep_defaults False) an
    initializer after the signature."""
    depth = 0
    for i, ch in enumerate(line):
        if ch in "([<":
            depth += 1
        elif ch in ")]>":
            depth -= 1
        elif ch == "{" and depth <= 0:
            return line[:i].rstrip()
        elif not keep_defaults and depth <= 0 and line.startswith(("=>", "= "), i) and i > 0 and line[i - 1] == " ":
            return line[:i].rstrip()
    return line


def python_surface(root: Path) -> list[str]:
    modules = {p.stem: ast.parse(p.read_text(encoding="utf-8")) for p in root.glob("*.py")}
    init = modules["__init__"]
    exported: list[str] = []
    imported_from: dict[str, str] = {}
    for node in init.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            exported = list(ast.literal_eval(node.value))
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            for alias in node.names:
                imported_from[alias.asname or alias.name] = node.module
    out: list[str] = []
    for name in sorted(exported):
        module = modules.get(imported_from.get(name, "__init__"), init)
        out += [f"{name}: {line}" for line in _python_definition(module, name)]
    return out


def _python_definition(module: ast.Module, name: str) -> list[str]:
    for node in module.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
            return [_signature(node)]
        if isinstance(node, ast.ClassDef) and node.name == name:
            lines = [f"class({', '.join(ast.unparse(b) for b in node.bases)})"]
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and (
                    not item.name.startswith("_") or item.name in ("__init__", "__aenter__", "__aexit__", "__aiter__", "__anext__", "__call__")
                ):
                    lines.append(_signature(item))
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name) and not item.target.id.startswith("_"):
                    lines.append(f"{item.target.id}: {ast.unparse(item.annotation)}")
                elif isinstance(item, ast.Assign):
                    lines += [f"{t.id} = ..." for t in item.targets if isinstance(t, ast.Name) and not t.id.startswith("_")]
            return lines
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == name:
            return [f"{name}: {ast.unparse(node.annotation)}"]
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return [f"{name} = {ast.unparse(node.value)}"]
    return [f"{name}: (re-exported)"]


def _signature(node: ast.FunctionDef | ast.AsyncFunctionDef) -> str:
    prefix = "async def" if isinstance(node, ast.AsyncFunctionDef) else "def"
    decorators = "".join(f"@{ast.unparse(d)} " for d in node.decorator_list)
    returns = f" -> {ast.unparse(node.returns)}" if node.returns else ""
    return f"{decorators}{prefix} {node.name}({ast.unparse(node.args)}){returns}"


def dart_surface(library: Path) -> list[str]:
    """What a Dart library file exports: for each `export 'FILE' [show A, B];` of `library`, the
    top-level declarations of FILE (those shown, else every public one), each public class's,
    mixin's, enum's and extension's public members with their parameter lists, and enum values.
    Public is Dart's rule: a name not starting with `_`."""
    raw = library.read_text(encoding="utf-8")
    out: list[str] = []
    for match in re.finditer(r"^\s*export\s+'([^']+)'\s*(?:show\s+([^;]+))?;", raw, re.M):
        target = (library.parent / match.group(1)).resolve()
        shown = None if match.group(2) is None else {n.strip() for n in match.group(2).split(",") if n.strip()}
        rel = target.relative_to(library.parent.resolve()).as_posix()
        for top, decl in _dart_file(target.read_text(encoding="utf-8")):
            if shown is None or top in shown:
                out.append(f"{rel}: {decl}")
    return sorted(out)


def _dart_name(header: str) -> tuple[str, str]:
    """The name a Dart declaration declares, and what it declares: `enum`, `type` (class,
    mixin, extension) or `member` (anything else, typedefs included)."""
    m = re.search(r"\b(class|mixin|enum|extension|typedef)\s+([A-Za-z_$][\w$]*)", header)
    if m and "(" not in header[: m.start()]:
        return m.group(2), {"enum": "enum", "typedef": "member"}.get(m.group(1), "type")
    head = re.sub(r"\s*(async\*?|sync\*)\s*$", "", _dart_cut(header, initializers=True))
    if re.search(r"\boperator\b", head):
        return "operator", "member"
    if head.endswith(")"):
        depth = 0
        for i in range(len(head) - 1, -1, -1):
            depth += {")": 1, "(": -1}.get(head[i], 0)
            if depth == 0:
                head = head[:i].rstrip()
                break
    if head.endswith(">"):  # a generic method's type parameters
        depth = 0
        for i in range(len(head) - 1, -1, -1):
            depth += {">": 1, "<": -1}.get(head[i], 0)
            if depth == 0:
                head = head[:i].rstrip()
                break
    m = re.search(r"([A-Za-z_$][\w$.]*)\s*$", head)
    return (m.group(1) if m else head), "member"


def _dart_public(name: str) -> bool:
    return not any(part.startswith("_") for part in name.split("."))


def _dart_cut(decl: str, initializers: bool = False) -> str:
    """A declaration up to its initializer or arrow body (default values in parameters stay),
    and with `initializers` also before a constructor's initializer list."""
    depth = 0
    for i, ch in enumerate(decl):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif depth == 0 and ch == "=" and decl[i + 1:i + 2] != "=" and decl[i - 1:i] not in ("=", "!", "<", ">"):
            return decl[:i].rstrip()
        elif depth == 0 and ch == ":" and initializers and decl[:i].rstrip().endswith(")"):
            return decl[:i].rstrip()
    return decl


def _dart_file(source: str) -> list[tuple[str, str]]:
    """(top-level name, declaration) for every public declaration of one Dart file, members of
    public types included (under their type's name), an enum's values as one line. A brace
    opened after `=` or `=>` is a literal or a body expression, not a block."""
    text = strip_c_like(source)
    out: list[tuple[str, str]] = []
    # Each open brace: [kind, top-level name, statements seen]; kind is public (a public
    # class, mixin or extension), enum (a public enum), hidden, code or literal.
    stack: list[list] = []
    buf: list[str] = []
    parens = 0

    def recording() -> bool:
        return not stack or stack[-1][0] in ("public", "enum")

    def emit(decl: str) -> None:
        decl = " ".join(decl.split())
        if not decl or re.match(r"^(import|export|library|part)\b", decl):
            return
        if stack:
            frame = stack[-1]
            frame[2] += 1
            if frame[0] == "enum" and frame[2] == 1:
                out.append((frame[1], decl))  # the values
            elif _dart_public(_dart_name(decl)[0]):
                out.append((frame[1], _dart_cut(decl, initializers=True)))
        else:
            name = _dart_name(decl)[0]
            if _dart_public(name):
                out.append((name, _dart_cut(decl)))

    for ch in text:
        if ch in "([":
            parens += 1
        elif ch in ")]":
            parens -= 1
        if parens > 0 or ch in "([)]":
            buf.append(ch)
            continue
        if ch == "{":
            header = " ".join("".join(buf).split())
            if (stack and stack[-1][0] == "literal") or "=" in _strip_parens(header):
                stack.append(["literal", stack[-1][1] if stack else "", 0])
                buf.append(ch)
                continue
            if recording():
                name, what = _dart_name(header)
                top = stack[-1][1] if stack else name
                if stack:
                    stack[-1][2] += 1
                public = bool(header) and _dart_public(name)
                if public:
                    out.append((top, header))
                kind = {"enum": "enum", "type": "public"}.get(what, "code") if public else ("hidden" if what != "member" else "code")
                stack.append([kind, top, 0])
            else:
                stack.append(["code", stack[-1][1] if stack else "", 0])
            buf = []
        elif ch == "}":
            frame = stack[-1] if stack else ["code", "", 0]
            if frame[0] == "literal":
                stack.pop()
                buf.append(ch)
                continue
            rest = "".join(buf).strip()
            if frame[0] in ("public", "enum") and rest:
                emit(rest)  # an enum's values without a closing `;`
            if stack:
                stack.pop()
            buf = []
        elif ch == ";":
            if stack and stack[-1][0] == "literal":
                buf.append(ch)
                continue
            if recording():
                emit("".join(buf))
            buf = []
        else:
            buf.append(ch)
    return out


def _strip_parens(text: str) -> str:
    """`text` without what its parentheses and brackets hold."""
    depth, out = 0, []
    for ch in text:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif depth == 0:
            out.append(ch)
    return "".join(out)


# --- gdext (the Godot addon) -----------------------------------------------------------------

# What GDScript sees of a gdext crate is what it registers: classes (`#[class(...)]`), and the
# `#[func]`, `#[signal]`, `#[var]`, `#[export]` and `#[constant]` items inside them.
GDEXT_ITEM = re.compile(r"#\[(?:func|signal|var|export|constant|class)\b[^\]]*\]")
GDEXT_FN = re.compile(r"(?:pub(?:\([^)]*\))?\s+)?fn\s+\w+\s*\([^)]*\)(?:\s*->\s*[^{;]+)?")


def gdext_surface(root: Path) -> list[str]:
    out: list[str] = []
    for path in sorted(root.rglob("*.rs")):
        out += [f"{path.stem}: {item}" for item in _gdext_file(path.read_text(encoding="utf-8"))]
    return out


def _gdext_file(text: str) -> list[str]:
    """Each registered item: its attribute and its declaration (a function's signature, a
    field, a constant or a struct's name), comments and bodies left out."""
    text = re.sub(r"//[^\n]*", "", text)
    out = []
    for match in GDEXT_ITEM.finditer(text):
        rest = re.sub(r"^\s*(?:#\[[^\]]*\]\s*)*", "", text[match.end():])
        decl = GDEXT_FN.match(rest)
        declared = " ".join((decl.group(0) if decl else re.match(r"[^,;{}]*", rest).group(0)).split())
        declared = re.sub(r",?\s*\)", ")", re.sub(r"\(\s+", "(", declared))  # as rustfmt may wrap it
        out.append(f"{match.group(0)} {declared}")
    return out


def typescript_surface(root: Path) -> list[str]:
    """What an npm package's entry modules export: the TypeScript source (ROOT/NAME.ts) of each
    `types` file its package.json (beside ROOT) exports, following `export { A } from`,
    `export * from` and `export type * from` into the files they name. Each exported class,
    interface, type alias, function and constant without its body, and the members of exported
    classes and interfaces (not `#private` or `private` ones) without theirs."""
    package = json.loads((root.parent / "package.json").read_text(encoding="utf-8"))
    entries = []
    for target in package.get("exports", {}).values():
        types = target.get("types") if isinstance(target, dict) else None
        if types:
            entries.append(root / (Path(types).name.removesuffix(".d.ts") + ".ts"))
    out: set[str] = set()
    for entry in entries:
        for file, decl in _ts_exports(entry, None, set()):
            out.add(f"{file.relative_to(root).as_posix()}: {decl}")
    return sorted(out)


TS_REEXPORT = re.compile(r"^export\s+(?:type\s+)?(?:\{([^}]*)\}|\*)\s*from\s*\"([^\"]+)\";", re.M)
TS_DECL = re.compile(r"^export\s+(?:declare\s+)?(?:default\s+)?(?:abstract\s+)?(?:async\s+)?"
                     r"(class|interface|type|function\*?|const|let|enum)\s+([A-Za-z_$][\w$]*)", re.M)


def _ts_exports(path: Path, names: set[str] | None, seen: set[tuple[Path, str]]) -> list[tuple[Path, str]]:
    """(file, declaration) for what `path` exports (only `names`, when given), re-exports followed."""
    key = (path, ",".join(sorted(names)) if names is not None else "*")
    if key in seen:
        return []
    seen.add(key)
    text = strip_c_like(path.read_text(encoding="utf-8"), keep_strings=True)
    out: list[tuple[Path, str]] = []
    for match in TS_REEXPORT.finditer(text):
        target = path.parent / (match.group(2).removeprefix("./").removesuffix(".js") + ".ts")
        if match.group(1) is None:
            wanted = names
        else:
            pairs = [re.split(r"\s+as\s+", n.strip().removeprefix("type ").strip()) for n in match.group(1).split(",") if n.strip()]
            wanted = {p[0] for p in pairs if names is None or p[-1] in names}
            if not wanted:
                continue
        out += _ts_exports(target, wanted, seen)
    for name, decl in _ts_file(text):
        if names is None or name.split(".")[0] in names:
            out.append((path, decl))
    return out


def _ts_file(text: str) -> list[tuple[str, str]]:
    """(name, declaration) for each top-level `export` declaration of one file (comments already
    removed), and (`Class.member`, member) for the members of exported classes and interfaces."""
    out: list[tuple[str, str]] = []
    for match in TS_DECL.finditer(text):
        kind, name = match.group(1), match.group(2)
        start = match.start()
        if kind in ("class", "interface", "enum"):
            open_at = text.index("{", match.end())
            close_at = _ts_matching(text, open_at)
            out.append((name, " ".join(text[start:open_at].split())))
            for member in _ts_members(text[open_at + 1:close_at]):
                out.append((f"{name}.member", f"{name} {{ {member} }}"))
        elif kind.startswith("function"):
            head = _ts_until_body(text, match.end())
            out.append((name, " ".join(text[start:head].split())))
        else:  # type, const, let: a type to its `;`, a value to its `=`
            end = _ts_statement_end(text, match.end())
            decl = text[start:end]
            if kind != "type":
                decl = decl.split("=", 1)[0]
            out.append((name, " ".join(decl.split())))
    return out


def _ts_matching(text: str, open_at: int) -> int:
    depth = 0
    i = open_at
    while i < len(text):
        c = text[i]
        if c in "\"'`":
            j = i + 1
            while j < len(text) and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            i = j
        elif c in "{([":
            depth += 1
        elif c in "})]":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return len(text)


def _ts_statement_end(text: str, i: int) -> int:
    """Where a statement starting before `i` ends: its `;` outside brackets, or the end."""
    while i < len(text):
        c = text[i]
        if c in "{([\"'`":
            i = _ts_matching(text, i) if c in "{([" else _ts_matching_quote(text, i)
        elif c == ";":
            return i
        i += 1
    return len(text)


def _ts_matching_quote(text: str, i: int) -> int:
    quote, j = text[i], i + 1
    while j < len(text) and text[j] != quote:
        j += 2 if text[j] == "\\" else 1
    return j


def _ts_until_body(text: str, i: int) -> int:
    """The end of a function's or method's head: the `{` of its body (after its parameters)."""
    while i < len(text) and text[i] != "(":
        i += 1
    i = _ts_matching(text, i) + 1
    while i < len(text) and text[i] not in "{;":
        if text[i] in "([<\"'`":
            i = _ts_matching(text, i) if text[i] in "([" else (_ts_angle(text, i) if text[i] == "<" else _ts_matching_quote(text, i))
        i += 1
    return i


def _ts_angle(text: str, i: int) -> int:
    depth = 0
    while i < len(text):
        depth += {"<": 1, ">": -1}.get(text[i], 0)
        if depth == 0:
            return i
        i += 1
    return i


def _ts_members(body: str) -> list[str]:
    """The members of a class or interface body: each up to its body or its `;`, a property's
    initializer left out; `#private` and `private` members skipped."""
    out: list[str] = []
    i = 0
    while i < len(body):
        while i < len(body) and body[i] in " \t\r\n;,":
            i += 1
        if i >= len(body):
            break
        start = i
        # A member ends at `;` or a newline outside brackets (property), or after its body.
        while i < len(body) and body[i] not in ";\n{=":
            if body[i] in "([\"'`<":
                i = _ts_matching(body, i) if body[i] in "([" else (_ts_angle(body, i) if body[i] == "<" else _ts_matching_quote(body, i))
            i += 1
        head = " ".join(body[start:i].split())
        if i < len(body) and body[i] == "{":
            if re.search(r"\)\s*(?::.*)?$", head) or head.startswith(("get ", "set ")):
                i = _ts_matching(body, i) + 1  # a method's body
            else:  # an object type inside a property's type: keep going to the property's end
                end = _ts_statement_end(body, i)
                head = " ".join(body[start:end].split())
                i = end + 1
        elif i < len(body) and body[i] == "=":
            i = _ts_statement_end(body, i) + 1  # an initializer is not surface
        else:
            i += 1
        if head and not head.startswith(("#", "private ", "static #")):
            out.append(head)
    return out


# --- the artifacts and the rule -------------------------------------------------------------

READERS: dict[str, Callable[[Path, list[str]], list[str]]] = {
    "c-header": lambda path, skip: c_header_surface(path),
    "csharp": lambda path, skip: brace_surface(path, "*.cs", CSHARP, lambda p: bool(set(skip) & set(p.parts))),
    "kotlin": lambda path, skip: brace_surface(path, "*.kt", KOTLIN, lambda p: bool(set(skip) & set(p.parts))),
    "swift": lambda path, skip: brace_surface(path, "*.swift", SWIFT, lambda p: bool(set(skip) & set(p.parts))),
    "python": lambda path, skip: python_surface(path),
    "dart": lambda path, skip: dart_surface(path),
    "gdext": lambda path, skip: gdext_surface(path),
    "typescript": lambda path, skip: typescript_surface(path),
}
SURFACE_OF = re.compile(r"<!--\s*surface of:\s*(?P<reader>[\w-]+)\s+(?P<path>\S+)(?:\s+without\s+(?P<skip>[^>]+?))?\s*-->")


@dataclass
class Artifact:
    """A CHANGELOG that names its artifact's surface: `<!-- surface of: READER PATH [without
    DIR ...] -->` near its top (READER one of `READERS`, PATH relative to the repository)."""

    changelog: Path
    reader: str
    path: str
    skip: list[str]

    @property
    def name(self) -> str:
        return self.changelog.parent.as_posix()

    def surface(self, root: Path) -> list[str]:
        return READERS[self.reader](root / self.path, self.skip)


def artifacts(root: Path) -> tuple[list[Artifact], list[str]]:
    """Every CHANGELOG of the C ABI and the bindings, and the problems of those that do not say
    whose surface they keep."""
    found: list[Artifact] = []
    problems: list[str] = []
    paths = [root / "ffi/CHANGELOG.md", *sorted(root.glob("bindings/*/CHANGELOG.md")),
             *sorted(root.glob("bindings/*/*/CHANGELOG.md"))]
    for path in paths:
        if not path.is_file():
            continue
        match = SURFACE_OF.search(path.read_text(encoding="utf-8"))
        rel = path.relative_to(root)
        if not match or match.group("reader") not in READERS:
            problems.append(f"{rel}: no `<!-- surface of: READER PATH -->` line (readers: {', '.join(READERS)})")
            continue
        skip = (match.group("skip") or "").split()
        found.append(Artifact(rel, match.group("reader"), match.group("path"), skip))
    return found, problems


def fingerprint(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


def newest_section(changelog: str) -> str:
    sections = re.split(r"(?m)^## ", changelog)
    return sections[1] if len(sections) > 1 else ""


def judge(changelog_path: Path, surface: list[str]) -> str | None:
    """None when the CHANGELOG's newest section names this surface and lists a change; else why not."""
    want = fingerprint(surface)
    if not changelog_path.is_file():
        return f"{changelog_path} is missing (its newest section must carry <!-- public surface: {want} -->)"
    section = newest_section(changelog_path.read_text(encoding="utf-8"))
    found = SURFACE_LINE.findall(section)
    if not found:
        return f"the newest section of {changelog_path} has no <!-- public surface: ... --> line (now {want})"
    if found[0] != want:
        return (f"the public surface changed ({found[0]} -> {want}) without a CHANGELOG entry: describe the "
                f"change in the newest section of {changelog_path} (a new `## [Unreleased]` if the newest "
                f"is released), with what to write instead for anything that breaks code, and set "
                f"<!-- public surface: {want} --> there")
    if not re.search(r"(?m)^\s*- ", section):
        return f"the newest section of {changelog_path} lists no change"
    return None


def record(suite: str, case: str, ok: bool, seconds: float, detail: str) -> None:
    path = os.environ.get("OFFERKIT_RESULTS")
    if not path:
        return
    line = {"suite": os.environ.get("OFFERKIT_SUITE") or suite, "case": case,
            "outcome": "passed" if ok else "failed", "seconds": round(seconds, 3), "detail": detail}
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(line) + "\n")


def check(root: Path, show: bool) -> int:
    failed = 0
    found, problems = artifacts(root)
    for problem in problems:
        print(f"FAIL {problem}")
        record("changelogs", problem.split(":")[0], False, 0.0, problem)
    for artifact in found:
        started = time.monotonic()
        surface = artifact.surface(root)
        why = judge(root / artifact.changelog, surface) if surface else f"no public surface read from {artifact.path}"
        if show:
            print(f"== {artifact.name}: {fingerprint(surface)} ({len(surface)} declarations)")
            print("\n".join(f"   {line}" for line in surface))
        print(f"{'ok  ' if why is None else 'FAIL'} {artifact.name}{'' if why is None else ': ' + why}")
        record("changelogs", artifact.name, why is None, time.monotonic() - started, why or "")
        failed += why is not None
    failed += len(problems)
    if not found:
        print("FAIL no CHANGELOG found: a check of nothing")
        failed += 1
    print(f"{len(found) + len(problems) - failed} passed, {failed} failed, 0 skipped")
    return 1 if failed else 0


# --- self-test ------------------------------------------------------------------------------

def self_test() -> int:
    cases: list[tuple[str, bool, str]] = []

    def case(name: str, ok: bool, detail: str = "") -> None:
        cases.append((name, ok, detail))
        record("changelogs-self-test", name, ok, 0.0, detail)

    kotlin = """
    package x
    /** Doc. */
    class Client(val a: Int, private val b: Int) {
        fun call(x: Int): Int {
            val local = x + 1
            return local
        }
        private fun hidden() {}
        internal val alsoHidden = 1
    }
    internal class Hidden { fun notSurface() {} }
    sealed class E(message: String) {
        class One(message: String, val extra: Int? = null) : E(message)
    }
    enum class Kind { ONE, TWO }
    """
    got = _brace_file(kotlin, KOTLIN)
    case("kotlin: public declarations with their parameters",
         any("class Client(val a: Int, private val b: Int)" in g for g in got)
         and any(g.startswith("fun call(x: Int): Int") for g in got)
         and any("class One(message: String, val extra: Int? = null)" in g for g in got)
         and "ONE, TWO }" not in got and any("enum class Kind" in g for g in got), repr(got))
    case("kotlin: private, internal and local declarations are not surface",
         not any("hidden" in g.lower() or "local" in g or "notSurface" in g for g in got), repr(got))
    body_changed = kotlin.replace("val local = x + 1", "val local = x + 2 // other")
    doc_changed = kotlin.replace("/** Doc. */", "/** Other words. */")
    case("kotlin: a body or a doc change keeps the fingerprint",
         fingerprint(_brace_file(body_changed, KOTLIN)) == fingerprint(got) == fingerprint(_brace_file(doc_changed, KOTLIN)))
    param_changed = kotlin.replace("fun call(x: Int)", "fun call(x: Long)")
    case("kotlin: a signature change changes the fingerprint",
         fingerprint(_brace_file(param_changed, KOTLIN)) != fingerprint(got))

    with tempfile.TemporaryDirectory() as tmp:
        pkg = Path(tmp) / "pkg"
        (pkg / "ts").mkdir(parents=True)
        (pkg / "package.json").write_text(json.dumps({"exports": {".": {"types": "./dist/api.d.ts"}, "./package.json": "./package.json"}}))
        (pkg / "ts" / "api.ts").write_text('export { Client } from "./client.js";\nexport type * from "./types.js";\n')
        client_ts = textwrap.dedent("""
        import type { Options } from "./types.js";
        /** A client. */
        export class Client {
          #secret = 1;
          readonly name: string;
          constructor(base: string, options: Options = {}) {
            this.name = base; // a body
          }
          /** Offers. */
          async offers(id: string, limit?: number): Promise<string[]> {
            return [id + "}"];
          }
          #hidden(): void {}
          private helper(): number { return 2; }
        }
        export function internalHelper(): void {}
        """)
        (pkg / "ts" / "client.ts").write_text(client_ts)
        (pkg / "ts" / "types.ts").write_text('export interface Options {\n  limit?: number;\n  kind?: "a" | "b";\n}\nexport type Kind = "x" | "y";\n')
        got = typescript_surface(pkg / "ts")
        case("typescript: what the entries export, re-exports followed, members without bodies",
             got == ["client.ts: Client { async offers(id: string, limit?: number): Promise<string[]> }",
                     "client.ts: Client { constructor(base: string, options: Options = {}) }",
                     "client.ts: Client { readonly name: string }",
                     "client.ts: export class Client",
                     'types.ts: Options { kind?: "a" | "b" }',
                     "types.ts: Options { limit?: number }",
                     "types.ts: export interface Options",
                     'types.ts: export type Kind = "x" | "y"'], repr(got))
        (pkg / "ts" / "client.ts").write_text(client_ts.replace('return [id + "}"]', "return []").replace("/** Offers. */", "// Other."))
        case("typescript: a body, a comment or an unexported helper keeps the fingerprint",
             fingerprint(typescript_surface(pkg / "ts")) == fingerprint(got))
        (pkg / "ts" / "client.ts").write_text(client_ts.replace("limit?: number)", "limit: number)"))
        changed = typescript_surface(pkg / "ts")
        (pkg / "ts" / "types.ts").write_text('export interface Options {\n  limit?: number;\n  kind?: "a" | "c";\n}\nexport type Kind = "x" | "y";\n')
        case("typescript: a signature or a literal type change changes the fingerprint",
             fingerprint(changed) != fingerprint(got) and fingerprint(typescript_surface(pkg / "ts")) != fingerprint(changed))

    gdext = """
    /// A client.
    #[derive(GodotClass)]
    #[class(init, base = RefCounted)]
    pub(crate) struct Client {
        state: Option<u8>, // not registered
        #[var(no_set)]
        name: GString,
    }
    #[godot_api]
    impl Client {
        #[constant]
        const ONE: i64 = 1;
        #[signal]
        fn done(result: Gd<Res>);
        /// Offers.
        #[func]
        fn offers(&self, player_id: GString, options: VarDictionary) -> Gd<Req> {
            let local = 1; // a body
            helper(local)
        }
        fn helper(&self) -> i64 { 2 }
    }
    """
    got = _gdext_file(gdext)
    case("gdext: registered classes, vars, constants, signals and funcs with their signatures",
         got == ["#[class(init, base = RefCounted)] pub(crate) struct Client",
                 "#[var(no_set)] name: GString",
                 "#[constant] const ONE: i64 = 1",
                 "#[signal] fn done(result: Gd<Res>)",
                 "#[func] fn offers(&self, player_id: GString, options: VarDictionary) -> Gd<Req>"], repr(got))
    case("gdext: a body, a doc or an unregistered item keeps the fingerprint",
         fingerprint(_gdext_file(gdext.replace("let local = 1", "let local = 2").replace("/// Offers.", "/// Other.")
                                 .replace("fn helper(&self) -> i64", "fn helper(&self) -> u8"))) == fingerprint(got))
    wrapped = gdext.replace("fn offers(&self, player_id: GString, options: VarDictionary)",
                            "fn offers(\n            &self,\n            player_id: GString,\n            options: VarDictionary,\n        )")
    case("gdext: a signature wrapped over lines keeps the fingerprint", _gdext_file(wrapped) == got, repr(_gdext_file(wrapped)))
    case("gdext: a signature change changes the fingerprint",
         fingerprint(_gdext_file(gdext.replace("options: VarDictionary", "options: Variant"))) != fingerprint(got))

    swift = """
    public
    enum OfferError: Error {
        case Network(detail: String)
        case Timeout(detail: String)
    }
    public struct Config {
        public init(
            baseUrl: String,
            timeoutMs: Int64 = 10000
        ) { self.x = 1 }
        func internalOne() {}
        public var detail: String {
            switch self { case .a: return "x" }
        }
    }
    struct Hidden { public func notSurface() {} }
    """
    got = _brace_file(swift, SWIFT)
    case("swift: public declarations, enum cases and multi-line parameters",
         any("case Network(detail: String)" in g for g in got) and any("timeoutMs: Int64 = 10000" in g for g in got)
         and any(g.startswith("public var detail: String") for g in got), repr(got))
    case("swift: internal declarations, switch cases and members of internal types are not surface",
         not any("internalOne" in g or "case .a" in g or "notSurface" in g for g in got), repr(got))
    extended = swift + """
    extension Config {
        public convenience init(name: String) throws { try self.init(baseUrl: name) }
        func helper() {}
    }
    extension Config: CustomStringConvertible {
        public var description: String { "c" }
    }
    private extension Config { public func hiddenToo() {} }
    """
    got_extended = _brace_file(extended, SWIFT)
    case("swift: an extension without a modifier shows its public members and conformances, a private one nothing",
         any("init(name: String)" in g for g in got_extended) and not any("helper" in g for g in got_extended)
         and any("extension Config: CustomStringConvertible" in g for g in got_extended)
         and any("public var description" in g for g in got_extended)
         and not any("hiddenToo" in g for g in got_extended), repr(got_extended))
    case("swift: a new associated value changes the fingerprint",
         fingerprint(_brace_file(swift.replace("case Network(detail: String)", "case Network(detail: String, httpStatus: Int32?)"), SWIFT)) != fingerprint(got))

    csharp = """
    namespace OfferKit
    {
        public sealed class Client : IDisposable
        {
            public int? HttpStatus { get; private set; }
            public Task<string> GraphQLAsync(string document, string variablesJson = null) { return null; }
            internal void Hidden() {}
            private int field;
        }
        internal static class Native { public static extern int offerkit_x(); }
        public enum Kind { One = 1, Two = 2 }
    }
    """
    got = _brace_file(csharp, CSHARP)
    case("c#: public members of public types", any("public int? HttpStatus" in g for g in got)
         and any("GraphQLAsync(string document, string variablesJson = null)" in g for g in got)
         and "public enum Kind { One = 1, Two = 2 }" in got, repr(got))
    case("c#: internal and private members, and members of internal types, are not surface",
         not any("Hidden" in g or "field" in g or "offerkit_x" in g for g in got), repr(got))

    with tempfile.TemporaryDirectory() as tmp:
        header = Path(tmp, "h.h")
        header.write_text("/** doc */\nint f(int a);\n/* x */ typedef struct S S;\n", encoding="utf-8")
        surface = c_header_surface(header)
        header.write_text("/** other doc */\nint f(int a);\ntypedef struct S S;\n", encoding="utf-8")
        case("c: a doc change keeps the fingerprint", c_header_surface(header) == surface, repr(surface))
        header.write_text("int f(int a, int b);\ntypedef struct S S;\n", encoding="utf-8")
        case("c: an added argument changes the fingerprint", c_header_surface(header) != surface)

        log = Path(tmp, "CHANGELOG.md")
        want = fingerprint(surface)
        log.write_text(f"# Changelog\n\n## [Unreleased]\n<!-- public surface: {want} -->\n\n- Added f.\n\n## [1.0.0]\n- x\n", encoding="utf-8")
        case("rule: the newest section's fingerprint and a change pass", judge(log, surface) is None)
        case("rule: a changed surface fails and names the new fingerprint",
             (judge(log, surface + ["int g(void)"]) or "").find(fingerprint(surface + ["int g(void)"])) >= 0)
        log.write_text(f"# Changelog\n\n## [1.1.0]\n- y\n\n## [1.0.0]\n<!-- public surface: {want} -->\n- x\n", encoding="utf-8")
        case("rule: a fingerprint in an older section does not count", judge(log, surface) is not None)
        log.write_text(f"# Changelog\n\n## [Unreleased]\n<!-- public surface: {want} -->\n", encoding="utf-8")
        case("rule: a section without a listed change fails", judge(log, surface) is not None)

        repo = Path(tmp, "repo")
        (repo / "ffi").mkdir(parents=True)
        (repo / "include").mkdir()
        (repo / "include/offerkit.h").write_text("int f(int a);\n", encoding="utf-8")
        (repo / "ffi/CHANGELOG.md").write_text(
            "# C\n<!-- surface of: c-header include/offerkit.h -->\n\n## [Unreleased]\n"
            f"<!-- public surface: {fingerprint(['int f(int a)'])} -->\n- f\n", encoding="utf-8")
        (repo / "bindings/x").mkdir(parents=True)
        (repo / "bindings/x/CHANGELOG.md").write_text("# X\n\n## [1.0.0]\n- x\n", encoding="utf-8")
        found, problems = artifacts(repo)
        case("discovery: CHANGELOGs are found, and one that names no surface is a failure",
             [a.name for a in found] == ["ffi"] and len(problems) == 1 and "bindings/x" in problems[0]
             and judge(repo / found[0].changelog, found[0].surface(repo)) is None, repr((found, problems)))

        pkg = Path(tmp, "pkg")
        pkg.mkdir()
        (pkg / "__init__.py").write_text("from ._a import A, f\n__all__ = ['A', 'f']\n", encoding="utf-8")
        (pkg / "_a.py").write_text(
            "class A(Exception):\n    '''doc'''\n    x: int\n    def m(self, y: int = 1) -> str:\n        return 'a'\n"
            "    def _private(self): pass\n\ndef f(a, *, b=None): pass\n", encoding="utf-8")
        got = python_surface(pkg)
        case("python: exported classes and functions with their signatures",
             "A: class(Exception)" in got and "A: x: int" in got and "A: def m(self, y: int=1) -> str" in got
             and "f: def f(a, *, b=None)" in got and not any("_private" in g for g in got), repr(got))

        lib = Path(tmp, "dart")
        (lib / "src").mkdir(parents=True)
        (lib / "pkg.dart").write_text("library;\n\nexport 'src/a.dart' show Client, Kind;\nexport 'src/b.dart';\n", encoding="utf-8")
        dart_a = """
// A comment { with a brace.
import 'dart:async';

/// Doc.
final class Client {
  Client(this.url, {int retries = 2}) : _n = retries;
  final String url;
  final int _n;
  static const Map<String, int> table = {'a': 1};
  Future<int> call(String x, {Duration? wait}) async {
    final f = () { return 1; };
    return f() + _n;
  }
  int get count => _n;
  void _hidden() {}
  static R _generic<R, O extends Object>(R Function(O) f) => throw 0;
}

enum Kind { one(1, 'x'), two(2, 'y'); const Kind(this.n, this.s); final int n; final String s; }

final class NotShown { void m() {} }

class _Private { void alsoHidden() {} }
"""
        (lib / "src/a.dart").write_text(dart_a, encoding="utf-8")
        (lib / "src/b.dart").write_text("typedef Provider = Future<String> Function(int reason);\nvoid top(int a) {}\nvoid _top() {}\n",
                                        encoding="utf-8")
        got = dart_surface(lib / "pkg.dart")
        want = ["src/a.dart: final class Client", "src/a.dart: Client(this.url, {int retries = 2})",
                "src/a.dart: final String url", "src/a.dart: static const Map<String, int> table",
                "src/a.dart: Future<int> call(String x, {Duration? wait}) async", "src/a.dart: int get count",
                "src/a.dart: enum Kind", "src/a.dart: one(1, ''), two(2, '')", "src/a.dart: final int n",
                "src/b.dart: typedef Provider", "src/b.dart: void top(int a)"]
        case("dart: exported declarations, members with parameters, enum values",
             all(w in got for w in want), repr(sorted(set(want) - set(got))) + " in " + repr(got))
        case("dart: private names, bodies, types not shown and members of private types are not surface",
             not any(w in " ".join(got) for w in ("_n", "_hidden", "_generic", "NotShown", "_Private", "alsoHidden", "_top", "return")),
             repr(got))
        (lib / "src/a.dart").write_text(dart_a.replace("return f() + _n;", "return f() * 2 + _n; // other"), encoding="utf-8")
        case("dart: a body change keeps the fingerprint", fingerprint(dart_surface(lib / "pkg.dart")) == fingerprint(got))
        (lib / "src/a.dart").write_text(dart_a.replace("{Duration? wait}", "{Duration? wait, bool fast = false}"), encoding="utf-8")
        case("dart: a new parameter changes the fingerprint", fingerprint(dart_surface(lib / "pkg.dart")) != fingerprint(got))

    failed = [c for c in cases if not c[1]]
    for name, ok, detail in cases:
        print(f"{'ok  ' if ok else 'FAIL'} {name}{'' if ok else ': ' + detail}")
    print(f"{len(cases) - len(failed)} passed, {len(failed)} failed, 0 skipped")
    return 1 if failed else 0


def main(argv: list[str]) -> int:
    if "--self-test" in argv:
        return self_test()
    show = "--print" in argv
    rest = [a for a in argv if not a.startswith("--")]
    root = Path(rest[0]) if rest else Path(__file__).resolve().parent.parent
    return check(root, show)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
