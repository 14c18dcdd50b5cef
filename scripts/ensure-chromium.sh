#!/usr/bin/env bash
# Browser tests need a Chromium binary: Playwright cannot download its own here, so use Debian's.
set -euo pipefail
bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$bin" ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Chromium from Debian's packages for the browser tests…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "No Chromium at $bin. Install it (sudo apt-get install chromium) or set CHROMIUM_PATH." >&2
exit 1
