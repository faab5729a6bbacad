#!/usr/bin/env bash
# The distributed build gives the single-process build's files, byte for
# byte: game 91 up to K seeds (default 12) built by
# `examples/tablebase build` in one process, then by `sowing-dist` on 2 and
# 4 processes on loopback (each with its own directory), and every layer
# file compared with `cmp`. Prints each build's table, with the bytes of
# changed values the workers sent each other (a layer's column and the
# total). Usage: dist/test.sh [K]; run from anywhere.
# Fails on any process's non-zero exit or any difference.
set -euo pipefail

cd "$(dirname "$0")/.."
K=${1:-12}
VARIANT=game-91
work=$(mktemp -d "${TMPDIR:-/tmp}/sowing-dist-test.XXXXXX")
trap 'rm -rf "$work"' EXIT

cargo build --release --quiet --example tablebase
cargo build --release --quiet -p sowing-dist
tablebase=target/release/examples/tablebase
dist=target/release/sowing-dist

ms() { echo $(($(date +%s%N) / 1000000)); }
started=$(ms)
"$tablebase" build --variant "$VARIANT" --max-seeds "$K" --dir "$work/one" >"$work/one.log" 2>&1 \
  || { cat "$work/one.log"; exit 1; }
echo "1 process: $(($(ms) - started)) ms"
grep '^total' "$work/one.log"

# A port base with nothing listening on the next $1 ports.
free_base() {
  local n=$1 base p
  for _ in $(seq 50); do
    base=$((20000 + RANDOM % 30000))
    for ((p = base; p < base + n; p++)); do
      if (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then continue 2; fi
    done
    echo "$base"
    return
  done
  echo "no free ports" >&2
  return 1
}

for n in 2 4; do
  base=$(free_base "$n")
  hosts="$work/hosts.$n"
  for ((i = 0; i < n; i++)); do echo "127.0.0.1:$((base + i))"; done >"$hosts"
  started=$(ms)
  pids=()
  for ((i = 0; i < n; i++)); do
    "$dist" --variant "$VARIANT" --max-seeds "$K" --dir "$work/n$n.p$i" --threads 1 \
      -- -n "$n" -p "$i" -h "$hosts" >"$work/n$n.p$i.log" 2>&1 &
    pids+=($!)
  done
  failed=0
  for i in "${!pids[@]}"; do
    if ! wait "${pids[$i]}"; then
      echo "process $i of $n failed:"
      cat "$work/n$n.p$i.log"
      failed=1
    fi
  done
  ((failed == 0)) || exit 1
  echo "$n processes: $(($(ms) - started)) ms"
  cat "$work/n$n.p0.log"
  for ((i = 0; i < n; i++)); do
    for ((s = 0; s <= K; s++)); do
      cmp "$work/one/$VARIANT.$s.tb" "$work/n$n.p$i/$VARIANT.$s.tb"
    done
  done
  echo "$n processes: every layer 0..=$K of every process identical to the single-process build"
done
echo "dist: 2 passed, 0 failed"
