#!/usr/bin/env python3
"""meta.py: Unity needs a .meta file (with a GUID) next to every file and folder of a package,
and ignores files without one when the package is immutable (installed from git or a registry).
This writes the missing ones, with GUIDs derived from the package name and the path (stable
across machines), and with --check only reports what is missing, orphaned or duplicated.
Folders and files whose name ends in '~' or starts with '.' are not imported by Unity: skipped.
The native libraries (NATIVE) are not committed, but their .meta files are (they carry the import
settings: which platform and CPU each library is for): those are never orphans, and this never
writes a meta for them."""
import hashlib
import os
import sys

PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAME = "com.offerkit.client"
# Built by scripts/build-native.sh (the first three) or the release workflow (the others) and
# added by bindings/unity/Tools~/package.sh; their .meta files are committed with the import settings
# (checked by bindings/unity/Tools~/check-meta.py).
NATIVE = (
    "Plugins/Windows/x86_64/offerkit.dll",
    "Plugins/Linux/x86_64/libofferkit.so",
    "Plugins/EmbeddedLinux/arm64/libofferkit.so",
    "Plugins/macOS/libofferkit.dylib",
    "Plugins/iOS/libofferkit.a",
    "Plugins/Android/arm64-v8a/libofferkit.so",
    "Plugins/Android/armeabi-v7a/libofferkit.so",
    "Plugins/Android/x86_64/libofferkit.so",
)

TAIL = "  externalObjects: {{}}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n"
TEMPLATES = {
    "folder": "fileFormatVersion: 2\nguid: {guid}\nfolderAsset: yes\nDefaultImporter:\n" + TAIL,
    ".cs": "fileFormatVersion: 2\nguid: {guid}\nMonoImporter:\n  externalObjects: {{}}\n  serializedVersion: 2\n"
           "  defaultReferences: []\n  executionOrder: 0\n  icon: {{instanceID: 0}}\n  userData: \n"
           "  assetBundleName: \n  assetBundleVariant: \n",
    ".asmdef": "fileFormatVersion: 2\nguid: {guid}\nAssemblyDefinitionImporter:\n" + TAIL,
    "package.json": "fileFormatVersion: 2\nguid: {guid}\nPackageManifestImporter:\n" + TAIL,
    "text": "fileFormatVersion: 2\nguid: {guid}\nTextScriptImporter:\n" + TAIL,
}


def skipped(name):
    return name.startswith(".") or name.endswith("~")


# The repository's files at the package's root that never ship in it (Tools~/package.sh leaves
# them out of the tarball): the binding's manifest for the test harness.
REPOSITORY_ONLY = {"binding.toml"}


def assets():
    for rel in NATIVE:
        yield os.path.normpath(rel), "native"
    for root, dirs, files in os.walk(PACKAGE):
        dirs[:] = sorted(d for d in dirs if not skipped(d))
        rel_root = os.path.relpath(root, PACKAGE)
        for d in dirs:
            yield os.path.normpath(os.path.join(rel_root, d)), "folder"
        for f in sorted(files):
            if skipped(f) or f.endswith(".meta") or (rel_root == "." and f in REPOSITORY_ONLY):
                continue
            rel = os.path.normpath(os.path.join(rel_root, f))
            if rel in (os.path.normpath(n) for n in NATIVE):
                continue
            if f == "package.json":
                yield rel, "package.json"
            elif f.endswith(".cs") or f.endswith(".asmdef"):
                yield rel, os.path.splitext(f)[1]
            else:
                yield rel, "text"


def guid(rel):
    return hashlib.md5((NAME + "/" + rel.replace(os.sep, "/")).encode("utf-8")).hexdigest()


def main():
    check = "--check" in sys.argv[1:]
    problems = []
    wanted = set()
    guids = {}
    for rel, kind in assets():
        meta = os.path.join(PACKAGE, rel + ".meta")
        wanted.add(os.path.normpath(meta))
        if not os.path.exists(meta):
            if check or kind == "native":
                problems.append("missing: " + rel + ".meta")
                continue
            with open(meta, "w", encoding="utf-8") as out:
                out.write(TEMPLATES[kind].format(guid=guid(rel)))
        with open(meta, encoding="utf-8") as f:
            lines = [l for l in f if l.startswith("guid: ")]
        if len(lines) != 1:
            problems.append("no guid in " + rel + ".meta")
            continue
        g = lines[0].split()[1]
        if g in guids:
            problems.append("duplicate guid " + g + ": " + rel + " and " + guids[g])
        guids[g] = rel
    for root, dirs, files in os.walk(PACKAGE):
        dirs[:] = [d for d in dirs if not skipped(d)]
        for f in files:
            path = os.path.normpath(os.path.join(root, f))
            if f.endswith(".meta") and path not in wanted:
                problems.append("orphaned: " + os.path.relpath(path, PACKAGE))
    for p in problems:
        print(p)
    print("{} assets, {} problems".format(len(wanted), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
