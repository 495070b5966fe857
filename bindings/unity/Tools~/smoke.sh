#!/usr/bin/env bash
# Smoke-tests the Unity package as a user gets it: the UPM tarball from bindings/unity/Tools~/package.sh,
# unpacked into a fresh temporary folder. Every offerkit source and library comes from the
# tarball; from the repository only the stand-in UnityEngine/UnityEditor types (bindings/unity/Tests~/stubs,
# playing the engine) and a small game-side program (bindings/unity/Tools~/smoke/UnityOffers.cs) are used.
#
#   bindings/unity/Tools~/smoke.sh DIST
#
# Checks: the tarball's import settings (check-unity-meta.py, and its self-test that the checks
# can fail); the unpacked runtime compiles for plain Mono, as a Unity player and as an Editor build
# against the stand-ins; both samples compile against it; a program calling OffersAsync runs on
# Mono against the simulator (loopback) through the tarball's Plugins/Linux/x86_64/libofferkit.so
# and prints the offers. The simulator: $OFFERKIT_SIM, else target/debug or target/release
# offerkit-sim, else built (cargo build -p offerkit-sim).
# Prints "ok   NAME" / "FAIL NAME" per check and "N passed, N failed, 0 skipped"; exit status 0
# only if nothing failed. Installs mono-mcs, mono-runtime and Mono's System.Net.Http when missing.
set -uo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
source "$root/scripts/lib/package-common.sh"
package_args --unity "$@"
tarball="$dist/com.offerkit.client-$version.tgz"
make_work

# (A tool that cannot be installed fails the checks that use it.)
need mcs mono-mcs
need mono mono-runtime
[[ -f /usr/lib/mono/4.5/System.Net.Http.dll ]] || { echo "Mono's System.Net.Http is missing (python3 -m harness tools apt)" >&2; exit 1; }

# ---- the user's side: unpack the tarball, nothing else from the repository ---------------------
pkg="$work/project/Packages/com.offerkit.client"
unpack() {
  [[ -f "$tarball" ]] || { echo "no $tarball (run bindings/unity/Tools~/package.sh DIST)"; return 1; }
  mkdir -p "$work/unpack" "$(dirname "$pkg")" &&
    tar -xzf "$tarball" -C "$work/unpack" &&
    mv "$work/unpack/package" "$pkg" &&
    [[ -z "$(ls -A "$work/unpack")" ]] # nothing outside package/
}
check "the tarball unpacks (npm pack layout: everything under package/)" unpack || finish
check "import settings, .meta files, GUIDs, libraries' machines, no test hooks, version $version" \
  "$root/bindings/unity/Tools~/check-meta.py" "$pkg" --version "$version"
check "the import-settings checker catches broken copies (self-test)" \
  "$root/bindings/unity/Tools~/check-meta.py" "$pkg" --self-test

# ---- compile what was unpacked -----------------------------------------------------------------
mcs_flags=(-nologo -warnaserror+ -r:System.dll -r:System.Core.dll -r:System.Net.Http.dll)
engine="$work/engine"
mkdir -p "$engine" "$work/bin"
stubs="$root/bindings/unity/Tests~/stubs"
check "stand-in UnityEngine and UnityEditor compile" bash -c \
  "mcs -nologo -warnaserror+ -target:library -out:'$engine/UnityEngine.dll' '$stubs'/UnityEngine*.cs &&
   mcs -nologo -warnaserror+ -target:library -out:'$engine/UnityEditor.dll' '$stubs/UnityEditor.cs'"
check "the package's runtime compiles for plain Mono" \
  mcs "${mcs_flags[@]}" -target:library -out:"$work/bin/OfferKit.dll" -recurse:"$pkg/Runtime/*.cs"
check "the package's runtime compiles as a Unity player build (stand-in engine)" \
  mcs "${mcs_flags[@]}" -target:library -define:UNITY_5_3_OR_NEWER -r:"$engine/UnityEngine.dll" \
  -out:"$work/bin/OfferKit.Player.dll" -recurse:"$pkg/Runtime/*.cs"
check "the package's runtime compiles as an Editor build (stand-in engine)" \
  mcs "${mcs_flags[@]}" -target:library -define:"UNITY_5_3_OR_NEWER;UNITY_EDITOR" -r:"$engine/UnityEngine.dll" \
  -r:"$engine/UnityEditor.dll" -out:"$work/bin/OfferKit.Editor.dll" -recurse:"$pkg/Runtime/*.cs"
for sample in "$pkg"/Samples~/*/; do
  name="$(basename "$sample")"
  check "sample $name compiles against the player build" \
    mcs "${mcs_flags[@]}" -target:library -r:"$engine/UnityEngine.dll" -r:"$work/bin/OfferKit.Player.dll" \
    -out:"$work/bin/Sample.$name.dll" -recurse:"$sample*.cs"
done

# ---- run it against the simulator --------------------------------------------------------------
start_sim
check "the simulator listens on loopback" test -n "$sim_url"
query() {
  local token output
  token=$(sim_token) || return 1
  mcs "${mcs_flags[@]}" -r:"$work/bin/OfferKit.dll" -out:"$work/bin/UnityOffers.exe" \
    "$root/bindings/unity/Tools~/smoke/UnityOffers.cs" || return 1
  output=$(cd "$work" && env -u MONO_PATH LD_LIBRARY_PATH="$pkg/Plugins/Linux/x86_64" \
    timeout 60 mono "$work/bin/UnityOffers.exe" "$sim_url" "$token" demo) || { echo "$output"; return 1; }
  echo "$output"
  grep -qx '5 offers for demo:' <<<"$output" &&
    [[ $(grep -c '^  ' <<<"$output") -eq 5 ]] &&
    grep -qx "library: $(realpath "$pkg")/Plugins/Linux/x86_64/libofferkit.so" <<<"$output"
}
check "OffersAsync on Mono through the tarball's libofferkit.so prints 5 offers for demo" query

finish
