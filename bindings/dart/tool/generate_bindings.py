#!/usr/bin/env python3
"""Writes the Dart package's raw bindings (lib/src/bindings.g.dart) from include/offerkit.h.

The header is cbindgen's output, whose shapes are regular: `#define OFFERKIT_X N` constants,
`typedef enum Name {...} Name;`, opaque `typedef struct Name Name;`, plain structs, callback
typedefs `typedef void (*Name)(...);` and one function declaration per line, each preceded by
its doc comment; the test hooks sit inside `#if defined(OFFERKIT_TEST_HOOKS)`. Anything else in
the header makes this script fail rather than guess, so a new shape is noticed.

    bindings/dart/tool/generate_bindings.py            # rewrites the file
    bindings/dart/tool/generate_bindings.py --check    # exit 1 if the file is not what it writes

Names: functions, structs and typedefs keep their C names; enum constants become static ints of
a class named after the enum, in lowerCamelCase without the prefix
(OFFERKIT_STATUS_INVALID_ARGUMENT -> OfferkitStatus.invalidArgument); struct fields become
lowerCamelCase. C enums are 32-bit and non-negative (ffi/README.md), read as Uint32.
"""

from __future__ import annotations

import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
HEADER = os.path.join(ROOT, "include", "offerkit.h")
OUTPUT = os.path.join(ROOT, "bindings", "dart", "lib", "src", "bindings.g.dart")

PRIMITIVES = {
    # C type: (native type, Dart type)
    "void": ("Void", "void"),
    "bool": ("Bool", "bool"),
    "double": ("Double", "double"),
    "uint8_t": ("Uint8", "int"),
    "uint16_t": ("Uint16", "int"),
    "uint32_t": ("Uint32", "int"),
    "uint64_t": ("Uint64", "int"),
    "int64_t": ("Int64", "int"),
    "size_t": ("Size", "int"),
}


class HeaderError(Exception):
    pass


def camel(words: str) -> str:
    parts = words.lower().split("_")
    return parts[0] + "".join(p.capitalize() for p in parts[1:])


def enum_prefix(name: str) -> str:
    # OfferkitTokenReason -> OFFERKIT_TOKEN_REASON_
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).upper() + "_"


class Header:
    def __init__(self, text: str):
        self.constants: list[tuple[str, str, list[str]]] = []
        self.enums: list[tuple[str, list[tuple[str, str, list[str]]], list[str]]] = []
        self.opaque: list[tuple[str, list[str]]] = []
        self.structs: list[tuple[str, list[tuple[str, str]], list[str]]] = []
        self.callbacks: list[tuple[str, str, list[tuple[str, str]], list[str]]] = []
        self.functions: list[tuple[str, str, list[tuple[str, str]], list[str], bool]] = []
        self.enum_names: set[str] = set()
        self.parse(text)

    def parse(self, text: str) -> None:
        lines = text.split("\n")
        i = 0
        doc: list[str] = []
        hooks = False
        while i < len(lines):
            line = lines[i].rstrip()
            stripped = line.strip()
            if stripped.startswith("/**"):
                doc = []
                while True:
                    body = lines[i].strip()
                    end = body.endswith("*/")
                    body = body.removeprefix("/**").removesuffix("*/").strip()
                    body = body.removeprefix("*").rstrip()
                    body = body[1:] if body.startswith(" ") else body
                    if body or doc:
                        doc.append(body)
                    i += 1
                    if end:
                        break
                while doc and not doc[-1]:
                    doc.pop()
                continue
            if stripped.startswith("/*") and i < 3:  # the file's opening comment
                while not lines[i].strip().endswith("*/"):
                    i += 1
                i += 1
                continue
            if stripped == "#if defined(OFFERKIT_TEST_HOOKS)":
                hooks = True
            elif stripped == "#endif" and hooks:
                hooks = False
            elif m := re.fullmatch(r"#define (OFFERKIT_\w+) (\d+)", stripped):
                self.constants.append((m.group(1), m.group(2), doc))
            elif m := re.fullmatch(r"typedef enum (\w+) \{", stripped):
                name = m.group(1)
                members = []
                mdoc: list[str] = []
                i += 1
                while not lines[i].strip().startswith("}"):
                    body = lines[i].strip()
                    if body.startswith("/**"):
                        mdoc = []
                        while True:
                            b = lines[i].strip()
                            end = b.endswith("*/")
                            b = b.removeprefix("/**").removesuffix("*/").strip().removeprefix("*").strip()
                            if b:
                                mdoc.append(b)
                            i += 1
                            if end:
                                break
                        continue
                    mm = re.fullmatch(r"(\w+) = (\d+),", body)
                    if not mm:
                        raise HeaderError(f"enum {name}: unexpected line {body!r}")
                    prefix = enum_prefix(name)
                    if not mm.group(1).startswith(prefix):
                        raise HeaderError(f"enum {name}: {mm.group(1)} lacks the prefix {prefix}")
                    members.append((camel(mm.group(1)[len(prefix):]), mm.group(2), mdoc))
                    mdoc = []
                    i += 1
                if lines[i].strip() != f"}} {name};":
                    raise HeaderError(f"enum {name}: unexpected end {lines[i]!r}")
                self.enums.append((name, members, doc))
                self.enum_names.add(name)
            elif m := re.fullmatch(r"typedef struct (\w+) (\w+);", stripped):
                self.opaque.append((m.group(1), doc))
            elif m := re.fullmatch(r"typedef struct (\w+) \{", stripped):
                name = m.group(1)
                fields = []
                i += 1
                while not lines[i].strip().startswith("}"):
                    body = lines[i].strip()
                    if body.startswith("/**"):
                        while not lines[i].strip().endswith("*/"):
                            i += 1
                        i += 1
                        continue
                    fm = re.fullmatch(r"(.+?)\s*\b(\w+);", body)
                    if not fm:
                        raise HeaderError(f"struct {name}: unexpected line {body!r}")
                    fields.append((fm.group(1).strip(), fm.group(2)))
                    i += 1
                self.structs.append((name, fields, doc))
            elif m := re.fullmatch(r"typedef (.+?) \(\*(\w+)\)\((.*)\);", stripped):
                self.callbacks.append((m.group(2), m.group(1), self.params(m.group(3)), doc))
            elif m := re.fullmatch(r"(.+?)\b(offerkit_\w+)\((.*)\);", stripped):
                self.functions.append((m.group(2), m.group(1).strip(), self.params(m.group(3)), doc, hooks))
            elif stripped.startswith(("typedef", "offerkit_", "enum ", "struct ")) or re.match(r"^\w[\w\s\*]*\(", stripped):
                raise HeaderError(f"line {i + 1}: a declaration this generator does not know: {stripped!r}")
            if stripped and not stripped.startswith("/**"):
                doc = []
            i += 1

    @staticmethod
    def params(text: str) -> list[tuple[str, str]]:
        if text.strip() == "void":
            return []
        out = []
        for part in text.split(","):
            pm = re.fullmatch(r"(.+?)\s*\b(\w+)", part.strip())
            if not pm:
                raise HeaderError(f"parameter {part!r}")
            out.append((pm.group(1).strip(), pm.group(2)))
        return out


class Types:
    def __init__(self, header: Header):
        self.header = header
        self.callbacks = {c[0] for c in header.callbacks}
        self.records = {o[0] for o in header.opaque} | {s[0] for s in header.structs}

    def native(self, ctype: str) -> str:
        return self.convert(ctype)[0]

    def dart(self, ctype: str) -> str:
        return self.convert(ctype)[1]

    def convert(self, ctype: str) -> tuple[str, str]:
        t = re.sub(r"\bconst\b", "", ctype)
        t = re.sub(r"\b(struct|enum)\s+", lambda m: "enum:" if m.group(1) == "enum" else "", t)
        t = re.sub(r"\s+", "", t)
        stars = len(t) - len(t.rstrip("*"))
        base = t.rstrip("*")
        if base.startswith("enum:"):
            name = base[len("enum:"):]
            if name not in self.header.enum_names:
                raise HeaderError(f"unknown enum {name}")
            inner = ("Uint32", "int")
        elif base in PRIMITIVES:
            inner = PRIMITIVES[base]
        elif base == "char":
            if stars == 0:
                raise HeaderError("a char by value")
            inner = ("Utf8", "Utf8")
        elif base in self.callbacks:
            inner = (f"{base}Ptr", f"{base}Ptr")
        elif base in self.records:
            inner = (base, base)
        else:
            raise HeaderError(f"unknown type {ctype!r}")
        if stars == 0:
            if inner[0] == "Utf8" or base in self.records:
                raise HeaderError(f"{ctype!r} by value")
            return inner
        native = inner[0]
        for _ in range(stars):
            native = f"Pointer<{native}>"
        return native, native


def doc_lines(doc: list[str], indent: str = "") -> list[str]:
    return [f"{indent}/// {d}".rstrip() for d in doc]


def generate(header_text: str) -> str:
    h = Header(header_text)
    if not h.functions:
        raise HeaderError("no functions found")
    types = Types(h)
    out: list[str] = []
    w = out.append
    w("// GENERATED from include/offerkit.h by bindings/dart/tool/generate_bindings.py: do not edit.")
    w("// The test command regenerates it and fails when it differs (dart/tests).")
    w("//")
    w("// ignore_for_file: non_constant_identifier_names, constant_identifier_names, camel_case_types")
    w("// ignore_for_file: unused_field, unintended_html_in_doc_comment, comment_references")
    w("")
    w("import 'dart:ffi';")
    w("")
    w("import 'package:ffi/ffi.dart' show Utf8;")
    w("")
    for name, value, doc in h.constants:
        out.extend(doc_lines(doc))
        w(f"const int {name} = {value};")
        w("")
    for name, members, doc in h.enums:
        out.extend(doc_lines(doc))
        w(f"abstract final class {name} {{")
        for member, value, mdoc in members:
            out.extend(doc_lines(mdoc, "  "))
            w(f"  static const int {member} = {value};")
        w("")
        w("  /// Every value, by its name in this class.")
        w("  static const Map<String, int> values = {")
        for member, value, _ in members:
            w(f"    '{member}': {value},")
        w("  };")
        w("}")
        w("")
    for name, doc in h.opaque:
        out.extend(doc_lines(doc))
        w(f"final class {name} extends Opaque {{}}")
        w("")
    for name, fields, doc in h.structs:
        out.extend(doc_lines(doc))
        w(f"final class {name} extends Struct {{")
        for ctype, field in fields:
            native, dart = types.convert(ctype)
            if native.startswith("Pointer<"):
                w(f"  external {native} {camel(field)};")
            else:
                w(f"  @{native}()")
                w(f"  external {dart} {camel(field)};")
            w("")
        out.pop()
        w("}")
        w("")
    for name, ret, params, doc in h.callbacks:
        out.extend(doc_lines(doc))
        native_params = ", ".join(f"{types.native(t)} {p}" for t, p in params)
        dart_params = ", ".join(f"{types.dart(t)} {p}" for t, p in params)
        w(f"typedef {name} = {types.native(ret)} Function({native_params});")
        w(f"typedef {name}Dart = {types.dart(ret)} Function({dart_params});")
        w(f"typedef {name}Ptr = Pointer<NativeFunction<{name}>>;")
        w("")
    w("/// Every function of the header, looked up in one loaded library. The test hooks")
    w("/// (`OFFERKIT_TEST_HOOKS`, absent from shipping libraries) are null when the library lacks them.")
    w("final class OfferkitBindings {")
    w("  OfferkitBindings(this.library);")
    w("")
    w("  final DynamicLibrary library;")
    w("")
    w("  /// The names of every function this class declares, test hooks included.")
    w("  static const List<String> functionNames = [")
    for name, *_ in h.functions:
        w(f"    '{name}',")
    w("  ];")
    w("")
    for name, ret, params, doc, hook in h.functions:
        native_params = ", ".join(f"{types.native(t)} {p}" for t, p in params)
        dart_params = ", ".join(f"{types.dart(t)} {p}" for t, p in params)
        native_sig = f"{types.native(ret)} Function({native_params})"
        dart_sig = f"{types.dart(ret)} Function({dart_params})"
        out.extend(doc_lines(doc, "  "))
        if hook:
            w(f"  late final {dart_sig}? {name} = library.providesSymbol('{name}')")
            w(f"      ? library.lookupFunction<{native_sig}, {dart_sig}>('{name}')")
            w("      : null;")
        else:
            w(f"  late final {dart_sig} {name} =")
            w(f"      library.lookupFunction<{native_sig}, {dart_sig}>('{name}');")
        w("")
    out.pop()
    w("}")
    return "\n".join(out) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if the committed file differs")
    parser.add_argument("--header", default=HEADER)
    parser.add_argument("--output", default=OUTPUT)
    args = parser.parse_args()
    with open(args.header, encoding="utf-8") as f:
        text = generate(f.read())
    if args.check:
        try:
            with open(args.output, encoding="utf-8") as f:
                current = f.read()
        except FileNotFoundError:
            current = ""
        if current != text:
            print(f"{os.path.relpath(args.output, ROOT)} is not what {os.path.relpath(__file__, ROOT)} "
                  "writes from the header: run it and commit the result", file=sys.stderr)
            return 1
        print(f"{os.path.relpath(args.output, ROOT)} is fresh")
        return 0
    os.makedirs(os.path.dirname(args.output), exist_ok=True)
    with open(args.output, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {os.path.relpath(args.output, ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
