#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the browser tests and the web
# benchmark. Quiet and quick when it is already there; installs it otherwise (needs root).
set -euo pipefail

CHROMIUM=/usr/bin/chromium
[ -x "$CHROMIUM" ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-chromium: $CHROMIUM is missing; install it with: sudo apt-get install -y chromium" >&2
  exit 1
fi

echo "ensure-chromium: installing chromium..." >&2
export DEBIAN_FRONTEND=noninteractive
# The package lists may be stale or absent (fresh containers): refresh them only when needed.
if ! apt-get -o DPkg::Lock::Timeout=300 install -y -qq chromium >/dev/null; then
  apt-get -o DPkg::Lock::Timeout=300 update -qq >/dev/null
  apt-get -o DPkg::Lock::Timeout=300 install -y -qq chromium >/dev/null
fi

if [ ! -x "$CHROMIUM" ]; then
  echo "ensure-chromium: chromium was installed but $CHROMIUM is still missing" >&2
  exit 1
fi
echo "ensure-chromium: $("$CHROMIUM" --version 2>/dev/null || echo chromium) installed" >&2
