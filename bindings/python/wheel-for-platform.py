#!/usr/bin/env python3
"""Makes the offerkit wheel of another platform from a built one by swapping its native library.

The Python package holds no compiled Python extension: the generated module loads the uniffi
library with ctypes, so a wheel is `py3-none-<platform>` and the only platform-specific file is
that library. Cross-building the whole wheel with maturin would compile the crate again per
target; this takes the library scripts/build-native.sh already built for that platform (the
same file every other package ships) and writes a wheel that differs from the built one only
in that file, the tag in WHEEL and the RECORD lines (hash and size, per the wheel spec).

    bindings/python/wheel-for-platform.py WHEEL LIBRARY PLATFORM_TAG OUT_DIR

    WHEEL          a built offerkit wheel (e.g. ...-py3-none-manylinux_2_34_x86_64.whl)
    LIBRARY        the other platform's library: libofferkit_uniffi.so or offerkit_uniffi.dll
                   (the name the generated module loads on that platform)
    PLATFORM_TAG   e.g. manylinux_2_34_aarch64, win_amd64
    OUT_DIR        where the new wheel is written; its path is printed

Standard library only.
"""

from __future__ import annotations

import base64
import hashlib
import os
import sys
import zipfile

NATIVE_NAMES = ("libofferkit_uniffi.so", "offerkit_uniffi.dll", "libofferkit_uniffi.dylib")


def record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest}"


def main(argv: list[str]) -> int:
    if len(argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    wheel_path, library_path, platform_tag, out_dir = argv
    library_name = os.path.basename(library_path)
    if library_name not in NATIVE_NAMES:
        sys.exit(f"{library_name}: not a name the generated module loads ({', '.join(NATIVE_NAMES)})")
    with open(library_path, "rb") as f:
        library = f.read()

    # name-version-python-abi-platform.whl
    name, version, python_tag, abi_tag, _ = os.path.basename(wheel_path)[: -len(".whl")].split("-")
    out_path = os.path.join(out_dir, f"{name}-{version}-{python_tag}-{abi_tag}-{platform_tag}.whl")

    with zipfile.ZipFile(wheel_path) as source:
        entries = [(info, source.read(info)) for info in source.infolist()]
    natives = [info.filename for info, _ in entries if os.path.basename(info.filename) in NATIVE_NAMES]
    if len(natives) != 1:
        sys.exit(f"{wheel_path}: expected one native library, found {natives}")
    records = [info.filename for info, _ in entries if info.filename.endswith(".dist-info/RECORD")]
    wheels = [info.filename for info, _ in entries if info.filename.endswith(".dist-info/WHEEL")]
    if len(records) != 1 or len(wheels) != 1:
        sys.exit(f"{wheel_path}: no single .dist-info with WHEEL and RECORD")

    written: list[tuple[zipfile.ZipInfo, bytes]] = []
    for info, data in entries:
        if info.filename == records[0]:
            continue
        if info.filename == natives[0]:
            replaced = zipfile.ZipInfo(os.path.dirname(info.filename) + "/" + library_name, info.date_time)
            replaced.external_attr = info.external_attr
            replaced.compress_type = zipfile.ZIP_DEFLATED
            info, data = replaced, library
        elif info.filename == wheels[0]:
            lines = [line for line in data.decode().splitlines() if not line.startswith("Tag:")]
            lines.append(f"Tag: {python_tag}-{abi_tag}-{platform_tag}")
            data = ("\n".join(lines) + "\n").encode()
        written.append((info, data))

    record = "".join(f"{info.filename},{record_hash(data)},{len(data)}\n" for info, data in written)
    record += f"{records[0]},,\n"
    record_info = zipfile.ZipInfo(records[0], written[-1][0].date_time)
    record_info.external_attr = 0o644 << 16
    written.append((record_info, record.encode()))

    os.makedirs(out_dir, exist_ok=True)
    with zipfile.ZipFile(out_path, "w", zipfile.ZIP_DEFLATED) as out:
        for info, data in written:
            info.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(info, data)
    print(out_path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
