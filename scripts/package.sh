#!/usr/bin/env bash
# Builds every artifact a user installs into dist/, from a clean checkout:
#
#   scripts/package.sh [--prebuilt] [--only ECO...]
#
# 1. the native libraries for linux-x86_64, linux-aarch64 and windows-x86_64
#    (scripts/build-native.sh; --prebuilt uses whatever target/native/* holds instead, as the
#    release workflow does once its runners have built every platform);
# 2. the release check of every native library (scripts/check-release-lib.py: 16 KB aligned ELF
#    segments, no offerkit_test_* symbol);
# 3. one script per binding that packages, as its bindings/NAME/binding.toml names it
#    (`python3 -m harness packages` lists them; --only limits the list);
# 4. dist/SHA256SUMS.
# Versions come from scripts/version.sh (the top Cargo.toml). scripts/test-packages.sh runs this
# and then smoke-tests every artifact as its user would install it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
prebuilt=0
declare -A package_script=()
ecos=()
while read -r eco _folder script _smoke; do
  ecos+=("$eco")
  package_script[$eco]="$script"
done < <(python3 -m harness packages)
while (($#)); do
  case "$1" in
    --prebuilt) prebuilt=1 ;;
    --only) shift; ecos=("$@"); break ;;
    *) echo "usage: $0 [--prebuilt] [--only ${ecos[*]} ...]" >&2; exit 2 ;;
  esac
  shift
done
export CARGO_INCREMENTAL=0
started=$SECONDS
version="$(scripts/version.sh)"
scripts/version.sh --check >/dev/null || { scripts/version.sh --check; exit 1; }

# ---- 1. native libraries ----------------------------------------------------------------------
if ((prebuilt == 0)); then
  for platform in linux-x86_64 linux-aarch64 windows-x86_64; do
    t=$SECONDS
    scripts/build-native.sh "$platform" >"target/build-native-$platform.log" 2>&1 ||
      { tail -n 30 "target/build-native-$platform.log"; echo "build-native $platform failed"; exit 1; }
    echo "built target/native/$platform ($((SECONDS - t)) s)"
  done
fi

# ---- 2. the release check ---------------------------------------------------------------------
mapfile -t libs < <(find target/native -type f \( -name '*.so' -o -name '*.a' -o -name '*.dll' -o -name '*.dll.lib' -o -name '*.dylib' \) | sort)
((${#libs[@]})) || { echo "no native library in target/native"; exit 1; }
python3 scripts/check-release-lib.py "${libs[@]}"

# ---- 3. each ecosystem ------------------------------------------------------------------------
rm -rf dist
mkdir -p dist
for eco in "${ecos[@]}"; do
  t=$SECONDS
  script="${package_script[$eco]:-}"
  [[ -n "$script" ]] || { echo "no binding named $eco packages (python3 -m harness packages)"; exit 2; }
  "$script" "$root/dist" || { echo "$script failed"; exit 1; }
  echo "packaged $eco ($((SECONDS - t)) s)"
done

# ---- 4. checksums -----------------------------------------------------------------------------
(cd dist && sha256sum -- * >SHA256SUMS)
echo "dist/ for offerkit $version ($((SECONDS - started)) s):"
(cd dist && ls -l | awk 'NR > 1 { printf "  %10d  %s\n", $5, $NF }')
