#!/usr/bin/env bash
# Smoke-tests the Kotlin artifacts in DIST (bindings/kotlin/package.sh) as a JVM app uses them:
# in a fresh temporary directory, with only the jar and its dependency jars on the classpath
# (JNA, kotlinx-coroutines, kotlin-stdlib: what Maven would resolve from the POM; here the
# same jars the tests use, from scripts/install-uniffi-tools.sh), it compiles the Kotlin
# example (a copy: the user's program) and runs it against the simulator on loopback. JNA must
# find the native library inside the jar: no library path is set and no copy of it is on disk.
# It also lists the jar (classes, the three native libraries and their machines, manifest,
# POM) and the Android module's sources zip.
#
#   bindings/kotlin/smoke.sh DIST
#
# Prints "ok   NAME" / "FAIL NAME" per check and ends "N passed, N failed, 0 skipped"; exit 0
# only if nothing failed. The simulator is $OFFERKIT_SIM, else target/debug/offerkit-sim or
# target/release/offerkit-sim (built when neither exists). About 15 s (mostly the compile).
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
source "$root/scripts/lib/package-common.sh"
package_args "$@"
make_work

# unzip reads the archives; a fresh Debian may lack it.
need unzip unzip || exit 1

jar_file="$dist/offerkit-kotlin-$version.jar"
check "jar offerkit-kotlin-$version.jar exists" test -f "$jar_file"
[[ -f "$jar_file" ]] || finish
listing="$(unzip -l "$jar_file" | awk 'NR > 3 { print $4 }')"

# has_entries PATTERN...: every pattern (an extended regex) matches an entry of the jar.
has_entries() {
  local pattern
  for pattern in "$@"; do
    grep -qE "^$pattern\$" <<<"$listing" || { echo "no entry matching $pattern" >&2; return 1; }
  done
}
check "jar holds the API and the generated bindings" has_entries \
  'com/offerkit/OfferClient\.class' 'com/offerkit/ClientConfig\.class' \
  'com/offerkit/internal/UniffiLib\.class' 'META-INF/offerkit\.kotlin_module'
# native_is ENTRY MACHINE: the jar's ENTRY is a native library for MACHINE (its own header).
native_is() {
  local found
  found="$(unzip -p "$jar_file" "$1" | python3 "$root/scripts/lib/native-arch.py" -)"
  [[ "$found" == "-: $2" ]] || { echo "$1: ${found#-: }, expected $2" >&2; return 1; }
}
check "jar: linux-x86-64/libofferkit_uniffi.so is x86_64 ELF" native_is linux-x86-64/libofferkit_uniffi.so elf-x86_64
check "jar: linux-aarch64/libofferkit_uniffi.so is arm64 ELF" native_is linux-aarch64/libofferkit_uniffi.so elf-aarch64
check "jar: win32-x86-64/offerkit_uniffi.dll is x64 PE" native_is win32-x86-64/offerkit_uniffi.dll pe-x86_64
# The macOS library is there only when a Mac built it (the release workflow): then in both of
# JNA's darwin folders, one universal file.
desktop="linux-aarch64/libofferkit_uniffi.so linux-x86-64/libofferkit_uniffi.so win32-x86-64/offerkit_uniffi.dll"
if grep -q '^darwin-' <<<"$listing"; then
  check "jar: darwin-aarch64 and darwin-x86-64 hold the universal Mach-O library" eval \
    'native_is darwin-aarch64/libofferkit_uniffi.dylib macho-universal-aarch64+x86_64 &&
      native_is darwin-x86-64/libofferkit_uniffi.dylib macho-universal-aarch64+x86_64'
  desktop="darwin-aarch64/libofferkit_uniffi.dylib darwin-x86-64/libofferkit_uniffi.dylib $desktop"
fi
check "jar: exactly those native libraries" \
  test "$(grep -E '\.(so|dll|dylib)$' <<<"$listing" | sort | paste -sd' ')" = "$desktop"
check "jar manifest: Implementation-Version $version" \
  grep -qx "Implementation-Version: $version" <(unzip -p "$jar_file" META-INF/MANIFEST.MF | tr -d '\r')
pom_in_jar="$(unzip -p "$jar_file" META-INF/maven/com.offerkit/offerkit-kotlin/pom.xml)"
check "POM in the jar equals offerkit-kotlin-$version.pom" \
  test "$pom_in_jar" = "$(cat "$dist/offerkit-kotlin-$version.pom" 2>/dev/null)"
# pom_declares VERSION GROUP:ARTIFACT...: the POM (from the jar) is of VERSION and names each
# of those dependencies with a version.
pom_declares() {
  printf '%s' "$pom_in_jar" >"$work/pom.xml"
  python3 - "$work/pom.xml" "$@" <<'EOF'
import sys
import xml.etree.ElementTree as ET
ns = {"m": "http://maven.apache.org/POM/4.0.0"}
pom = ET.parse(sys.argv[1]).getroot()
version, wanted = sys.argv[2], sys.argv[3:]
if pom.findtext("m:version", namespaces=ns) != version:
    sys.exit(f"POM version {pom.findtext('m:version', namespaces=ns)}, expected {version}")
declared = {
    dep.findtext("m:groupId", namespaces=ns) + ":" + dep.findtext("m:artifactId", namespaces=ns)
    for dep in pom.iterfind("m:dependencies/m:dependency", ns)
    if dep.findtext("m:version", namespaces=ns)
}
missing = [w for w in wanted if w not in declared]
sys.exit(f"POM lacks {missing}" if missing else 0)
EOF
}
check "POM: version $version, depends on JNA, kotlinx-coroutines, kotlin-stdlib" pom_declares "$version" \
  net.java.dev.jna:jna org.jetbrains.kotlinx:kotlinx-coroutines-core-jvm org.jetbrains.kotlin:kotlin-stdlib
check "sources jar holds the Kotlin sources" \
  grep -qx 'com/offerkit/OfferClient.kt' <(unzip -l "$dist/offerkit-kotlin-$version-sources.jar" 2>/dev/null | awk 'NR > 3 { print $4 }')

# The Android module's sources: the Gradle files, the sources (generated included), the
# R8 rules, the NDK build script and the stamped version.
android_zip="$dist/offerkit-android-$version-sources.zip"
android_listing="$(unzip -l "$android_zip" 2>/dev/null | awk 'NR > 3 { print $4 }')"
android_has() {
  local entry
  for entry in build.gradle.kts settings.gradle.kts gradle.properties consumer-rules.pro build-android.sh \
    README.md src/main/kotlin/com/offerkit/OfferClient.kt src/main/kotlin/com/offerkit/internal/offerkit.kt; do
    grep -qx "offerkit-android-$version/$entry" <<<"$android_listing" || { echo "no $entry in $android_zip" >&2; return 1; }
  done
}
check "android sources zip holds the module" android_has
check "android module: gradle.properties sets version=$version" \
  grep -qx "version=$version" <(unzip -p "$android_zip" "offerkit-android-$version/gradle.properties" 2>/dev/null)

# jniLibs: none here (the NDK builds them); those the release workflow adds must each be built
# for the machine of its ABI directory.
android_abis_ok() {
  local entry abi want found
  for entry in $(grep -E '/src/main/jniLibs/[^/]+/[^/]+\.so$' <<<"$android_listing"); do
    abi="$(basename "$(dirname "$entry")")"
    case "$abi" in
      arm64-v8a) want=elf-aarch64 ;; armeabi-v7a) want=elf-arm ;; x86_64) want=elf-x86_64 ;; x86) want=elf-x86 ;;
      *) echo "unexpected ABI directory $abi" >&2; return 1 ;;
    esac
    found="$(unzip -p "$android_zip" "$entry" | python3 "$root/scripts/lib/native-arch.py" -)"
    [[ "$found" == "-: $want" ]] || { echo "$entry: ${found#-: }, expected $want" >&2; return 1; }
  done
}
check "android module: jniLibs absent or each built for its ABI" android_abis_ok

# The app: a directory of its own with the jars it depends on and its source.
eval "$("$root/scripts/install-uniffi-tools.sh")" >/dev/null # sets KOTLIN_HOME
app="$work/app"
mkdir -p "$app/libs"
cp "$jar_file" /usr/share/java/jna.jar "$KOTLIN_HOME/lib/kotlinx-coroutines-core-jvm.jar" \
  "$KOTLIN_HOME/lib/kotlin-stdlib.jar" "$app/libs/"
cp "$root/bindings/kotlin/example/Main.kt" "$app/"
cp_compile="libs/offerkit-kotlin-$version.jar:libs/jna.jar:libs/kotlinx-coroutines-core-jvm.jar"
check "example compiles against the jar" \
  bash -c "cd '$app' && timeout 600 '$KOTLIN_HOME/bin/kotlinc-jvm' -nowarn -cp '$cp_compile' Main.kt -d example.jar"
check "no copy of libofferkit_uniffi.so outside the jar" \
  test -z "$(find "$app" -name '*offerkit_uniffi*' -print)"

start_sim
check "simulator listening" test -n "$sim_url"
url="$sim_url"

# JNA's own report of where it loaded the library from (jna.debug_load), and nothing that
# would let it find the library elsewhere.
(cd "$app" && env -u LD_LIBRARY_PATH -u JNA_LIBRARY_PATH OFFERKIT_BASE_URL="$url" \
  timeout 120 java -Djna.debug_load=true -Djna.tmpdir="$work/jna-tmp" \
  -cp "example.jar:libs/offerkit-kotlin-$version.jar:libs/jna.jar:libs/kotlinx-coroutines-core-jvm.jar:libs/kotlin-stdlib.jar" \
  example.MainKt >"$work/run.out" 2>"$work/run.err")
rc=$?
check "example exits 0" test "$rc" -eq 0
check "example prints \"5 offers for demo-player:\" and five offers" \
  eval 'grep -q "^5 offers for demo-player:" "$work/run.out" && test "$(grep -c "^  " "$work/run.out")" -eq 5'
check "JNA loaded libofferkit_uniffi.so from the jar's linux-x86-64/ resource" \
  grep -qF "Found library resource at jar:file:$app/libs/offerkit-kotlin-$version.jar!/linux-x86-64/libofferkit_uniffi.so" "$work/run.err"
if ! checks_failed; then
  echo "--- example output"; cat "$work/run.out"; echo "--- example stderr (last 20 lines)"; tail -20 "$work/run.err"
fi
finish
