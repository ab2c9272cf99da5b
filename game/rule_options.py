"""How each rule option of ``Rules`` is shown to the host: a label, one line of help
taken from RULES.md, and a label for each allowed value.

The values themselves come from ``game.engine.rules.OPTION_VALUES`` (default first);
this module only names them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

YES_NO = {True: "Yes", False: "No"}


@dataclass(frozen=True)
class RuleOption:
    """What the host reads about one option."""

    label: str
    help: str
    value_labels: dict[Any, str]


RULE_OPTIONS: dict[str, RuleOption] = {
    "min_bid": RuleOption(
        "Minimum bid",
        "The lowest call allowed; calls go up to 28.",
        {16: "16", 15: "15"},
    ),
    "bidding": RuleOption(
        "Bidding",
        "Priority: the earlier bidder may match a higher call. Raise: every call must be "
        "higher. Once: each player speaks once.",
        {"priority": "Priority", "raise": "Raise", "once": "Once"},
    ),
    "all_pass": RuleOption(
        "When all four pass",
        "What happens when nobody calls.",
        {
            "redeal": "Deal again",
            "dealer_forced": "The dealer takes the minimum bid",
        },
    ),
    "seventh_card": RuleOption(
        "Trump by the 7th card",
        "The bid winner may make the suit of their 7th card trump, unseen until the second deal.",
        {True: "Allowed", False: "Not allowed"},
    ),
    "doubling": RuleOption(
        "Double and Redouble",
        "Opponents may Double the stake and the bidder's team Redouble (Single Hand's too).",
        {True: "Allowed", False: "Not allowed"},
    ),
    "set_double": RuleOption(
        "SetDouble",
        "After a Redouble the opponents may call SetDouble, making the round worth 6.",
        {True: "Allowed", False: "Not allowed"},
    ),
    "single_hand": RuleOption(
        "Single Hand",
        "Once all 8 cards are dealt a player may claim every trick alone, partner sitting out.",
        {True: "Allowed", False: "Not allowed"},
    ),
    "single_hand_stake": RuleOption(
        "Single Hand stake",
        "What a Single Hand is worth before any Double.",
        {3: "3", 6: "6"},
    ),
    "must_ask_trump": RuleOption(
        "Must ask for trump",
        "Whether a player who cannot follow suit must ask to show trump instead of discarding.",
        {False: "No, they may discard", True: "Yes, they must ask"},
    ),
    "marriage": RuleOption(
        "Marriage (K and Q of trump)",
        "One player holding K and Q of trump moves the bidder's target by 4 points.",
        {
            "on_show": "Announced when trump is shown",
            "after_trick": "Declared after winning a trick",
            "off": "Not played",
        },
    ),
    "last_trick_point": RuleOption(
        "Last trick point",
        "The last trick carries one extra point (29 in all).",
        YES_NO,
    ),
    "early_end": RuleOption(
        "End a decided round early",
        "Finish a round as soon as the points taken decide it.",
        YES_NO,
    ),
    "seventh_card_check": RuleOption(
        "7th-card trump check",
        "When a 7th-card trump annuls the deal.",
        {
            "none": "Never: play continues",
            "point_trump": "Bidder has no trump with points",
            "two_trumps": "7th card is the bidder's only trump",
        },
    ),
    "reset_after_set": RuleOption(
        "Reset scores after a set",
        "Whether both scores go back to 0 when a red or black set is reached.",
        {False: "No, the rest of the score stays", True: "Yes, both go back to 0"},
    ),
    "shuffle": RuleOption(
        "Shuffle",
        "Realistic riffles of the gathered cards can leave the deck stacked (Deck Reset fixes it).",
        {
            "realistic": "Realistic riffles",
            "thorough": "Thorough: uniform every deal",
        },
    ),
}


def value_label(name: str, value: Any) -> str:
    """How one value of an option is shown, e.g. ``value_label("min_bid", 15) == "15"``."""
    return RULE_OPTIONS[name].value_labels[value]
