"""The examples in the modules' docstrings and in docs/python.md run and print what they show."""

import doctest
import importlib

import pytest

from conftest import ROOT

MODULES = ["pencilbox", "pencilbox.dots", "pencilbox.slither", "pencilbox.walls", "pencilbox.openspiel",
           "pencilbox.envs.dots_v0"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_python_guide_examples():
    path = ROOT / "docs" / "python.md"
    result = doctest.testfile(str(path), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{path} has no >>> examples"
    assert result.failed == 0


def test_the_readmes_python_example_prints_what_its_comments_say(capsys):
    import re

    text = (ROOT / "README.md").read_text()
    blocks = re.findall(r"^```python\n(.*?)^```", text, flags=re.S | re.M)
    assert blocks, "README.md has no ```python block"
    for block in blocks:
        expected = [line.split("#", 1)[1].strip().split(":", 1)[0] for line in block.splitlines()
                    if line.startswith("print(")]
        exec(compile(block, "README.md", "exec"), {})
        assert capsys.readouterr().out.split("\n")[:-1] == expected
