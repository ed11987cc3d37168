#!/usr/bin/env bash
# Make sure a Chromium for the browser tests is installed: Debian's package where apt is available
# (Playwright's own browser download is not reachable from every machine), else Playwright's build.
# Fails with a clear message when no browser can be had: the browser tests never skip silently.
set -euo pipefail
# The tests use $KCW_CHROMIUM when it is set (and nothing else), else Debian's paths.
if [ -n "${KCW_CHROMIUM:-}" ]; then
  [ -x "$KCW_CHROMIUM" ] && exit 0
  echo "KCW_CHROMIUM=$KCW_CHROMIUM is not an executable Chromium." >&2
  exit 1
fi
found() {
  [ -x /usr/bin/chromium ] || [ -x /usr/bin/chromium-browser ]
}
found && exit 0
if command -v apt-get >/dev/null; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "Installing Debian's chromium for the browser tests..."
  if $sudo apt-get update -qq \
    && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null; then
    found && exit 0
  fi
  echo "apt-get could not install chromium; trying Playwright's own build." >&2
fi
echo "Installing Playwright's chromium for the browser tests..."
if ! .venv/bin/python -m playwright install chromium; then
  echo "No Chromium for the browser tests: install Debian's 'chromium' package, run" \
    "'.venv/bin/python -m playwright install chromium', or set KCW_CHROMIUM." >&2
  exit 1
fi
