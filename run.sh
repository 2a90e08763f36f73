#!/usr/bin/env bash
# Build and open Checkers on Debian or Ubuntu with Rust installed.
# Installs the missing system packages first (apt-get, through sudo when not
# root). Pass --debug for a quicker first build (the engine is optimised in
# both).
set -euo pipefail
cd "$(dirname "$0")"

if ! command -v cargo >/dev/null 2>&1; then
    echo "Rust is needed: install it from https://rustup.rs and run this again." >&2
    exit 1
fi

. scripts/system-packages
scripts/apt-install "${APP_PACKAGES[@]}"

profile=(--release)
if [ "${1:-}" = "--debug" ]; then
    profile=()
fi
exec cargo run "${profile[@]}" -p checkers-app
