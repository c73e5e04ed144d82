#!/usr/bin/env bash
# The project's one test command (README.md, .ci/run): ./test.sh [go test flags]
# It prepares what the tests need on a fresh Debian machine, then runs every test.
set -euo pipefail
cd "$(dirname "$0")"
export PATH="/usr/local/go/bin:$PATH"

# The browser tests (e2e/) drive Debian's Chromium. Install it when missing,
# unless they are skipped (SANDTABLE_SKIP_BROWSER=1 outside CI).
if [ ! -x /usr/bin/chromium ] && { [ -n "${CI:-}" ] || [ "${SANDTABLE_SKIP_BROWSER:-}" != 1 ]; }; then
  if ! command -v apt-get >/dev/null; then
    echo "test.sh: Chromium is missing at /usr/bin/chromium and this is not a Debian-like system (no apt-get):" >&2
    echo "test.sh: install Chromium there, or set SANDTABLE_SKIP_BROWSER=1 to skip the browser tests" >&2
    exit 1
  fi
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  echo "test.sh: installing Debian's Chromium for the browser tests" >&2
  $sudo apt-get update
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
fi

# Services the tests need start here (later: a test PostgreSQL for server/store).

go version
go test "$@" ./...
