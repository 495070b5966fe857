#!/usr/bin/env bash
# Regenerates the committed uniffi bindings from the debug (unstripped) library, with the
# workspace's own bindgen (bindings/uniffi-bindgen, the uniffi version of this crate):
#   bindings/kotlin/src/main/kotlin/com/offerkit/internal/offerkit.kt
#   bindings/swift/Sources/OfferKit/OfferKit.swift
#   bindings/swift/Headers/OfferKitFFI.h, bindings/swift/Headers/module.modulemap
#   bindings/python/generated/offerkit.py   (the module the wheel ships, for review and diffs)
#
#   bindings/uniffi/generate-bindings.sh           write them
#   bindings/uniffi/generate-bindings.sh --check   generate into a temp dir, diff, exit 1 if stale
#
# Each crate is built with its own -p: building them together would unify uniffi's features
# and drag uniffi_bindgen into the library build.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)

check=false
case "${1:-}" in
  --check) check=true ;;
  "") ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

cargo build -q -p offerkit-uniffi
cargo build -q -p offerkit-uniffi-bindgen
target_dir=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
library="$target_dir/debug/libofferkit_uniffi.so"
bindgen="$target_dir/debug/uniffi-bindgen"

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for language in kotlin swift python; do
  "$bindgen" generate --no-format --library "$library" --language "$language" \
    --out-dir "$out/$language" >/dev/null
done

# Where each generated file lives in the repository.
declare -A files=(
  ["kotlin/com/offerkit/internal/offerkit.kt"]="bindings/kotlin/src/main/kotlin/com/offerkit/internal/offerkit.kt"
  ["swift/OfferKit.swift"]="bindings/swift/Sources/OfferKit/OfferKit.swift"
  ["swift/OfferKitFFI.h"]="bindings/swift/Headers/OfferKitFFI.h"
  ["swift/OfferKitFFI.modulemap"]="bindings/swift/Headers/module.modulemap"
  ["python/offerkit.py"]="bindings/python/generated/offerkit.py"
)

stale=0
for generated in "${!files[@]}"; do
  committed=${files[$generated]}
  if $check; then
    if ! diff -q "$out/$generated" "$root/$committed" >/dev/null 2>&1; then
      echo "stale: $committed (run bindings/uniffi/generate-bindings.sh and commit)" >&2
      diff -u "$root/$committed" "$out/$generated" 2>&1 | head -20 >&2 || true
      stale=1
    fi
  else
    mkdir -p "$(dirname "$root/$committed")"
    cp "$out/$generated" "$root/$committed"
    echo "wrote $committed"
  fi
done
if $check; then
  [ "$stale" -eq 0 ] && echo "uniffi bindings are fresh (${#files[@]} files)"
  exit "$stale"
fi
