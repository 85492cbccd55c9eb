#!/usr/bin/env bash
# `make bench-service`: starts goref serve (Release build) on a loopback port with a fresh
# database and measures: wrk on POST /api/count with a finished 19x19 position (8 and 32
# connections); 8 clients
# uploading a 12-megapixel photo to /api/scan for 30 s (answers, peak memory of the server);
# 1,000 malformed requests in a row, then /healthz and PRAGMA integrity_check. Prints a table.
set -euo pipefail
build="${1:-build}"
here="$(cd "$(dirname "$0")/.." && pwd)"
data="${GOREF_DATA_DIR:-$here/../shared/data}"
wrk_seconds="${BENCH_WRK_SECONDS:-10}"
upload_seconds="${BENCH_UPLOAD_SECONDS:-30}"
tmp="$(mktemp -d)"
pid=""
cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -TERM "$pid"; wait "$pid" || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

"$build/goref" serve --port 0 --db "$tmp/bench.db" --quiet >"$tmp/out" 2>"$tmp/err" &
pid=$!
for _ in $(seq 1 100); do
  grep -q "serving on" "$tmp/out" 2>/dev/null && break
  sleep 0.1
done
port="$(sed -n 's#.*http://127\.0\.0\.1:\([0-9]*\)/.*#\1#p' "$tmp/out")"
[ -n "$port" ] || { echo "bench-service: the server did not start"; cat "$tmp/err"; exit 1; }

# A finished 19x19 game: the label of the first goban-watcher photo (dead stones still on).
label="$(ls "$data"/photos/romangoempire__goban-watcher/*/*.board | head -1)"
{
  printf '{"board":['
  tail -n +2 "$label" | tr -d '\r' | grep -v '^$' | sed 's/.*/"&"/' | paste -sd, -
  printf '],"komi_stones":3.75}'
} >"$tmp/body.json"

# Two loads: 8 connections (a club's worth of phones) and 32 (more than the server's threads).
for c in 8 32; do
  GOREF_BENCH_BODY="$tmp/body.json" wrk -t2 -c$c -d"${wrk_seconds}s" --latency \
    -s "$here/bench/bench_service.lua" "http://127.0.0.1:$port/api/count" >"$tmp/wrk$c" 2>&1 || true
done
rps8="$(awk '/Requests\/sec/ {print $2}' "$tmp/wrk8")"
p99_8="$(awk '$1 == "99%" {print $2}' "$tmp/wrk8")"
rps="$(awk '/Requests\/sec/ {print $2}' "$tmp/wrk32")"
p99="$(awk '$1 == "99%" {print $2}' "$tmp/wrk32")"
non2xx="$(cat "$tmp/wrk8" "$tmp/wrk32" | awk '/Non-2xx/ {n += $5} END {print n + 0}')"

# The largest photo of the finished games: 4080x3060, 12.5 megapixels.
photo="$(ls -S "$data"/photos/romangoempire__goban-watcher/*/*.jpg | head -1)"
upload="$("$build/bench/bench_service" upload "$port" "$photo" 8 "$upload_seconds" || true)"
peak_kb="$(awk '/VmHWM/ {print $2}' "/proc/$pid/status")"
abuse="$("$build/bench/bench_service" abuse "$port" 1000 || true)"
health="$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/healthz" || echo none)"
kill -TERM "$pid"
wait "$pid" || true
pid=""
integrity="$(sqlite3 "$tmp/bench.db" 'PRAGMA integrity_check')"

echo
echo "goref serve benchmark (loopback, $(nproc) cores shared with the load generators)"
printf '| %-44s | %-40s | %-22s |\n' "measure" "result" "target"
printf '|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..46})" "$(printf -- '-%.0s' {1..42})" "$(printf -- '-%.0s' {1..24})"
printf '| %-44s | %-40s | %-22s |\n' "POST /api/count 19x19, wrk -t2 -c8 ${wrk_seconds}s" "${rps8:-?} req/s" ">= 10000 req/s"
printf '| %-44s | %-40s | %-22s |\n' "  p99 latency" "${p99_8:-?}" "< 20 ms"
printf '| %-44s | %-40s | %-22s |\n' "POST /api/count 19x19, wrk -t2 -c32 ${wrk_seconds}s" "${rps:-?} req/s" ">= 10000 req/s"
printf '| %-44s | %-40s | %-22s |\n' "  p99 latency" "${p99:-?}" "< 20 ms"
printf '| %-44s | %-40s | %-22s |\n' "  non-2xx answers" "${non2xx:-0}" "0"
printf '| %-44s | %-40s | %-22s |\n' "8 clients x 12 MP photo, ${upload_seconds}s" "$(echo "$upload" | awk '{print $4" ok, "$6" busy(503), "$8" other, "$10" none"}')" "all 200/503"
printf '| %-44s | %-40s | %-22s |\n' "  mean / max latency of answered scans" "$(echo "$upload" | awk '{print $12" s / "$14" s"}')" ""
printf '| %-44s | %-40s | %-22s |\n' "  peak server memory (VmHWM)" "$((${peak_kb:-0} / 1024)) MB" "< 1536 MB"
printf '| %-44s | %-40s | %-22s |\n' "1000 malformed requests" "$(echo "$abuse" | sed 's/abuse 1000 in //; s/; healthz.*//')" ""
printf '| %-44s | %-40s | %-22s |\n' "  /healthz after everything" "$health" "200"
printf '| %-44s | %-40s | %-22s |\n' "  PRAGMA integrity_check" "$integrity" "ok"
