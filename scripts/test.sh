#!/usr/bin/env bash
# The README's test command: every Rust test of the workspace, then the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace --locked
bash scripts/e2e.sh
