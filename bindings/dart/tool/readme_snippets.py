#!/usr/bin/env python3
"""Writes the README's Dart code blocks as one Dart file, so the test command can analyse them
against the package (a README that stopped compiling would mislead exactly the reader who
trusts it). The first block is a whole program (its `main` is renamed); every other block
becomes the body of a function whose parameters are the names the README's fragments use.

    bindings/dart/tool/readme_snippets.py OUT.dart
"""

import os
import re
import sys

README = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "README.md")
FRAGMENT_PARAMS = ("OfferClient client, String url, String playerId, bool enough, "
                   "Future<String> Function() fetchTokenFromYourBackend, void Function(Object) show")


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    with open(README, encoding="utf-8") as f:
        blocks = re.findall(r"```dart\n(.*?)```", f.read(), re.S)
    if len(blocks) < 2 or "Future<void> main()" not in blocks[0]:
        print("README.md: expected a whole program first, then fragments", file=sys.stderr)
        return 1
    out = ["// GENERATED from bindings/dart/README.md by tool/readme_snippets.py.",
           "// ignore_for_file: unused_local_variable, dead_code", "",
           "import 'package:offerkit/offerkit.dart';", ""]
    out.append(blocks[0].replace("import 'package:offerkit/offerkit.dart';\n", "")
               .replace("Future<void> main()", "Future<void> readmeProgram()"))
    for i, block in enumerate(blocks[1:], 1):
        out.append(f"Future<void> readmeFragment{i}({FRAGMENT_PARAMS}) async {{\n{block}}}\n")
    with open(sys.argv[1], "w", encoding="utf-8") as f:
        f.write("\n".join(out))
    print(f"{len(blocks)} blocks")
    return 0


if __name__ == "__main__":
    sys.exit(main())
