#!/usr/bin/env bash
# Client libraries must carry no server-side secret handling (the refresh token and the reporting
# key live only on servers; hosts supply short-lived access tokens).
# Fails if a built client library — the C ABI (libofferkit, crate offerkit-ffi) or the uniffi
# library (libofferkit_uniffi, crate offerkit-uniffi), shared and static — exports a symbol
# of the refresh-token exchange or the reporting API (nm), or contains the token-exchange
# request text or reporting strings (strings). Those live behind offerkit's `server` feature,
# which client builds never enable.
#
#   scripts/check-client-secrets.sh            build each client crate (debug), check what built
#   scripts/check-client-secrets.sh LIB...     check the given .so/.a files only (self-test)
#
# A crate that does not build fails the check (its old artifacts are not checked), and so
# does a run that checked nothing. Each check is one result for the harness (harness/RESULTS.md); exits non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
checks_suite=client-secrets
source "$root/harness/lib/checks.sh" >/dev/null

# Symbols (demangled, case-insensitive) and strings (case-sensitive) that only server code has.
SYMBOLS='offerkit::server|refresh_?token|grant_?type|token_?exchang|report_?client|report_?query|api_?key'
STRINGS='grant_type|refresh_token|v1/users/token|v1/report|TokenExchanger|ReportClient|OFFERKIT_REFRESH_TOKEN|OFFERKIT_REPORT_API_KEY|date_range\['

for tool in nm strings; do
  command -v "$tool" >/dev/null || { echo "FAIL check-client-secrets: $tool is missing (binutils)"; record tools failed "$tool is missing"; exit 1; }
done

checked=()

check_lib() {
  local lib=$1 symbols hits
  if [[ $lib == *.so ]]; then
    symbols=$(nm -D --defined-only -C "$lib" 2>/dev/null)
  else
    symbols=$(nm --defined-only -C "$lib" 2>/dev/null)
  fi
  if [ -z "$symbols" ]; then
    echo "FAIL $lib: nm found no symbols (not a library?)"
    record "$lib: symbols" failed "nm found no symbols (not a library?)"
    return
  fi
  hits=$(grep -iE "$SYMBOLS" <<<"$symbols" | head -5)
  if [ -n "$hits" ]; then
    echo "FAIL $lib exports server-side symbols:"
    sed 's/^/    /' <<<"$hits"
    record "$lib: symbols" failed "exports server-side symbols"
  else
    echo "ok   $lib: no server-side symbols ($(wc -l <<<"$symbols") defined)"
    record "$lib: symbols" passed
  fi
  hits=$(strings -a "$lib" | grep -E "$STRINGS" | sort -u | head -5)
  if [ -n "$hits" ]; then
    echo "FAIL $lib contains server-side strings:"
    sed 's/^/    /' <<<"$hits"
    record "$lib: strings" failed "contains server-side strings"
  else
    echo "ok   $lib: no token-exchange or reporting strings"
    record "$lib: strings" passed
  fi
  checked+=("$lib")
}

if [ $# -gt 0 ]; then
  for lib in "$@"; do
    check_lib "$lib"
  done
else
  target_dir=$(cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
  # Built one crate at a time: one that does not build yet must not stop the other's check.
  for entry in "offerkit-ffi:offerkit:C ABI" "offerkit-uniffi:offerkit_uniffi:uniffi"; do
    IFS=: read -r crate libname what <<<"$entry"
    echo "==> cargo build -p $crate ($what)"
    build_log=$(mktemp)
    if ! cargo build -q -p "$crate" >"$build_log" 2>&1; then
      tail -20 "$build_log"
      rm -f "$build_log"
      echo "FAIL $crate ($what): does not build; not checked"
      record "$crate: builds" failed "does not build"
      continue
    fi
    rm -f "$build_log"
    for ext in so a; do
      lib="$target_dir/debug/lib$libname.$ext"
      if [ -f "$lib" ]; then
        check_lib "$lib"
      else
        echo "FAIL $crate: $lib was not produced"
        record "$lib: built" failed "not produced"
      fi
    done
  done
fi

if [ ${#checked[@]} -eq 0 ]; then
  echo "FAIL no client library could be checked"
  record "client libraries" failed "none could be checked"
else
  echo "checked: ${checked[*]}"
fi
checks_failed
