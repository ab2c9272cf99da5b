"""Soft inference from the auction: how likely each seat's calls are given its first four cards.

A seat that called ``v`` probably held first four cards worth about ``v`` to the
rule-based bidder (``rule_based.hand_limit``); a seat that passed when it could
have called ``c`` probably held less. ``auction_weight`` turns that into a
likelihood for a sampled deck, which the Belief uses to keep or drop the
sample; it never falls below ``FLOOR``, since people bid differently from bots.
"""

from __future__ import annotations

import math

from game.bots.rule_based import hand_limit
from game.engine.belief import Belief

SPREAD = 1.5  # how far (in call numbers) a seat's calls stray from its hand's worth
FLOOR = 0.1


def _likely(margin: float) -> float:
    return 1.0 / (1.0 + math.exp(-margin / SPREAD))


def auction_weight(belief: Belief, deck: list[int]) -> float:
    """The likelihood of the other seats' calls, given their first four cards in ``deck``."""
    calls = belief.view["auction"]
    if not calls:
        return 1.0
    first = belief.first
    limits: dict[int, int] = {}
    weight = 1.0
    high = passes = 0
    forced = belief.rules.all_pass == "dealer_forced"
    for call in calls:
        seat, value = call["seat"], call["call"]
        if forced and value != "pass" and not high and passes == 3:
            high = value  # the dealer's forced call says nothing about their cards
            continue
        passes += value == "pass"
        if seat != belief.seat:
            if seat not in limits:
                k = (seat - first) % 4
                hand = 0
                for card in deck[4 * k : 4 * k + 4]:
                    hand |= 1 << card
                limits[seat] = hand_limit(hand)
            limit = limits[seat]
            if value == "pass":
                lowest = high + 1 if high else belief.rules.min_bid
                weight *= _likely(lowest - limit - 0.5)
            else:
                weight *= _likely(limit - value + 0.5)
        if value != "pass":
            high = max(high, value)
    return max(weight, FLOOR)
