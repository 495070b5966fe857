#!/usr/bin/env bash
# Smoke-tests DIST/offerkit-godot-VERSION.zip (bindings/godot/package.sh) as a Godot user
# installs it: in an empty directory, a new project (a project.godot) gets the zip unzipped into
# it, and the sample offer list the zip carries in example/ becomes the user's scene; the extension is
# registered in .godot/extension_list.cfg (what the editor writes when it first opens the
# project; written here, as README.md says for projects only run headless: the tests open the
# headless editor, which must not quit at once, see README.md "Known problems"); then the scene runs
# headless and prints the simulator's offers.
# Godot 4.6 from Debian sid, in the cached chroot the tests use.
#
#   bindings/godot/smoke.sh DIST
#
# Prints "ok   NAME" / "FAIL NAME" per check and ends "N passed, N failed, 0 skipped"; exit 0
# only if nothing failed. About 15 s once the chroot exists.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
source "$root/scripts/lib/package-common.sh"
package_args "$@"
make_work
need unzip unzip || exit 1

zip_file="$dist/offerkit-godot-$version.zip"
project="$work/project"
godot_in_chroot() { (cd "$root" && python3 -m harness chroot sid --packages godot -- "$@"); }

check "offerkit-godot-$version.zip exists" test -f "$zip_file" || finish
mkdir -p "$project"
cat >"$project/project.godot" <<'GODOT'
config_version=5

[application]
config/name="offerkit smoke test"
run/main_scene="res://offer_list.tscn"
GODOT
check "the zip unzips into the project" unzip -q "$zip_file" -d "$project"
has_addon() {
  local f
  for f in offerkit.gdextension README.md LICENSE-MIT LICENSE-APACHE bin/linux-x86_64/libofferkit_godot.so \
    bin/linux-arm64/libofferkit_godot.so bin/windows-x86_64/offerkit_godot.dll \
    docs/offer_list.png docs/.gdignore example/.gdignore example/offer_list.tscn example/offer_list.gd example/print_offers.gd; do
    [[ -f "$project/addons/offerkit/$f" ]] || { echo "no addons/offerkit/$f" >&2; return 1; }
  done
}
check "addons/offerkit holds the .gdextension, README (its picture, examples), licenses and 3 libraries" has_addon
# The user's scene: the sample, copied from the zip into the project's root as the README says.
check "the sample scene is copied from the zip" cp "$project/addons/offerkit/example/offer_list.tscn" \
  "$project/addons/offerkit/example/offer_list.gd" "$project/"

# The engine loads the extensions .godot/extension_list.cfg lists.
register() {
  mkdir -p "$project/.godot" && echo "res://addons/offerkit/offerkit.gdextension" >"$project/.godot/extension_list.cfg"
}
check "the extension is registered in .godot/extension_list.cfg" register

start_sim || finish
OFFERKIT_ACCESS_TOKEN="$(sim_token)" || finish
export OFFERKIT_ACCESS_TOKEN OFFERKIT_BASE_URL="$sim_url" OFFERKIT_QUIT_AFTER_LOAD=1
run_scene() {
  godot_in_chroot env HOME="$work/home" timeout 120 godot --headless --path "$project" >"$work/scene.log" 2>&1
  local status=$?
  cat "$work/scene.log" | grep -v '^\s*$' | tail -n 20
  ((status == 0)) && grep -qE '^[0-9]+ offers for demo-player' "$work/scene.log" &&
    ! grep -qE 'leaked|SCRIPT ERROR|^ERROR:' "$work/scene.log"
}
check "the sample scene prints the simulator's offers (headless, nothing leaked)" run_scene
finish
