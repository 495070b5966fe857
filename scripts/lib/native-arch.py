#!/usr/bin/env python3
"""Prints the machine a native library was built for, read from its own header, so a package's
smoke test can check that each platform's slot holds that platform's library (a wrong copy
would still unpack and list fine).

    scripts/lib/native-arch.py FILE...    prints "FILE: FORMAT-MACHINE" per file, e.g.
                                              "libofferkit_uniffi.so: elf-x86_64",
                                              "offerkit_uniffi.dll: pe-x86_64"
    scripts/lib/native-arch.py -         reads one file from standard input (prints "-: ...")

Formats: ELF (e_machine), PE (COFF Machine) and Mach-O (a universal file prints
"macho-universal-" and its slices, e.g. "macho-universal-aarch64+x86_64"). Anything else prints "unknown" and makes the
exit status 1. Standard library only.
"""

from __future__ import annotations

import struct
import sys

ELF_MACHINES = {0x03: "x86", 0x28: "arm", 0x3E: "x86_64", 0xB7: "aarch64", 0xF3: "riscv"}
PE_MACHINES = {0x014C: "x86", 0x8664: "x86_64", 0xAA64: "aarch64", 0x01C4: "arm"}
MACHO_CPUS = {0x01000007: "x86_64", 0x0100000C: "aarch64", 0x07: "x86", 0x0C: "arm"}


def machine(data: bytes) -> str:
    if data[:4] == b"\x7fELF" and len(data) >= 20:
        little = data[5] == 1
        (e_machine,) = struct.unpack_from("<H" if little else ">H", data, 18)
        return "elf-" + ELF_MACHINES.get(e_machine, hex(e_machine))
    if data[:2] == b"MZ" and len(data) >= 0x40:
        (pe_offset,) = struct.unpack_from("<I", data, 0x3C)
        if data[pe_offset : pe_offset + 4] == b"PE\0\0":
            (coff_machine,) = struct.unpack_from("<H", data, pe_offset + 4)
            return "pe-" + PE_MACHINES.get(coff_machine, hex(coff_machine))
    if data[:4] == b"\xcf\xfa\xed\xfe" and len(data) >= 8:  # 64-bit Mach-O, little-endian
        (cpu,) = struct.unpack_from("<I", data, 4)
        return "macho-" + MACHO_CPUS.get(cpu, hex(cpu))
    if data[:4] == b"\xca\xfe\xba\xbe" and len(data) >= 8:  # universal (fat) Mach-O, big-endian
        (count,) = struct.unpack_from(">I", data, 4)
        if 0 < count <= 8 and len(data) >= 8 + 20 * count:
            cpus = [struct.unpack_from(">I", data, 8 + 20 * i)[0] for i in range(count)]
            return "macho-universal-" + "+".join(sorted(MACHO_CPUS.get(c, hex(c)) for c in cpus))
    return "unknown"


def main(paths: list[str]) -> int:
    if not paths:
        print(__doc__, file=sys.stderr)
        return 2
    status = 0
    for path in paths:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as f:
                data = f.read()
        found = machine(data)
        if found == "unknown":
            status = 1
        print(f"{path}: {found}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
