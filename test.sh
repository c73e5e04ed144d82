#!/usr/bin/env bash
# The project's one test command (README.md, .ci/run): ./test.sh [go test flags]
# It prepares what the tests need on a fresh Debian machine, then runs every test.
set -euo pipefail
cd "$(dirname "$0")"
export PATH="/usr/local/go/bin:$PATH"

# What the tests need from Debian: Chromium for the browser tests (e2e/; not
# when they are skipped with SANDTABLE_SKIP_BROWSER=1 outside CI) and tmux for
# the terminal client's test (cmd/sandtable). Install what is missing.
pkgs=()
if [ ! -x /usr/bin/chromium ] && { [ -n "${CI:-}" ] || [ "${SANDTABLE_SKIP_BROWSER:-}" != 1 ]; }; then
  pkgs+=(chromium)
fi
if ! command -v tmux >/dev/null; then
  pkgs+=(tmux)
fi
if [ ${#pkgs[@]} -gt 0 ]; then
  if ! command -v apt-get >/dev/null; then
    echo "test.sh: ${pkgs[*]} missing and this is not a Debian-like system (no apt-get):" >&2
    echo "test.sh: install them (Chromium at /usr/bin/chromium), or set SANDTABLE_SKIP_BROWSER=1 to skip the browser tests" >&2
    exit 1
  fi
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  echo "test.sh: installing ${pkgs[*]} from Debian for the tests" >&2
  $sudo apt-get update
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y "${pkgs[@]}"
fi

# Services the tests need start here (later: a test PostgreSQL for server/store).

go version
go test "$@" ./...
