"""How each rule option of ``Rules`` is shown to the host: a label, one line of help
taken from RULES.md, and a label for each allowed value.

The values themselves come from ``game.engine.rules.OPTION_VALUES`` (default first);
this module only names them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

YES_NO = {True: _("Yes"), False: _("No")}


@dataclass(frozen=True)
class RuleOption:
    """What the host reads about one option."""

    label: Promise
    help: Promise
    value_labels: dict[Any, Any]


RULE_OPTIONS: dict[str, RuleOption] = {
    "min_bid": RuleOption(
        _("Minimum bid"),
        _("The lowest call allowed; calls go up to 28."),
        {16: "16", 15: "15"},
    ),
    "bidding": RuleOption(
        _("Bidding"),
        _(
            "Priority: the earlier bidder may match a higher call. Raise: every call must be "
            "higher. Once: each player speaks once."
        ),
        {"priority": _("Priority"), "raise": _("Raise"), "once": _("Once")},
    ),
    "all_pass": RuleOption(
        _("When all four pass"),
        _("What happens when nobody calls."),
        {
            "redeal": _("Deal again"),
            "dealer_forced": _("The dealer takes the minimum bid"),
        },
    ),
    "seventh_card": RuleOption(
        _("Trump by the 7th card"),
        _(
            "The bid winner may make the suit of "
            "their 7th card trump, unseen until the second deal."
        ),
        {True: _("Allowed"), False: _("Not allowed")},
    ),
    "doubling": RuleOption(
        _("Double and Redouble"),
        _("Opponents may Double the stake and the bidder's team Redouble (Single Hand's too)."),
        {True: _("Allowed"), False: _("Not allowed")},
    ),
    "set_double": RuleOption(
        _("SetDouble"),
        _("After a Redouble the opponents may call SetDouble, making the round worth 6."),
        {True: _("Allowed"), False: _("Not allowed")},
    ),
    "single_hand": RuleOption(
        _("Single Hand"),
        _("Once all 8 cards are dealt a player may claim every trick alone, partner sitting out."),
        {True: _("Allowed"), False: _("Not allowed")},
    ),
    "single_hand_stake": RuleOption(
        _("Single Hand stake"),
        _("What a Single Hand is worth before any Double."),
        {3: "3", 6: "6"},
    ),
    "must_ask_trump": RuleOption(
        _("Must ask for trump"),
        _("Whether a player who cannot follow suit must ask to show trump instead of discarding."),
        {False: _("No, they may discard"), True: _("Yes, they must ask")},
    ),
    "marriage": RuleOption(
        _("Marriage (K and Q of trump)"),
        _("One player holding K and Q of trump moves the bidder's target by 4 points."),
        {
            "on_show": _("Announced when trump is shown"),
            "after_trick": _("Declared after winning a trick"),
            "off": _("Not played"),
        },
    ),
    "last_trick_point": RuleOption(
        _("Last trick point"),
        _("The last trick carries one extra point (29 in all)."),
        YES_NO,
    ),
    "early_end": RuleOption(
        _("End a decided round early"),
        _("Finish a round as soon as the points taken decide it."),
        YES_NO,
    ),
    "seventh_card_check": RuleOption(
        _("7th-card trump check"),
        _("When a 7th-card trump annuls the deal."),
        {
            "none": _("Never: play continues"),
            "point_trump": _("Bidder has no trump with points"),
            "two_trumps": _("7th card is the bidder's only trump"),
        },
    ),
    "reset_after_set": RuleOption(
        _("Reset scores after a set"),
        _("Whether both scores go back to 0 when a red or black set is reached."),
        {False: _("No, the rest of the score stays"), True: _("Yes, both go back to 0")},
    ),
    "shuffle": RuleOption(
        _("Shuffle"),
        _(
            "Realistic riffles of the gathered cards can "
            "leave the deck stacked (Deck Reset fixes it)."
        ),
        {
            "realistic": _("Realistic riffles"),
            "thorough": _("Thorough: uniform every deal"),
        },
    ),
}


def value_label(name: str, value: Any) -> str:
    """How one value of an option is shown, e.g. ``value_label("min_bid", 15) == "15"``."""
    return str(RULE_OPTIONS[name].value_labels[value])
