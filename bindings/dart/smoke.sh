#!/usr/bin/env bash
# Smoke-tests DIST/offerkit-dart-VERSION.tar.gz (bindings/dart/package.sh) as a user installs
# it: unpacked into an empty temporary directory, depended on by path from a program of the
# user's own (a copy of the package's example in a package of its own, package:ffi from Debian
# as the README says for machines without pub.dev), which runs with Dart 3.13 in its cached
# chroot (python3 -m harness chroot sid) against the simulator, loading the archive's
# native/linux-x86_64/libofferkit.so, and must print the simulator's 10 offers and exit.
#
#   bindings/dart/smoke.sh DIST
#
# Prints "ok   NAME" / "FAIL NAME" per check and ends with the time; exit 0 only if nothing failed.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
source "$root/scripts/lib/package-common.sh"
package_args "$@"
make_work
# From any directory: checks run in $work, and the chroot's working directory is the caller's.
in_chroot=(env PYTHONPATH="$root" python3 -m harness chroot sid --packages dart-sdk,dart-ffi --)

archive="$dist/offerkit-dart-$version.tar.gz"
check "offerkit-dart-$version.tar.gz unpacks" tar -xzf "$archive" -C "$work"
pkg="$work/offerkit-dart-$version"
[[ -d "$pkg" ]] || finish

has_files() {
  local f
  for f in pubspec.yaml README.md CHANGELOG.md LICENSE-MIT LICENSE-APACHE lib/offerkit.dart \
    lib/src/bindings.g.dart lib/src/client.dart example/print_offers.dart native/linux-x86_64/libofferkit.so; do
    [[ -f "$pkg/$f" ]] || { echo "no $f in the package" >&2; return 1; }
  done
  [[ ! -e "$pkg/tests" && ! -e "$pkg/tool" && ! -e "$pkg/flutter" ]] || { echo "tests, tool or flutter packaged" >&2; return 1; }
  grep -qx "version: $version" "$pkg/pubspec.yaml"
}
check "package holds the pubspec ($version), lib/, the example, README, CHANGELOG, licences, the library" has_files
check "its native library passes the release check" python3 "$root/scripts/check-release-lib.py" "$pkg/native/linux-x86_64/libofferkit.so"

app="$work/app"
mkdir -p "$app/bin"
cp "$pkg/example/print_offers.dart" "$app/bin/"
cat >"$app/pubspec.yaml" <<YAML
name: smoke_app
publish_to: none
environment:
  sdk: ^3.4.0
dependencies:
  offerkit:
    path: $pkg
YAML
printf 'dependency_overrides:\n  ffi:\n    path: /usr/share/dart/packages/ffi\n' >"$app/pubspec_overrides.yaml"
check "a program depending on it by path resolves (dart pub get --offline)" \
  "${in_chroot[@]}" bash -c "cd '$app' && dart pub get --offline"

start_sim # not inside check, which runs in a subshell: sim_url must reach the checks below
check "simulator listening" test -n "$sim_url" || finish
run_example() {
  local out
  out=$(OFFERKIT_ACCESS_TOKEN=$(sim_token) OFFERKIT_LIBRARY="$pkg/native/linux-x86_64/libofferkit.so" \
    "${in_chroot[@]}" bash -c "cd '$app' && timeout 120 dart run bin/print_offers.dart '$sim_url' demo") || return 1
  echo "$out"
  grep -q "^libofferkit $version\$" <<<"$out" && grep -q '^10 offers for demo:$' <<<"$out" &&
    [[ $(grep -c '^  .*player_id=demo' <<<"$out") == 10 ]]
}
check "the example, built against the unpacked package, prints 10 offers from the simulator and exits" run_example
finish
