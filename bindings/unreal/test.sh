#!/usr/bin/env bash
# The Unreal plugin's tests (bindings/unreal/OfferKit), without an engine: the engine-free bridge
# compiled with g++ (-fno-exceptions and with exceptions, and clang++) and its tests against the
# simulator (plainly and under valgrind; then again with every request through a C++ HttpExecutor
# on libcurl, bindings/c/tests/curl_executor.c); the engine-facing sources syntax-checked against
# stand-in engine headers (tests/engine_stub); OfferKit.Build.cs run against a stand-in of
# UnrealBuildTool on Mono. Results for the harness (harness/RESULTS.md); exit status 0 only if
# nothing failed. Logs: target/unreal-tests/logs/.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
work="$root/target/unreal-tests"
logs="$work/logs"
rm -rf "$work"
mkdir -p "$logs" "$work/lib"
export RUST_BACKTRACE=0

# step, suite, skip and finish: the frame of the C-ABI test scripts (each check and suite one result
# for the harness; logs in $logs).
checks_suite=unreal-checks
source "$root/scripts/lib/suite.sh"

build() {
  # Copied at once: a concurrent build sharing target/ (without the hooks) may replace it.
  cargo build -p offerkit-ffi --features offerkit-ffi/test-hooks &&
    cp target/debug/libofferkit.so target/debug/libofferkit.a "$work/lib/"
}
step "build offerkit-ffi (test hooks)" build || finish
mcs_flags=(-nologo -warnaserror+ -r:System.dll -r:System.Core.dll -r:System.Net.Http.dll)

# ---- the bridge, the engine-facing sources and the build rules ---------------------------------
plugin=bindings/unreal/OfferKit/Source/OfferKit
cxx_includes=(-Iinclude -Ibindings/cpp -I"$plugin/Private")
# The tests' libcurl executor is the C suite's (bindings/c/tests/curl_executor.c), compiled as that suite does.
step "unreal: the test executor on libcurl compiles" \
  gcc -std=gnu11 -Wall -Wextra -Werror -Iinclude -c bindings/c/tests/curl_executor.c -o "$work/curl_executor.o"
# The results file's writer, shared with the C runners (bindings/c/tests/results.c).
step "unreal: the results file writer compiles" \
  gcc -std=c99 -Wall -Wextra -Werror -pedantic -c bindings/c/tests/results.c -o "$work/results.o"
step "unreal: bridge compiles like Unreal (C++17, -fno-exceptions)" \
  g++ -std=c++17 -Wall -Wextra -Werror -pedantic -fno-exceptions "${cxx_includes[@]}" -Ibindings/c/tests bindings/unreal/tests/test_bridge.cpp \
  "$work/curl_executor.o" "$work/results.o" -L"$work/lib" -lofferkit -lcurl -lpthread -o "$work/test_bridge"
step "unreal: bridge compiles with exceptions" \
  g++ -std=c++17 -Wall -Wextra -Werror -pedantic "${cxx_includes[@]}" -Ibindings/c/tests bindings/unreal/tests/test_bridge.cpp \
  "$work/curl_executor.o" "$work/results.o" -L"$work/lib" -lofferkit -lcurl -lpthread -o "$work/test_bridge_exceptions"
if command -v clang++ >/dev/null; then
  step "unreal: bridge compiles with clang++" \
    clang++ -std=c++17 -Wall -Wextra -Werror -pedantic -fno-exceptions "${cxx_includes[@]}" -Ibindings/c/tests -fsyntax-only bindings/unreal/tests/test_bridge.cpp
fi

sim_url="${OFFERKIT_SIM_URL:-}"
if [[ -z "$sim_url" ]]; then
  record "simulator" failed "no simulator: OFFERKIT_SIM_URL is not set (scripts/test.sh --only unreal/tests)"
else
  suite unreal-bridge \
    env OFFERKIT_SIM_URL="$sim_url" LD_LIBRARY_PATH="$work/lib" timeout 120 "$work/test_bridge"
  suite unreal-bridge-exceptions \
    env OFFERKIT_SIM_URL="$sim_url" LD_LIBRARY_PATH="$work/lib" timeout 120 "$work/test_bridge_exceptions"
  if command -v valgrind >/dev/null; then
    suite unreal-bridge-valgrind \
      env OFFERKIT_SIM_URL="$sim_url" LD_LIBRARY_PATH="$work/lib" timeout 300 valgrind -q --leak-check=full \
      --errors-for-leak-kinds=definite,indirect --error-exitcode=3 "$work/test_bridge"
  fi
  suite unreal-bridge-curl \
    env OFFERKIT_BRIDGE_EXECUTOR=curl OFFERKIT_SIM_URL="$sim_url" LD_LIBRARY_PATH="$work/lib" timeout 120 "$work/test_bridge"
  suite unreal-bridge-curl-exceptions \
    env OFFERKIT_BRIDGE_EXECUTOR=curl OFFERKIT_SIM_URL="$sim_url" LD_LIBRARY_PATH="$work/lib" timeout 120 "$work/test_bridge_exceptions"
  if command -v valgrind >/dev/null; then
    suite unreal-bridge-curl-valgrind \
      env OFFERKIT_BRIDGE_EXECUTOR=curl OFFERKIT_SIM_URL="$sim_url" LD_LIBRARY_PATH="$work/lib" timeout 300 valgrind -q \
      --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=3 "$work/test_bridge"
  fi
fi

engine_sources() {
  local flags=(-std=c++17 -fsyntax-only -fno-exceptions -Wall -Wextra -Werror -Ibindings/unreal/tests/engine_stub
    "${cxx_includes[@]}" -I"$plugin/Public")
  g++ "${flags[@]}" "$plugin/Private/OfferKitSubsystem.cpp" &&
    g++ "${flags[@]}" "$plugin/Private/OfferKitEngineHttpExecutor.cpp" &&
    g++ "${flags[@]}" "$plugin/Private/OfferKitModule.cpp" &&
    g++ "${flags[@]}" -DPLATFORM_WINDOWS=1 "$plugin/Private/OfferKitModule.cpp"
}
step "unreal: engine-facing sources against stand-in engine headers" engine_sources
step "unreal: uplugin is valid JSON naming the module" python3 -c '
import json, sys
p = json.load(open("bindings/unreal/OfferKit/OfferKit.uplugin"))
assert [m["Name"] for m in p["Modules"]] == ["OfferKit"], p["Modules"]'
step "unreal: Build.cs compiles against a stand-in UnrealBuildTool" \
  mcs "${mcs_flags[@]}" -out:"$work/BuildRulesCheck.exe" bindings/unreal/tests/UnrealBuildToolStub.cs \
  bindings/unreal/tests/BuildRulesCheck.cs "bindings/unity/Tests~/ResultsFile.cs" "$plugin/OfferKit.Build.cs"
suite unreal-build-rules \
  env UBT_MODULE_DIRECTORY="$root/$plugin" timeout 60 mono "$work/BuildRulesCheck.exe"

finish
