#!/usr/bin/env bash
# Makes sure Debian's nginx and redis-server are there for `npm run cluster`, as
# scripts/ensure-chromium.sh does for the browser tests: quiet and quick when present,
# installed with apt-get otherwise (needs root).
set -euo pipefail

declare -A PACKAGE_OF=([/usr/sbin/nginx]=nginx [/usr/bin/redis-server]=redis-server)
missing=()
for binary in "${!PACKAGE_OF[@]}"; do
  [ -x "$binary" ] || missing+=("${PACKAGE_OF[$binary]}")
done
[ "${#missing[@]}" -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "cluster: ${missing[*]} missing; install with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi

echo "cluster: installing ${missing[*]}..." >&2
export DEBIAN_FRONTEND=noninteractive
# The package lists may be stale or absent (fresh containers): refresh them only when needed.
# policy-rc.d refuses service starts: the packages' own nginx and redis must not start and take
# ports 80 and 6379; the cluster runs its own.
policy=/usr/sbin/policy-rc.d
had_policy=false
[ -e "$policy" ] && had_policy=true
if [ "$had_policy" = false ]; then
  printf '#!/bin/sh\nexit 101\n' >"$policy"
  chmod +x "$policy"
fi
install() { apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; }
if ! install; then
  apt-get -o DPkg::Lock::Timeout=300 update -qq >/dev/null
  install
fi
[ "$had_policy" = false ] && rm -f "$policy"

for binary in "${!PACKAGE_OF[@]}"; do
  if [ ! -x "$binary" ]; then
    echo "cluster: ${PACKAGE_OF[$binary]} was installed but $binary is still missing" >&2
    exit 1
  fi
done
echo "cluster: ${missing[*]} installed" >&2
