#!/usr/bin/env bash
# The one test command: every check, test suite and example of the repository, installing what a
# fresh Debian machine lacks. It runs the harness (harness/, Python 3.11+ standard library only),
# which times each step, starts and stops the services it needs, judges it from result files and
# ends with the step table and "N passed, N failed, N skipped". Options: --list, --only STEP|GROUP,
# --binding NAME (python3 -m harness --help).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 >/dev/null
fi
exec python3 -m harness "$@"
