#!/usr/bin/env bash
# Make sure a Chromium for the browser tests is installed: Debian's package where apt is available
# (Playwright's own browser download is not reachable from every machine), else Playwright's build.
set -euo pipefail
for candidate in "${KCW_CHROMIUM:-}" /usr/bin/chromium /usr/bin/chromium-browser; do
  if [ -n "$candidate" ] && [ -x "$candidate" ]; then
    exit 0
  fi
done
if command -v apt-get >/dev/null; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "Installing Debian's chromium for the browser tests..."
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Installing Playwright's chromium for the browser tests..."
.venv/bin/python -m playwright install chromium
