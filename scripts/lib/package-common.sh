# The frame the packaging scripts (bindings/ECO/package.sh DIST) and their smoke tests
# (bindings/ECO/smoke.sh DIST) share, so that each carries only what is its own and they
# all take DIST, read versions, find the native libraries, install tools, count checks and run
# the simulator the same way. Sourced, never run:
#
#   root="$(cd "$(dirname "$0")/../.." && pwd)"
#   source "$root/scripts/lib/package-common.sh"
#
# package_args [--create] [--unity] ARGS...
#                              sets dist to the absolute path of the one argument DIST (made
#                              first with --create, else it must exist; else usage, exit 2) and
#                              version to scripts/version.sh's (with --unity the Unity package's)
# versions_agree               every manifest carries the version (scripts/version.sh --check);
#                              its report on stderr when one does not
# need_native PLATFORM FILE... $native/PLATFORM (native: ${OFFERKIT_NATIVE_DIR:-target/native})
#                              holds every FILE, after scripts/build-native.sh PLATFORM when it
#                              did not and OFFERKIT_NATIVE_DIR is unset
# source_epoch                 prints the time archives carry: SOURCE_DATE_EPOCH, else the last
#                              commit's, else 1980-01-01 (the earliest a zip entry can have)
# copy_tracked FROM TO [EXCLUDE...]  copies the files git tracks under FROM (as they are on
#                              disk; all of FROM outside a git checkout) into TO, but EXCLUDE
# make_work                    sets work to a fresh temporary directory, removed on exit after
#                              the simulator is stopped and the on_exit commands have run
# on_exit COMMAND              one more command for that exit trap
# need COMMAND PACKAGE         fails naming PACKAGE when COMMAND is missing
# check NAME COMMAND...        one check, run from $work with its output captured: prints
#                              "ok   NAME", or "FAIL NAME" and the output's last 25 lines; returns
#                              the command's status. With check_width=N set, names are padded to
#                              N columns and each line ends with the check's seconds.
# finish                       prints "(took N s)" and exits, with status 0 only if no check
#                              failed (each check is recorded for the harness as it ends)
# start_sim                    starts the simulator on a free loopback port and sets sim_url
#                              (empty, status 1, when it does not listen within a minute).
#                              It is $OFFERKIT_SIM, else target/debug or target/release
#                              offerkit-sim, else target/debug's, built here: a test tool, never
#                              part of an artifact. Its output: $work/sim.out, $work/sim.err.
# sim_token                    prints a fresh access token of that simulator (never log it)

native="${OFFERKIT_NATIVE_DIR:-$root/target/native}"
# record and checks_failed: each check is one result for the harness (harness/RESULTS.md).
source "$root/harness/lib/checks.sh"
package_started=$SECONDS
sim_pid="" sim_url=""
on_exit_commands=()

package_args() {
  local create=0 which=()
  while [[ "${1:-}" == --create || "${1:-}" == --unity ]]; do
    if [[ "$1" == --create ]]; then create=1; else which=(unity); fi
    shift
  done
  if (($# != 1)) || [[ -z "$1" ]]; then echo "usage: $0 DIST" >&2; exit 2; fi
  if ((create)); then mkdir -p "$1" || exit 1; fi
  [[ -d "$1" ]] || { echo "$0: $1 is not a directory" >&2; exit 2; }
  dist="$(cd "$1" && pwd)" || exit 1
  version="$("$root/scripts/version.sh" "${which[@]}")" || { echo "$0: scripts/version.sh failed" >&2; exit 1; }
}
versions_agree() {
  local report
  report="$("$root/scripts/version.sh" --check)" || { echo "$report" | grep -v '^ok ' >&2; return 1; }
}

need_native() {
  local platform="$1" f missing=()
  shift
  for f in "$@"; do [[ -f "$native/$platform/$f" ]] || missing+=("$f"); done
  ((${#missing[@]})) || return 0
  if [[ -n "${OFFERKIT_NATIVE_DIR:-}" ]]; then
    echo "$native/$platform lacks ${missing[*]} (OFFERKIT_NATIVE_DIR is set: not building)" >&2
    return 1
  fi
  echo "target/native/$platform lacks ${missing[*]}: running scripts/build-native.sh $platform" >&2
  "$root/scripts/build-native.sh" "$platform" || return 1
  for f in "${missing[@]}"; do
    [[ -f "$native/$platform/$f" ]] || { echo "scripts/build-native.sh $platform made no $f" >&2; return 1; }
  done
}

source_epoch() {
  local epoch="${SOURCE_DATE_EPOCH:-$(git -C "$root" log -1 --format=%ct 2>/dev/null)}"
  echo "${epoch:-315532800}"
}

copy_tracked() {
  local from="$1" to="$2" exclude
  shift 2
  mkdir -p "$to" || return 1
  if git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
    local pathspec=(.)
    for exclude in "$@"; do pathspec+=(":(exclude)$exclude"); done
    (cd "$from" && git ls-files -z -- "${pathspec[@]}" | xargs -0 -r cp --parents -t "$to")
  else
    cp -a "$from/." "$to/" || return 1
    for exclude in "$@"; do rm -rf "${to:?}/$exclude" || return 1; done
  fi
}

make_work() {
  work="$(mktemp -d)" || exit 1
  trap package_cleanup EXIT
}
on_exit() { on_exit_commands+=("$1"); }
package_cleanup() {
  local command
  if [[ -n "$sim_pid" ]]; then kill "$sim_pid" 2>/dev/null && wait "$sim_pid" 2>/dev/null; fi
  for command in "${on_exit_commands[@]}"; do eval "$command"; done
  rm -rf "$work"
}

# need COMMAND PACKAGE: the tool is there (the harness installs every Debian package a script
# needs: python3 -m harness tools apt), else the script stops naming the package.
need() { command -v "$1" >/dev/null 2>&1 || { echo "missing $1 (Debian package $2: python3 -m harness tools apt)" >&2; return 1; }; }

check_line() { # ok|FAIL NAME STARTED
  if [[ -n "${check_width:-}" ]]; then
    printf '%-4s %-*s %3ds\n' "$1" "$check_width" "$2" $((SECONDS - $3))
  else
    printf '%-4s %s\n' "$1" "$2"
  fi
}
check() {
  local name="$1" started=$SECONDS status
  shift
  (cd "$work" && "$@") >"$work/check.log" 2>&1
  status=$?
  if ((status == 0)); then
    check_line ok "$name" "$started"
    record "$name" passed "" $((SECONDS - started))
  else
    check_line FAIL "$name" "$started"
    tail -n 25 "$work/check.log" | sed 's/^/     | /'
    record "$name" failed "exit status $status" $((SECONDS - started))
  fi
  return "$status"
}
finish() {
  echo "(took $((SECONDS - package_started)) s)"
  checks_failed
  exit
}

start_sim() {
  local sim="${OFFERKIT_SIM:-}" candidate
  sim_url=""
  # The harness's simulator, when the step runs under it.
  if [[ -n "${OFFERKIT_SIM_URL:-}" ]]; then sim_url="$OFFERKIT_SIM_URL"; return 0; fi
  for candidate in "$root/target/debug/offerkit-sim" "$root/target/release/offerkit-sim"; do
    [[ -z "$sim" && -x "$candidate" ]] && sim="$candidate"
  done
  if [[ -z "$sim" ]]; then
    (cd "$root" && CARGO_INCREMENTAL=0 cargo build -q -p offerkit-sim) >&2 ||
      { echo "the simulator did not build" >&2; return 1; }
    sim="$root/target/debug/offerkit-sim"
  fi
  "$sim" --port 0 >"$work/sim.out" 2>"$work/sim.err" &
  sim_pid=$!
  for _ in $(seq 1 600); do
    sim_url="$(sed -n 's/^listening on //p' "$work/sim.out" | head -n 1)"
    [[ -n "$sim_url" ]] && return 0
    kill -0 "$sim_pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "the simulator ($sim) did not start:" >&2
  tail -n 10 "$work/sim.err" >&2
  return 1
}
sim_token() {
  python3 -c '
import json, sys, urllib.request
opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback: no proxy
request = urllib.request.Request(sys.argv[1] + "/_sim/tokens", data=b"{}", method="POST")
print(json.load(opener.open(request))["access_token"])' "$sim_url"
}
