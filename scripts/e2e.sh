#!/usr/bin/env bash
# The browser tests: installs chromium and playwright-core if missing (scripts/install-e2e.sh),
# builds the binary, then runs e2e/tests/*.test.mjs with node's test runner. Each test file
# starts its own `pencilbox serve --port 0`. Screenshots land in target/e2e/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-e2e.sh
# The test profile (opt-level 2) shares its build with `cargo test`.
cargo build --profile test -p pencilbox-cli --locked
export PENCILBOX_BIN="$PWD/target/debug/pencilbox"
cd e2e
node --test --test-concurrency=1 tests/
echo "screenshots: target/e2e/"
