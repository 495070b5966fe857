#!/usr/bin/env bash
# Postbacks per second, on SQLite and on PostgreSQL with one receiver, and on PostgreSQL with
# two receiver processes sharing the database (BENCHMARKS.md, "Rewards").
# Not part of the test command. Release builds of `offerkit` (the receiver, as shipped) and of
# the load generator (rewards/examples/postback_load.rs); a throw-away PostgreSQL from
# scripts/postgres.sh; rounds interleaved (SQLite, PostgreSQL, PostgreSQL × 2, SQLite, …) on one
# machine. Each round: fresh receiver processes, COUNT signed v3 postbacks of distinct
# conversions (each one a credit, i.e. a committed write) from CONCURRENCY keep-alive
# connections (spread over the receivers).
#   scripts/bench-rewards.sh            print the table
#   scripts/bench-rewards.sh --update   also write it into BENCHMARKS.md between the markers
#   ROUNDS=5 COUNT=4000 CONCURRENCY=16 scripts/bench-rewards.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
rounds=${ROUNDS:-5}
count=${COUNT:-4000}
concurrency=${CONCURRENCY:-16}
# cargo's target directory (CARGO_TARGET_DIR when set: a build of its own, away from other runs).
target_dir=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
out="$target_dir/bench-rewards"
mkdir -p "$out"
source scripts/postgres.sh
receiver_pids=()
cleanup() {
  for pid in "${receiver_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  pg_stop
}
trap cleanup EXIT

echo "==> release builds" >&2
cargo build -q --release -p offerkit-cli --features rewards
cargo build -q --release -p offerkit-rewards --example postback_load
pg_start >&2
key="bench-key-$$"

receiver() { # db n: starts one receiver process; sets started_addr to its HOST:PORT
  local db=$1 n=$2
  OFFERKIT_POSTBACK_KEY=$key OFFERKIT_ADMIN_TOKEN=bench-admin OFFERKIT_LOG=warn \
    "$target_dir/release/offerkit" rewards serve --listen 127.0.0.1:0 --db "$db" >"$out/receiver-$n.out" 2>"$out/receiver-$n.err" &
  receiver_pids+=($!)
  # Up to a minute: a receiver on a loaded machine takes its time to migrate and listen.
  for _ in $(seq 1 1200); do grep -q '^listening on ' "$out/receiver-$n.out" 2>/dev/null && break; sleep 0.05; done
  started_addr=$(sed -n 's|^listening on http://||p' "$out/receiver-$n.out")
}

round() { # label db round-number receivers: one load run; prints the JSON line
  local label=$1 db=$2 n=$3 receivers=$4 addrs=() i
  for i in $(seq 1 "$receivers"); do
    receiver "$db" "$i"
    [ -n "$started_addr" ] || { cat "$out/receiver-$i.err" >&2; return 1; }
    addrs+=("$started_addr")
  done
  "$target_dir/release/examples/postback_load" --addr "$(IFS=,; echo "${addrs[*]}")" --key "$key" \
    --count "$count" --concurrency "$concurrency" --prefix "$label-$n-$$"
  for pid in "${receiver_pids[@]}"; do kill "$pid" && wait "$pid" 2>/dev/null || true; done
  receiver_pids=()
}

rm -f "$out"/sqlite.jsonl "$out"/postgres.jsonl "$out"/postgres-2.jsonl
sqlite_db="$out/rewards.db"
rm -f "$sqlite_db" "$sqlite_db"-*
for n in $(seq 1 "$rounds"); do
  echo "==> round $n/$rounds" >&2
  round sqlite "sqlite://$sqlite_db" "$n" 1 >>"$out/sqlite.jsonl"
  round postgres "$PG_URL" "$n" 1 >>"$out/postgres.jsonl"
  round postgres-2 "$PG_URL" "$n" 2 >>"$out/postgres-2.jsonl"
done

table=$(python3 - "$out" "$count" "$concurrency" "$rounds" <<'PY'
import json, statistics, sys
out, count, concurrency, rounds = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
print(f"{count} signed v3 postbacks of distinct conversions per round, {concurrency} keep-alive connections "
      f"(spread over the receivers), receivers as release builds, {rounds} rounds interleaved; medians over the rounds.")
print()
print("| ledger | postbacks/s (median) | min – max | p50 ms | p99 ms | credited / sent |")
print("| --- | ---: | ---: | ---: | ---: | ---: |")
for label, name in (("sqlite", "SQLite (file, WAL, synchronous=FULL), one receiver"),
                    ("postgres", "PostgreSQL 15 (loopback), one receiver"),
                    ("postgres-2", "PostgreSQL 15 (loopback), two receivers sharing it")):
    rows = [json.loads(l) for l in open(f"{out}/{label}.jsonl")]
    rates = [r["per_second"] for r in rows]
    credited = sum(r["credited"] for r in rows)
    sent = sum(r["postbacks"] for r in rows)
    print(f"| {name} | {statistics.median(rates):.0f} | {min(rates):.0f} – {max(rates):.0f} | "
          f"{statistics.median(r['p50_ms'] for r in rows):.2f} | {statistics.median(r['p99_ms'] for r in rows):.2f} | {credited} / {sent} |")
PY
)
echo "$table"
if [ "${1:-}" = "--update" ]; then
  python3 - "$table" <<'PY'
import re, sys
path = "BENCHMARKS.md"
text = open(path).read()
block = "<!-- rewards-bench:begin -->\n" + sys.argv[1] + "\n<!-- rewards-bench:end -->"
text = re.sub(r"<!-- rewards-bench:begin -->.*<!-- rewards-bench:end -->", lambda _: block, text, flags=re.S)
open(path, "w").write(text)
PY
fi
