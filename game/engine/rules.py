"""The rule options of a match (RULES.md section 12), validated on creation.

>>> Rules().min_bid
16
>>> Rules(bidding="raise", all_pass="dealer_forced").bidding
'raise'
>>> Rules(min_bid=14)
Traceback (most recent call last):
...
ValueError: min_bid must be one of 16, 15, not 14
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

# Every option and its allowed values, the default first.
OPTION_VALUES: dict[str, tuple[Any, ...]] = {
    "min_bid": (16, 15),
    "bidding": ("priority", "raise", "once"),
    "all_pass": ("redeal", "dealer_forced"),
    "seventh_card": (True, False),
    "doubling": (True, False),
    "set_double": (True, False),
    "single_hand": (True, False),
    "single_hand_stake": (3, 6),
    "must_ask_trump": (False, True),
    "marriage": ("on_show", "after_trick", "off"),
    "last_trick_point": (False, True),
    "early_end": (True, False),
    "seventh_card_check": ("none", "point_trump", "two_trumps"),
    "reset_after_set": (False, True),
    "shuffle": ("realistic", "thorough"),
}


@dataclass(frozen=True)
class Rules:
    """The house rules of seeds/000 by default; every other field value is a variant."""

    min_bid: int = 16
    bidding: str = "priority"
    all_pass: str = "redeal"
    seventh_card: bool = True
    doubling: bool = True
    set_double: bool = True
    single_hand: bool = True
    single_hand_stake: int = 3
    must_ask_trump: bool = False
    marriage: str = "on_show"
    last_trick_point: bool = False
    early_end: bool = True
    seventh_card_check: str = "none"
    reset_after_set: bool = False
    shuffle: str = "realistic"

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            allowed = OPTION_VALUES[field.name]
            # bool is an int subclass: compare types too, so True is not taken for 1.
            if not any(type(value) is type(a) and value == a for a in allowed):
                shown = ", ".join(_show(a) for a in allowed)
                raise ValueError(f"{field.name} must be one of {shown}, not {_show(value)}")

    def to_dict(self) -> dict[str, Any]:
        """The options as a JSON-able dict (every value is a plain scalar: no deep copy)."""
        return {name: getattr(self, name) for name in OPTION_VALUES}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rules from a dict; unknown keys raise ValueError naming them."""
        unknown = sorted(set(data) - set(OPTION_VALUES))
        if unknown:
            raise ValueError(f"unknown rule option: {', '.join(unknown)}")
        return cls(**data)


# Saved rules seen before, by their (option, type, value) triples: restored matches share them.
_RESTORED: dict[tuple[tuple[str, type, Any], ...], Rules] = {}
RESTORED_KEPT = 256


def restored(data: dict[str, Any]) -> Rules:
    """``Rules.from_dict`` of saved rules, validated once per distinct set of options (a
    ``Rules`` is immutable, so every match restored with the same options shares one)."""
    try:
        # The type is part of the key: True == 1, but seventh_card=1 is not a valid option.
        key = tuple(sorted((name, type(value), value) for name, value in data.items()))
        known = _RESTORED.get(key)
    except TypeError:  # an unhashable (so invalid) value: let from_dict name it
        return Rules.from_dict(data)
    if known is None:
        known = Rules.from_dict(data)
        if len(_RESTORED) >= RESTORED_KEPT:
            _RESTORED.clear()
        _RESTORED[key] = known
    return known


def _show(value: Any) -> str:
    return repr(value) if isinstance(value, str) else str(value)
