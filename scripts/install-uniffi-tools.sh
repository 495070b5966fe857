#!/usr/bin/env bash
# Installs what the uniffi tests need and a fresh machine lacks, idempotently:
#   - Debian's libjna-java (JNA 5.13 for the Kotlin bindings on the JVM),
#   - the Kotlin compiler from npm (kotlin-compiler@2.4.20; it ships the kotlinx-coroutines jar),
#   - a Python venv with maturin, pytest, pytest-asyncio and mypy (the Python tests and example
#     are checked with `mypy --strict`).
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
if [ ! -x "$VENV/bin/pytest" ] || [ ! -x "$VENV/bin/maturin" ] || [ ! -x "$VENV/bin/mypy" ]; then
  echo "install-uniffi-tools: python venv with maturin, pytest, pytest-asyncio, mypy" >&2
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q --disable-pip-version-check \
    "maturin>=1.9,<2" "pytest>=8,<10" "pytest-asyncio>=1,<2" "mypy>=1.13,<2"
fi

echo "KOTLIN_HOME=$KOTLIN_HOME"
echo "VENV=$VENV"
