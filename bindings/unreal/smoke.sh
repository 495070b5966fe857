#!/usr/bin/env bash
# Smoke-tests the Unreal plugin as a user gets it: the zip from bindings/unreal/package.sh,
# unzipped into the Plugins/ folder of a fresh temporary project. Every offerkit header and
# library comes from the zip; from the repository only stand-ins for the engine
# (bindings/unreal/tests: UnrealBuildTool types, engine headers) and a small game-side program
# (bindings/unreal/smoke/unreal_offers.cpp, the subsystem's use of the bridge) are used.
#
#   bindings/unreal/smoke.sh DIST
#
# Checks: the zip's layout and VersionName; Build.cs, run for every platform against the stand-in
# UnrealBuildTool, names libraries that are in the zip (Win64, Linux, LinuxArm64 and whichever of
# Mac, IOS, Android it carries); the engine-facing sources type-check against the stand-in engine
# headers; the engine-free bridge (Private/OfferKitBridge.h) compiled as Unreal compiles (C++17,
# -fno-exceptions) against only the zip's include/ and lib/Linux/libofferkit.a fetches offers from
# the simulator (loopback); the same cross-compiled against lib/LinuxArm64/libofferkit.a runs
# under qemu-aarch64; lib/Win64/offerkit.dll.lib (llvm-nm) and offerkit.dll's export table list
# offerkit_client_new; no library carries test hooks. The simulator: $OFFERKIT_SIM, else
# target/debug or target/release offerkit-sim, else built (cargo build -p offerkit-sim).
# Prints "ok   NAME" / "FAIL NAME" per check and "N passed, N failed, 0 skipped"; exit status 0
# only if nothing failed. Installs g++, g++-aarch64-linux-gnu, qemu-user, llvm, mono when missing.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
source "$root/scripts/lib/package-common.sh"
package_args "$@"
zipfile="$dist/offerkit-unreal-$version.zip"
make_work

# (A tool that cannot be installed fails the checks that use it.)
need g++ g++
need aarch64-linux-gnu-g++ g++-aarch64-linux-gnu
need qemu-aarch64 qemu-user
need llvm-nm llvm
need llvm-readobj llvm
need mcs mono-mcs
need mono mono-runtime

# ---- the user's side: unzip into a project's Plugins/ ------------------------------------------
project="$work/MyGame"
plugin="$project/Plugins/OfferKit"
third="$plugin/Source/ThirdParty/offerkit"
module="$plugin/Source/OfferKit"
unpack() {
  [[ -f "$zipfile" ]] || { echo "no $zipfile (run bindings/unreal/package.sh DIST)"; return 1; }
  mkdir -p "$project/Plugins" && python3 -m zipfile -e "$zipfile" "$project/Plugins" &&
    [[ "$(ls -A "$project/Plugins")" == OfferKit ]] # one folder, nothing beside it
}
check "the zip unpacks into Plugins/OfferKit and nothing else" unpack || finish
layout() {
  local f problems=0
  for f in OfferKit.uplugin README.md Source/OfferKit/OfferKit.Build.cs Source/OfferKit/Private/OfferKitBridge.h \
    Source/OfferKit/Public/OfferKitSubsystem.h Source/ThirdParty/offerkit/include/offerkit.h \
    Source/ThirdParty/offerkit/include/offerkit.hpp Source/ThirdParty/offerkit/include/offerkit_click.hpp \
    Source/ThirdParty/offerkit/lib/Win64/offerkit.dll Source/ThirdParty/offerkit/lib/Win64/offerkit.dll.lib \
    Source/ThirdParty/offerkit/lib/Linux/libofferkit.a Source/ThirdParty/offerkit/lib/LinuxArm64/libofferkit.a; do
    [[ -f "$plugin/$f" ]] || { echo "missing $f"; problems=1; }
  done
  [[ ! -e "$plugin/Binaries" && ! -e "$plugin/Intermediate" ]] || { echo "Binaries/ or Intermediate/ shipped"; problems=1; }
  python3 - "$plugin/OfferKit.uplugin" "$version" <<'PY' || problems=1
import json, sys
p = json.load(open(sys.argv[1]))
assert p["VersionName"] == sys.argv[2], "VersionName %s, not %s" % (p["VersionName"], sys.argv[2])
assert [m["Name"] for m in p["Modules"]] == ["OfferKit"], p["Modules"]
allowed = p["Modules"][0]["PlatformAllowList"]
assert {"Win64", "Linux", "LinuxArm64"} <= set(allowed), allowed
PY
  ((problems == 0))
}
check "layout: .uplugin (VersionName $version), Build.cs, sources, headers, Win64/Linux/LinuxArm64 libraries" layout

# ---- Build.cs and the engine-facing sources, against stand-ins for the engine ------------------
present=Win64,Linux,LinuxArm64
[[ -f "$third/lib/Mac/libofferkit.a" ]] && present+=,Mac
[[ -f "$third/lib/IOS/libofferkit.a" ]] && present+=,IOS
[[ -f "$third/lib/Android/arm64-v8a/libofferkit.a" ]] && present+=,Android
build_rules() {
  mcs -nologo -warnaserror+ -r:System.dll -r:System.Core.dll -out:"$work/BuildRulesCheck.exe" \
    "$root/bindings/unreal/tests/UnrealBuildToolStub.cs" "$root/bindings/unreal/tests/BuildRulesCheck.cs" "$root/bindings/unity/Tests~/ResultsFile.cs" "$module/OfferKit.Build.cs" &&
    UBT_MODULE_DIRECTORY="$module" UBT_LIBRARIES_PRESENT="$present" timeout 60 mono "$work/BuildRulesCheck.exe"
}
check "Build.cs (stand-in UnrealBuildTool) names headers and libraries present in the zip ($present)" build_rules
engine_sources() {
  local flags=(-std=c++17 -fsyntax-only -fno-exceptions -Wall -Wextra -Werror -I"$root/bindings/unreal/tests/engine_stub"
    -I"$third/include" -I"$module/Private" -I"$module/Public")
  g++ "${flags[@]}" "$module/Private/OfferKitSubsystem.cpp" &&
    g++ "${flags[@]}" "$module/Private/OfferKitEngineHttpExecutor.cpp" &&
    g++ "${flags[@]}" "$module/Private/OfferKitModule.cpp" &&
    g++ "${flags[@]}" -DPLATFORM_WINDOWS=1 "$module/Private/OfferKitModule.cpp"
}
check "the engine-facing sources type-check with the zip's headers (stand-in engine headers)" engine_sources

# ---- the bridge against the simulator: Linux x86_64 and, under qemu, Linux arm64 ----------------
cxx_flags=(-std=c++17 -O1 -Wall -Wextra -Werror -pedantic -fno-exceptions -I"$module/Private" -I"$third/include")
system_libs=(-lpthread -ldl -lm -lrt -lutil)
check "the bridge links against lib/Linux/libofferkit.a (g++, C++17, -fno-exceptions)" \
  g++ "${cxx_flags[@]}" "$root/bindings/unreal/smoke/unreal_offers.cpp" "$third/lib/Linux/libofferkit.a" \
  "${system_libs[@]}" -o "$work/unreal_offers"
check "the bridge cross-links against lib/LinuxArm64/libofferkit.a (aarch64-linux-gnu-g++)" \
  aarch64-linux-gnu-g++ "${cxx_flags[@]}" "$root/bindings/unreal/smoke/unreal_offers.cpp" \
  "$third/lib/LinuxArm64/libofferkit.a" "${system_libs[@]}" -o "$work/unreal_offers_arm64"

start_sim
check "the simulator listens on loopback" test -n "$sim_url"
# offers RUNNER...: runs the program (through RUNNER) and checks what it printed.
offers() {
  local output
  output=$(timeout 120 "$@" "$sim_url" "$(sim_token)" demo) || { echo "$output"; return 1; }
  echo "$output"
  grep -qx '5 offers for demo:' <<<"$output" && [[ $(grep -c '^  ' <<<"$output") -eq 5 ]]
}
check "the bridge fetches 5 offers for demo from the simulator (x86_64, completion on the polling thread)" \
  offers "$work/unreal_offers"
check "the same under qemu-aarch64 (LinuxArm64 library)" \
  offers qemu-aarch64 -L /usr/aarch64-linux-gnu "$work/unreal_offers_arm64"

# ---- Windows: the import library Unreal links and the DLL it stages -----------------------------
win64() {
  local symbols exports
  symbols=$(llvm-nm "$third/lib/Win64/offerkit.dll.lib") || return 1
  grep -q ' T offerkit_client_new$' <<<"$symbols" && grep -q ' T __imp_offerkit_client_new$' <<<"$symbols" ||
    { echo "offerkit.dll.lib lacks offerkit_client_new"; return 1; }
  exports=$(llvm-readobj --coff-exports "$third/lib/Win64/offerkit.dll") || return 1
  grep -q 'Name: offerkit_client_new$' <<<"$exports" || { echo "offerkit.dll does not export offerkit_client_new"; return 1; }
  # Every function the import library promises, the DLL exports.
  local promised exported
  promised=$(sed -n 's/^[0-9a-f]* T __imp_//p' <<<"$symbols" | sort -u)
  exported=$(sed -n 's/^ *Name: //p' <<<"$exports" | sort -u)
  [[ -n "$promised" ]] && [[ -z "$(comm -23 <(echo "$promised") <(echo "$exported"))" ]] ||
    { echo "in the import library but not exported:"; comm -23 <(echo "$promised") <(echo "$exported"); return 1; }
}
check "lib/Win64: offerkit.dll.lib (llvm-nm) and offerkit.dll's exports list offerkit_client_new, and agree" win64
no_test_hooks() {
  local lib found=0
  for lib in "$third"/lib/*/libofferkit.a "$third"/lib/Android/*/libofferkit.a "$third/lib/Win64/offerkit.dll.lib"; do
    [[ -f "$lib" ]] || continue
    if grep -q ' T offerkit_test_' <<<"$(llvm-nm "$lib" 2>/dev/null)"; then
      echo "$lib has offerkit_test_* symbols"
      found=1
    fi
  done
  ((found == 0))
}
check "no library in the zip exports offerkit_test_* (release builds)" no_test_hooks

finish
