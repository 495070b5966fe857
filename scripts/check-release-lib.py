#!/usr/bin/env python3
"""Refuses a native library that must not ship. Every package script runs it on every library it
packages, and the release workflow on what each runner builds:

    scripts/check-release-lib.py FILE|DIR...    prints "ok FILE" per library, exit 1 if any is refused
    scripts/check-release-lib.py --self-test    builds good and bad libraries and checks the verdicts

A library is refused when
  (a) it is an ELF shared library with a PT_LOAD segment aligned to less than 16 KB: Android 15+
      devices may use 16 KB pages, and Google Play requires 16 KB alignment; every ELF library of
      ours is linked for it (.cargo/config.toml; arm64 uses 64 KB);
  (b) it exports or defines an `offerkit_test_*` symbol (the test hooks of the `test-hooks`
      feature, never in a shipping build): the dynamic symbols of an ELF .so, the export table of
      a PE .dll, the symbol index of an ar archive (.a, MinGW .dll.a and MSVC .lib import
      libraries, static .lib), the external symbols of a Mach-O .dylib (fat or thin), the names
      of a .def export list;
  (c) it claims to be a library by its name (.so, .a, .dll, .lib, .dylib) but is none of the
      formats above, so nothing could be checked (a Git LFS pointer, a truncated download);
  (d) it is one of our shared libraries (ELF .so or PE .dll, by its name: offerkit, offerkit_lite,
      offerkit_uniffi, offerkit_godot) and larger than its ceiling in SIZE_BUDGETS for its
      format (ELF and PE apart: only the ELF ones are built with the standard library rebuilt
      for size): the bytes an app installs per ABI (Android keeps native libraries uncompressed
      in the APK). The ceiling is the goal where the goal is met, else the size as shipped
      plus a small margin, so a release can never grow past what BENCHMARKS.md measured; "ok"
      lines name the size, the ceiling, and how far a library is from its goal. Static
      archives are not budgeted (an app's linker keeps only what it calls), nor Mach-O images
      (a universal .dylib holds one image per architecture; iOS apps link the static library).
      A library in a directory named `lite`, or in one inside it, is the flavour without the
      built-in transport (`lite/libofferkit_uniffi.so`, `lite/arm64-v8a/libofferkit.so` are
      budgeted as offerkit_uniffi_lite, offerkit_lite);
  (e) it is an ELF shared library exporting uniffi's metadata statics (`UNIFFI_META_*`): shipping
      builds link through scripts/lib/link-shipping.sh, which keeps them out (29 KB nothing
      reads at run time), so such a library was not built the shipping way.
Other files (headers, plists, a directory's other content) are listed as "skip". Directories
are searched (an .xcframework, a platform's target/native directory).

Everything is parsed here with `struct` (Python standard library only), so the check runs the same
on any host -- also on a Windows or macOS runner with no binutils.
"""
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

MIN_ALIGN = 16384
LIBRARY_SUFFIXES = (".so", ".a", ".dll", ".lib", ".dylib")
TEST_HOOK = re.compile(r"^(?:__imp_)?_*offerkit_test_")
UNIFFI_METADATA = re.compile(r"^UNIFFI_META_")

# (ceiling, goal) in bytes per shared library and format: "elf" (.so: Linux x86_64 and arm64,
# and Android's ABIs, all built with the standard library rebuilt for size,
# scripts/lib/shipping-build.sh) and "pe" (.dll: Windows x64, the prebuilt standard library).
# BENCHMARKS.md "Per-ABI sizes" has the sizes these were set from and docs/c-abi-size.md what is
# in them. Lower a ceiling whenever a library shrinks; raising one is a decision for
# docs/decisions.md.
SIZE_BUDGETS = {
    # The full C ABI: 2,352,560 (x86_64), 2,029,672 (arm64); 2,432,000 (.dll).
    ("offerkit", "elf"): (2_400_000, 2_000_000),
    ("offerkit", "pe"): (2_510_000, 2_000_000),
    # The mobile C ABI (host HTTP executor): 835,456, 762,240; 982,016.
    ("offerkit_lite", "elf"): (900_000, 900_000),
    ("offerkit_lite", "pe"): (1_012_000, 900_000),
    # Kotlin, Swift, Python: 2,399,048, 2,077,760; 2,466,816.
    ("offerkit_uniffi", "elf"): (2_450_000, 2_600_000),
    ("offerkit_uniffi", "pe"): (2_600_000, 2_600_000),
    # Its mobile flavour (no transport; offerkit-android, lite/libofferkit_uniffi.so): 878,296, 804,392.
    ("offerkit_uniffi_lite", "elf"): (900_000, 900_000),
    # The Godot addon's GDExtension: 2,930,912, 2,460,176; 3,011,072 (no goal of its own).
    ("offerkit_godot", "elf"): (2_990_000, None),
    ("offerkit_godot", "pe"): (3_100_000, None),
}


def budget_of(path):
    """(name, ceiling, goal) of a shared library of ours, else None."""
    base = os.path.basename(path)
    for suffix, kind in ((".so", "elf"), (".dll", "pe")):
        if base.endswith(suffix):
            name = base[:-len(suffix)]
            name = name[3:] if suffix == ".so" and name.startswith("lib") else name
            # lite/NAME (Linux) or lite/ABI/NAME (Android): the directory or the one above it.
            parents = os.path.normpath(os.path.dirname(os.path.abspath(path))).split(os.sep)[-2:]
            if "lite" in parents and not name.endswith("_lite"):
                name += "_lite"
            if (name, kind) in SIZE_BUDGETS:
                return (name, *SIZE_BUDGETS[(name, kind)])
    return None


def size_verdict(path, size):
    """(reason to refuse or None, note for the "ok" line) of a shared library's size."""
    budget = budget_of(path)
    if budget is None:
        return None, ""
    name, ceiling, goal = budget
    if size > ceiling:
        return (f"{size:,} bytes, over the ceiling of {ceiling:,} for {name} (SIZE_BUDGETS; "
                f"BENCHMARKS.md has what it was measured at)"), ""
    if goal is None:
        return None, f" ({size:,} bytes, ceiling {ceiling:,})"
    if size > goal:
        return None, f" ({size:,} bytes, ceiling {ceiling:,}; goal {goal:,}, {size - goal:,} over it)"
    return None, f" ({size:,} bytes, within the goal of {goal:,})"


class Refused(Exception):
    """A reason the file must not ship."""


# ---- ELF ---------------------------------------------------------------------------------------
def elf_symbols_and_loads(data):
    """(symbols defined and visible, [(index, p_align) of PT_LOAD], is_shared) of an ELF file."""
    cls, order = data[4], {1: "<", 2: ">"}.get(data[5])
    if cls not in (1, 2) or order is None:
        raise Refused("ELF with an unknown class or byte order")
    wide = cls == 2
    head = struct.unpack_from(order + ("HHIQQQIHHHHHH" if wide else "HHIIIIIHHHHHH"), data, 16)
    e_type, _, _, _, phoff, shoff, _, _, phentsize, phnum, shentsize, shnum, _ = head
    loads = []
    for i in range(phnum):
        off = phoff + i * phentsize
        if wide:
            p_type, _, _, _, _, _, _, p_align = struct.unpack_from(order + "IIQQQQQQ", data, off)
        else:
            p_type, _, _, _, _, _, _, p_align = struct.unpack_from(order + "IIIIIIII", data, off)
        if p_type == 1:  # PT_LOAD
            loads.append((i, p_align))
    sections = []
    for i in range(shnum):
        off = shoff + i * shentsize
        if wide:
            _, sh_type, _, _, sh_offset, sh_size, sh_link, _, _, sh_entsize = struct.unpack_from(
                order + "IIQQQQIIQQ", data, off)
        else:
            _, sh_type, _, _, sh_offset, sh_size, sh_link, _, _, sh_entsize = struct.unpack_from(
                order + "IIIIIIIIII", data, off)
        sections.append((sh_type, sh_offset, sh_size, sh_link, sh_entsize))
    # A shared library's exports are its .dynsym; an object's (inside an archive) its .symtab.
    wanted = 11 if e_type == 3 else 2  # SHT_DYNSYM, SHT_SYMTAB
    symbols = set()
    for sh_type, sh_offset, sh_size, sh_link, sh_entsize in sections:
        if sh_type != wanted or not sh_entsize:
            continue
        _, str_off, str_size, _, _ = sections[sh_link]
        strings = data[str_off:str_off + str_size]
        for k in range(1, sh_size // sh_entsize):
            off = sh_offset + k * sh_entsize
            if wide:
                st_name, st_info, st_other, st_shndx, _, _ = struct.unpack_from(order + "IBBHQQ", data, off)
            else:
                st_name, _, _, st_info, st_other, st_shndx = struct.unpack_from(order + "IIIBBH", data, off)
            binding, visibility = st_info >> 4, st_other & 3
            # Defined (not SHN_UNDEF), global/weak/unique, default or protected visibility.
            if st_shndx != 0 and binding in (1, 2, 10) and visibility in (0, 3):
                symbols.add(strings[st_name:strings.index(b"\0", st_name)].decode("utf-8", "replace"))
    if e_type == 3 and not sections:
        raise Refused("ELF shared library without section headers: its exports cannot be read")
    return symbols, loads, e_type == 3


# ---- ar archives (.a, .lib, import libraries) --------------------------------------------------
def archive_symbols(data):
    """The names of an ar archive's symbol index (GNU/SysV "/", "/SYM64/", BSD "__.SYMDEF")."""
    pos, symbols, indexed = 8, set(), False
    while pos + 60 <= len(data):
        header = data[pos:pos + 60]
        name = header[:16].decode("ascii", "replace").rstrip()
        size = int(header[48:58].decode("ascii").strip() or 0)
        body = data[pos + 60:pos + 60 + size]
        if name.startswith("#1/"):  # BSD: the name is the body's first bytes
            length = int(name[3:])
            name, body = body[:length].rstrip(b"\0").decode("ascii", "replace"), body[length:]
        if name in ("/", "/SYM64/"):
            if not indexed:  # MSVC's second linker member repeats the first one's names
                width = 8 if name == "/SYM64/" else 4
                count = int.from_bytes(body[:width], "big")
                names = body[width + count * width:].split(b"\0")[:count]
                symbols.update(n.decode("utf-8", "replace") for n in names)
            indexed = True
        elif name.startswith("__.SYMDEF"):
            width = 8 if "64" in name else 4
            fmt = "<Q" if width == 8 else "<I"
            ranlib_size = struct.unpack_from(fmt, body, 0)[0]
            entries = body[width:width + ranlib_size]
            str_size = struct.unpack_from(fmt, body, width + ranlib_size)[0]
            strings = body[2 * width + ranlib_size:2 * width + ranlib_size + str_size]
            for k in range(0, len(entries), 2 * width):
                strx = struct.unpack_from(fmt, entries, k)[0]
                symbols.add(strings[strx:strings.index(b"\0", strx)].decode("utf-8", "replace"))
            indexed = True
        pos += 60 + size + (size & 1)
    if not indexed:
        raise Refused("archive without a symbol index (no linker can use it; run ranlib)")
    return symbols


# ---- PE (.dll) ---------------------------------------------------------------------------------
def pe_exports(data):
    pe = struct.unpack_from("<I", data, 0x3C)[0]
    if data[pe:pe + 4] != b"PE\0\0":
        raise Refused("MZ file without a PE header")
    nsections, _, _, _, opt_size, _ = struct.unpack_from("<HIIIHH", data, pe + 6)
    opt = pe + 24
    magic = struct.unpack_from("<H", data, opt)[0]
    dirs = opt + (112 if magic == 0x20B else 96)
    ndirs = struct.unpack_from("<I", data, dirs - 4)[0]
    if ndirs == 0:
        return set()
    export_rva, export_size = struct.unpack_from("<II", data, dirs)
    if not export_rva:
        return set()
    sections = []
    for i in range(nsections):
        vsize, vaddr, raw_size, raw_ptr = struct.unpack_from("<IIII", data, opt + opt_size + 40 * i + 8)
        sections.append((vaddr, max(vsize, raw_size), raw_ptr))

    def at(rva):
        for vaddr, size, raw in sections:
            if vaddr <= rva < vaddr + size:
                return rva - vaddr + raw
        raise Refused("PE export table points outside every section")

    exports = at(export_rva)
    count, names_rva = struct.unpack_from("<I", data, exports + 24)[0], struct.unpack_from("<I", data, exports + 32)[0]
    symbols = set()
    for k in range(count):
        name = at(struct.unpack_from("<I", data, at(names_rva) + 4 * k)[0])
        symbols.add(data[name:data.index(b"\0", name)].decode("utf-8", "replace"))
    return symbols


# ---- Mach-O (.dylib, thin or fat) --------------------------------------------------------------
def macho_symbols(data, base=0):
    magic = data[base:base + 4]
    if magic in (b"\xca\xfe\xba\xbe", b"\xca\xfe\xba\xbf"):  # fat (big-endian headers)
        wide = magic == b"\xca\xfe\xba\xbf"
        count = struct.unpack_from(">I", data, base + 4)[0]
        symbols = set()
        for k in range(count):
            if wide:
                offset = struct.unpack_from(">IIQQII", data, base + 8 + 32 * k)[2]
            else:
                offset = struct.unpack_from(">IIIII", data, base + 8 + 20 * k)[2]
            symbols |= macho_symbols(data, offset)
        return symbols
    wide = magic == b"\xcf\xfa\xed\xfe"
    if not wide and magic != b"\xce\xfa\xed\xfe":
        raise Refused("fat Mach-O slice that is not a little-endian Mach-O image")
    ncmds = struct.unpack_from("<I", data, base + 16)[0]
    pos, symbols = base + (32 if wide else 28), set()
    for _ in range(ncmds):
        cmd, cmdsize = struct.unpack_from("<II", data, pos)
        if cmd == 0x2:  # LC_SYMTAB
            symoff, nsyms, stroff, _ = struct.unpack_from("<IIII", data, pos + 8)
            entry = 16 if wide else 12
            for k in range(nsyms):
                strx, n_type = struct.unpack_from("<IB", data, base + symoff + entry * k)
                # External, defined (N_TYPE not N_UNDF), not a debugging (stab) entry.
                if n_type & 0x01 and n_type & 0x0E and not n_type & 0xE0:
                    start = base + stroff + strx
                    symbols.add(data[start:data.index(b"\0", start)].decode("utf-8", "replace"))
        pos += cmdsize
    return symbols


# ---- one file ----------------------------------------------------------------------------------
def check(path):
    """None if the file is not a library; else a list of reasons to refuse it (empty: ok)."""
    with open(path, "rb") as f:
        data = f.read()
    reasons = []
    sized = False
    try:
        if data[:4] == b"\x7fELF":
            symbols, loads, shared = elf_symbols_and_loads(data)
            sized = shared
            if shared:
                if not loads:
                    reasons.append("ELF shared library without PT_LOAD segments")
                for index, align in loads:
                    if align < MIN_ALIGN:
                        reasons.append(f"PT_LOAD segment {index} has p_align {align:#x}, below 16 KB "
                                       f"({MIN_ALIGN:#x}): link with -Wl,-z,max-page-size=16384")
                metadata = sorted(s for s in symbols if UNIFFI_METADATA.match(s))
                if metadata:
                    reasons.append(f"exports {len(metadata)} uniffi metadata statics ({metadata[0]}, ...): "
                                   f"not linked through scripts/lib/link-shipping.sh")
        elif data[:8] == b"!<arch>\n":
            symbols = archive_symbols(data)
        elif data[:2] == b"MZ":
            symbols = pe_exports(data)
            sized = True
        elif data[:4] in (b"\xcf\xfa\xed\xfe", b"\xce\xfa\xed\xfe", b"\xca\xfe\xba\xbe", b"\xca\xfe\xba\xbf"):
            symbols = macho_symbols(data)
        elif path.endswith(".def"):
            symbols = set(re.findall(r"^\s+(\S+)", data.decode("utf-8", "replace"), re.M))
        elif path.endswith(LIBRARY_SUFFIXES):
            return [f"named like a library, but not ELF, PE, Mach-O or an ar archive "
                    f"(starts with {data[:16]!r})"]
        else:
            return None
    except (struct.error, ValueError, IndexError) as e:
        return reasons + [f"cannot be parsed ({e}): truncated or corrupt"]
    except Refused as e:
        return reasons + [str(e)]
    hooks = sorted(s for s in symbols if TEST_HOOK.match(s))
    if hooks:
        shown = ", ".join(hooks[:5]) + (f" and {len(hooks) - 5} more" if len(hooks) > 5 else "")
        reasons.append(f"exports test hooks (built with the test-hooks feature): {shown}")
    if sized:
        refusal, _ = size_verdict(path, len(data))
        reasons += [refusal] if refusal else []
    return reasons


def files_of(paths):
    for path in paths:
        if os.path.isdir(path):
            for dirpath, dirnames, filenames in os.walk(path):
                dirnames.sort()
                for name in sorted(filenames):
                    yield os.path.join(dirpath, name)
        else:
            yield path


def main(paths):
    refused = checked = 0
    for path in files_of(paths):
        if not os.path.isfile(path):
            print(f"FAIL {path}: no such file")
            refused += 1
            continue
        reasons = check(path)
        if reasons is None:
            print(f"skip {path} (not a library)")
        elif reasons:
            refused += 1
            for reason in reasons:
                print(f"FAIL {path}: {reason}")
        else:
            checked += 1
            print(f"ok {path}{size_verdict(path, os.path.getsize(path))[1]}")
    if refused:
        print(f"{refused} file(s) refused: these must not ship", file=sys.stderr)
    elif not checked:
        print("no library among the files given", file=sys.stderr)
        return 1
    return 1 if refused else 0


# ---- self-test ---------------------------------------------------------------------------------
def self_test():
    """Builds libraries that must be refused and ones that must pass, and checks each verdict.
    With OFFERKIT_RESULTS set, each case is also a line of that results file (suite
    OFFERKIT_SUITE, else "release-lib-self-test")."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
    import results_file

    suite = "release-lib-self-test"
    passed = failed = skipped = 0
    work = tempfile.mkdtemp(prefix="check-release-lib.")
    clock = results_file.Clock()

    def expect(name, path, refused_for):
        """refused_for: None (must pass) or a substring the refusal must contain."""
        nonlocal passed, failed
        reasons = check(path)
        good = reasons == [] if refused_for is None else any(refused_for in r for r in reasons or [])
        print(f"{'ok  ' if good else 'FAIL'} {name}" + ("" if good else f": {reasons}"))
        results_file.write(suite, name, "passed" if good else "failed", clock.lap(), "" if good else str(reasons))
        passed, failed = passed + good, failed + (not good)

    def build(*cmd):
        subprocess.run(cmd, cwd=work, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)

    def skip(name, why):
        nonlocal skipped
        print(f"skip {name} ({why})")
        results_file.write(suite, name, "skipped", clock.lap(), why)
        skipped += 1

    try:
        with open(os.path.join(work, "good.c"), "w") as f:
            f.write("int offerkit_version_x(void) { return 1; }\n")
        with open(os.path.join(work, "hooks.c"), "w") as f:
            f.write("int offerkit_version_x(void) { return 1; }\nint offerkit_test_x(void) { return 2; }\n")
        if shutil.which("gcc"):
            build("gcc", "-shared", "-fPIC", "-Wl,-z,max-page-size=16384", "-o", "good.so", "good.c")
            build("gcc", "-shared", "-fPIC", "-Wl,-z,max-page-size=4096", "-o", "small-pages.so", "good.c")
            build("gcc", "-shared", "-fPIC", "-Wl,-z,max-page-size=16384", "-o", "hooks.so", "hooks.c")
            expect("elf-16k-aligned-accepted", f"{work}/good.so", None)
            expect("elf-4k-aligned-refused", f"{work}/small-pages.so", "below 16 KB")
            expect("elf-test-hook-refused", f"{work}/hooks.so", "offerkit_test_x")
            # A mobile library within its ceiling, and one a large table pushed over it.
            with open(os.path.join(work, "large.c"), "w") as f:
                f.write(f"const char offerkit_table_x[{SIZE_BUDGETS[('offerkit_lite', 'elf')][0] + 1}] = {{1}};\n")
            build("gcc", "-shared", "-fPIC", "-Wl,-z,max-page-size=16384", "-o", "libofferkit_lite.so", "good.c")
            os.makedirs(os.path.join(work, "over"))
            build("gcc", "-shared", "-fPIC", "-Wl,-z,max-page-size=16384", "-o", "over/libofferkit_lite.so", "good.c", "large.c")
            expect("elf-within-size-ceiling-accepted", f"{work}/libofferkit_lite.so", None)
            # The uniffi library's mobile flavour is told by its directory: the same bytes pass
            # as the full library and are refused as the lite one.
            with open(os.path.join(work, "large.c"), "w") as f:
                f.write(f"const char offerkit_table_x[{SIZE_BUDGETS[('offerkit_uniffi_lite', 'elf')][0] + 1}] = {{1}};\n")
            os.makedirs(os.path.join(work, "lite"))
            build("gcc", "-shared", "-fPIC", "-Wl,-z,max-page-size=16384", "-o", "libofferkit_uniffi.so", "good.c", "large.c")
            build("gcc", "-shared", "-fPIC", "-Wl,-z,max-page-size=16384", "-o", "lite/libofferkit_uniffi.so", "good.c", "large.c")
            expect("elf-uniffi-full-within-its-ceiling-accepted", f"{work}/libofferkit_uniffi.so", None)
            expect("elf-uniffi-lite-over-its-ceiling-refused", f"{work}/lite/libofferkit_uniffi.so",
                   f"over the ceiling of {SIZE_BUDGETS[('offerkit_uniffi_lite', 'elf')][0]:,} for offerkit_uniffi_lite")
            with open(os.path.join(work, "meta.c"), "w") as f:
                f.write("int offerkit_version_x(void) { return 1; }\nconst char UNIFFI_META_X[4] = {1};\n")
            build("gcc", "-shared", "-fPIC", "-Wl,-z,max-page-size=16384", "-o", "meta.so", "meta.c")
            expect("elf-uniffi-metadata-exported-refused", f"{work}/meta.so", "uniffi metadata statics")
            expect("elf-over-size-ceiling-refused", f"{work}/over/libofferkit_lite.so", "over the ceiling of 900,000 for offerkit_lite")
            build("gcc", "-c", "-fPIC", "good.c", "hooks.c")
            build("ar", "rcs", "good.a", "good.o")
            build("ar", "rcs", "hooks.a", "good.o", "hooks.o")
            build("ar", "rcS", "unindexed.a", "good.o")
            expect("archive-accepted", f"{work}/good.a", None)
            expect("archive-test-hook-refused", f"{work}/hooks.a", "offerkit_test_x")
            expect("archive-without-index-refused", f"{work}/unindexed.a", "without a symbol index")
        else:
            skip("elf-and-archive", "gcc not installed")
        mingw = "x86_64-w64-mingw32-gcc"
        if shutil.which(mingw):
            for name in ("good", "hooks"):
                build(mingw, "-shared", "-o", f"{name}.dll", f"{name}.c", f"-Wl,--out-implib,lib{name}.dll.a")
            expect("dll-accepted", f"{work}/good.dll", None)
            expect("dll-test-hook-refused", f"{work}/hooks.dll", "offerkit_test_x")
            with open(os.path.join(work, "large.c"), "w") as f:
                f.write(f"const char offerkit_table_x[{SIZE_BUDGETS[('offerkit', 'pe')][0] + 1}] = {{1}};\n")
            build(mingw, "-shared", "-o", "offerkit.dll", "good.c", "large.c")
            expect("dll-over-size-ceiling-refused", f"{work}/offerkit.dll", "over the ceiling of 2,510,000 for offerkit")
            expect("mingw-import-lib-accepted", f"{work}/libgood.dll.a", None)
            expect("mingw-import-lib-test-hook-refused", f"{work}/libhooks.dll.a", "offerkit_test_x")
            if shutil.which("llvm-dlltool"):
                for name in ("good", "hooks"):
                    with open(os.path.join(work, f"{name}.def"), "w") as f:
                        f.write(f"LIBRARY {name}.dll\nEXPORTS\n    offerkit_version_x\n")
                        if name == "hooks":
                            f.write("    offerkit_test_x\n")
                    build("llvm-dlltool", "-m", "i386:x86-64", "-d", f"{name}.def", "-D", f"{name}.dll",
                          "-l", f"{name}.dll.lib")
                expect("msvc-import-lib-accepted", f"{work}/good.dll.lib", None)
                expect("msvc-import-lib-test-hook-refused", f"{work}/hooks.dll.lib", "offerkit_test_x")
                expect("def-test-hook-refused", f"{work}/hooks.def", "offerkit_test_x")
            else:
                skip("msvc-import-lib", "llvm-dlltool not installed")
        else:
            skip("pe", "x86_64-w64-mingw32-gcc not installed")
        if shutil.which("clang") and shutil.which("llvm-ar"):
            # Mach-O objects compile here (linking a .dylib needs Apple's linker): an archive of
            # them, indexed the BSD way, and one object as a stand-in for an image.
            for name in ("good", "hooks"):
                build("clang", "--target=arm64-apple-macos11", "-c", f"{name}.c", "-o", f"{name}.mach.o")
                build("llvm-ar", "rcs", "--format=darwin", f"{name}.mach.a", f"{name}.mach.o")
            expect("macho-accepted", f"{work}/good.mach.o", None)
            expect("macho-test-hook-refused", f"{work}/hooks.mach.o", "offerkit_test_x")
            expect("darwin-archive-accepted", f"{work}/good.mach.a", None)
            expect("darwin-archive-test-hook-refused", f"{work}/hooks.mach.a", "offerkit_test_x")
        else:
            skip("macho", "clang or llvm-ar not installed")
        with open(os.path.join(work, "pointer.so"), "w") as f:
            f.write("version https://git-lfs.github.com/spec/v1\noid sha256:00\nsize 1\n")
        expect("not-a-library-refused", f"{work}/pointer.so", "not ELF")
    except subprocess.CalledProcessError as e:
        print(f"FAIL build: {' '.join(e.cmd)} failed")
        results_file.write(suite, "(build)", "failed", clock.lap(), f"{' '.join(e.cmd)} failed")
        failed += 1
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if passed == 0 and failed == 0:
        print("FAIL no case ran")
        results_file.write(suite, "(no case ran)", "failed", 0, f"{skipped} skipped")
        failed += 1
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    if not sys.argv[1:] or sys.argv[1].startswith("-"):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1:]))
