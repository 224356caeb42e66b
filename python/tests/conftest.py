"""What the tests share: the repository's folders and the CLI they compare with."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def cli():
    """Runs the `pencilbox` binary (PENCILBOX_BIN, else the test profile's build) with
    arguments and standard input; returns the completed process (text)."""
    path = pathlib.Path(os.environ.get("PENCILBOX_BIN") or ROOT / "target" / "debug" / "pencilbox")
    if not path.is_file():
        pytest.fail(f"the pencilbox binary {path} is missing: run scripts/test-python.sh, which builds it, "
                    "or set PENCILBOX_BIN")

    def run(*args, stdin=""):
        return subprocess.run([str(path), *map(str, args)], input=stdin, capture_output=True, text=True,
                              check=False, timeout=600)

    return run
