#!/usr/bin/env bash
# The browser end-to-end test (CTest test_http_e2e): installs playwright-core with npm into
# tests/e2e/node_modules when missing, starts `goref serve` on a loopback port with a fresh
# database and an administrator, and runs e2e.mjs in Debian's headless Chromium.
# usage: run.sh GOREF OUT_DIR PHOTO [REFUSED_PHOTO]. Exit 77 (skipped, loudly) without chromium
# or npm.
set -euo pipefail
goref="$1"
out="$2"
photo="$3"
refused="${4:-}"
here="$(cd "$(dirname "$0")" && pwd)"
if [ ! -x /usr/bin/chromium ]; then
  echo "SKIP test_http_e2e: /usr/bin/chromium is missing (scripts/deps.sh installs Debian's chromium)"
  exit 77
fi
if [ ! -f "$photo" ]; then
  echo "SKIP test_http_e2e: the shared photo $photo is missing"
  exit 77
fi
if [ ! -d "$here/node_modules/playwright-core" ]; then
  if ! (cd "$here" && npm install --no-audit --no-fund --loglevel=error >/dev/null); then
    echo "SKIP test_http_e2e: npm install of playwright-core failed"
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
  echo "test_http_e2e: goref serve did not start"
  cat "$tmp/err"
  exit 1
fi
rm -rf "$out"
# the second photo only when it is there (e2e.mjs says loudly that its step was skipped)
[ -f "$refused" ] || refused=""
node "$here/e2e.mjs" "http://127.0.0.1:$port" "$out" "$photo" "$password" ${refused:+"$refused"}
