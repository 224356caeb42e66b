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
