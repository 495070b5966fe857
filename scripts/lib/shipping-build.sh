# The one way a shipping library is compiled (sourced by scripts/build-native.sh and the tests
# that must run what ships): the release profile, with Rust's standard library rebuilt from the
# toolchain's own sources as part of the library (docs/decisions.md, "The standard library
# rebuilt for size").
#
#   source scripts/lib/shipping-build.sh
#   shipping_build TARGET_DIR TRIPLE CARGO_BUILD_ARGS...   -> "$(shipping_dir TARGET_DIR TRIPLE)"
#   $shipping_host                                          this machine's triple (what the tests'
#                                                           shipping builds are built for)
#
# The prebuilt std is optimised for speed and carries a backtrace symbolizer (gimli, addr2line,
# rustc-demangle, miniz) that the default panic hook links. Rebuilt with `optimize_for_size`,
# without the `backtrace` feature and under the library's fat LTO, it is 200–260 KB smaller in
# every library. `panic-unwind` stays: a panic is still caught at every entry point and becomes
# an error (the C tests provoke one in a library built this way). `-Zbuild-std` is not yet
# stable: RUSTC_BOOTSTRAP=1 lets the pinned stable compiler accept it, and the std it compiles is
# that compiler's own (rust-src).
#
# Three more settings of shipping builds only (docs/decisions.md, "What a shipping build leaves
# out"):
#   - trim-paths: source paths in the library are relative (`tokio-1.54.1/src/...`,
#     `/rustc/HASH/library/...`), never the build machine's home directory;
#   - `-Zlocation-detail=none`: a panic's file, line and column are not compiled in. A caught
#     panic still becomes an error with its message; only the line std's panic hook prints on
#     stderr loses "at FILE:LINE" (a debug or plain release build has it). 45 KB of the uniffi
#     library without its transport;
#   - ELF libraries (Linux, Android) are linked through scripts/lib/link-shipping.sh, which
#     keeps uniffi's metadata statics out of the exports (29 KB of the uniffi library), and
#     arm64 Linux with LLVM's lld as x86_64 Linux and the Android NDK are (GNU ld pads the
#     arm64 library by ~48 KB between its segments).

shipping_std=(-Zbuild-std=std,panic_unwind -Zbuild-std-features=panic-unwind,optimize_for_size)
shipping_flags=("${shipping_std[@]}" -Ztrim-paths --config 'profile.release.trim-paths="all"')
shipping_rustflags=(-Zlocation-detail=none)
shipping_linker="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/link-shipping.sh"

# shipping_rust_src: the toolchain's standard-library sources, which shipping builds compile.
shipping_rust_src() {
  [[ -d "$(rustc --print sysroot)/lib/rustlib/src/rust/library/std" ]] || rustup component add rust-src
}

shipping_host="$(rustc -vV | sed -n 's/^host: //p')"

# shipping_canonical DIR: DIR (created if missing) with every symbolic link resolved; portable
# (macOS's realpath has no -m).
shipping_canonical() { mkdir -p "$1" && (cd "$1" && pwd -P); }

# shipping_dir TARGET_DIR TRIPLE: where shipping_build puts that triple's libraries.
shipping_dir() { echo "$(shipping_canonical "$1")/$2/release"; }

# The uniffi library's mobile flavour (no transport of its own) for this machine, which the
# Kotlin and Swift suites load: `uniffi_lite_build TARGET_DIR [CARGO_ARGS...]` builds it in
# `$(uniffi_lite_dir TARGET_DIR)`.
uniffi_lite_dir() { shipping_dir "$1/shipping-lite" "$shipping_host"; }
uniffi_lite_build() {
  local dir=$1
  shift
  shipping_build "$dir/shipping-lite" "$shipping_host" "$@" -p offerkit-uniffi --no-default-features
}

# shipping_toml_array WORD...: the words as a TOML array of strings (for cargo's --config).
shipping_toml_array() {
  local out="" word
  for word in "$@"; do out+="${out:+, }\"$word\""; done
  echo "[$out]"
}

shipping_build() {
  # One spelling of the directory (target/ is a symbolic link here): trimmed paths put it in
  # every unit's flags, so two spellings would rebuild everything in turn.
  local dir triple="$2"
  dir="$(shipping_canonical "$1")" || return 1
  shift 2
  shipping_rust_src || return 1
  local rustflags=("${shipping_rustflags[@]}") linker_env=() config=()
  case "$triple" in
    *-linux-*)
      # As a rustflag, so that it reaches the library's link and not the build scripts' and proc
      # macros' (cargo's target.HOST.linker would reach those too in a native build, and not in a
      # cross one: the two would then rebuild every host unit, and so everything, in turn in
      # the target directory they share). The last -C linker wins over the config's.
      rustflags+=("-Clinker=$shipping_linker")
      case "$triple" in
        aarch64-unknown-linux-gnu)
          linker_env=(OFFERKIT_LINKER=aarch64-linux-gnu-gcc)
          rustflags+=(-Clink-arg=-fuse-ld=lld
            "-Clink-arg=-B$(rustc --print sysroot)/lib/rustlib/$shipping_host/bin/gcc-ld") ;;
      esac ;;
  esac
  # Merged with .cargo/config.toml's rustflags of the triple (16 KB pages), not replacing them.
  config+=(--config "target.$triple.rustflags=$(shipping_toml_array "${rustflags[@]}")")
  env "${linker_env[@]}" CARGO_TARGET_DIR="$dir" RUSTC_BOOTSTRAP=1 \
    cargo build --release --target "$triple" "${shipping_flags[@]}" "${config[@]}" "$@"
}
