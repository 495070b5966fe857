#!/usr/bin/env bash
# The Kotlin binding's tests on the JVM (JNA, kotlinx-coroutines) against the simulator: the
# library compiled as its own module, the tests and the example against its jar, its public
# surface checked for uniffi names (javap), consumer-rules.pro against the generated code; the
# tests again against the shipping library, and against its mobile flavour (no transport of its
# own: every client then sends through HttpUrlConnectionExecutor, the JVM's HttpURLConnection
# standing in for Android's). Results for the harness (harness/RESULTS.md).
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
checks_suite=kotlin-checks
source bindings/uniffi/lib.sh

jna=/usr/share/java/jna.jar
coroutines="$KOTLIN_HOME/lib/kotlinx-coroutines-core-jvm.jar"
stdlib="$KOTLIN_HOME/lib/kotlin-stdlib.jar"

# Kotlin: the library (the committed generated code in com.offerkit.internal and the
# hand-written layer in com.offerkit) as a module of its own, then the tests and the example
# against its jar, as an app sees it: anything that reached into the generated code (internal
# to the library module) would not compile.
echo "==> kotlin"
kotlin_cp="$jna:$coroutines"
generated_kt=bindings/kotlin/src/main/kotlin/com/offerkit/internal/offerkit.kt
# Names of uniffi's plumbing, which the public surface must not show.
generated_names='FfiConverter|[Uu]niffi|RustBuffer'
# The public surface as javap shows it (public members of every class of com.offerkit and of
# the generated records and enums it re-exports), searched for the plumbing's names.
kotlin_surface() {
  local classes records listing
  classes=$(jar tf "$work/offerkit.jar" | grep -E '^com/offerkit/[^/]+\.class$' | sed 's/\.class$//; s#/#.#g')
  records=$(sed -nE 's/^(data|enum) class ([A-Za-z]+).*/com.offerkit.internal.\2/p' "$generated_kt")
  listing=$(javap -public -cp "$work/offerkit.jar" $classes $records) || return 1
  if ! grep -q 'class com.offerkit.OfferClient ' <<< "$listing"; then
    echo "javap did not list com.offerkit.OfferClient"
    return 1
  fi
  # The search does find the plumbing where it is, so finding nothing on the surface means something.
  grep -qE "$generated_names" <<<"$(javap -public -cp "$work/offerkit.jar" com.offerkit.internal.FfiConverterString)" || return 1
  if grep -E "$generated_names" <<< "$listing"; then
    echo "uniffi names on the public surface (above)"
    return 1
  fi
  echo "$(wc -l <<< "$classes") classes of com.offerkit and $(wc -l <<< "$records") re-exported records: no uniffi names"
}
if timeout 600 "$KOTLIN_HOME/bin/kotlinc-jvm" -nowarn -module-name offerkit -cp "$kotlin_cp" \
  $(find bindings/kotlin/src/main/kotlin -name '*.kt' | sort) -d "$work/offerkit.jar" 2>&1 &&
  timeout 600 "$KOTLIN_HOME/bin/kotlinc-jvm" -nowarn -module-name offerkit-tests -cp "$work/offerkit.jar:$kotlin_cp" \
    bindings/kotlin/tests/OfferkitTest.kt bindings/kotlin/example/Main.kt -d "$work/kotlin.jar" 2>&1; then
  ok "kotlin compile"
  classpath="$work/kotlin.jar:$work/offerkit.jar:$jna:$coroutines:$stdlib"
  check "kotlin public surface shows no uniffi names" kotlin_surface
  # R8 cannot run here: the rules are checked against the generated code instead.
  check "consumer-rules.pro keeps exactly what JNA reflects on" python3 bindings/kotlin/check-consumer-rules.py \
    --self-test bindings/kotlin/consumer-rules.pro "$generated_kt"
  # Under timeout: a failed test must not leave the JVM hanging on a non-daemon thread.
  OFFERKIT_EXPECT_TRANSPORT=builtin OFFERKIT_SUITE=kotlin-tests timeout 300 java -Djna.library.path="$lib_dir" -cp "$classpath" offerkittest.OfferkitTestKt
  runner kotlin-tests $?
  echo "==> kotlin example"
  OFFERKIT_BASE_URL="$OFFERKIT_SIM_URL" timeout 60 java -Djna.library.path="$lib_dir" \
    -cp "$classpath" example.MainKt 2>&1 | tee "$work/kotlin-example.log"
  if grep -q "^5 offers for demo-player:" "$work/kotlin-example.log"; then ok "kotlin example"; else fail "kotlin example"; fi
else
  fail "kotlin compile"
fi


# suite_against WHAT BUILD LIBRARY_DIR SUITE TRANSPORT: the suite once more, against the library
# BUILD makes in LIBRARY_DIR, through JNA's path; TRANSPORT is what hasBuiltinTransport() must say.
suite_against() {
  local what=$1 build=$2 dir=$3 suite=$4 transport=$5
  echo "==> $what build"
  if ! "$build"; then
    fail "$what build offerkit-uniffi"
    return
  fi
  if [ -f "$work/kotlin.jar" ] && [ -n "${classpath:-}" ]; then
    echo "==> kotlin tests ($what library)"
    OFFERKIT_EXPECT_TRANSPORT=$transport OFFERKIT_SUITE=$suite timeout 300 java -Djna.library.path="$dir" \
      -cp "$classpath" offerkittest.OfferkitTestKt
    runner "$suite" $?
  fi
}
# The shipping library (other optimisation, LTO, stripped).
suite_against release build_release "$release_dir" kotlin-tests-release builtin
# The mobile flavour: the whole suite through the platform's stack, HttpUrlConnectionExecutor
# (tests of offerkit's own transport report n/a: tests/na/lite-library.txt).
suite_against lite build_lite "$lite_dir" kotlin-tests-lite platform
finish
