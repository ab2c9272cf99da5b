"""Every rule option of the engine has a label, a line of help and a label for each value."""

from __future__ import annotations

from dataclasses import fields

from game.engine import Rules
from game.engine.rules import OPTION_VALUES
from game.rule_options import RULE_OPTIONS


def test_it_describes_exactly_the_engines_options() -> None:
    assert set(RULE_OPTIONS) == set(OPTION_VALUES) == {f.name for f in fields(Rules)}


def test_it_labels_every_value_of_every_option() -> None:
    for name, values in OPTION_VALUES.items():
        labels = RULE_OPTIONS[name].value_labels
        assert len(labels) == len(values), name
        for value in values:
            assert labels[value], (name, value)
        assert RULE_OPTIONS[name].help.endswith("."), name
