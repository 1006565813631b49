#!/usr/bin/env bash
# Makes sure what `npm run cluster` runs is there, from Debian, as scripts/ensure-chromium.sh
# does for the browser tests: quiet and quick when present, installed with apt-get otherwise
# (needs root). nginx and Redis; for the replicated database (decision 067) PostgreSQL 15,
# Patroni, etcd, HAProxy and pgBackRest.
set -euo pipefail

declare -A PACKAGE_OF=(
  [/usr/sbin/nginx]=nginx
  [/usr/bin/redis-server]=redis-server
  [/usr/lib/postgresql/15/bin/postgres]=postgresql-15
  [/usr/bin/patroni]=patroni
  [/usr/bin/etcd]=etcd-server
  [/usr/sbin/haproxy]=haproxy
  [/usr/bin/pgbackrest]=pgbackrest
)
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
# policy-rc.d refuses service starts: the packages' own services must not start and take their
# ports (80, 6379, 5432, 2379…); the cluster runs its own.
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
