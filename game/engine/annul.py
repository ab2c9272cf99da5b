"""The seven reasons a deal is annulled (RULES.md section 8), detected by the engine.

Each check takes the deal's masks and returns a ``Reason`` or None.

>>> Reason.FOUR_JACKS.value, Reason.FOUR_JACKS.number, Reason.FOUR_JACKS.text
('four_jacks', 3, 'One player held all four jacks.')
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from game.engine.cards import JACKS_MASK, POINT_MASK, SUIT_MASK
from game.engine.words import Sentence, gettext_noop


class Reason(Enum):
    """Why a deal was annulled (section 8); the value is the code of the interface."""

    FIRST_HAND_NO_POINTS = "first_hand_no_points"
    ALL_PASSED = "all_passed"
    FOUR_JACKS = "four_jacks"
    NO_POINTS = "no_points"
    TEAM_WITHOUT_TRUMP = "team_without_trump"
    SEVENTH_CARD_CHECK = "seventh_card_check"
    TRUMP_NEVER_SHOWN = "trump_never_shown"

    @property
    def number(self) -> int:
        """The reason's number in RULES.md section 8 (1-7)."""
        return _NUMBERS[self]

    @property
    def text(self) -> Sentence:
        """The reason in words (English; the table translates its template)."""
        return _TEXTS[self]


_NUMBERS = {reason: n for n, reason in enumerate(Reason, start=1)}
_TEXTS = {
    reason: Sentence(text)
    for reason, text in {
        Reason.FIRST_HAND_NO_POINTS: gettext_noop(
            "The player after the dealer had no point card (J, 9, A or 10) among their"
            " first four cards."
        ),
        Reason.ALL_PASSED: gettext_noop("All four players passed."),
        Reason.FOUR_JACKS: gettext_noop("One player held all four jacks."),
        Reason.NO_POINTS: gettext_noop("A player held no point card among their eight cards."),
        Reason.TEAM_WITHOUT_TRUMP: gettext_noop("A team held no trump between its two players."),
        Reason.SEVENTH_CARD_CHECK: gettext_noop("The bidder's cards failed the 7th-card check."),
        Reason.TRUMP_NEVER_SHOWN: gettext_noop(
            "All eight tricks were played and trump was never shown."
        ),
    }.items()
}


def after_deal_1(hands: Sequence[int], first_hand: int) -> Reason | None:
    """Reasons 1 and 3, checked on the first four cards of each seat."""
    return first_hand_without_points(hands[first_hand]) or four_jacks(hands)


def first_hand_without_points(first_four: int) -> Reason | None:
    """Reason 1: the first hand's first four cards hold no point card."""
    return None if first_four & POINT_MASK else Reason.FIRST_HAND_NO_POINTS


def four_jacks(hands: Sequence[int]) -> Reason | None:
    """Reason 3: one seat holds all four jacks."""
    if any(h & JACKS_MASK == JACKS_MASK for h in hands):
        return Reason.FOUR_JACKS
    return None


def after_deal_2(hands: Sequence[int]) -> Reason | None:
    """Reasons 3 and 4 on the eight cards of each seat (a 7th card included)."""
    if four_jacks(hands):
        return Reason.FOUR_JACKS
    if any(not h & POINT_MASK for h in hands):
        return Reason.NO_POINTS
    return None


def before_play(
    hands: Sequence[int], trump: int, bidder: int, seventh: int, check: str
) -> Reason | None:
    """Reasons 5 and 6 when a regular round is about to be played.

    ``hands`` hold all eight cards (the 7th card counted as the bidder's);
    ``seventh`` is the 7th card for a 7th-card trump, else -1.
    """
    suit = SUIT_MASK[trump]
    if not (hands[0] | hands[2]) & suit or not (hands[1] | hands[3]) & suit:
        return Reason.TEAM_WITHOUT_TRUMP
    if seventh >= 0 and check != "none":
        trumps = hands[bidder] & suit
        if check == "point_trump" and not trumps & POINT_MASK:
            return Reason.SEVENTH_CARD_CHECK
        if check == "two_trumps" and trumps == 1 << seventh:
            return Reason.SEVENTH_CARD_CHECK
    return None
