#!/usr/bin/env bash
# The README's test command: every Rust test of the workspace, the Python package's tests (a
# virtual environment the script makes: scripts/test-python.sh), the job engines' test (Slurm
# and GNU parallel, installed from Debian's packages: scripts/jobs-e2e.sh), then the browser tests.
# Needs nothing beside the checkout.
#
# With a Slitherlink corpus folder (the benchmark corpus, kept outside the repository), the
# opt-in corpus suite (crates/slither/tests/corpus) runs too, after the default Rust tests:
#
#   bash scripts/test.sh --corpus DIR
#   PENCILBOX_CORPUS=DIR bash scripts/test.sh
#
# A corpus folder asked for but missing fails the run, naming the path.
set -euo pipefail

corpus="${PENCILBOX_CORPUS:-}"
while [ $# -gt 0 ]; do
  case "$1" in
    --corpus)
      if [ $# -lt 2 ] || [ -z "$2" ]; then
        echo "scripts/test.sh: --corpus needs the corpus folder" >&2
        exit 2
      fi
      corpus="$2"
      shift 2
      ;;
    --corpus=*)
      corpus="${1#--corpus=}"
      shift
      ;;
    *)
      echo "usage: bash scripts/test.sh [--corpus DIR]  (or PENCILBOX_CORPUS=DIR)" >&2
      exit 2
      ;;
  esac
done
if [ -n "$corpus" ]; then
  # Absolute, from where the script was called: the tests run in their crate's folder.
  corpus="$(realpath -m -- "$corpus")"
  if [ ! -f "$corpus/janko-1176.json" ] || [ ! -f "$corpus/loopy-levels.tsv" ]; then
    echo "scripts/test.sh: the Slitherlink corpus was asked for, but $corpus does not hold janko-1176.json and loopy-levels.tsv" >&2
    exit 2
  fi
fi

cd "$(dirname "$0")/.."
cargo test --workspace --locked
if [ -n "$corpus" ]; then
  echo "== the Slitherlink corpus suite ($corpus)"
  PENCILBOX_CORPUS="$corpus" cargo test --locked -p pencilbox-slither --features corpus --test corpus
fi
bash scripts/test-python.sh
bash scripts/jobs-e2e.sh
bash scripts/e2e.sh
