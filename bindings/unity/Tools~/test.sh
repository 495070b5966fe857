#!/usr/bin/env bash
# The tests of the Unity package (bindings/unity, C# on Mono). From the repository root:
#
#   bindings/unity/Tools~/test.sh
#
# 1. installs what a fresh Debian machine lacks (mono-mcs, mono-runtime, Mono's System.Net.Http,
#    g++, valgrind, python3, libcurl's headers);
# 2. builds offerkit-ffi (debug, with its test hooks) and the simulator, and takes private copies;
#    later the lite library (release, without the built-in transport, in target/lite);
# 3. Unity: checks the package's .meta files and manifests, compiles the runtime for plain Mono,
#    type-checks the Unity-only code and the samples against stand-in UnityEngine/UnityEditor types
#    (player, Editor, iOS, WebGL and Unity 2023.1+ builds), then runs the Mono test program (bindings/unity/Tests~)
#    against the simulator, including the P/Invoke declarations against include/offerkit.h: once against the
#    debug library with its test hooks, once against the shipping build (release, no test hooks),
#    where the tests that need the hooks are skipped; runs the executor tests and the suites that
#    go through HttpClientExecutor against the lite library (no built-in transport); runs the
#    coroutine and Awaitable adapters' and UnityWebRequestExecutor's tests in the same program
#    built with the engine's defines against working stand-ins; then, with programs built against OfferKit.dll
#    (bindings/unity/Tests~/lifetime), checks that a process that used a TokenProvider, a log handler,
#    every delivery mode and HttpClientExecutor exits after Main returns, and that an AppDomain that did the same unloads
#    after the package's Editor clean-up, printing both times;
# 4. (the Unreal plugin's tests are its own: bindings/unreal/test.sh);
# 5. builds and runs the console example (bindings/unity/Example~/PrintOffers.cs) against the simulator.
#
# Writes one result per check and per test (harness/RESULTS.md) for the harness to count; exit status
# 0 only if nothing failed. Logs: target/unity-tests/logs/.
set -uo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
cd "$root"
work="$root/target/unity-tests"
logs="$work/logs"
rm -rf "$work"
mkdir -p "$logs" "$work/lib" "$work/lib-shipping"
export RUST_BACKTRACE=0

sim_pid=""
lifetime_sim_pid=""
cleanup() {
  [[ -n "$lifetime_sim_pid" ]] && kill "$lifetime_sim_pid" 2>/dev/null
  [[ -n "$sim_pid" ]] && kill "$sim_pid" 2>/dev/null
}
trap cleanup EXIT

# step, suite, skip and finish: the frame of the C-ABI test scripts (each check and suite one result
# for the harness; logs in $logs).
checks_suite=unity-checks
source "$root/scripts/lib/suite.sh"

# ---- tools ------------------------------------------------------------------------------------
# Mono, g++, valgrind and libcurl's headers are the harness's to install (python3 -m harness tools apt).
[[ -f /usr/lib/mono/4.5/System.Net.Http.dll ]] || { record tools failed "Mono's System.Net.Http is missing (libmono-system-net-http4.0-cil)"; finish; }
for tool in mcs mono g++ python3; do
  command -v "$tool" >/dev/null || { record "tools" failed "$tool is required"; finish; }
done

# ---- builds -----------------------------------------------------------------------------------
build() {
  # One cargo invocation, then private copies: a concurrent build sharing target/ (without the
  # test hooks) may replace target/debug/libofferkit.so at any time, hence the retries.
  local attempt
  for attempt in 1 2 3; do
    cargo build -p offerkit-ffi -p offerkit-sim --features offerkit-ffi/test-hooks || return 1
    cp target/debug/libofferkit.so target/debug/libofferkit.a "$work/lib/" &&
      cp target/debug/offerkit-sim "$work/" || return 1
    nm -D "$work/lib/libofferkit.so" | grep ' T offerkit_test_panic_in_conversions$' >/dev/null && return 0
    echo "attempt $attempt: libofferkit.so lacks the test hooks (replaced by a concurrent build); building again"
  done
  return 1
}
step "build offerkit-ffi (test hooks) and offerkit-sim" build || { echo "nothing else can run"; finish; }
source "$root/scripts/lib/shipping-build.sh"
build_shipping() {
  # The library as it ships: release profile, default features (no test hooks), the standard
  # library rebuilt for size (scripts/build-native.sh's build, the same target directory, which
  # no build with the hooks shares).
  local symbols
  shipping_build "$root/target/shipping" "$shipping_host" -p offerkit-ffi || return 1
  cp "$(shipping_dir "$root/target/shipping" "$shipping_host")/libofferkit.so" "$work/lib-shipping/" || return 1
  # Read the symbols first: grep -q stops at the first match and, under pipefail, nm's broken
  # pipe would fail the check.
  symbols=$(nm -D "$work/lib-shipping/libofferkit.so") || return 1
  grep -q ' T offerkit_version$' <<<"$symbols" || return 1
  ! grep ' T offerkit_test_' <<<"$symbols" || { echo "the shipping libofferkit.so has test hooks"; return 1; }
}
step "build offerkit-ffi as shipped (release, no test hooks)" build_shipping

mcs_flags=(-nologo -warnaserror+ -r:System.dll -r:System.Core.dll -r:System.Net.Http.dll)
unity=bindings/unity
stubs=bindings/unity/Tests~/stubs

# ---- Unity ------------------------------------------------------------------------------------
step "unity: every asset has a .meta with a unique GUID" python3 "$unity/Tools~/meta.py" --check
manifests() {
  python3 - "$unity" <<'EOF'
import json, sys, os
root = sys.argv[1]
package = json.load(open(os.path.join(root, "package.json")))
assert package["name"] == "com.offerkit.client", package["name"]
for sample in package["samples"]:
    assert os.path.isdir(os.path.join(root, sample["path"])), sample["path"]
for path in ("Runtime/OfferKit.asmdef", "Samples~/OfferList/OfferKit.Samples.OfferList.asmdef"):
    json.load(open(os.path.join(root, path)))
changelog = open(os.path.join(root, "CHANGELOG.md")).read()
assert "[" + package["version"] + "]" in changelog, "CHANGELOG lacks " + package["version"]
print("manifests ok")
EOF
}
step "unity: package.json, asmdefs and CHANGELOG agree" manifests
step "unity: runtime compiles for plain Mono" \
  mcs "${mcs_flags[@]}" -target:library -out:"$work/OfferKit.dll" -recurse:"$unity/Runtime/*.cs"
# Two stand-in engines: one without Awaitable (before Unity 2023.1) and one with it.
mkdir -p "$work/unity2023"
step "unity: stand-in UnityEngine/UnityEditor compile (with and without Awaitable)" bash -c \
  "mcs -nologo -warnaserror+ -target:library -out:'$work/UnityEngine.dll' '$stubs'/UnityEngine*.cs &&
   mcs -nologo -warnaserror+ -target:library -define:UNITY_2023_1_OR_NEWER -out:'$work/unity2023/UnityEngine.dll' '$stubs'/UnityEngine*.cs &&
   mcs -nologo -warnaserror+ -target:library -out:'$work/UnityEditor.dll' '$stubs/UnityEditor.cs'"
step "unity: runtime type-checks as a Unity player build" \
  mcs "${mcs_flags[@]}" -target:library -define:UNITY_5_3_OR_NEWER -r:"$work/UnityEngine.dll" \
  -out:"$work/OfferKit.Player.dll" -recurse:"$unity/Runtime/*.cs"
step "unity: runtime type-checks as an Editor build" \
  mcs "${mcs_flags[@]}" -target:library -define:"UNITY_5_3_OR_NEWER;UNITY_EDITOR" \
  -r:"$work/UnityEngine.dll" -r:"$work/UnityEditor.dll" -out:"$work/OfferKit.Editor.dll" -recurse:"$unity/Runtime/*.cs"
step "unity: runtime type-checks as a Unity 2023.1+ player build (Awaitable adapter)" \
  mcs "${mcs_flags[@]}" -target:library -define:"UNITY_5_3_OR_NEWER;UNITY_2023_1_OR_NEWER" \
  -r:"$work/unity2023/UnityEngine.dll" -out:"$work/unity2023/OfferKit.dll" -recurse:"$unity/Runtime/*.cs"
step "unity: runtime type-checks as a WebGL player build (UnityWebRequestExecutor's header rules)" \
  mcs "${mcs_flags[@]}" -target:library -define:"UNITY_5_3_OR_NEWER;UNITY_WEBGL" -r:"$work/UnityEngine.dll" \
  -out:"$work/OfferKit.WebGL.dll" -recurse:"$unity/Runtime/*.cs"
ios_build() {
  mcs "${mcs_flags[@]}" -target:library -define:"UNITY_5_3_OR_NEWER;UNITY_IOS" -r:"$work/UnityEngine.dll" \
    -out:"$work/OfferKit.iOS.dll" -recurse:"$unity/Runtime/*.cs" &&
    grep -c __Internal "$work/OfferKit.iOS.dll" && ! grep -c __Internal "$work/OfferKit.Player.dll"
}
step "unity: iOS build imports from __Internal, others from offerkit" ios_build
step "unity: the OnGUI sample type-checks" \
  mcs "${mcs_flags[@]}" -target:library -r:"$work/UnityEngine.dll" -r:"$work/OfferKit.Player.dll" \
  -out:"$work/Sample.dll" "$unity/Samples~/OfferList/OfferListSample.cs"
step "unity: the UI Toolkit sample (offers with icons) type-checks" \
  mcs "${mcs_flags[@]}" -target:library -r:"$work/UnityEngine.dll" -r:"$work/OfferKit.Player.dll" \
  -out:"$work/SampleIcons.dll" -recurse:"$unity/Samples~/OfferListWithIcons/*.cs"
step "unity: C layout probe builds" bash -c \
  "gcc -std=c99 -Wall -Wextra -Werror -Iinclude -o '$work/abi_layout' bindings/unity/Tests~/abi_layout.c && '$work/abi_layout' > '$work/layout.txt'"
step "unity: the idle-pump benchmark compiles (Tools~/bench, run by scripts/bench.sh)" \
  mcs "${mcs_flags[@]}" -out:"$work/PumpIdle.exe" -recurse:"$unity/Runtime/*.cs" "$unity/Tools~/bench/PumpIdle.cs"
step "unity: test program compiles" \
  mcs "${mcs_flags[@]}" -out:"$work/OfferKitTests.exe" -recurse:"$unity/Runtime/*.cs" bindings/unity/Tests~/*.cs
suite unity-tests \
  env OFFERKIT_HEADER="$root/include/offerkit.h" OFFERKIT_LAYOUT="$work/layout.txt" LD_LIBRARY_PATH="$work/lib" \
  OFFERKIT_EXPECT_TEST_HOOKS=1 timeout 300 mono --debug "$work/OfferKitTests.exe" "$work/offerkit-sim"
if [[ -f "$work/lib-shipping/libofferkit.so" ]]; then
  suite unity-tests-shipping \
    env OFFERKIT_HEADER="$root/include/offerkit.h" OFFERKIT_LAYOUT="$work/layout.txt" LD_LIBRARY_PATH="$work/lib-shipping" \
    timeout 300 mono --debug "$work/OfferKitTests.exe" "$work/offerkit-sim"
fi

# The lite library as it ships (no built-in transport; the standard library rebuilt for size,
# as scripts/build-native.sh builds it, in the same target directory): the executor tests and
# the suites that run through HttpClientExecutor, the only way it sends.
build_lite() {
  shipping_build "$root/target/shipping-lite" "$shipping_host" -p offerkit-ffi --no-default-features &&
    mkdir -p "$work/lib-lite" &&
    cp "$(shipping_dir "$root/target/shipping-lite" "$shipping_host")/libofferkit.so" "$work/lib-lite/"
}
if step "build the lite library (release, without the built-in transport)" build_lite; then
  suite unity-tests-lite \
    env OFFERKIT_EXPECT_LITE=1 LD_LIBRARY_PATH="$work/lib-lite" \
    timeout 300 mono --debug "$work/OfferKitTests.exe" "$work/offerkit-sim" ExecutorTests.,HttpClientExecutor/
fi

# The coroutine and Awaitable adapters and the UnityWebRequest executor, built with the engine's
# defines against the working stand-ins, run against the simulator by the same test program
# (only their tests).
step "unity: engine-adapter test program compiles (Unity 2023.1+ defines)" \
  mcs "${mcs_flags[@]}" -define:"UNITY_5_3_OR_NEWER;UNITY_2023_1_OR_NEWER" -r:"$work/unity2023/UnityEngine.dll" \
  -out:"$work/unity2023/OfferKitEngineTests.exe" -recurse:"$unity/Runtime/*.cs" bindings/unity/Tests~/*.cs
suite unity-engine-adapters \
  env OFFERKIT_HEADER="$root/include/offerkit.h" OFFERKIT_LAYOUT="$work/layout.txt" LD_LIBRARY_PATH="$work/lib" \
  OFFERKIT_EXPECT_TEST_HOOKS=1 timeout 300 mono --debug "$work/unity2023/OfferKitEngineTests.exe" "$work/offerkit-sim" EngineAdapterTests.,UnityWebRequestExecutorTests.

# ---- Unity: what the library leaves behind in a managed host -----------------------------------
# Two programs built against OfferKit.dll like a game's code, each using a TokenProvider, a log
# handler and every delivery mode against a simulator of their own: one returns from Main and the
# process must exit (run under a timeout); one does it inside an AppDomain, runs the package's
# Editor clean-up (OfferKitLibrary.Shutdown) and unloads the domain on a watchdog. Each prints the
# time measured (exit after Main returned; AppDomain.Unload).
sim_token() {
  python3 -c '
import json, sys, urllib.request
opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
request = urllib.request.Request(sys.argv[1] + "/_sim/tokens", data=b"{}", method="POST")
print(json.load(opener.open(request))["access_token"])' "$1"
}
lifetime_url=""
"$work/offerkit-sim" --port 0 >"$work/lifetime-sim.out" 2>"$logs/lifetime-simulator.log" &
lifetime_sim_pid=$!
for _ in $(seq 1 1200); do
  [[ -s "$work/lifetime-sim.out" ]] && break
  sleep 0.05
done
lifetime_url=$(sed -n 's/^listening on //p' "$work/lifetime-sim.out" | head -n 1)
lifetime_programs() {
  mkdir -p "$work/lifetime" && cp "$work/OfferKit.dll" "$work/lifetime/" || return 1
  local program
  for program in ExitAfterMain UnloadDomain; do
    mcs "${mcs_flags[@]}" -r:"$work/lifetime/OfferKit.dll" -out:"$work/lifetime/$program.exe" \
      "bindings/unity/Tests~/lifetime/$program.cs" bindings/unity/Tests~/lifetime/UseEverything.cs || return 1
  done
}
step "unity: the lifetime programs compile against OfferKit.dll" lifetime_programs
exit_after_main() {
  local token output rc ended returned
  [[ -n "$lifetime_url" ]] || { echo "the simulator did not start"; return 1; }
  token=$(sim_token "$lifetime_url") || return 1
  output=$(LD_LIBRARY_PATH="$work/lib" timeout -k 5 20 mono "$work/lifetime/ExitAfterMain.exe" "$lifetime_url" "$token")
  rc=$?
  ended=$(date +%s%3N)
  echo "$output"
  returned=$(echo "$output" | sed -n 's/^main returns at //p')
  [[ -n "$returned" ]] || { echo "Main did not return (status $rc)"; return 1; }
  if [[ $rc -eq 124 ]]; then
    echo "did not exit: killed $((ended - returned)) ms after Main returned" | tee "$work/exit-after-main.txt"
    return 1
  fi
  echo "exited $((ended - returned)) ms after Main returned" | tee "$work/exit-after-main.txt"
  [[ $rc -eq 0 ]]
}
step "unity: a program that used tokens, logs and every delivery exits after Main" exit_after_main
[[ -f "$work/exit-after-main.txt" ]] && sed 's/^/     /' "$work/exit-after-main.txt"
unload_domain() {
  local token
  [[ -n "$lifetime_url" ]] || { echo "the simulator did not start"; return 1; }
  token=$(sim_token "$lifetime_url") || return 1
  (cd "$work/lifetime" && LD_LIBRARY_PATH="$work/lib" timeout -k 5 60 mono UnloadDomain.exe "$lifetime_url" "$token") |
    tee "$work/unload-domain.txt"
  [[ ${PIPESTATUS[0]} -eq 0 ]]
}
step "unity: an AppDomain that did the same unloads after the Editor clean-up" unload_domain
grep -E '^(unloaded|FAIL)' "$work/unload-domain.txt" 2>/dev/null | sed 's/^/     /'
kill "$lifetime_sim_pid" 2>/dev/null
lifetime_sim_pid=""

# ---- the console example, against the harness's simulator --------------------------------------
sim_url="${OFFERKIT_SIM_URL:-}"
if [[ -z "$sim_url" ]]; then
  record "example: bindings/unity/Example~/PrintOffers.cs prints offers and exits" failed "no simulator: OFFERKIT_SIM_URL is not set (scripts/test.sh --only unity/tests)"
else
  example() {
    local token output
    token=$(python3 -c '
import json, sys, urllib.request
opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
request = urllib.request.Request(sys.argv[1] + "/_sim/tokens", data=b"{}", method="POST")
print(json.load(opener.open(request))["access_token"])' "$sim_url") || return 1
    mcs "${mcs_flags[@]}" -out:"$work/PrintOffers.exe" -recurse:"$unity/Runtime/*.cs" bindings/unity/Example~/PrintOffers.cs &&
      output=$(OFFERKIT_BASE_URL="$sim_url" OFFERKIT_ACCESS_TOKEN="$token" LD_LIBRARY_PATH="$work/lib" \
        timeout 60 mono "$work/PrintOffers.exe" demo) || return 1
    echo "$output"
    [[ $(echo "$output" | wc -l) -eq 5 ]] # five offers, and the program exited by itself
  }
  step "example: bindings/unity/Example~/PrintOffers.cs prints offers and exits" example
fi

finish
