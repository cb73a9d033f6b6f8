#!/usr/bin/env bash
# Builds everything that is missing and starts Quiver with the embedded default (SQLite metadata,
# DuckDB examples) on http://127.0.0.1:8088. Idempotent: a second run only rebuilds what changed.
#
# Environment: QUIVER_HOME (data folder, default ./var), QUIVER_BIND (default 127.0.0.1:8088),
# QUIVER_ADMIN_PASSWORD (the first admin's password; generated and printed once when unset),
# DATABASE_URL (PostgreSQL metadata instead of SQLite).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$REPO_ROOT"


ensure_rust_targets
ensure_npm_packages

step "building the Wasm core"
WASM_PROFILE=wasm-release scripts/build-wasm.sh

step "building the web app"
npm run build

step "building the server (release; the first build compiles DuckDB and takes about 30 minutes)"
cargo build --release -p quiver-server

export QUIVER_HOME="${QUIVER_HOME:-$REPO_ROOT/var}"
export QUIVER_STATIC_DIR="${QUIVER_STATIC_DIR:-$REPO_ROOT/web/dist}"
step "starting Quiver (data in $QUIVER_HOME)"
exec "$CARGO_TARGET_DIR/release/quiver" serve
