"""Reading the opponents' calls as the public C++ bot makes them (levels ``strong-read``
and ``strong-mix``, docs/bots.md).

``game.bots.inference`` reads every seat's calls as the rule-based bidder's: a call
of ``v`` shows four cards worth about ``v``. The public bot (``abhigyan7/29``, as
``bench/sparring/ismcts/calls.py`` plays it) calls by another rule: its first speaker
calls 16 whatever it holds, and a later seat values its four cards at 16, plus 1 per
jack, plus 1 for three of a suit, at most 17, and calls that value only above the
highest call (a matched 17 becomes 18), else passes. So its opening says nothing, a
later call of ``v`` says "worth at least ``min(v, 17)``", and a pass over ``h`` says
"worth at most ``h``".

``bot_weight`` weighs a sampled deck by the opponents' calls read that way (a deck
that breaks one keeps ``BREACH`` of its chance) and the partner's as the rule-based
bidder's (the partner is our own bot). ``mixed_weight`` reads each opponent as either
bidder, half and half, and ``mixed_trump_odds`` guesses an opponent's hidden trump the
same way (level ``strong-mix2``). Only the auction the seat saw and the sampled deck are
used.
"""

from __future__ import annotations

from bench.sparring.ismcts.calls import OPENING, hand_value
from bench.sparring.ismcts.style import LATEST
from game.bots.inference import FLOOR, first_four, read_calls
from game.engine.belief import Belief, bidders_choice
from game.engine.cards import partner_of, suit_of

BREACH = 0.05  # the chance kept by a deck whose hand breaks a call read the bot's way


def _bounds(belief: Belief) -> dict[int, tuple[int, int]]:
    """Per seat, the least and most its four cards are worth to the bot, from its calls."""
    bounds: dict[int, tuple[int, int]] = {}
    high = 0
    for index, call in enumerate(belief.view["auction"]):
        seat, value = call["seat"], call["call"]
        low, top = bounds.get(seat, (0, 99))
        if value == "pass":
            if high:
                top = min(top, high)
        elif index > 0 or value != OPENING:
            low = max(low, min(value, LATEST.cap))
        if value != "pass":
            high = max(high, value)
        bounds[seat] = (low, top)
    return bounds


def _bot_factor(belief: Belief, deck: list[int], seat: int, bounds: tuple[int, int]) -> float:
    value = hand_value(first_four(belief, deck, seat))
    low, top = bounds
    return 1.0 if low <= value <= top else BREACH


def _weight(belief: Belief, deck: list[int], mix: float, floor: float) -> float:
    if not belief.view["auction"]:
        return 1.0
    bounds = _bounds(belief)
    calls = read_calls(belief)
    partner = partner_of(belief.seat)
    weight = 1.0
    for seat in bounds:
        if seat == belief.seat:
            continue
        rule = calls.factor(seat, first_four(belief, deck, seat))
        if seat == partner:
            weight *= rule
        else:
            weight *= mix * rule + (1.0 - mix) * _bot_factor(belief, deck, seat, bounds[seat])
    return max(weight, floor)


def bot_weight(belief: Belief, deck: list[int]) -> float:
    """The auction's likelihood with the opponents read as the public bot bids."""
    return _weight(belief, deck, 0.0, BREACH * BREACH)


def mixed_weight(belief: Belief, deck: list[int]) -> float:
    """The auction's likelihood with each opponent read as either bidder, half and half."""
    return _weight(belief, deck, 0.5, FLOOR / 4)


def bot_trump_odds(first_four: list[int]) -> list[float]:
    """The public bot's hidden trump: the suit it holds most of (a tie: any of them)."""
    counts = [sum(1 for card in first_four if suit_of(card) == suit) for suit in range(4)]
    longest = max(counts)
    return [1.0 if count == longest else 0.0 for count in counts]


def mixed_trump_odds(belief: Belief, first_four: list[int]) -> list[float]:
    """An opponent's hidden trump chosen as the rule-based bidder or the public bot would,
    half and half (the partner's as the rule-based bidder would)."""
    rule = bidders_choice(belief, first_four)
    if belief.bidder == partner_of(belief.seat):
        return rule
    bot = bot_trump_odds(first_four)
    return [0.5 * r / sum(rule) + 0.5 * b / sum(bot) for r, b in zip(rule, bot, strict=True)]
