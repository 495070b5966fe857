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
# every library; that is what brings the mobile flavours under 0.9 MB. `panic-unwind` stays: a
# panic is still caught at every entry point and becomes an error (the C tests provoke one in a
# library built this way). `-Zbuild-std` is not yet stable: RUSTC_BOOTSTRAP=1 lets the pinned
# stable compiler accept it, and the std it compiles is that compiler's own (rust-src).

shipping_std=(-Zbuild-std=std,panic_unwind -Zbuild-std-features=panic-unwind,optimize_for_size)

# shipping_rust_src: the toolchain's standard-library sources, which shipping builds compile.
shipping_rust_src() {
  [[ -d "$(rustc --print sysroot)/lib/rustlib/src/rust/library/std" ]] || rustup component add rust-src
}

shipping_host="$(rustc -vV | sed -n 's/^host: //p')"

# shipping_dir TARGET_DIR TRIPLE: where shipping_build puts that triple's libraries.
shipping_dir() { echo "$1/$2/release"; }

shipping_build() {
  local dir="$1" triple="$2"
  shift 2
  shipping_rust_src || return 1
  CARGO_TARGET_DIR="$dir" RUSTC_BOOTSTRAP=1 cargo build --release --target "$triple" "${shipping_std[@]}" "$@"
}
