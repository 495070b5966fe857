#!/usr/bin/env python3
"""check-unity-meta.py: checks the Unity package as users get it (the UPM tarball, or the folder
it unpacks to) for what Unity itself would only show in an Editor: every native library enabled
for exactly its own platform and CPU, every asset with a .meta (Unity ignores meta-less files of
an immutable package), unique GUIDs, the libraries' own architecture matching their folder, no
test hooks in them (release builds), and the version.

    bindings/unity/Tools~/check-meta.py PACKAGE [--version X.Y.Z]
    bindings/unity/Tools~/check-meta.py PACKAGE --self-test

PACKAGE is a .tgz (npm pack layout: everything under package/) or the folder holding
package.json. Prints "ok   NAME" / "FAIL NAME" per check and "N passed, N failed, 0 skipped";
exit status 0 only if nothing failed. --self-test breaks a copy of PACKAGE in several ways and
passes only if the checks catch every one of them (so the checks can fail)."""
import json
import os
import re
import shutil
import struct
import sys
import tarfile
import tempfile

# Platform entries of a PluginImporter .meta ("first:" key) and what each native library enables.
# Everything not listed as enabled must be disabled. "optional": built only by the release
# workflow (Apple SDK, Android NDK); checked when present.
EXPECTED = {
    "Plugins/Windows/x86_64/offerkit.dll": {
        "machine": ("PE", 0x8664),
        "enabled": {"Editor: Editor": {"OS": "Windows", "CPU": "x86_64"},
                    "Standalone: Win64": {"CPU": "x86_64"}},
    },
    "Plugins/Linux/x86_64/libofferkit.so": {
        "machine": ("ELF", 62),  # EM_X86_64
        "enabled": {"Editor: Editor": {"OS": "Linux", "CPU": "x86_64"},
                    "Standalone: Linux64": {"CPU": "x86_64"}},
    },
    "Plugins/EmbeddedLinux/arm64/libofferkit.so": {
        "machine": ("ELF", 183),  # EM_AARCH64
        "enabled": {"Embedded Linux: EmbeddedLinux": {"CPU": "ARM64"}},
    },
    "Plugins/macOS/libofferkit.dylib": {
        "optional": True,
        "machine": ("Mach-O universal", 0),
        "enabled": {"Editor: Editor": {"OS": "OSX", "CPU": "AnyCPU"},
                    "Standalone: OSXUniversal": {"CPU": "AnyCPU"}},
    },
    "Plugins/iOS/libofferkit.a": {
        "optional": True,
        "machine": ("ar archive", 0),
        "enabled": {"iPhone: iOS": {"CPU": "AnyCPU"}},
    },
    "Plugins/Android/arm64-v8a/libofferkit.so": {
        "optional": True,
        "machine": ("ELF", 183),
        "enabled": {"Android: Android": {"CPU": "ARM64"}},
    },
    "Plugins/Android/armeabi-v7a/libofferkit.so": {
        "optional": True,
        "machine": ("ELF", 40),  # EM_ARM
        "enabled": {"Android: Android": {"CPU": "ARMv7"}},
    },
    "Plugins/Android/x86_64/libofferkit.so": {
        "optional": True,
        "machine": ("ELF", 62),
        "enabled": {"Android: Android": {"CPU": "X86_64"}},
    },
}
REQUIRED = sorted(rel for rel, want in EXPECTED.items() if not want.get("optional"))
# Every platform entry each library's .meta must state (disabled unless EXPECTED enables it), so a
# platform missing from the file cannot fall back to a default that enables it.
PLATFORMS = ["Android: Android", "Any:", "Editor: Editor", "Embedded Linux: EmbeddedLinux",
             "Standalone: Linux64", "Standalone: OSXUniversal", "Standalone: Win", "Standalone: Win64",
             "WebGL: WebGL", "iPhone: iOS"]
NATIVE_SUFFIXES = (".dll", ".so", ".dylib", ".a", ".bundle", ".framework")


def skipped(name):
    return name.startswith(".") or name.endswith("~")


def parse_plugin_meta(text):
    """The PluginImporter fields this checks: top-level flags and, per platform entry, enabled and
    settings. A line-based reader of the fixed layout Unity writes (no YAML library needed)."""
    flags, platforms = {}, {}
    current = None
    section = None
    for line in text.splitlines():
        m = re.match(r"^  (isPreloaded|isOverridable|isExplicitlyReferenced|validateReferences): (\d)$", line)
        if m:
            flags[m.group(1)] = int(m.group(2))
            continue
        if line == "  - first:":
            current, section = None, "first"
            continue
        if section == "first" and line.startswith("      "):
            key = line.strip()
            if key == ": Any":  # the "Any" entry's exclusion list, written with an empty group
                key = "(exclusions)"
            current = platforms.setdefault(key, {"enabled": None, "settings": {}})
            section = "second"
            continue
        if current is not None:
            m = re.match(r"^      enabled: (\d)$", line)
            if m:
                current["enabled"] = int(m.group(1))
                continue
            m = re.match(r"^        ([^:]+): ?(.*)$", line)
            if m:
                current["settings"][m.group(1)] = m.group(2).strip()
                continue
            if not line.startswith("    "):
                current, section = None, None
    return flags, platforms


def machine_of(path):
    with open(path, "rb") as f:
        head = f.read(4096)
    if head[:4] == b"\xca\xfe\xba\xbe":
        return "Mach-O universal", 0
    if head[:8] == b"!<arch>\n":
        return "ar archive", 0
    if head[:4] == b"\x7fELF":
        return "ELF", struct.unpack_from("<H", head, 18)[0]
    if head[:2] == b"MZ":
        pe = struct.unpack_from("<I", head, 0x3C)[0]
        if head[pe:pe + 4] == b"PE\0\0":
            return "PE", struct.unpack_from("<H", head, pe + 4)[0]
    return "unknown", 0


# The results file a harness reads (scripts/lib/results_file.py): with OFFERKIT_RESULTS set, every
# check (or self-test case) is also a line of it (suite OFFERKIT_SUITE, else the names below).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "scripts", "lib"))
import results_file  # noqa: E402

SUITE = "unity-meta"
SELF_TEST_SUITE = "unity-meta-self-test"


class Checker:
    def __init__(self, quiet=False):
        self.passed = 0
        self.failed = 0
        self.quiet = quiet  # also: no results file lines (the self-test's inner runs)
        self.clock = results_file.Clock()

    def check(self, name, problems):
        seconds = self.clock.lap()
        if problems:
            self.failed += 1
            if not self.quiet:
                print("FAIL " + name)
                for p in problems[:20]:
                    print("     " + p)
                results_file.write(SUITE, name, "failed", seconds, "\n".join(problems[:20]))
        else:
            self.passed += 1
            if not self.quiet:
                print("ok   " + name)
                results_file.write(SUITE, name, "passed", seconds)


def check_package(root, version, checker):
    # Every asset (file or folder Unity imports) has a .meta; no .meta without its asset.
    problems, metas, guids = [], [], {}
    for dirpath, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not skipped(d))
        rel_dir = os.path.relpath(dirpath, root)
        names = set(files) | set(dirs)
        for name in sorted(names):
            if skipped(name) or name.endswith(".meta"):
                continue
            rel = os.path.normpath(os.path.join(rel_dir, name))
            if name + ".meta" not in files:
                problems.append("no .meta: " + rel)
        for name in sorted(files):
            if name.endswith(".meta"):
                rel = os.path.normpath(os.path.join(rel_dir, name))
                metas.append(rel)
                if name[:-5] not in names:
                    problems.append("orphaned: " + rel)
    checker.check("every asset has a .meta, every .meta an asset ({} metas)".format(len(metas)), problems)

    problems = []
    for rel in metas:
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            found = re.findall(r"^guid: (\S*)$", f.read(), re.M)
        if len(found) != 1 or not re.fullmatch(r"[0-9a-f]{32}", found[0]):
            problems.append("no valid guid in " + rel)
        elif found[0] in guids:
            problems.append("guid {} in {} and {}".format(found[0], rel, guids[found[0]]))
        else:
            guids[found[0]] = rel
    checker.check("GUIDs are unique 32-digit hex", problems)

    # Exactly the expected native libraries, nothing else native.
    natives = []
    for dirpath, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not skipped(d)]
        for name in files:
            if name.endswith(NATIVE_SUFFIXES):
                natives.append(os.path.relpath(os.path.join(dirpath, name), root).replace(os.sep, "/"))
    optional = sorted(set(natives) & (set(EXPECTED) - set(REQUIRED)))
    checker.check("native libraries are " + ", ".join(REQUIRED) + (" + " + ", ".join(optional) if optional else "") +
                  ", nothing else",
                  ["unexpected: " + n for n in sorted(set(natives) - set(EXPECTED))] +
                  ["missing: " + n for n in sorted(set(REQUIRED) - set(natives))])

    for rel, want in sorted(EXPECTED.items()):
        path = os.path.join(root, rel)
        if not os.path.exists(path):
            continue
        got = machine_of(path)
        checker.check("{} is a {} library for machine {:#x}".format(rel, *want["machine"]),
                      [] if got == want["machine"] else ["it is {} machine {:#x}".format(*got)])
        with open(path, "rb") as f:
            hooks = b"offerkit_test_" in f.read()
        checker.check(rel + " is a release build (no offerkit_test_* hooks)",
                      ["it names offerkit_test_* symbols"] if hooks else [])
        meta = path + ".meta"
        if not os.path.exists(meta):
            continue
        with open(meta, encoding="utf-8") as f:
            text = f.read()
        problems = []
        if "\nPluginImporter:\n" not in text:
            problems.append("not a PluginImporter .meta")
        flags, platforms = parse_plugin_meta(text)
        # Native libraries load when first called; nothing needs them at Editor start-up. A
        # project may override them with its own build of the same name.
        if flags.get("isPreloaded") != 0:
            problems.append("isPreloaded should be 0, is {}".format(flags.get("isPreloaded")))
        if flags.get("isOverridable") != 1:
            problems.append("isOverridable should be 1, is {}".format(flags.get("isOverridable")))
        for platform in PLATFORMS:
            entry = platforms.get(platform)
            if entry is None:
                problems.append("no entry for " + platform)
                continue
            settings = want["enabled"].get(platform)
            if settings is None:
                if entry["enabled"] != 0:
                    problems.append(platform + " is enabled")
                if entry["settings"].get("CPU") not in (None, "None", "AnyCPU", "ARMv7"):
                    problems.append(platform + " is disabled but has CPU " + entry["settings"]["CPU"])
                continue
            if entry["enabled"] != 1:
                problems.append(platform + " is not enabled")
            for key, value in settings.items():
                if entry["settings"].get(key) != value:
                    problems.append("{} {} is {}, should be {}".format(platform, key, entry["settings"].get(key), value))
        for platform in sorted(set(platforms) - set(PLATFORMS) - {"(exclusions)"}):
            if platforms[platform]["enabled"] != 0:
                problems.append("unexpected platform enabled: " + platform)
        exclusions = platforms.get("(exclusions)", {"settings": {}})["settings"]
        for key, value in exclusions.items():
            group = key[len("Exclude "):]
            enabled = any(p.split(": ")[-1] == group or p == group + ": " + group for p in want["enabled"])
            if value != ("0" if enabled else "1"):
                problems.append("{}: {} (enabled here: {})".format(key, value, enabled))
        name = ", ".join("{} {}".format(p, "/".join(v.values())) for p, v in want["enabled"].items())
        checker.check(rel + ".meta enables only " + name, problems)

    problems = []
    try:
        with open(os.path.join(root, "package.json"), encoding="utf-8") as f:
            package = json.load(f)
        if package.get("name") != "com.offerkit.client":
            problems.append("name is " + str(package.get("name")))
        if version and package.get("version") != version:
            problems.append("version is {}, should be {}".format(package.get("version"), version))
        for sample in package.get("samples", []):
            if not os.path.isdir(os.path.join(root, sample["path"])):
                problems.append("sample folder missing: " + sample["path"])
    except (OSError, ValueError) as e:
        problems.append(str(e))
    checker.check("package.json: name, version {}, samples present".format(version or "(any)"), problems)


def unpack(path, into):
    """The package folder of PACKAGE: itself, or the package/ folder of the unpacked tarball."""
    if os.path.isdir(path):
        return path
    with tarfile.open(path, "r:gz") as tar:
        members = tar.getmembers()
        outside = [m.name for m in members if m.name != "package" and not m.name.startswith("package/")]
        if outside:
            raise SystemExit("FAIL tarball has entries outside package/: " + ", ".join(outside[:5]))
        if hasattr(tarfile, "data_filter"):
            tar.extractall(into, filter="data")
        else:  # Python before 3.11.4: no extraction filters; names were checked above
            if any(m.name.startswith("/") or ".." in m.name.split("/") or m.issym() or m.islnk() for m in members):
                raise SystemExit("FAIL tarball has absolute paths, '..' or links")
            tar.extractall(into)
    return os.path.join(into, "package")


def self_test(root):
    """Each mutation of a copy must make at least one check fail."""
    def replace(rel, old, new):
        def apply(tree):
            path = os.path.join(tree, rel)
            with open(path, encoding="utf-8") as f:
                text = f.read()
            assert old in text, (rel, old)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text.replace(old, new, 1))
        return apply

    def remove(rel):
        return lambda tree: os.remove(os.path.join(tree, rel))

    def copy(src, dst):
        return lambda tree: shutil.copy(os.path.join(tree, src), os.path.join(tree, dst))

    arm = "Plugins/EmbeddedLinux/arm64/libofferkit.so"
    lin = "Plugins/Linux/x86_64/libofferkit.so"
    win = "Plugins/Windows/x86_64/offerkit.dll"
    mutations = {
        "arm64 library enabled in the Editor": replace(arm + ".meta", "      Editor: Editor\n    second:\n      enabled: 0",
                                                       "      Editor: Editor\n    second:\n      enabled: 1"),
        "arm64 library enabled for the x86_64 Linux player": replace(
            arm + ".meta", "      Standalone: Linux64\n    second:\n      enabled: 0\n      settings:\n        CPU: None",
            "      Standalone: Linux64\n    second:\n      enabled: 1\n      settings:\n        CPU: x86_64"),
        "Linux x86_64 library for the Windows Editor": replace(lin + ".meta", "OS: Linux", "OS: Windows"),
        "Windows DLL also for the 32-bit player": replace(
            win + ".meta", "      Standalone: Win\n    second:\n      enabled: 0", "      Standalone: Win\n    second:\n      enabled: 1"),
        "Windows DLL preloaded": replace(win + ".meta", "isPreloaded: 0", "isPreloaded: 1"),
        "a platform entry missing": replace(lin + ".meta", "      iPhone: iOS", "      tvOS: tvOS"),
        "a .meta missing": remove("Runtime/Click.cs.meta"),
        "a duplicate GUID": copy("Runtime/Click.cs.meta", "Runtime/ErrorKind.cs.meta"),
        "the arm64 library in the x86_64 folder": copy(arm, lin),
        "a wrong version": replace("package.json", '"version": "', '"version": "0.'),
        "an extra native library": copy(lin, "Runtime/libextra.so"),
        "a library with test hooks": lambda tree: open(os.path.join(tree, lin), "ab").write(b"offerkit_test_panic\0"),
    }
    caught, missed = 0, []
    clock = results_file.Clock()
    for name, mutate in mutations.items():
        with tempfile.TemporaryDirectory() as tmp:
            tree = os.path.join(tmp, "package")
            shutil.copytree(root, tree)
            mutate(tree)
            with open(os.path.join(root, "package.json"), encoding="utf-8") as f:
                version = json.load(f)["version"]
            checker = Checker(quiet=True)
            check_package(tree, version, checker)
            if checker.failed:
                caught += 1
                print("ok   self-test: caught " + name)
                results_file.write(SELF_TEST_SUITE, "caught " + name, "passed", clock.lap())
            else:
                missed.append(name)
                print("FAIL self-test: missed " + name)
                results_file.write(SELF_TEST_SUITE, "caught " + name, "failed", clock.lap(), "no check failed")
    print("{} passed, {} failed, 0 skipped".format(caught, len(missed)))
    return 0 if not missed and caught else 1


def main():
    args = sys.argv[1:]
    if not args or args[0].startswith("-"):
        print(__doc__.strip().split("\n\n")[1])
        return 2
    version = None
    if "--version" in args:
        version = args[args.index("--version") + 1]
    with tempfile.TemporaryDirectory() as tmp:
        root = unpack(args[0], tmp)
        if "--self-test" in args:
            return self_test(root)
        checker = Checker()
        check_package(root, version, checker)
        print("{} passed, {} failed, 0 skipped".format(checker.passed, checker.failed))
        return 0 if checker.failed == 0 and checker.passed else 1


if __name__ == "__main__":
    sys.exit(main())
