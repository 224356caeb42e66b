#!/usr/bin/env bash
# Installs what the browser tests need on a fresh Debian machine: Debian's chromium (the tests
# drive /usr/bin/chromium headless) and the npm packages pinned in e2e/package-lock.json
# (playwright-core only: it never downloads a browser). Safe to run again: it skips what is there.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages the tests need and the machine lacks.
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  # shellcheck source=scripts/lib/apt.sh
  source scripts/lib/apt.sh
  apt_install scripts/install-e2e.sh "${missing[@]}"
fi
chromium --version
if [ ! -d e2e/node_modules/playwright-core ] || [ e2e/package-lock.json -nt e2e/node_modules/.package-lock.json ]; then
  echo "== npm ci (e2e)"
  (cd e2e && npm ci --no-audit --no-fund --loglevel=error)
fi
echo "node $(node --version), playwright-core $(node -p "require('./e2e/node_modules/playwright-core/package.json').version")"
