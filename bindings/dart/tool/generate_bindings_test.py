#!/usr/bin/env python3
"""Checks of tool/generate_bindings.py on small headers: each shape cbindgen writes becomes the
Dart expected here (written out by hand), a declaration of a shape the generator does not know
is refused, and --check tells a stale file from a fresh one. Exit 1 on a failure."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate_bindings as g  # noqa: E402

failures = 0


def case(name: str, ok: bool, detail: str = "") -> None:
    global failures
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else f"\n     {detail}"))
    failures += 0 if ok else 1


HEADER = """\
/*
 * opening comment
 */
#define OFFERKIT_LIMIT 12

typedef enum OfferkitColour {
    /**
     * Red.
     */
    OFFERKIT_COLOUR_DARK_RED = 1,
    OFFERKIT_COLOUR_BLUE = 7,
} OfferkitColour;

/**
 * A thing.
 */
typedef struct OfferkitThing OfferkitThing;

typedef struct OfferkitView {
    const char *id;
    double total_payout_usd;
    bool has_it;
    size_t index;
} OfferkitView;

typedef void (*OfferkitDone)(void *user_data, enum OfferkitColour colour, char *text);

/**
 * Makes a thing.
 */
enum OfferkitColour offerkit_thing_new(const char *name, const char *const *names, struct OfferkitThing **out_thing, OfferkitDone done);

#if defined(OFFERKIT_TEST_HOOKS)
void offerkit_test_hook(uint32_t count);
#endif
"""

out = g.generate(HEADER)
expected = [
    "const int OFFERKIT_LIMIT = 12;",
    "abstract final class OfferkitColour {",
    "  /// Red.\n  static const int darkRed = 1;",
    "  static const int blue = 7;",
    "/// A thing.\nfinal class OfferkitThing extends Opaque {}",
    "final class OfferkitView extends Struct {\n  external Pointer<Utf8> id;",
    "  @Double()\n  external double totalPayoutUsd;",
    "  @Bool()\n  external bool hasIt;",
    "  @Size()\n  external int index;",
    "typedef OfferkitDone = Void Function(Pointer<Void> user_data, Uint32 colour, Pointer<Utf8> text);",
    "typedef OfferkitDoneDart = void Function(Pointer<Void> user_data, int colour, Pointer<Utf8> text);",
    "typedef OfferkitDonePtr = Pointer<NativeFunction<OfferkitDone>>;",
    "  /// Makes a thing.\n  late final int Function(Pointer<Utf8> name, Pointer<Pointer<Utf8>> names, "
    "Pointer<Pointer<OfferkitThing>> out_thing, OfferkitDonePtr done) offerkit_thing_new =",
    "lookupFunction<Uint32 Function(Pointer<Utf8> name, Pointer<Pointer<Utf8>> names, "
    "Pointer<Pointer<OfferkitThing>> out_thing, OfferkitDonePtr done),",
    "late final void Function(int count)? offerkit_test_hook = library.providesSymbol('offerkit_test_hook')",
    "    'offerkit_thing_new',\n    'offerkit_test_hook',\n  ];",
]
for e in expected:
    case(f"generates {e.splitlines()[0][:70]!r}", e in out, out)

for bad, what in [
    ("float offerkit_f(void);\n", "an unknown type"),
    ("typedef union OfferkitU OfferkitU;\n", "a union"),
    ("typedef enum OfferkitE {\n    OTHER_PREFIX_A = 1,\n} OfferkitE;\n", "an enum member without its prefix"),
    ("struct OfferkitS offerkit_by_value(void);\n", "a struct by value"),
]:
    try:
        g.generate(bad + "void offerkit_ok(void);\n")
        case(f"refuses {what}", False, "no error")
    except g.HeaderError as e:
        case(f"refuses {what}", True, str(e))

with tempfile.TemporaryDirectory() as tmp:
    header = os.path.join(tmp, "h.h")
    output = os.path.join(tmp, "b.g.dart")
    with open(header, "w") as f:
        f.write(HEADER)
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "generate_bindings.py")
    run = lambda *a: subprocess.run([sys.executable, script, "--header", header, "--output", output, *a],
                                    capture_output=True, text=True).returncode
    case("--check fails without the file", run("--check") == 1)
    case("writes the file", run() == 0 and os.path.exists(output))
    case("--check passes on what it wrote", run("--check") == 0)
    with open(output, "a") as f:
        f.write("// edited\n")
    case("--check fails on an edited file", run("--check") == 1)

print(f"{len(expected) + 8 - failures} passed, {failures} failed, 0 skipped")
sys.exit(1 if failures else 0)
