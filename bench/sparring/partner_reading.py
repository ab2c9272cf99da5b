"""Reading the partner's calls as the strong level makes them (level ``strong-pm``, docs/bots.md).

``game.bots.inference`` reads every seat's calls as the rule-based bidder's: a call of
``v`` shows four cards worth about ``v`` to ``rule_based.hand_limit``. Since the strong
level calls by the calibrated model (``game.bots.bidding``), a strong partner opens far
weaker hands than that reading assumes. ``partner_weight`` reads the partner's calls the
model's way instead: the auction is replayed up to each of the partner's turns, and a
sampled deck whose partner's first four cards would not have made the partner's choice
there (call the lowest value open, or pass) keeps ``BREACH`` of its chance. The
opponents are read as before. Only the auction the seat saw and the sampled deck are used.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.bots.bidding import DEFENCE, STYLE, features, make_chance, worth_calling
from game.bots.inference import FLOOR, first_four, read_calls
from game.engine.auction import Auction
from game.engine.belief import Belief
from game.engine.cards import partner_of
from game.engine.moves import PASS
from game.engine.rules import Rules

BREACH = 0.05  # the chance kept by a deck whose partner's hand breaks a call read this way


@dataclass(frozen=True)
class Turn:
    """One of the partner's turns in the auction: what was open, and what it did."""

    lowest: int  # the lowest value it could call
    high: int  # the call standing (0: none)
    holder: int  # the seat holding it (-1: none)
    called: bool  # whether it called (the lowest value or more)


def partner_turns(belief: Belief) -> tuple[Turn, ...]:
    """The partner's turns in the auction the seat saw (a forced call says nothing)."""
    calls = tuple((call["seat"], call["call"]) for call in belief.view["auction"])
    return _turns(belief.rules, partner_of(belief.seat), belief.first, calls)


@lru_cache(maxsize=1024)
def _turns(
    rules: Rules, partner: int, first: int, calls: tuple[tuple[int, int | str], ...]
) -> tuple[Turn, ...]:
    auction = Auction(
        style=rules.bidding,
        min_bid=rules.min_bid,
        dealer_forced=rules.all_pass == "dealer_forced",
        first=first,
    )
    turns: list[Turn] = []
    for seat, value in calls:
        choice = None if value == "pass" else int(value)
        if seat == partner and PASS in auction.moves(seat):
            called = choice is not None
            turns.append(Turn(auction.lowest(seat), auction.high, auction.high_seat, called))
        auction.call(seat, choice)
    return tuple(turns)


def calls_as_model(turn: Turn, hand: int, seat: int, first: int) -> bool:
    """Whether the strong level with first four cards ``hand`` calls at this turn."""
    mine = features(hand, seat, first)
    theirs = make_chance(mine, turn.high, DEFENCE, STYLE.edge) if turn.holder >= 0 else 0.0
    return worth_calling(make_chance(mine, turn.lowest), turn.holder, seat, theirs)


def partner_weight(belief: Belief, deck: list[int]) -> float:
    """The auction's likelihood, the partner read as the strong level calls and the
    opponents as the rule-based bidder (``inference.auction_weight``)."""
    if not belief.view["auction"]:
        return 1.0
    partner = partner_of(belief.seat)
    calls = read_calls(belief)
    weight = 1.0
    for seat in calls.seats() - {belief.seat, partner}:
        weight *= calls.factor(seat, first_four(belief, deck, seat))
    turns = partner_turns(belief)
    if turns:
        hand = first_four(belief, deck, partner)
        for turn in turns:
            if calls_as_model(turn, hand, partner, belief.first) != turn.called:
                weight *= BREACH
    return max(weight, FLOOR * BREACH)
