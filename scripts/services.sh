#!/usr/bin/env bash
# Makes sure the local PostgreSQL and MariaDB servers the integration tests use are running.
set -euo pipefail

wait_for() {
  local name="$1" check="$2"
  for _ in $(seq 1 30); do
    if eval "$check" >/dev/null 2>&1; then return 0; fi
    sleep 1
  done
  echo "$name did not come up" >&2
  return 1
}

if ! pg_isready -h 127.0.0.1 -p 5432 >/dev/null 2>&1; then
  echo "starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start
  wait_for PostgreSQL "pg_isready -h 127.0.0.1 -p 5432"
fi

if command -v mariadb-admin >/dev/null 2>&1 && ! mariadb-admin -h 127.0.0.1 -u root ping >/dev/null 2>&1; then
  echo "starting MariaDB"
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd
  wait_for MariaDB "mariadb-admin -h 127.0.0.1 -u root ping"
fi
