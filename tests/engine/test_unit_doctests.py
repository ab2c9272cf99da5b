"""The examples in the engine's docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import game.engine

MODULES = sorted(f"game.engine.{info.name}" for info in pkgutil.iter_modules(game.engine.__path__))


@pytest.mark.parametrize("name", ["game.engine", *MODULES])
def test_it_keeps_its_docstring_examples_true(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
