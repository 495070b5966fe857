#!/usr/bin/env bash
# Installs what bindings/c/test.sh needs beyond the Rust toolchain, gcc/g++ and valgrind (which
# every machine has):
#   cbindgen 0.29.4  required (the header must regenerate byte for byte), from crates.io
#   cmake, clang     optional (find_package check, clang/clang++ builds), from Debian's packages
# Safe to run again: it installs only what is missing.
set -euo pipefail

if [[ "$(cbindgen --version 2>/dev/null)" != "cbindgen 0.29.4" ]]; then
  echo "install-c-tools: installing cbindgen 0.29.4"
  cargo install --locked --version 0.29.4 cbindgen
fi

missing=()
command -v cmake >/dev/null || missing+=(cmake)
command -v clang >/dev/null || missing+=(clang)
command -v valgrind >/dev/null || missing+=(valgrind)
command -v pkg-config >/dev/null || missing+=(pkg-config)
if ((${#missing[@]})); then
  if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
    echo "install-c-tools: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null && apt-get install -y -qq "${missing[@]}" >/dev/null ||
      echo "install-c-tools: could not install ${missing[*]} (the tests that need them are skipped)"
  else
    echo "install-c-tools: not installing ${missing[*]} (not root or no apt-get)"
  fi
fi
