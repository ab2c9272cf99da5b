"""The strong level's calls: the expected game points of calling against those of passing
(first played as the sparring levels ``strong-v2`` and ``strong-cb``, docs/bots.md).

``make_chance`` is the chance that the seat's team, as the bidder with the trump the
rule-based player picks from the first four cards, takes at least ``v`` card points.
It is a logistic model in the four cards (``features``: the jack, nine, aces and tens
and small cards of that trump, the jacks, nines, aces and tens of the other suits),
the call and whether the seat or its partner leads the first trick, fitted by
bench/calibrate_bids.py to deals solved exactly (every hand known, trump hidden
until asked for): ``COEF`` is what that script prints (``Style.shade`` may take
something off it for play with hidden cards).

A call of ``v`` is worth ``2p - 1`` game points (stake 1). Passing is worth what the
auction leaves: ``Style.open`` when nobody holds the call (an annulled deal or a later
seat's contract), ``Style.partner`` when the partner holds it, and ``1 - 2q`` when an
opponent holds it at ``h``: their contract stands, and ``q`` is the chance that it
makes against the seat's four cards (``DEFENCE``, fitted by the same script to the
same solved deals, for a caller holding any four cards; ``Style.edge`` raises it for
callers whose calls mean strength; ``Style.contest`` leans towards passing then).
The seat calls the lowest value it may when that is worth more than passing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.bots.decision import Decision
from game.bots.rule_based import best_suit
from game.engine.cards import cards_in
from game.engine.moves import BIDS, PASS, Move

LOWEST = 16  # the lowest call the model was fitted from (min_bid 15 reads it as 16)
# bench/calibrate_bids.py --decks 1200 (4,690 bidder hands, reduced rules):
FEATURES = (
    "1", "trump J", "trump 9", "trump A T", "trump small", "side J", "side 9", "side A T",
    "leads", "partner leads", "call - 20",
)  # fmt: skip
TRUMP_SLOT = (1, 2, 3, 3, 4, 4, 4, 4)  # the feature a trump of each rank (J 9 A T K Q 8 7) adds to
SIDE_SLOT = (5, 6, 7, 7, 0, 0, 0, 0)  # the same for a card of another suit (0: none)
COEF = (-2.9010, 1.4244, 0.9489, 0.6897, 0.5139, 0.7832, 0.0317, -0.0195, 0.6622, 0.7466, -0.2463)
DEFENCE = (
    0.0763,
    -0.8834,
    -0.2464,
    -0.0377,
    0.0096,
    -1.0308,
    -0.2565,
    0.0389,
    -0.6733,
    -0.7128,
    -0.2415,
)


@dataclass(frozen=True)
class Style:
    """How much passing is worth to the seat's team, by who holds the call."""

    shade: float = 0.0  # taken off the solved make chance
    # The solved make chance as made in play: log-odds ``a + b * log-odds`` (``in_play``).
    played: tuple[float, float] = (0.0, 1.0)
    open: float = -0.1  # nobody holds the call
    edge: float = 0.3  # an opponent's call: log-odds added to DEFENCE's chance it makes
    contest: float = 0.1  # ... and game points added to passing then (the model's doubt)
    partner: float = 0.4  # the partner holds it


STYLE = Style()


def in_play(chance: float, style: Style = STYLE) -> float:
    """The seat's solved make ``chance`` mapped by ``style.played`` (unchanged by default)."""
    a, b = style.played
    if (a, b) == (0.0, 1.0) or not 0.0 < chance < 1.0:
        return chance
    return 1.0 / (1.0 + math.exp(-(a + b * math.log(chance / (1.0 - chance)))))


def features(hand: int, seat: int, first: int) -> list[float]:
    """The model's inputs but the call, for a bidder's first four cards (``hand``)."""
    trump, _ = best_suit(hand)
    out = [1.0] + [0.0] * 9
    for card in cards_in(hand):
        slot = (TRUMP_SLOT if card >> 3 == trump else SIDE_SLOT)[card & 7]
        if slot:
            out[slot] += 1
    out[8] = float(seat == first)
    out[9] = float((seat + 2) % 4 == first)
    return out


def make_chance(
    inputs: Sequence[float], call: int, coef: Sequence[float] = COEF, edge: float = 0.0
) -> float:
    """The solved chance that the bidder's team with these ``features`` takes ``call``
    (with ``DEFENCE``: that a contract makes against a seat with these ``features``),
    ``edge`` added to its log-odds."""
    z = edge + coef[-1] * (max(call, LOWEST) - 20)
    for c, x in zip(coef, inputs, strict=False):
        z += c * x
    return 1.0 / (1.0 + math.exp(-z))


def choose_bid(decision: Decision, style: Style = STYLE) -> Move:
    """Call the lowest value open to the seat when it is worth more than passing."""
    moves = decision.moves
    values = sorted(arg for kind, arg in moves if kind == "bid")
    if not values:
        return PASS
    lowest = values[0]
    if PASS not in moves:  # the dealer forced to call
        return BIDS[lowest]
    pos = decision.position()
    mine = features(pos.hand, pos.seat, pos.first)
    chance = in_play(make_chance(mine, lowest), style)
    auction = pos.auction
    theirs = make_chance(mine, auction.high, DEFENCE, style.edge) if auction.high_seat >= 0 else 0
    if worth_calling(chance, auction.high_seat, pos.seat, theirs, style):
        return BIDS[lowest]
    return PASS


def worth_calling(
    chance: float, holder: int, seat: int, theirs: float = 0.5, style: Style = STYLE
) -> bool:
    """Whether a call that makes with this solved ``chance`` is worth more to ``seat``'s team
    than passing while ``holder`` (-1: nobody) holds the call; an opponent's contract
    makes with the chance ``theirs``."""
    if holder < 0:
        passing = style.open
    elif holder == (seat + 2) % 4:
        passing = style.partner
    else:
        passing = 1 - 2 * theirs + style.contest
    return 2 * (chance - style.shade) - 1 > passing
