#!/usr/bin/env bash
# `make run`: goref's main job with what exists today. Until `goref serve` lands this counts the
# bundled example game the Chinese way, suggesting the dead stones, and prints the referee's sheet.
set -euo pipefail
build="${1:-build}"
here="$(cd "$(dirname "$0")/.." && pwd)"
exec "$build/goref" count "$here/examples/finished-9x9.sgf" --suggest-dead
