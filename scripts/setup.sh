#!/usr/bin/env bash
# Shared setup for the two commands: installs what is missing, idempotently.
# Sourced by scripts/start.sh and scripts/test.sh; not meant to be run alone.

export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/quiver/target}"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export REPO_ROOT

step() { printf '\n==> %s\n' "$*"; }

apt_updated=0
apt_install() {
  local missing=()
  for package in "$@"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  step "installing Debian packages: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  if [ $apt_updated -eq 0 ]; then
    $sudo apt-get update -qq
    apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

ensure_rust_targets() {
  if ! rustup target list --installed | grep -q '^wasm32-unknown-unknown$'; then
    step "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi
}

# npm packages, reinstalled only when package-lock.json changes.
ensure_npm_packages() {
  local stamp="node_modules/.quiver-lock-hash"
  local hash
  hash="$(sha256sum package-lock.json | cut -d' ' -f1)"
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$hash" ]; then
    step "installing npm packages"
    npm ci --no-audit --no-fund --engine-strict
    echo "$hash" > "$stamp"
  fi
}
