#!/usr/bin/env bash
# Installs what the uniffi tests need and a fresh machine lacks, idempotently:
#   - Debian's libjna-java (JNA 5.13 for the Kotlin bindings on the JVM),
#   - the Kotlin compiler from npm (kotlin-compiler@2.4.20; it ships the kotlinx-coroutines jar),
#   - a Python venv with maturin, pytest, pytest-asyncio, mypy (the Python tests and example
#     are checked with `mypy --strict`) and uvloop (the suite runs once on its loop).
# Everything but the apt package goes under .tools/ (git-ignored). Prints the paths it set up.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
TOOLS="$ROOT/.tools"
KOTLIN_VERSION=2.4.20
mkdir -p "$TOOLS"

if [ ! -f /usr/share/java/jna.jar ]; then
  echo "install-uniffi-tools: apt-get install libjna-java" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq libjna-java >/dev/null
fi

KOTLIN_HOME="$TOOLS/kotlin-$KOTLIN_VERSION"
if [ ! -x "$KOTLIN_HOME/bin/kotlinc-jvm" ]; then
  echo "install-uniffi-tools: npm pack kotlin-compiler@$KOTLIN_VERSION" >&2
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent "kotlin-compiler@$KOTLIN_VERSION" >/dev/null 2>&1)
  tar -xzf "$tmp"/kotlin-compiler-*.tgz -C "$tmp"
  rm -rf "$KOTLIN_HOME"
  mv "$tmp/package" "$KOTLIN_HOME"
  rm -rf "$tmp"
  chmod +x "$KOTLIN_HOME"/bin/*
fi

VENV="$TOOLS/venv"
# The harness's list (harness/tools.py), one requirement a line.
mapfile -t PY_REQUIREMENTS < <(cd "$ROOT" && python3 -c 'import harness.tools as t; print("\n".join(t.VENV_REQUIREMENTS))')
[ "${#PY_REQUIREMENTS[@]}" -gt 0 ] || { echo "install-uniffi-tools: no requirements read from harness/tools.py" >&2; exit 1; }
# A venv made before the list changed gets what it lacks (the list is recorded beside it).
if [ ! -x "$VENV/bin/pip" ] || [ "$(cat "$VENV/requirements.txt" 2>/dev/null)" != "$(printf '%s\n' "${PY_REQUIREMENTS[@]}")" ]; then
  echo "install-uniffi-tools: python venv with ${PY_REQUIREMENTS[*]}" >&2
  [ -x "$VENV/bin/pip" ] || python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q --disable-pip-version-check "${PY_REQUIREMENTS[@]}"
  printf '%s\n' "${PY_REQUIREMENTS[@]}" >"$VENV/requirements.txt"
fi

echo "KOTLIN_HOME=$KOTLIN_HOME"
echo "VENV=$VENV"
