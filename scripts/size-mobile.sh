#!/usr/bin/env bash
# What a phone installs per ABI, measured on this Linux machine: the four ELF libraries (full and
# lite C ABI, uniffi and its mobile flavour) for x86_64 and arm64, as scripts/build-native.sh
# builds them for Linux, and linked again from the same static libraries the way an Android
# build links them (lld, relocations packed in Android's format, LLVM's unwinder linked in
# statically instead of glibc's shared libgcc_s). The Android NDK cannot be had here, so that
# second column is a reconstruction, not an Android build; the release workflow builds the real
# ones with the same flags (scripts/build-native.sh android).
#
#   scripts/size-mobile.sh [--skip-build]      prints a Markdown table (bytes, stripped)
#
# Needs Debian's libunwind-14-dev (x86_64; installed if missing) and the arm64 libunwind.a of
# the same package (downloaded into target/size-mobile/ with apt-get download, the arm64
# architecture added to dpkg for that download and removed again).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
source scripts/lib/shipping-build.sh
work="$root/target/size-mobile"
mkdir -p "$work"

if [[ "${1:-}" != --skip-build ]]; then
  scripts/build-native.sh linux-x86_64 >"$work/build-x86_64.log" 2>&1
  scripts/build-native.sh linux-aarch64 >"$work/build-aarch64.log" 2>&1
fi

sudo=()
[[ $(id -u) == 0 ]] || sudo=(sudo)
[[ -f /usr/lib/llvm-14/lib/libunwind.a ]] ||
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q libunwind-14-dev >/dev/null
unwind_arm64="$work/arm64/usr/lib/llvm-14/lib/libunwind.a"
if [[ ! -e "$unwind_arm64" ]]; then
  (cd "$work" && "${sudo[@]}" dpkg --add-architecture arm64 && "${sudo[@]}" apt-get update -qq &&
    apt-get download libunwind-14-dev:arm64 >/dev/null 2>&1) || true
  "${sudo[@]}" dpkg --remove-architecture arm64 || true
  "${sudo[@]}" apt-get update -qq || true
  deb=$(ls "$work"/libunwind-14-dev_*_arm64.deb 2>/dev/null | head -1)
  [[ -n "$deb" ]] && dpkg-deb -x "$deb" "$work/arm64"
fi

gcc_ld="$(rustc --print sysroot)/lib/rustlib/$shipping_host/bin/gcc-ld"
printf '{ global: offerkit_*; local: *; };\n' >"$work/c.map"
printf '{ global: ffi_offerkit_uniffi_*; uniffi_offerkit_uniffi_*; local: *; };\n' >"$work/uniffi.map"

# android_link CC STRIP UNWIND ARCHIVE MAP OUT: the archive linked as Android's build links it.
android_link() {
  local cc=$1 strip=$2 unwind=$3 archive=$4 map=$5 out=$6
  [[ -f "$unwind" ]] || { echo "-"; return; }
  "$cc" -shared -o "$out" -fuse-ld=lld -B"$gcc_ld" -Wl,--whole-archive "$archive" -Wl,--no-whole-archive \
    -Wl,--gc-sections -Wl,-z,relro,-z,now -Wl,-O1 -Wl,-z,max-page-size=16384 -Wl,--as-needed \
    -Wl,--version-script="$map" -Wl,--pack-dyn-relocs=android "$unwind" \
    -lutil -lrt -lpthread -lm -ldl -lc -nodefaultlibs -lgcc && "$strip" "$out" && stat -c %s "$out"
}

commas() { sed ':a;s/\B[0-9]\{3\}\>/,&/;ta' <<<"$1"; }

echo "| library | x86_64, Linux build | x86_64, linked as Android links it | arm64, Linux build | arm64, linked as Android links it |"
echo "| --- | ---: | ---: | ---: | ---: |"
# name : Linux file under target/native/linux-ARCH : shipping dir : static archive : exports
for row in "libofferkit.so (full C ABI):libofferkit.so:shipping:libofferkit.a:c" \
  "libofferkit_lite.so (C ABI, host HTTP):libofferkit_lite.so:shipping-lite:libofferkit.a:c" \
  "libofferkit_uniffi.so (Kotlin, Swift, Python):libofferkit_uniffi.so:shipping:libofferkit_uniffi.a:uniffi" \
  "libofferkit_uniffi.so, mobile flavour (offerkit-android):lite/libofferkit_uniffi.so:shipping-lite:libofferkit_uniffi.a:uniffi"; do
  IFS=: read -r name file dir archive map <<<"$row"
  line="| $name"
  for arch in x86_64:gcc:strip:/usr/lib/llvm-14/lib/libunwind.a aarch64:aarch64-linux-gnu-gcc:aarch64-linux-gnu-strip:"$unwind_arm64"; do
    IFS=: read -r a cc strip unwind <<<"$arch"
    linux="$root/target/native/linux-$a/$file"
    built="$(stat -c %s "$linux" 2>/dev/null || echo -)"
    android="$(android_link "$cc" "$strip" "$unwind" "$root/target/$dir/$a-unknown-linux-gnu/release/$archive" \
      "$work/$map.map" "$work/android-$a-$(basename "$file")-$dir.so" 2>/dev/null || echo -)"
    line+=" | $(commas "$built") | $(commas "$android")"
  done
  echo "$line |"
done
