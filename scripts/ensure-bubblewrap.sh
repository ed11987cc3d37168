#!/usr/bin/env bash
# Make sure bubblewrap (bwrap) is installed: the class league's sandbox for a teacher who is not
# root, and the league's tests run it as root and as an ordinary user. Debian's package where apt
# is available; fails with a clear message when it cannot be had (the tests never skip silently).
set -euo pipefail
command -v bwrap >/dev/null && exit 0
if command -v apt-get >/dev/null; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "Installing Debian's bubblewrap for the league's sandbox..."
  if $sudo apt-get update -qq \
    && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq bubblewrap >/dev/null; then
    command -v bwrap >/dev/null && exit 0
  fi
fi
echo "No bubblewrap (bwrap) for the league's sandbox: install your system's 'bubblewrap' package." >&2
exit 1
