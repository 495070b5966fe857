#!/usr/bin/env bash
# The linker of every shipping build for Linux and Android (scripts/lib/shipping-build.sh sets it
# as cargo's `target.TRIPLE.linker`): the platform's own linker driver ($OFFERKIT_LINKER, else
# cc), called with rustc's arguments after uniffi's metadata symbols (UNIFFI_META_*) are taken
# out of the version script rustc wrote. uniffi exports one static per exported item that only
# uniffi-bindgen reads (from the debug library; the bindings are generated from that), nothing
# reads at run time, and uniffi has no switch to leave out; exported, the linker cannot drop
# them: 29 KB of every uniffi library. Libraries without them are linked unchanged.
set -euo pipefail

# without_uniffi_metadata FILE: deletes the UNIFFI_META_ lines of a version script.
without_uniffi_metadata() { [[ -f "$1" ]] && sed -i '/UNIFFI_META_/d' "$1"; return 0; }

for arg in "$@"; do
  case "$arg" in
    -Wl,--version-script=*) without_uniffi_metadata "${arg#-Wl,--version-script=}" ;;
    @*) # rustc passes its arguments in a file when the command line is too long
      while IFS= read -r line; do
        [[ "$line" == -Wl,--version-script=* ]] && without_uniffi_metadata "${line#-Wl,--version-script=}"
      done < "${arg#@}" ;;
  esac
done
exec "${OFFERKIT_LINKER:-cc}" "$@"
