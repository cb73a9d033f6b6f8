#!/usr/bin/env bash
# Browser benchmarks (docs/performance.md §3, §4 and §5): Explore's Run to chart painted for a 10k-row table
# and a 20-series line chart, and the frame rate while scrolling a 100k-row table, on the examples
# with birth_names at 1M rows, in headless Debian Chromium against a release server. The raw
# engine time of the same SQL comes from DuckDB's Python package on the same examples file. Then a
# 30-chart dashboard's load, cold and warm (bench/browser/dashboard.mjs), and SQL Lab with a
# 1M-row result (bench/browser/sqllab.mjs, §5).
#
#   bench/browser.sh [--rows 1000000] [--runs 20] [--no-build]
#
# --no-build uses the Wasm package, web/dist and the release server as they are (built by
# scripts/start.sh, or by this script before).
# The server runs with the chart-data cache off (QUIVER_CACHE_DEFAULT_TIMEOUT=0), so every Run
# queries the engine, as a Run after a changed control does. Writes the JSON report and a
# Markdown summary to bench/results/.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/setup.sh"
cd "$REPO_ROOT"

rows=1000000
runs=20
build=true
while [ $# -gt 0 ]; do
  case "$1" in
    --no-build) build=false; shift ;;
    --rows) rows="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done

bench_home="${QUIVER_BENCH_HOME:-$HOME/.cache/quiver/bench}"
venv="$bench_home/venv-browser"
results="$REPO_ROOT/bench/results"
mkdir -p "$bench_home" "$results"

step "installing what the benchmark needs"
apt_install chromium
ensure_rust_targets
ensure_npm_packages
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import duckdb, pyarrow' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet -r bench/browser/requirements.txt
fi

if $build; then
  step "building the release Wasm package, the web app and the release server"
  scripts/build-wasm.sh
  npm run build
  cargo build --release -p quiver-server
fi

# A data folder per size, kept between runs (generating 1M rows takes a while).
home="$bench_home/browser-$rows"
mkdir -p "$home"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
password="$(cat "$home/bench-password" 2>/dev/null || true)"
if [ -z "$password" ]; then
  password="bench-$(date +%s)"
  echo "$password" > "$home/bench-password"
fi
server_pid=""
# Starts the release server on the data folder; $1 is the chart-data cache timeout in seconds.
start_server() {
  QUIVER_HOME="$home" QUIVER_BIND="127.0.0.1:$port" QUIVER_ADMIN_PASSWORD="$password" \
    QUIVER_EXAMPLES_ROWS="$rows" QUIVER_CACHE_DEFAULT_TIMEOUT="$1" QUIVER_STATIC_DIR="$REPO_ROOT/web/dist" \
    "$CARGO_TARGET_DIR/release/quiver" serve >> "$home/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 600); do
    if curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1; then return 0; fi
    if ! kill -0 "$server_pid" 2>/dev/null; then tail -n 50 "$home/server.log"; echo "the server exited" >&2; exit 1; fi
    sleep 1
  done
  echo "the server did not answer within 600 s" >&2
  exit 1
}
stop_server() {
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
  fi
}
trap stop_server EXIT

step "starting the release server with the chart-data cache off"
start_server 0

step "Explore in headless Chromium ($rows rows, $runs runs)"
stamp="$(date +%F)"
node bench/browser/explore.mjs --url "http://127.0.0.1:$port" --runs "$runs" --password "$password" \
  > "$home/explore-browser.json"
step "the raw engine on the same SQL"
"$venv/bin/python" bench/browser/engine.py --db "$home/examples.duckdb" --runs "$runs" \
  < "$home/explore-browser.json" > "$results/explore-$stamp.json"

step "SQL Lab: a 1M-row result"
node bench/browser/sqllab.mjs --url "http://127.0.0.1:$port" --runs 5 --password "$password" > "$home/sqllab-browser.json"
"$venv/bin/python" bench/browser/engine.py --db "$home/examples.duckdb" --runs 5 \
  < "$home/sqllab-browser.json" > "$results/sqllab-$stamp.json"

step "a 30-chart dashboard, cold (cache off, new browser context per load)"
node bench/browser/dashboard.mjs --url "http://127.0.0.1:$port" --runs 10 --password "$password" --mode cold \
  > "$results/dashboard-cold-$stamp.json"
stop_server
step "a 30-chart dashboard, warm (cache on and filled, same browser context)"
start_server 86400
node bench/browser/dashboard.mjs --url "http://127.0.0.1:$port" --runs 10 --password "$password" --mode warm \
  > "$results/dashboard-warm-$stamp.json"
stop_server

node bench/browser/report.mjs --commit "$(git rev-parse --short HEAD)" --rows "$rows" \
  --dashboard-cold "$results/dashboard-cold-$stamp.json" --dashboard-warm "$results/dashboard-warm-$stamp.json" \
  --sqllab "$results/sqllab-$stamp.json" \
  < "$results/explore-$stamp.json" | tee "$results/browser-$stamp.md"
