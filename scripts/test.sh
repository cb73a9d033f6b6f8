#!/usr/bin/env bash
# Runs every test: lints (rustfmt, clippy, tsc, eslint), the generated-types check, Rust unit and
# integration tests (SQLite, PostgreSQL, DuckDB), the Wasm tests in Node, Vitest, and Playwright
# against the real server in Debian's Chromium. Installs what it needs; idempotent.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$REPO_ROOT"
started_at=$(date +%s)

step "checking tools and services"
apt_install chromium
ensure_rust_targets
scripts/services.sh
ensure_npm_packages

step "rustfmt"
cargo fmt --all --check

step "generated TypeScript types are current"
cargo test -q -p quiver-types -p quiver-core --lib
if [ -n "$(git status --porcelain -- web/src/api/generated)" ]; then
  git status --porcelain -- web/src/api/generated
  echo "web/src/api/generated is stale: run 'cargo test -p quiver-types -p quiver-core --lib' and commit the result" >&2
  exit 1
fi

# One package per cargo call: cargo resolves features per selection, and the server's selection
# must stay the same for clippy, tests and the e2e binary so the bundled DuckDB is built once.
step "clippy (native and wasm32)"
cargo clippy -p quiver-types -p quiver-core --all-targets -- -D warnings
cargo clippy -p quiver-server --all-targets -- -D warnings
cargo clippy -p quiver-bench --all-targets -- -D warnings
cargo clippy -p quiver-bench-postprocess --all-targets -- -D warnings
cargo clippy -p quiver-core --target wasm32-unknown-unknown --features wasm -- -D warnings

step "building the Wasm core and the web app"
scripts/build-wasm.sh
# Built before the Rust tests: the report screenshot test opens the built web app in Chromium.
npm run build

step "Rust tests"
cargo test -p quiver-types -p quiver-core
cargo test -p quiver-server

step "Wasm tests (Node)"
cargo test -p quiver-core --target wasm32-unknown-unknown

step "web: typecheck, lint, unit tests"
npm run typecheck
npm run lint
npm run test:unit

step "end-to-end tests (Playwright, Debian Chromium)"
scripts/e2e.sh

echo
echo "all checks passed in $(( $(date +%s) - started_at )) s"
