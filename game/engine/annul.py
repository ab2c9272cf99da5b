"""The seven reasons a deal is annulled (RULES.md section 8), detected by the engine.

Each check takes the deal's masks and returns a reason code or None.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.cards import JACKS_MASK, POINT_MASK, SUIT_MASK

REASONS: dict[str, tuple[int, str]] = {
    "first_hand_no_points": (1, "The first hand had no point card among its first four cards."),
    "all_passed": (2, "All four players passed."),
    "four_jacks": (3, "One player held all four jacks."),
    "no_points": (4, "A player held no point card among their eight cards."),
    "team_without_trump": (5, "A team held no trump between its two players."),
    "seventh_card_check": (6, "The bidder's cards failed the 7th-card check."),
    "trump_never_shown": (7, "All eight tricks were played and trump was never shown."),
}


def after_deal_1(hands: Sequence[int], first_hand: int) -> str | None:
    """Reasons 1 and 3, checked on the first four cards of each seat."""
    if not hands[first_hand] & POINT_MASK:
        return "first_hand_no_points"
    return four_jacks(hands)


def four_jacks(hands: Sequence[int]) -> str | None:
    """Reason 3: one seat holds all four jacks."""
    if any(h & JACKS_MASK == JACKS_MASK for h in hands):
        return "four_jacks"
    return None


def after_deal_2(hands: Sequence[int]) -> str | None:
    """Reasons 3 and 4 on the eight cards of each seat (a 7th card included)."""
    if four_jacks(hands):
        return "four_jacks"
    if any(not h & POINT_MASK for h in hands):
        return "no_points"
    return None


def before_play(
    hands: Sequence[int], trump: int, bidder: int, seventh: int, check: str
) -> str | None:
    """Reasons 5 and 6 when a regular round is about to be played.

    ``hands`` hold all eight cards (the 7th card counted as the bidder's);
    ``seventh`` is the 7th card for a 7th-card trump, else -1.
    """
    suit = SUIT_MASK[trump]
    if not (hands[0] | hands[2]) & suit or not (hands[1] | hands[3]) & suit:
        return "team_without_trump"
    if seventh >= 0 and check != "none":
        trumps = hands[bidder] & suit
        if check == "point_trump" and not trumps & POINT_MASK:
            return "seventh_card_check"
        if check == "two_trumps" and trumps == 1 << seventh:
            return "seventh_card_check"
    return None
