"""The rules one game is played by, in plain sentences: one per option the host chose (the
saved options of ``Game.rules``; an option not saved has the engine's default)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from game.engine.rules import Rules


def _bidding(rules: Rules) -> str:
    style = {
        "priority": _(
            "Bidding by priority: a player who spoke earlier may match a higher bid; the "
            "other must then bid higher or pass."
        ),
        "raise": _("Bidding in turn: every bid must be higher than the last one."),
        "once": _("Each player bids or passes once."),
    }[rules.bidding]
    lowest = _("Bids go from %(min)s to 28.") % {"min": rules.min_bid}
    return f"{lowest} {style}"


def _all_pass(rules: Rules) -> str:
    if rules.all_pass == "dealer_forced":
        return _("If the other three pass, the dealer must bid %(min)s.") % {"min": rules.min_bid}
    return _("If all four pass, the cards are dealt again.")


def _trump(rules: Rules) -> str:
    if not rules.seventh_card:
        return _("The bid winner chooses trump from the first four cards (no 7th card).")
    sentence = _(
        "The bid winner chooses a trump suit, or the 7th card: the suit of their seventh "
        "card, unseen until the second four cards are dealt."
    )
    check = {
        "none": "",
        "point_trump": _(
            "A 7th-card trump annuls the deal if the bidder holds no trump with points."
        ),
        "two_trumps": _("A 7th-card trump annuls the deal if it is the bidder's only trump."),
    }[rules.seventh_card_check]
    return f"{sentence} {check}".strip()


def _stake(rules: Rules) -> str:
    if not rules.doubling:
        return _("No Double or Redouble: every deal is worth 1.")
    if rules.set_double:
        return _(
            "The opponents may Double (worth 2), the bidder's team Redouble (4), and then "
            "the opponents SetDouble (6)."
        )
    return _("The opponents may Double (worth 2) and the bidder's team Redouble (4).")


def _single_hand(rules: Rules) -> str:
    if not rules.single_hand:
        return _("No Single Hand.")
    return _(
        "Single Hand: once all 8 cards are dealt, a player may promise to win all 8 tricks "
        "alone, with no trump, for %(stake)s points."
    ) % {"stake": rules.single_hand_stake}


def _asking(rules: Rules) -> str:
    if rules.must_ask_trump:
        return _(
            "A player who cannot follow suit must ask to see trump, and then play a trump "
            "if they hold one."
        )
    return _(
        "A player who cannot follow suit may play any card, or ask to see trump: then they "
        "must play a trump if they hold one."
    )


def _marriage(rules: Rules) -> str:
    return {
        "on_show": _(
            "Marriage: when trump is shown, a player holding its K and Q moves the target "
            "by 4 (down for the bidder's team, up for the other)."
        ),
        "after_trick": _(
            "Marriage: a player holding the K and Q of trump may declare it after their team "
            "wins a trick once trump is shown; the target moves by 4."
        ),
        "off": _("No marriage."),
    }[rules.marriage]


def _points(rules: Rules) -> str:
    if rules.last_trick_point:
        return _("The last trick is worth 1 extra point: 29 in all.")
    return _("The cards hold 28 points; the last trick has no extra point.")


def _early_end(rules: Rules) -> str:
    if rules.early_end:
        return _("A deal stops as soon as its result is certain.")
    return _("All 8 tricks are always played.")


def _sets(rules: Rules) -> str:
    if rules.reset_after_set:
        return _("When a team reaches a set, both scores go back to 0.")
    return _("After a set, the rest of the score stays.")


def _shuffle(rules: Rules) -> str:
    if rules.shuffle == "thorough":
        return _("The deck is shuffled thoroughly before every deal.")
    return _("The cards are gathered and riffled as by hand, so a deck can stay stacked.")


SENTENCES = (
    _bidding,
    _all_pass,
    _trump,
    _stake,
    _single_hand,
    _asking,
    _marriage,
    _points,
    _early_end,
    _sets,
    _shuffle,
)


def rule_lines(saved: dict[str, Any]) -> list[str]:
    """One sentence per rule of a game with these saved options, in the order of play."""
    rules = Rules.from_dict(saved or {})
    return [sentence(rules) for sentence in SENTENCES]
