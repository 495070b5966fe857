#!/usr/bin/env bash
# Measures the stripped release size of libofferkit.so (x86_64) and what each size choice buys.
# Not a test: it prints a table (and writes target/size-c/sizes.tsv). Each step is applied on top
# of the previous ones, in a scratch copy of the workspace, so the real tree is never modified.
#
#   scripts/size-c.sh [STEP...]      (default: every step; about 3 minutes per step on 2 cores)
#
# Steps:
#   baseline      the workspace as it is: opt-level "z", fat LTO, codegen-units 1, strip, unwind
#   lite          the lite library: offerkit-ffi without its default `builtin-http` feature (no
#                 reqwest, hyper, rustls, webpki roots, tokio sockets: host executors only)
#   opt-s         opt-level "s" instead of "z"
#   no-rustls-log rustls without its `logging` feature (nothing routes `log` records anyway)
#   no-form-query reqwest without `form` and `query` (client builds do not use them)
#   ascii-idna    idna_adapter 1.0: host names are ASCII-only (no ICU4X normalisation data)
#   relr          -Wl,-z,pack-relative-relocs (DT_RELR: needs glibc >= 2.36 at run time)
#   lld-icf       link with lld and --icf=all (identical code folding; needs lld to build)
#   small-std     the standard library rebuilt with the library for size, as every shipping
#                 build is (scripts/lib/shipping-build.sh: -Zbuild-std, optimize_for_size, no
#                 backtrace symbolizer; unwinding kept)
#   panic-abort   panic = "abort" (for the record only: it removes catch_unwind, which the C ABI
#                 needs to turn a panic into OFFERKIT_STATUS_INTERNAL; never adopted)
#
# SIZE_ONLY_LAST=1 applies every step but builds once, after the last.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/target/size-c"
ws="$out/ws"
all=(baseline opt-s no-rustls-log no-form-query ascii-idna relr lld-icf small-std panic-abort)
# The lite library's steps: scripts/size-c.sh baseline lite opt-s relr panic-abort
# (The workspace's libraries ship with small-std: scripts/size-c.sh baseline small-std, and
# scripts/size-c.sh lite small-std, measure what it takes off.)
steps=("$@")
((${#steps[@]})) || steps=("${all[@]}")

rm -rf "$ws"
mkdir -p "$ws"
cp "$root/Cargo.toml" "$root/Cargo.lock" "$ws/"
cp -r "$root/core" "$root/ffi" "$root/simulator" "$ws/"
mkdir -p "$ws/bindings" && cp -r "$root/bindings/common" "$ws/bindings/"
# Only the crates needed here (simulator: a dev-dependency path of core).
sed -i 's/^members = .*/members = ["core", "simulator", "ffi"]/' "$ws/Cargo.toml"
export CARGO_TARGET_DIR="$out/target"
source "$root/scripts/lib/shipping-build.sh"
rustflags=""
features=""
std_args=()
std_triple=""
bootstrap=""

apply() {
  case "$1" in
    baseline) ;;
    lite) features="--no-default-features" ;;
    opt-s) sed -i 's/^opt-level = "z"/opt-level = "s"/' "$ws/Cargo.toml" ;;
    no-rustls-log) sed -i '/^rustls = /s/, "logging"//' "$ws/Cargo.toml" ;;
    no-form-query) sed -i '/^reqwest = /s/, "form", "query"//' "$ws/Cargo.toml" ;;
    ascii-idna) (cd "$ws" && cargo update -q -p idna_adapter --precise 1.0.0) ;;
    relr) rustflags+=" -C link-arg=-Wl,-z,pack-relative-relocs" ;;
    lld-icf) rustflags+=" -C link-arg=-fuse-ld=lld -C link-arg=-Wl,--icf=all" ;;
    small-std)
      shipping_rust_src && bootstrap=1 && std_triple=x86_64-unknown-linux-gnu &&
        std_args=(--target "$std_triple" "${shipping_std[@]}")
      ;;
    panic-abort) sed -i 's/^panic = "unwind"/panic = "abort"/' "$ws/Cargo.toml" ;;
    *) echo "unknown step $1" >&2; exit 2 ;;
  esac
}

printf 'step\tstripped_bytes\ttext\teh_frame+except\trela\trodata\n' >"$out/sizes.tsv"
previous=""
last="${steps[${#steps[@]}-1]}"
for s in "${steps[@]}"; do
  apply "$s"
  [[ "${SIZE_ONLY_LAST:-0}" == 1 && "$s" != "$last" ]] && continue
  (cd "$ws" && RUSTFLAGS="$rustflags" RUSTC_BOOTSTRAP="$bootstrap" cargo build -q -p offerkit-ffi --release $features "${std_args[@]}")
  so="$CARGO_TARGET_DIR/${std_triple:+$std_triple/}release/libofferkit.so"
  strip -o "$out/libofferkit-$s.so" "$so"
  bytes=$(stat -c %s "$out/libofferkit-$s.so")
  sections=$(size -A "$out/libofferkit-$s.so" | awk '
    $1==".text"{t=$2} $1==".eh_frame"||$1==".gcc_except_table"||$1==".eh_frame_hdr"{e+=$2}
    $1==".rela.dyn"||$1==".relr.dyn"{r+=$2} $1==".rodata"{ro=$2}
    END{printf "%d\t%d\t%d\t%d", t, e, r, ro}')
  printf '%s\t%d\t%s\n' "$s" "$bytes" "$sections" >>"$out/sizes.tsv"
  delta=""
  [[ -n "$previous" ]] && delta=$(printf '(%+d)' $((bytes - previous)))
  printf '%-14s %9d bytes  %.2f MB %s\n' "$s" "$bytes" "$(echo "$bytes/1000000" | bc -l)" "$delta"
  previous=$bytes
done
column -t "$out/sizes.tsv"
