#!/usr/bin/env bash
# Installs the Debian packages goref needs, and only those missing. Idempotent: a second run with
# everything present does nothing and needs no network.
#   scripts/deps.sh            what building and running goref needs
#   scripts/deps.sh --test     also what the tests need (GNU Go, valgrind, Chromium, Node.js,
#                              cppcheck, clang-format)
#   scripts/deps.sh PKG...     also the named packages (e.g. clang for fuzzing, wrk for load tests)
set -euo pipefail

PACKAGES=(
  build-essential cmake pkg-config git
  libopencv-dev libpng-dev libjpeg-dev libwebp-dev
  libsqlite3-dev sqlite3
  libcmocka-dev libmicrohttpd-dev libjansson-dev libsodium-dev
  libpango1.0-dev libcairo2-dev # the count sheet's text (Pango on cairo)
  fonts-wqy-microhei            # its CJK font, needed at run time
)
TEST_PACKAGES=(
  gnugo                       # the peer the rules and scoring are checked against
  valgrind                    # make valgrind
  chromium                    # the page's browser test (tests/e2e); its screenshots use the CJK font above
  cppcheck clang-format       # the static check and the layout check (tests/static)
)

for arg in "$@"; do
  if [ "$arg" = "--test" ]; then
    PACKAGES+=("${TEST_PACKAGES[@]}")
    # The browser test installs playwright-core with npm; any Node.js with npm will do.
    command -v npm >/dev/null 2>&1 || PACKAGES+=(nodejs npm)
  else
    PACKAGES+=("$arg")
  fi
done

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
