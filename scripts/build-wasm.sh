#!/usr/bin/env bash
# Builds quiver-core for the browser: web/src/wasm/pkg/quiver_core.{js,d.ts} + quiver_core_bg.wasm.
#
#   scripts/build-wasm.sh            build, optimize, bind, check the package in Node, print sizes
#                                    and fail when the module is 1.5 MB gzipped or more
#   scripts/build-wasm.sh --test     also run the wasm32 tests in Node (wasm-bindgen-test-runner)
#
# Idempotent: installs wasm-bindgen-cli at the Cargo.lock version of wasm-bindgen only when it is
# missing or differs (the two must match exactly), adds the wasm32 target only when missing.
# Honours CARGO_TARGET_DIR (default: $HOME/.cache/quiver/target). No wasm-opt pass: Debian's
# binaryen 108 writes a wrong table export for modules with reference types (see
# docs/decisions/0009-wasm-build.md); the wasm-release profile (opt-level z, LTO) keeps the module
# small without it.
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo_root"

export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/quiver/target}"
target=wasm32-unknown-unknown
profile=wasm-release
out_dir=web/src/wasm/pkg
out_name=quiver_core
run_tests=false
for argument in "$@"; do
  case "$argument" in
    --test) run_tests=true ;;
    *) echo "unknown argument: $argument" >&2; exit 2 ;;
  esac
done

# The wasm-bindgen version in Cargo.lock: the line after `name = "wasm-bindgen"`.
bindgen_version="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"
if [[ -z "$bindgen_version" ]]; then
  echo "no wasm-bindgen in Cargo.lock" >&2
  exit 1
fi

installed_version="$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)"
if [[ "$installed_version" != "$bindgen_version" ]]; then
  echo "installing wasm-bindgen-cli $bindgen_version (found: ${installed_version:-none})"
  cargo install wasm-bindgen-cli --version "$bindgen_version" --locked --force
fi

if ! rustup target list --installed | grep -qx "$target"; then
  rustup target add "$target"
fi

cargo build -p quiver-core --target "$target" --profile "$profile" --features wasm
rustc_wasm="$CARGO_TARGET_DIR/$target/$profile/quiver_core.wasm"

mkdir -p "$out_dir"
wasm-bindgen --target web --remove-name-section --out-dir "$out_dir" --out-name "$out_name" "$rustc_wasm"
package_wasm="$out_dir/${out_name}_bg.wasm"

package_bytes="$(wc -c < "$package_wasm")"
gzipped_bytes="$(gzip -9 --stdout "$package_wasm" | wc -c)"
echo "$package_wasm: $package_bytes bytes, $gzipped_bytes bytes gzipped"

# Issue #4's budget for the release module: under 1.5 MB (1,500,000 bytes) gzipped. This script
# always builds the release profile, so test.sh fails when the module outgrows it.
max_gzipped_bytes=1500000
if (( gzipped_bytes >= max_gzipped_bytes )); then
  echo "the Wasm module is $gzipped_bytes bytes gzipped: over the budget of $max_gzipped_bytes bytes" >&2
  exit 1
fi
echo "size check: $gzipped_bytes bytes gzipped, under the budget of $max_gzipped_bytes bytes"

# Load the package in Node and run every golden fixture through it, so that a broken
# optimization or binding fails here rather than in the browser.
node --input-type=module - "$repo_root/$out_dir/$out_name.js" "$repo_root/$package_wasm" \
  "$repo_root/core-wasm/tests/fixtures/query_context" <<'NODE'
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [modulePath, wasmPath, fixtureFolder] = process.argv.slice(2);
const core = await import(pathToFileURL(modulePath).href);
await core.default({ module_or_path: await readFile(wasmPath) });

const names = (await readdir(fixtureFolder)).filter((name) => name.endsWith('.json'));
for (const name of names) {
  const fixture = JSON.parse(await readFile(join(fixtureFolder, name), 'utf8'));
  if (fixture.expected_error) {
    assert.throws(() => core.buildQueryContext(fixture.form_data), (error) => {
      assert.ok(error instanceof Error, name);
      const thrown = { name: error.name, message: error.message, control: error.control };
      assert.deepEqual(thrown, fixture.expected_error, name);
      return true;
    });
  } else {
    const { form_data: _formData, ...context } = core.buildQueryContext(fixture.form_data);
    assert.deepEqual(context, fixture.expected, name);
  }
  assert.deepEqual(core.validateFormData(fixture.form_data), fixture.expected_validation ?? [], name);
}
console.log(`package check: ${names.length} golden fixtures pass through the package in Node`);
NODE

if [[ "$run_tests" == true ]]; then
  cargo test -p quiver-core --target "$target"
fi
