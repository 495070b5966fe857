#!/usr/bin/env bash
# Renders the sample scene (example/offer_list.tscn) with the real engine into
# bindings/godot/docs/offer_list.png, the picture the README shows: Godot 4.6 from Debian sid in
# a cached chroot (python3 -m harness chroot), on Xvfb with Mesa's software OpenGL (llvmpipe),
# the Compatibility renderer, the debug library, against a simulator on loopback. By hand:
#
#   bindings/godot/screenshot.sh [OUT.png]
#
# The simulator is $OFFERKIT_SIM_URL, or one started here.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
out=$(realpath -m "${1:-bindings/godot/docs/offer_list.png}")
[[ "${OFFERKIT_GODOT_SKIP_BUILD:-}" == 1 ]] || cargo build -q -p offerkit-godot
target_dir=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')

pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; rm -rf "${project:-}"' EXIT
if [[ -z "${OFFERKIT_SIM_URL:-}" ]]; then
  cargo build -q -p offerkit-sim --bin offerkit-sim
  sim_out=$(mktemp)
  "$target_dir/debug/offerkit-sim" --port 0 >"$sim_out" 2>&1 &
  pids+=($!)
  for _ in $(seq 600); do grep -q '^listening on ' "$sim_out" && break; sleep 0.1; done
  OFFERKIT_SIM_URL=$(sed -n 's/^listening on //p' "$sim_out")
fi
sim_root=$(python3 -c 'import sys, urllib.parse as u; p = u.urlsplit(sys.argv[1]); print(f"{p.scheme}://{p.netloc}")' "$OFFERKIT_SIM_URL")
OFFERKIT_ACCESS_TOKEN=$(python3 -c '
import json, sys, urllib.request
opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
request = urllib.request.Request(sys.argv[1] + "/_sim/tokens", data=b"{}", method="POST")
print(json.load(opener.open(request))["access_token"])' "$sim_root")
export OFFERKIT_ACCESS_TOKEN OFFERKIT_BASE_URL="$OFFERKIT_SIM_URL" OFFERKIT_PLAYER_ID=demo-player

project=$(mktemp -d /tmp/offerkit-godot-shot.XXXXXX)
mkdir -p "$project/.godot" "$project/addons/offerkit/bin/linux-x86_64" "$project/home"
cp bindings/godot/addons/offerkit/offerkit.gdextension "$project/addons/offerkit/"
cp "$target_dir/debug/libofferkit_godot.so" "$project/addons/offerkit/bin/linux-x86_64/"
echo "res://addons/offerkit/offerkit.gdextension" >"$project/.godot/extension_list.cfg"
cp bindings/godot/example/offer_list.tscn bindings/godot/example/offer_list.gd "$project/"
cat >"$project/project.godot" <<'GODOT'
config_version=5

[application]
config/name="offerkit sample"
run/main_scene="res://offer_list.tscn"

[display]
window/size/viewport_width=720
window/size/viewport_height=560

[rendering]
renderer/rendering_method="gl_compatibility"
GODOT
export OFFERKIT_SCREENSHOT="$project/offer_list.png"
python3 -m harness chroot sid --packages godot,xvfb,xauth,libgl1-mesa-dri -- \
  env HOME="$project/home" LIBGL_ALWAYS_SOFTWARE=1 timeout 120 \
  xvfb-run -a -s "-screen 0 1280x800x24" \
  godot --rendering-driver opengl3 --path "$project"
mkdir -p "$(dirname "$out")"
cp "$project/offer_list.png" "$out"
echo "$out"
