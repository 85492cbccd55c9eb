#!/usr/bin/env bash
# The browser tests: installs playwright-core with npm into tests/e2e/node_modules when
# missing, starts `goref serve` on a loopback port with a fresh database and an administrator,
# and runs a script in Debian's headless Chromium:
#   run.sh page GOREF OUT_DIR PHOTO [REFUSED_PHOTO]   e2e.mjs, the page step by step (test_http_e2e)
#   run.sh scaled GOREF PHOTO...                      scaled_readings.mjs (test_http_scaled)
# Exit 77 (skipped, loudly) without chromium, npm or the shared photos.
set -euo pipefail
mode="$1"
goref="$2"
shift 2
case "$mode" in
  page) test=test_http_e2e; out="$1"; photo="$2"; refused="${3:-}"; photos=("$photo") ;;
  scaled) test=test_http_scaled; photos=("$@") ;;
  *) echo "usage: run.sh page|scaled GOREF ..." >&2; exit 2 ;;
esac
here="$(cd "$(dirname "$0")" && pwd)"
if [ ! -x /usr/bin/chromium ]; then
  echo "SKIP $test: /usr/bin/chromium is missing (scripts/deps.sh installs Debian's chromium)"
  exit 77
fi
for p in "${photos[@]}"; do
  if [ ! -f "$p" ]; then
    echo "SKIP $test: the shared photo $p is missing"
    exit 77
  fi
done
if [ ! -d "$here/node_modules/playwright-core" ]; then
  if ! (cd "$here" && npm install --no-audit --no-fund --loglevel=error >/dev/null); then
    echo "SKIP $test: npm install of playwright-core failed"
    exit 77
  fi
fi
tmp="$(mktemp -d)"
pid=""
cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -TERM "$pid"; wait "$pid" || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
# Two heavy slots whatever the machine, so the busy step knows how many uploads fill them.
export GOREF_E2E_HEAVY=2
password="e2e-$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')"
GOREF_ADMIN_PASSWORD="$password" "$goref" serve --port 0 --db "$tmp/e2e.db" --init-admin admin \
  --heavy "$GOREF_E2E_HEAVY" --quiet >"$tmp/out" 2>"$tmp/err" &
pid=$!
for _ in $(seq 1 300); do
  grep -q "serving on" "$tmp/out" 2>/dev/null && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.1
done
port="$(sed -n 's#.*http://127\.0\.0\.1:\([0-9]*\)/.*#\1#p' "$tmp/out")"
if [ -z "$port" ]; then
  echo "$test: goref serve did not start"
  cat "$tmp/err"
  exit 1
fi
if [ "$mode" = scaled ]; then
  node "$here/scaled_readings.mjs" "http://127.0.0.1:$port" "${photos[@]}"
  exit
fi
rm -rf "$out"
# the second photo only when it is there (e2e.mjs says loudly that its step was skipped)
[ -f "$refused" ] || refused=""
node "$here/e2e.mjs" "http://127.0.0.1:$port" "$out" "$photo" "$password" ${refused:+"$refused"}
