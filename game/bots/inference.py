"""Soft inference from the auction: how likely each seat's calls are given its first four cards.

A seat whose highest call was ``v`` probably held first four cards worth about
``v`` or more to the rule-based bidder (``rule_based.hand_limit``); a seat that
passed without calling when it could have called ``c`` probably held less.
``auction_weight`` turns that into a likelihood for a sampled deck, which the
Belief uses to keep or drop the sample; it never falls below ``FLOOR``, since
people bid differently from bots.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.bots.rule_based import hand_limit
from game.engine.belief import Belief
from game.engine.deck import packet

SPREAD = 2.0  # how far (in call numbers) a seat's calls stray from its hand's worth
FLOOR = 0.2


def _likely(margin: float) -> float:
    return 1.0 / (1.0 + math.exp(-margin / SPREAD))


def auction_weight(belief: Belief, deck: list[int]) -> float:
    """The likelihood of the other seats' calls, given their first four cards in ``deck``:
    one factor per seat, from its highest call, or from its pass if it never called."""
    if not belief.view["auction"]:
        return 1.0
    calls = read_calls(belief)
    weight = 1.0
    for seat in calls.seats() - {belief.seat}:
        weight *= calls.factor(seat, first_four(belief, deck, seat))
    return max(weight, FLOOR)


@dataclass
class Calls:
    """What the auction says of each seat, read the rule-based bidder's way."""

    highest: dict[int, int]  # a seat's highest call
    passed_at: dict[int, int]  # the lowest call a seat passed up

    def seats(self) -> set[int]:
        """The seats the auction says something of."""
        return {*self.highest, *self.passed_at}

    def factor(self, seat: int, hand: int) -> float:
        """The likelihood of ``seat``'s calls given its first four cards (``hand``)."""
        limit = hand_limit(hand)
        if seat in self.highest:
            return _likely(limit - self.highest[seat] + 1.0)
        if seat in self.passed_at:
            return _likely(self.passed_at[seat] - limit)
        return 1.0


def read_calls(belief: Belief) -> Calls:
    """Each seat's highest call and the lowest call it passed up, from the seat's view."""
    highest: dict[int, int] = {}
    passed_at: dict[int, int] = {}
    high = passes = 0
    forced = belief.rules.all_pass == "dealer_forced"
    for call in belief.view["auction"]:
        seat, value = call["seat"], call["call"]
        if value == "pass":
            passes += 1
            passed_at.setdefault(seat, high + 1 if high else belief.rules.min_bid)
            continue
        if not (forced and not high and passes == 3):  # a forced call says nothing
            highest[seat] = max(highest.get(seat, 0), value)
        high = max(high, value)
    return Calls(highest, passed_at)


def first_four(belief: Belief, deck: list[int], seat: int) -> int:
    """A seat's first four cards in ``deck``, as a bitmask."""
    hand = 0
    for card in packet(deck, belief.first, seat, False):
        hand |= 1 << card
    return hand
