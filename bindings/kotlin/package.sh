#!/usr/bin/env bash
# Builds offerkit's Kotlin artifacts into DIST, so a JVM app adds one jar (plus its Maven
# dependencies) and an Android app gets the Gradle module as it is in this repository:
#
#   DIST/offerkit-kotlin-VERSION.jar           the compiled Kotlin layer (com.offerkit) and the
#                                              generated bindings (com.offerkit.internal), with
#                                              the native library of every desktop platform in
#                                              JNA's resource layout (JNA extracts and loads the
#                                              one of the running JVM), a manifest carrying
#                                              the version, and its Maven POM under META-INF/maven
#   DIST/offerkit-kotlin-VERSION.pom           that POM (JNA, kotlinx-coroutines, kotlin-stdlib at
#                                              the versions the tests run with)
#   DIST/offerkit-kotlin-VERSION-sources.jar   the Kotlin sources, for IDEs
#   DIST/offerkit-android-VERSION-sources.zip  the Android Gradle module (bindings/kotlin) with
#                                              the version stamped in gradle.properties, and
#                                              the jniLibs build-android.sh (NDK) made, if any
#
#   bindings/kotlin/package.sh DIST
#
# VERSION comes from scripts/version.sh. The native libraries come from
# ${OFFERKIT_NATIVE_DIR:-target/native}/PLATFORM (scripts/build-native.sh, run here for a
# platform that is missing when OFFERKIT_NATIVE_DIR is not set). The Kotlin compiler, JNA and
# kotlinx-coroutines come from scripts/install-uniffi-tools.sh, as for the tests.
# About 30 s (the Kotlin compile).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
source "$root/scripts/lib/package-common.sh"
package_args --create "$@"

# unzip reads the archives; a fresh Debian may lack it.
need unzip unzip
# JNA's resource prefix (com.sun.jna.Platform.RESOURCE_PREFIX) of each platform, and the file
# JNA looks for there when the generated code loads "offerkit_uniffi".
declare -A slot=(
  [linux-x86_64]=linux-x86-64/libofferkit_uniffi.so
  [linux-aarch64]=linux-aarch64/libofferkit_uniffi.so
  [windows-x86_64]=win32-x86-64/offerkit_uniffi.dll
)
for platform in linux-x86_64 linux-aarch64 windows-x86_64; do
  need_native "$platform" "$(basename "${slot[$platform]}")"
done

eval "$("$root/scripts/install-uniffi-tools.sh")" # sets KOTLIN_HOME (and VENV)
jna=/usr/share/java/jna.jar
coroutines="$KOTLIN_HOME/lib/kotlinx-coroutines-core-jvm.jar"
stdlib="$KOTLIN_HOME/lib/kotlin-stdlib.jar"
# The dependency versions the POM declares are those of the jars the tests run with.
manifest_value() { unzip -p "$1" META-INF/MANIFEST.MF | tr -d '\r' | sed -n "s/^$2: \([0-9.]*\).*/\1/p" | head -1; }
jna_version="$(manifest_value "$jna" Implementation-Version)"
stdlib_version="$(manifest_value "$stdlib" Implementation-Version)"
coroutines_version="$(unzip -p "$coroutines" META-INF/kotlinx_coroutines_core.version | tr -d '\r\n')"
for v in "$jna_version" "$stdlib_version" "$coroutines_version"; do
  [[ "$v" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "could not read a dependency's version ('$v')" >&2; exit 1; }
done

make_work
src="$root/bindings/kotlin/src/main/kotlin"

echo "kotlin: compiling com.offerkit (Kotlin $stdlib_version, JNA $jna_version, coroutines $coroutines_version)"
mkdir -p "$work/jar"
"$KOTLIN_HOME/bin/kotlinc-jvm" -nowarn -module-name offerkit -cp "$jna:$coroutines" \
  $(find "$src" -name '*.kt' | sort) -d "$work/jar"
for platform in "${!slot[@]}"; do
  mkdir -p "$work/jar/$(dirname "${slot[$platform]}")"
  cp "$native/$platform/$(basename "${slot[$platform]}")" "$work/jar/${slot[$platform]}"
done
# macOS, when the release workflow's Mac runner built the universal library: JNA looks under
# darwin-aarch64 or darwin-x86-64 by the JVM's architecture; the one file serves both.
mac="$native/macos-universal/libofferkit_uniffi.dylib"
if [[ -f "$mac" ]]; then
  for prefix in darwin-aarch64 darwin-x86-64; do
    mkdir -p "$work/jar/$prefix" && cp "$mac" "$work/jar/$prefix/"
  done
  echo "kotlin: with the macOS universal library"
fi

pom="$work/jar/META-INF/maven/com.offerkit/offerkit-kotlin/pom.xml"
mkdir -p "$(dirname "$pom")"
cat >"$pom" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.offerkit</groupId>
  <artifactId>offerkit-kotlin</artifactId>
  <version>$version</version>
  <packaging>jar</packaging>
  <name>offerkit for Kotlin/JVM</name>
  <description>Client of the Offer Personalization Service: coroutines API over the offerkit Rust library, with its native library for Linux x86_64, Linux arm64 and Windows x64.</description>
  <licenses>
    <license><name>MIT</name></license>
    <license><name>Apache-2.0</name></license>
  </licenses>
  <dependencies>
    <dependency>
      <groupId>org.jetbrains.kotlin</groupId>
      <artifactId>kotlin-stdlib</artifactId>
      <version>$stdlib_version</version>
    </dependency>
    <dependency>
      <groupId>org.jetbrains.kotlinx</groupId>
      <artifactId>kotlinx-coroutines-core-jvm</artifactId>
      <version>$coroutines_version</version>
    </dependency>
    <dependency>
      <groupId>net.java.dev.jna</groupId>
      <artifactId>jna</artifactId>
      <version>$jna_version</version>
      <scope>runtime</scope>
    </dependency>
  </dependencies>
</project>
EOF
printf 'groupId=com.offerkit\nartifactId=offerkit-kotlin\nversion=%s\n' "$version" \
  >"$(dirname "$pom")/pom.properties"

cat >"$work/MANIFEST.MF" <<EOF
Implementation-Title: offerkit-kotlin
Implementation-Version: $version
Implementation-Vendor: offerkit
Automatic-Module-Name: com.offerkit
EOF

jar_file="$dist/offerkit-kotlin-$version.jar"
rm -f "$jar_file"
jar --create --file "$jar_file" --manifest "$work/MANIFEST.MF" -C "$work/jar" .
cp "$pom" "$dist/offerkit-kotlin-$version.pom"
rm -f "$dist/offerkit-kotlin-$version-sources.jar"
jar --create --file "$dist/offerkit-kotlin-$version-sources.jar" -C "$src" .
echo "kotlin: $(basename "$jar_file") ($(stat -c %s "$jar_file") bytes)"

# The Android module: the files of bindings/kotlin that git tracks (but check-consumer-rules.py,
# which tests this repository), with the version Gradle reads from gradle.properties.
module="$work/offerkit-android-$version"
copy_tracked "$root/bindings/kotlin" "$module" check-consumer-rules.py tests example package.sh smoke.sh binding.toml
# Android libraries go in too when they exist: scripts/build-native.sh android (the release
# workflow runs it on a runner with the NDK) or build-android.sh in the module. Here there are
# none and the module's README says how to build them.
abis=()
for so in "$native"/android/*/libofferkit_uniffi.so "$root"/bindings/kotlin/src/main/jniLibs/*/libofferkit_uniffi.so; do
  [[ -f "$so" ]] || continue
  abi="$(basename "$(dirname "$so")")"
  mkdir -p "$module/src/main/jniLibs/$abi"
  cp "$so" "$module/src/main/jniLibs/$abi/"
  abis+=("$abi")
done
echo "kotlin: Android libraries in the module: ${abis[*]:-none (build-android.sh needs the NDK)}"
printf '# Written by bindings/kotlin/package.sh: the release this module belongs to.\nversion=%s\n' \
  "$version" >"$module/gradle.properties"
zip_file="$dist/offerkit-android-$version-sources.zip"
rm -f "$zip_file"
(cd "$work" && python3 -m zipfile -c "$zip_file" "offerkit-android-$version")
echo "kotlin: $(basename "$zip_file")"
