"""The examples in the docstrings of the players' entry points run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["game.bots", "bench.sparring"])
def test_it_keeps_its_docstring_examples_true(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
