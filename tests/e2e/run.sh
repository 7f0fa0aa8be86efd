#!/bin/sh
# ctest wrapper for web_e2e.mjs: finds node and Chromium, or skips (exit 77)
# with a message saying how to get them.
#   tests/e2e/run.sh CVSEARCH_BINARY
# $CHROMIUM overrides the browser binary.
set -eu
here=$(dirname "$0")
node=$(command -v node || command -v nodejs || true)
if [ -z "$node" ]; then
  echo "SKIPPED: node not found; install it with scripts/install-deps.sh --test (Debian package nodejs)"
  exit 77
fi
chromium=${CHROMIUM:-}
if [ -z "$chromium" ]; then
  for c in /usr/lib/chromium/chromium /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome; do
    if [ -x "$c" ]; then chromium=$c; break; fi
  done
fi
if [ -z "$chromium" ]; then
  echo "SKIPPED: chromium not found; install it with scripts/install-deps.sh --test (Debian package chromium) or set CHROMIUM"
  exit 77
fi
exec "$node" "$here/web_e2e.mjs" "$1" "$chromium"
