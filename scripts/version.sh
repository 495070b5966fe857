#!/usr/bin/env bash
# The versions every artifact carries, read from the one place they are written: the top
# Cargo.toml (`[workspace.package] version` for everything, `[workspace.metadata.offerkit]
# unity-package-version` for the Unity package, whose C# API has a semantic version of its own).
#
#   scripts/version.sh           prints the release version, e.g. 1.1.0
#   scripts/version.sh unity     prints the Unity package's version
#   scripts/version.sh --check   checks every other manifest agrees (the C ABI's here, the bindings'
#                                as their binding.toml [version] says); exit status 0 if they do
#
# Python's version is not written anywhere else (pyproject.toml declares it dynamic: maturin
# takes the crate's); the others cannot read Cargo.toml, so they are checked here.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

# toml_value SECTION KEY: the quoted value of KEY in [SECTION] of the top Cargo.toml.
toml_value() {
  awk -v section="[$1]" -v key="$2" '
    /^\[/ { inside = ($0 == section) }
    inside && $1 == key && $2 == "=" { v = $3; gsub(/"/, "", v); print v; exit }' "$root/Cargo.toml"
}

release="$(toml_value workspace.package version)"
unity="$(toml_value workspace.metadata.offerkit unity-package-version)"
[[ "$release" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "no release version in Cargo.toml" >&2; exit 1; }
[[ "$unity" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "no unity-package-version in Cargo.toml" >&2; exit 1; }

case "${1:-}" in
  "") echo "$release"; exit ;;
  unity) echo "$unity"; exit ;;
  --check) ;;
  *) echo "usage: $0 [unity|--check]" >&2; exit 2 ;;
esac

passed=0 failed=0
# agree WHAT FOUND WANT
agree() {
  if [[ "$2" == "$3" ]]; then
    echo "ok   $1: $2"
    passed=$((passed + 1))
  else
    echo "FAIL $1: '$2', but Cargo.toml says '$3'"
    failed=$((failed + 1))
  fi
}
header="$(sed -n 's/^#define OFFERKIT_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\)$/\2/p' "$root/include/offerkit.h" | paste -sd.)"
agree "C ABI (include/offerkit.h OFFERKIT_VERSION_*)" "$header" "$release"
agree "C ABI (ffi/src/version.rs run-time text)" \
  "$(sed -n 's/^const VERSION: .* = c"\(.*\)";$/\1/p' "$root/ffi/src/version.rs")" "$release"
# Every binding whose manifest names a version file of its own (bindings/NAME/binding.toml
# [version]: the file, the pattern that finds the version, and which of Cargo.toml's it follows).
while IFS=$'\t' read -r name file of found; do
  case "$of" in
    release) want="$release" ;;
    unity) want="$unity" ;;
    dynamic) want=dynamic ;;
  esac
  agree "$name ($file)" "${found:-(pattern not found)}" "$want"
done < <(cd "$root" && python3 -m harness versions)
echo "$passed agree, $failed disagree"
((failed == 0 && passed > 0))
