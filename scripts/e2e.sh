#!/usr/bin/env bash
# Starts the real server (dev build) on a free port with a fresh data folder and the embedded
# default, runs the Playwright suite against it in Debian's Chromium, and stops the server.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$REPO_ROOT"

# The binary `cargo test -p quiver-server` builds (same features, so DuckDB is not built twice).
cargo test -p quiver-server --no-run
home="$(mktemp -d -t quiver-e2e-XXXXXX)"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
export QUIVER_HOME="$home" QUIVER_BIND="127.0.0.1:$port" QUIVER_ADMIN_PASSWORD="admin" QUIVER_EXAMPLES_ROWS=100000
export QUIVER_STATIC_DIR="$REPO_ROOT/web/dist"
# A private copy: clones of the repo at other paths share the target folder and its `quiver`.
cp "$CARGO_TARGET_DIR/debug/quiver" "$home/quiver"
"$home/quiver" serve > "$home/server.log" 2>&1 &
server_pid=$!
cleanup() {
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  rm -rf "$home"
}
trap cleanup EXIT

for _ in $(seq 1 120); do
  if curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$server_pid" 2>/dev/null; then cat "$home/server.log"; echo "the server exited" >&2; exit 1; fi
  sleep 1
done
curl -fsS "http://127.0.0.1:$port/health" >/dev/null || { cat "$home/server.log"; exit 1; }

export QUIVER_URL="http://127.0.0.1:$port"
status=0
npx playwright test "$@" || status=$?
if [ $status -ne 0 ]; then
  echo "--- server log ---"
  tail -n 100 "$home/server.log"
fi
exit $status
