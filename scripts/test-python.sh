#!/usr/bin/env bash
# The Python package's tests: makes a virtual environment (target/venv, from python3 or $PYTHON),
# builds and installs the package into it with every extra (`pip install ".[test]"`: maturin
# builds the wheel; OpenSpiel, PettingZoo, Gymnasium and pytest come from PyPI, at the versions
# python/constraints.txt pins), then runs
# pytest on python/tests. The tests compare with the CLI: PENCILBOX_BIN names it, else the test
# profile's build is made. Run by scripts/test.sh; extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
python="${PYTHON:-python3}"
venv=target/venv
if [ ! -x "$venv/bin/python" ]; then
  echo "== making the virtual environment $venv ($("$python" --version))"
  "$python" -m venv "$venv"
fi
echo "== pip install \".[test]\" into $venv (maturin builds the wheel; versions from python/constraints.txt)"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -c python/constraints.txt ".[test]"
if [ -z "${PENCILBOX_BIN:-}" ]; then
  cargo build --profile test -p pencilbox-cli --locked
  PENCILBOX_BIN="$PWD/target/debug/pencilbox"
fi
export PENCILBOX_BIN
echo "== pytest python/tests"
"$venv/bin/python" -m pytest -q python/tests "$@"
