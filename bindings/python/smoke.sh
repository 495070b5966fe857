#!/usr/bin/env bash
# Smoke-tests the Python distributions in DIST (bindings/python/package.sh) as a user installs
# them: a fresh venv in a temporary directory, `pip install --no-index` of the linux x86_64
# wheel, and the Python example (a copy: the user's program) run from there against the
# simulator on loopback. Checks that `import offerkit` resolves inside the venv and `pip show`
# reports the release version; that the arm64 and Windows wheels install for their platform
# (pip --platform --target), record their files correctly and carry a library for the right
# machine; that the arm64 one's library runs under qemu-aarch64 (through a small C program:
# there is no arm64 Python here; the Windows one is not run: no Windows Python either); and
# that the sdist holds what a source build needs.
#
#   bindings/python/smoke.sh DIST
#
# Prints "ok   NAME" / "FAIL NAME" per check and ends "N passed, N failed, 0 skipped"; exit 0
# only if nothing failed. The simulator is $OFFERKIT_SIM, else target/debug/offerkit-sim or
# target/release/offerkit-sim (built when neither exists). About 10 s.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
source "$root/scripts/lib/package-common.sh"
package_args "$@"
make_work

# unzip reads the archives; a fresh Debian may lack it.
need unzip unzip || exit 1

# one_file PATTERN: prints the single file of DIST matching the glob PATTERN.
one_file() {
  local found=("$dist"/$1)
  [[ ${#found[@]} -eq 1 && -f "${found[0]}" ]] && echo "${found[0]}"
}
x86="$(one_file "offerkit-$version-py3-none-manylinux_*_x86_64.whl")"
arm="$(one_file "offerkit-$version-py3-none-manylinux_*_aarch64.whl")"
win="$(one_file "offerkit-$version-py3-none-win_amd64.whl")"
sdist="$(one_file "offerkit-$version.tar.gz")"
check "one manylinux x86_64 wheel offerkit-$version-py3-none-manylinux_*_x86_64.whl" test -n "$x86"
check "one manylinux arm64 wheel" test -n "$arm"
check "one win_amd64 wheel" test -n "$win"
check "sdist offerkit-$version.tar.gz" test -n "$sdist"

# wheel_ok WHEEL LIBRARY MACHINE: the wheel's WHEEL tag is its file name's, every file matches
# its RECORD line, and offerkit/_native/LIBRARY is the only native library, built for MACHINE.
wheel_ok() {
  [[ -f "$1" ]] || return 1
  python3 - "$1" "$2" <<'EOF' || return 1
import base64, hashlib, os, sys, zipfile
wheel, library = sys.argv[1], sys.argv[2]
tag = os.path.basename(wheel)[:-4].split("-", 2)[2]
with zipfile.ZipFile(wheel) as z:
    names = z.namelist()
    meta = [n for n in names if n.endswith(".dist-info/WHEEL")][0]
    tags = [l[5:] for l in z.read(meta).decode().splitlines() if l.startswith("Tag: ")]
    if tags != [tag]:
        sys.exit(f"WHEEL says {tags}, the file name {tag}")
    record = [n for n in names if n.endswith(".dist-info/RECORD")][0]
    recorded = {}
    for line in z.read(record).decode().splitlines():
        path, digest, size = line.rsplit(",", 2)
        recorded[path] = (digest, size)
    for name in names:
        if name == record or name.endswith("/"):
            continue
        data = z.read(name)
        want = "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        if recorded.get(name) != (want, str(len(data))):
            sys.exit(f"RECORD does not match {name}")
    natives = [n for n in names if n.split("/")[-1].startswith(("libofferkit_uniffi", "offerkit_uniffi"))]
    if natives != ["offerkit/_native/" + library]:
        sys.exit(f"native libraries {natives}, expected offerkit/_native/{library}")
EOF
  local found
  found="$(unzip -p "$1" "offerkit/_native/$2" | python3 "$root/scripts/lib/native-arch.py" -)"
  [[ "$found" == "-: $3" ]] || { echo "$2 in $(basename "$1"): ${found#-: }, expected $3" >&2; return 1; }
}
check "x86_64 wheel: tag, RECORD, x86_64 ELF library" wheel_ok "$x86" libofferkit_uniffi.so elf-x86_64
check "arm64 wheel: tag, RECORD, arm64 ELF library" wheel_ok "$arm" libofferkit_uniffi.so elf-aarch64
check "windows wheel: tag, RECORD, x64 PE library" wheel_ok "$win" offerkit_uniffi.dll pe-x86_64
# The macOS wheel exists only when a Mac built the library (the release workflow).
mac="$(ls "$dist"/offerkit-"$version"-py3-none-macosx_*_universal2.whl 2>/dev/null | head -n 1)"
if [[ -n "$mac" ]]; then
  check "macOS wheel: tag, RECORD, universal Mach-O library" \
    wheel_ok "$mac" libofferkit_uniffi.dylib macho-universal-aarch64+x86_64
fi
# The arm64 wheel's library, run: no arm64 Python here, so a small C program calls its
# version() through the C ABI (the header of the Swift package) under qemu-aarch64.
arm_runs() {
  [[ -f "$arm" ]] && need aarch64-linux-gnu-gcc gcc-aarch64-linux-gnu && need qemu-aarch64 qemu-user || return 1
  mkdir -p "$work/arm" && unzip -p "$arm" offerkit/_native/libofferkit_uniffi.so >"$work/arm/libofferkit_uniffi.so" &&
    aarch64-linux-gnu-gcc -D_Nullable= -D_Nonnull= -I"$root/bindings/swift/Headers" \
      "$root/scripts/lib/uniffi-version.c" -L"$work/arm" -l:libofferkit_uniffi.so -o "$work/arm/uniffi-version" &&
    test "$(LD_LIBRARY_PATH="$work/arm" timeout 60 qemu-aarch64 -L /usr/aarch64-linux-gnu "$work/arm/uniffi-version")" = "$version"
}
check "arm64 wheel's library answers version() = $version under qemu-aarch64" arm_runs

# The user's pip: a fresh venv (also used for the platform installs just below).
check "fresh venv" python3 -m venv "$work/venv"
py="$work/venv/bin/python"
export PIP_ROOT_USER_ACTION=ignore PIP_DISABLE_PIP_VERSION_CHECK=1
# installs_for WHEEL: pip accepts the wheel's platform tag and installs it for that platform.
installs_for() {
  [[ -f "$1" ]] || return 1
  local tag
  tag="$(basename "$1" .whl)"
  tag="${tag##*-}"
  "$py" -m pip install -q --no-index --no-deps --only-binary=:all: \
    --platform "$tag" --target "$work/target-$tag" "$1" &&
    test -f "$work/target-$tag/offerkit/_native/offerkit.py"
}
check "pip installs the arm64 wheel for its platform" installs_for "$arm"
check "pip installs the windows wheel for its platform" installs_for "$win"

# The sdist: the Python package, its pyproject, and the Rust workspace subset it builds from.
sdist_has() {
  [[ -f "$sdist" ]] || return 1
  local listing entry
  listing="$(tar tzf "$sdist")" || return 1
  for entry in PKG-INFO pyproject.toml README.md Cargo.toml Cargo.lock \
    bindings/uniffi/Cargo.toml bindings/uniffi/uniffi.toml bindings/uniffi/src/lib.rs \
    bindings/uniffi-bindgen/Cargo.toml bindings/uniffi-bindgen/src/main.rs \
    bindings/common/Cargo.toml bindings/common/src/lib.rs core/Cargo.toml core/src/lib.rs \
    python/offerkit/__init__.py python/offerkit/py.typed; do
    grep -qx "offerkit-$version/$entry" <<<"$listing" || { echo "sdist lacks $entry" >&2; return 1; }
  done
}
check "sdist holds the package, the uniffi crate, its bindgen and the crates they build from" sdist_has
check "sdist PKG-INFO: Version $version" \
  grep -qx "Version: $version" <(tar xzf "$sdist" -O "offerkit-$version/PKG-INFO" 2>/dev/null)

[[ -n "$x86" ]] || finish
# The user's side: a venv and a program of their own, in a directory of their own.
app="$work/app"
mkdir -p "$app"
cp "$root/bindings/python/example/offers.py" "$app/"
check "pip install --no-index the x86_64 wheel" \
  "$py" -m pip install -q --no-index "$x86"
check "pip show offerkit: Version $version" \
  grep -qx "Version: $version" <("$py" -m pip show offerkit 2>/dev/null)
imported="$(cd "$app" && env -u PYTHONPATH "$py" -c 'import offerkit, offerkit._native.offerkit as m; print(offerkit.__file__); print(m.__file__); print(offerkit.__version__)' 2>&1)"
check "import offerkit resolves inside the venv" \
  eval '[[ "$(sed -n 1p <<<"$imported")" == "$work/venv/"*/site-packages/offerkit/__init__.py &&
          "$(sed -n 2p <<<"$imported")" == "$work/venv/"*/site-packages/offerkit/_native/offerkit.py ]]'
check "offerkit.__version__ (from the native library) is $version" test "$(sed -n 3p <<<"$imported")" = "$version"

start_sim
check "simulator listening" test -n "$sim_url"
url="$sim_url"

(cd "$app" && env -u PYTHONPATH OFFERKIT_BASE_URL="$url" timeout 60 "$py" offers.py >"$work/run.out" 2>"$work/run.err")
rc=$?
check "example exits 0" test "$rc" -eq 0
check "example prints \"5 offers for demo-player:\" and five offers" \
  eval 'grep -q "^5 offers for demo-player:" "$work/run.out" && test "$(grep -c "^  " "$work/run.out")" -eq 5'
if ! checks_failed; then
  echo "--- import"; echo "$imported"
  echo "--- example output"; cat "$work/run.out"; echo "--- example stderr"; tail -20 "$work/run.err"
fi
finish
