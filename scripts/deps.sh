#!/usr/bin/env bash
# Installs the Debian packages goref needs to build, test and run, and only those missing.
# Idempotent: a second run with everything present does nothing and needs no network.
set -euo pipefail

PACKAGES=(
  build-essential cmake pkg-config git
  libopencv-dev libpng-dev libjpeg-dev libwebp-dev
  libsqlite3-dev sqlite3
  libcmocka-dev libmicrohttpd-dev libjansson-dev libsodium-dev
  gnugo valgrind
  chromium fonts-wqy-microhei # the page's browser test (tests/e2e), with a CJK font for its screenshots
)
# Extra packages a caller asks for (e.g. clang for fuzzing, wrk for load tests).
PACKAGES+=("$@")

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "deps: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
