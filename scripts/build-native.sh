#!/usr/bin/env bash
# Builds the native libraries every package ships, for one platform, into
# target/native/PLATFORM/ — the one place scripts/package.sh and the release workflow take them
# from. The same script runs here (Linux x86_64 host; arm64 and Windows by cross-compiling) and
# on the hosted runners of .github/workflows/release.yml.
#
#   scripts/build-native.sh PLATFORM [--skip-install]
#
# PLATFORM        what target/native/PLATFORM/ then holds (release profile, no test hooks)
#   linux-x86_64    libofferkit.so .a, libofferkit_lite.so .a, libofferkit_uniffi.so,
#                   libofferkit_godot.so (the Godot addon's GDExtension), and lite/
#                   libofferkit_uniffi.so (the uniffi library without its transport: the mobile
#                   flavour, built here to be measured and checked with the rest)
#   linux-aarch64   the same, for arm64 (cross: gcc-aarch64-linux-gnu)
#   windows-x86_64  offerkit.dll, libofferkit.dll.a (MinGW import library), offerkit.dll.lib (MSVC
#                   import library, from the .def by llvm-dlltool), libofferkit.a, offerkit.def;
#                   the same for offerkit_lite; offerkit_uniffi.dll, offerkit_godot.dll (cross:
#                   mingw-w64)
#
#
# The platforms this machine cannot link run on the release workflow's hosted runners, with the
# same script (each branch below says what it needs; none of them runs here):
#   android         target/native/android/ABI/{libofferkit.so,libofferkit.a,libofferkit_uniffi.so}
#                   for arm64-v8a, armeabi-v7a, x86_64, and libofferkit_godot.so for arm64-v8a and
#                   x86_64, the ABIs the addon's .gdextension names; the mobile flavours (no
#                   built-in transport) of the C and uniffi libraries in android/lite/ABI/
#                   (Android NDK r27+ in ANDROID_NDK_HOME, cargo-ndk; 16 KB page alignment)
#   macos-universal libofferkit.dylib/.a, libofferkit_uniffi.dylib, libofferkit_godot.dylib
#                   (arm64 + x86_64, lipo; Xcode)
#   ios             libofferkit.a (device), libofferkit-simulator.a (arm64 + x86_64 simulator),
#                   the same of the lite C library in lite/,
#                   OfferKitFFI.xcframework (bindings/swift/build-xcframework.sh),
#                   libofferkit_godot.dylib (device; Godot's iOS export wraps it in a framework)
#                   (Xcode)
#   windows-x86_64-msvc  offerkit.dll, offerkit.dll.lib and offerkit.lib (static) built by MSVC,
#                   offerkit_uniffi.dll (Visual Studio build tools; Git Bash); the Godot addon
#                   ships the MinGW offerkit_godot.dll of windows-x86_64
#
# "lite" is offerkit-ffi without its default `builtin-http` feature: no built-in HTTP, TLS or
# sockets; every client gets a host HTTP executor. It builds in target/lite so the two never
# replace each other's files. The platforms this machine cannot link (Android, iOS, macOS,
# Windows MSVC) are built by the release workflow with their own commands (README, "Releases").
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
source "$root/scripts/lib/shipping-build.sh"
platform="${1:-}"
install=1
[[ "${2:-}" == --skip-install ]] && install=0

case "$platform" in
  linux-x86_64) triple="" ;;
  linux-aarch64) triple=aarch64-unknown-linux-gnu ;;
  windows-x86_64) triple=x86_64-pc-windows-gnu ;;
  android | macos-universal | ios | windows-x86_64-msvc) triple="" ;;
  *) echo "usage: $0 linux-x86_64|linux-aarch64|windows-x86_64|android|macos-universal|ios|windows-x86_64-msvc [--skip-install]" >&2; exit 2 ;;
esac
out="$root/target/native/$platform"

# ---- platforms built on hosted runners only ----------------------------------------------------
# (release profile as below; `-p` per crate so features never unify)
case "$platform" in
  android)
    : "${ANDROID_NDK_HOME:?set ANDROID_NDK_HOME to the Android NDK (r27 or later)}"
    rustup target add aarch64-linux-android armv7-linux-androideabi x86_64-linux-android
    command -v cargo-ndk >/dev/null || cargo install cargo-ndk --locked
    rm -rf "$out" && mkdir -p "$out"
    # As every shipping build (scripts/lib/shipping-build.sh): the standard library rebuilt for
    # size, trimmed paths, no panic locations, linked through link-shipping.sh (no uniffi
    # metadata exported) with the NDK's clang. Plus, for Android: 16 KB page alignment, which
    # Google Play requires of apps targeting Android 15+, and relocations packed in Android's
    # format (API 23+; what the platform's own build does below API 28, where the NDK's clang
    # starts packing them itself): 17–57 KB smaller libraries.
    shipping_rust_src
    export RUSTC_BOOTSTRAP=1
    # The linker wrapper as a rustflag, as shipping_build passes it (target units only).
    export RUSTFLAGS="-C link-arg=-Wl,-z,max-page-size=16384 -C link-arg=-Wl,--pack-dyn-relocs=android ${shipping_rustflags[*]} -Clinker=$shipping_linker"
    api=24
    ndk_bin="$(echo "$ANDROID_NDK_HOME"/toolchains/llvm/prebuilt/*/bin)"
    # ABI : Rust target : the NDK's clang for it (without the API level)
    for abi in arm64-v8a:aarch64-linux-android:aarch64-linux-android \
      armeabi-v7a:armv7-linux-androideabi:armv7a-linux-androideabi x86_64:x86_64-linux-android:x86_64-linux-android; do
      IFS=: read -r name triple clang <<<"$abi"
      crates=(offerkit-ffi offerkit-uniffi)
      # The Godot addon: the two ABIs its .gdextension names (android.arm64, android.x86_64).
      [[ "$name" == armeabi-v7a ]] || crates+=(offerkit-godot)
      ndk_build() { # OUT CARGO_BUILD_ARGS...
        local dir="$1"
        shift
        OFFERKIT_LINKER="$ndk_bin/$clang$api-clang" cargo ndk -t "$name" -P "$api" -o "$dir" \
          build --release "${shipping_flags[@]}" "$@"
      }
      for crate in "${crates[@]}"; do ndk_build "$out" -p "$crate"; done
      # cargo-ndk copies the shared libraries; the static C library is taken from the target dir.
      cp "$root/target/$triple/release/libofferkit.a" "$out/$name/"
      # The mobile flavours (no built-in transport: the platform's HTTP stack through an
      # executor) in lite/ABI/: the uniffi library of offerkit-android, the C library Unity's
      # and Unreal's Android builds ship (libofferkit.so, libofferkit.a).
      ndk_build "$out/lite" -p offerkit-uniffi --no-default-features
      ndk_build "$out/lite" -p offerkit-ffi --no-default-features
      cp "$root/target/$triple/release/libofferkit.a" "$out/lite/$name/"
    done
    python3 "$root/scripts/check-release-lib.py" "$out"
    exit
    ;;
  macos-universal)
    rustup target add aarch64-apple-darwin x86_64-apple-darwin
    rm -rf "$out" && mkdir -p "$out"
    for t in aarch64-apple-darwin x86_64-apple-darwin; do
      shipping_build "$root/target" "$t" -p offerkit-ffi
      shipping_build "$root/target" "$t" -p offerkit-uniffi
      shipping_build "$root/target" "$t" -p offerkit-godot
    done
    for f in libofferkit.dylib libofferkit.a libofferkit_uniffi.dylib libofferkit_godot.dylib; do
      lipo -create "$root/target/aarch64-apple-darwin/release/$f" "$root/target/x86_64-apple-darwin/release/$f" -output "$out/$f"
    done
    # Loaded from beside the app or plugin, not from the build machine's path.
    install_name_tool -id @rpath/libofferkit.dylib "$out/libofferkit.dylib"
    install_name_tool -id @rpath/libofferkit_uniffi.dylib "$out/libofferkit_uniffi.dylib"
    install_name_tool -id @rpath/libofferkit_godot.dylib "$out/libofferkit_godot.dylib"
    exit
    ;;
  ios)
    rustup target add aarch64-apple-ios aarch64-apple-ios-sim x86_64-apple-ios
    rm -rf "$out" && mkdir -p "$out"
    for t in aarch64-apple-ios aarch64-apple-ios-sim x86_64-apple-ios; do
      shipping_build "$root/target" "$t" -p offerkit-ffi
    done
    cp "$root/target/aarch64-apple-ios/release/libofferkit.a" "$out/libofferkit.a"
    lipo -create "$root/target/aarch64-apple-ios-sim/release/libofferkit.a" "$root/target/x86_64-apple-ios/release/libofferkit.a" \
      -output "$out/libofferkit-simulator.a"
    # The mobile flavour of the C library (no built-in transport), which Unity's and Unreal's iOS
    # builds ship: lite/libofferkit.a, lite/libofferkit-simulator.a.
    for t in aarch64-apple-ios aarch64-apple-ios-sim x86_64-apple-ios; do
      shipping_build "$root/target/shipping-lite" "$t" -p offerkit-ffi --no-default-features
    done
    mkdir -p "$out/lite"
    cp "$root/target/shipping-lite/aarch64-apple-ios/release/libofferkit.a" "$out/lite/libofferkit.a"
    lipo -create "$root/target/shipping-lite/aarch64-apple-ios-sim/release/libofferkit.a" \
      "$root/target/shipping-lite/x86_64-apple-ios/release/libofferkit.a" -output "$out/lite/libofferkit-simulator.a"
    "$root/bindings/swift/build-xcframework.sh"
    cp -R "$root/bindings/swift/OfferKitFFI.xcframework" "$out/"
    # The Godot addon's GDExtension for devices (the .gdextension's `ios` entry).
    shipping_build "$root/target" aarch64-apple-ios -p offerkit-godot
    cp "$root/target/aarch64-apple-ios/release/libofferkit_godot.dylib" "$out/"
    install_name_tool -id @rpath/libofferkit_godot.dylib "$out/libofferkit_godot.dylib"
    exit
    ;;
  windows-x86_64-msvc)
    rustup target add x86_64-pc-windows-msvc
    rm -rf "$out" && mkdir -p "$out"
    cargo build --release -p offerkit-ffi --target x86_64-pc-windows-msvc
    cargo build --release -p offerkit-uniffi --target x86_64-pc-windows-msvc
    msvc="$root/target/x86_64-pc-windows-msvc/release"
    cp "$msvc/offerkit.dll" "$msvc/offerkit.dll.lib" "$msvc/offerkit.lib" "$msvc/offerkit_uniffi.dll" "$out/"
    exit
    ;;
esac

# apt_need COMMAND PACKAGE: installs PACKAGE when COMMAND is missing (root, Debian).
apt_need() {
  command -v "$1" >/dev/null 2>&1 && return 0
  local sudo=()
  [[ $(id -u) == 0 ]] || sudo=(sudo)
  ((install)) && command -v apt-get >/dev/null && { [[ -z "${sudo[*]}" ]] || command -v sudo >/dev/null; } ||
    { echo "$1 is missing (Debian package $2)" >&2; return 1; }
  echo "installing $2"
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null 2>&1 ||
    { "${sudo[@]}" apt-get update -qq >/dev/null && "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null; }
}

target_args=()
if [[ -n "$triple" ]]; then
  target_args=(--target "$triple")
  grep -qx "$triple" <<<"$(rustup target list --installed)" || rustup target add "$triple"
fi
case "$platform" in
  linux-aarch64)
    apt_need aarch64-linux-gnu-gcc gcc-aarch64-linux-gnu
    export CC_aarch64_unknown_linux_gnu=aarch64-linux-gnu-gcc AR_aarch64_unknown_linux_gnu=aarch64-linux-gnu-ar
    ;;
  windows-x86_64)
    apt_need x86_64-w64-mingw32-gcc gcc-mingw-w64-x86-64
    apt_need llvm-dlltool llvm
    ;;
esac

rm -rf "$out"
mkdir -p "$out"
# built DIR: where cargo puts this platform's release artifacts under target dir DIR.
built() { echo "$1/${triple:+$triple/}release"; }

# -p each: one invocation would unify the crates' features.
if [[ "$platform" == linux-* ]]; then
  # Linux (and so the ELF libraries the size budgets are checked on, as Android's would be): the
  # standard library rebuilt for size (scripts/lib/shipping-build.sh), in target directories of
  # their own, which bindings/c/test.sh's and the Unity tests' shipping builds share.
  linux_triple="${triple:-x86_64-unknown-linux-gnu}"
  for crate in offerkit-ffi offerkit-uniffi offerkit-godot; do
    shipping_build "$root/target/shipping" "$linux_triple" -p "$crate"
  done
  shipping_build "$root/target/shipping-lite" "$linux_triple" -p offerkit-ffi --no-default-features
  shipping_build "$root/target/shipping-lite" "$linux_triple" -p offerkit-uniffi --no-default-features
  full="$(shipping_dir "$root/target/shipping" "$linux_triple")"
  lite="$(shipping_dir "$root/target/shipping-lite" "$linux_triple")"
else
  # Windows (desktop only): the prebuilt standard library.
  cargo build --release -p offerkit-ffi "${target_args[@]}"
  CARGO_TARGET_DIR="$root/target/lite" cargo build --release -p offerkit-ffi --no-default-features "${target_args[@]}"
  cargo build --release -p offerkit-uniffi "${target_args[@]}"
  cargo build --release -p offerkit-godot "${target_args[@]}"
  full="$(built "$root/target")" lite="$(built "$root/target/lite")"
fi

if [[ "$platform" == linux-* ]]; then
  cp "$full/libofferkit.so" "$full/libofferkit.a" "$full/libofferkit_uniffi.so" "$full/libofferkit_godot.so" "$out/"
  cp "$lite/libofferkit.so" "$out/libofferkit_lite.so"
  cp "$lite/libofferkit.a" "$out/libofferkit_lite.a"
  # The uniffi library without its transport, the mobile flavour (Android's lite/ABI/): built
  # here so that its size is measured and checked on both ABIs with the rest.
  mkdir -p "$out/lite" && cp "$lite/libofferkit_uniffi.so" "$out/lite/"
  strip_tool=strip
  [[ "$platform" == linux-aarch64 ]] && strip_tool=aarch64-linux-gnu-strip
  # Shared libraries are stripped by the release profile; the archives keep their symbols (a
  # linker needs them) but not their debug information.
  "$strip_tool" --strip-debug "$out/libofferkit.a" "$out/libofferkit_lite.a"
else
  cp "$full/offerkit.dll" "$full/libofferkit.a" "$full/offerkit_uniffi.dll" "$full/offerkit_godot.dll" "$out/"
  cp "$lite/offerkit.dll" "$out/offerkit_lite.dll"
  cp "$lite/libofferkit.a" "$out/libofferkit_lite.a"
  # (The archives are left as built: they carry members with no sections, which strip refuses.)
  # Import libraries made from the exports themselves (a .def per DLL), so each names its own
  # DLL: the MinGW form for gcc/clang, the MSVC form (.dll.lib, what Unreal's Win64 Build.cs and
  # MSVC projects link) by llvm-dlltool.
  for name in offerkit offerkit_lite; do
    {
      echo "LIBRARY $name.dll"
      echo "EXPORTS"
      x86_64-w64-mingw32-objdump -p "$out/$name.dll" |
        awk '/^\[Ordinal\/Name Pointer\] Table/ { t = 1; next } t && /^\t\[/ { print "    " $NF; next } t && !/^\t/ { t = 0 }'
    } >"$out/$name.def"
    grep -q '^    offerkit_client_new$' "$out/$name.def" || { echo "no exports read from $name.dll" >&2; exit 1; }
    x86_64-w64-mingw32-dlltool -d "$out/$name.def" -D "$name.dll" -l "$out/lib$name.dll.a"
    llvm-dlltool -m i386:x86-64 -d "$out/$name.def" -D "$name.dll" -l "$out/$name.dll.lib"
  done
fi
echo "target/native/$platform:"
ls -l "$out" | awk 'NR > 1 { printf "  %10d  %s\n", $5, $NF }'
