#!/usr/bin/env bash
# Post-processing benchmark: every case of bench/postprocess/cases.json on 1M-row inputs, in one
# run, three ways: quiver-core natively (release), quiver-core's release Wasm package in headless
# Debian Chromium, and pandas doing what Superset does. Prints the table and writes it, with the
# raw figures, to bench/postprocess/results/.
#
#   bench/postprocess.sh [--rows 1000000] [--runs 11] [--results DIR]
#
# --results writes the raw figures and the table to DIR instead of bench/postprocess/results/
# (the reference run's), for a run that is not the reference.
#
# Installs what it needs: the Wasm package (scripts/build-wasm.sh), npm packages, Debian's
# chromium, and pandas/pyarrow in a virtualenv under ~/.cache/quiver/bench/venv.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/setup.sh"
cd "$REPO_ROOT"

rows=1000000
runs=11
results="$REPO_ROOT/bench/postprocess/results"
while [ $# -gt 0 ]; do
  case "$1" in
    --rows) rows="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --results) results="$(realpath -m "$2")"; shift 2 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done

bench_home="${QUIVER_BENCH_HOME:-$HOME/.cache/quiver/bench}"
data="$bench_home/postprocess-$rows"
venv="$bench_home/venv"
cases="$REPO_ROOT/bench/postprocess/cases.json"
mkdir -p "$data" "$results"

step "installing what the benchmark needs"
apt_install chromium
ensure_rust_targets
ensure_npm_packages
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import pandas, pyarrow' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet -r bench/postprocess/requirements.txt
fi

step "building the release Wasm package and the native benchmark"
wasm_line="$(scripts/build-wasm.sh | tee /dev/stderr | grep ' bytes, .* bytes gzipped')"
wasm_bytes="$(echo "$wasm_line" | sed -E 's/.*: ([0-9]+) bytes, ([0-9]+) bytes gzipped.*/\1/')"
wasm_gzip_bytes="$(echo "$wasm_line" | sed -E 's/.*: ([0-9]+) bytes, ([0-9]+) bytes gzipped.*/\2/')"
cargo build --release -p quiver-bench-postprocess
native_bin="$CARGO_TARGET_DIR/release/quiver-bench-postprocess"

if [ ! -f "$data/rows.arrow" ] || [ ! -f "$data/series.arrow" ]; then
  step "generating the $rows-row inputs"
  "$native_bin" generate --rows "$rows" --data "$data"
fi

step "native"
"$native_bin" native --data "$data" --cases "$cases" --runs "$runs" --out "$results/native.json"
step "Wasm in headless Chromium"
node bench/postprocess/wasm.mjs --data "$data" --cases "$cases" --runs "$runs" --out "$results/wasm.json"
"$native_bin" summarize --results "$results/wasm.json"
step "pandas"
"$venv/bin/python" bench/postprocess/pandas_runner.py --data "$data" --cases "$cases" --runs "$runs" \
  --out "$results/pandas.json"

step "report ($rows rows, median of $runs runs)"
"$native_bin" report --native "$results/native.json" --wasm "$results/wasm.json" \
  --pandas "$results/pandas.json" --wasm-bytes "$wasm_bytes" --wasm-gzip-bytes "$wasm_gzip_bytes" \
  --out "$results/results.md"
