"""The ismcts levels' calls, the C++ bot's hand rules (abhigyan7/29, bot.cc):

- **Bid**: the first seat to speak calls 16. Any later seat values its four cards at
  16, plus 1 per jack (2 in the older version), plus 1 when one suit has three or
  four of them, at most 17 (the older version: 2 per jack, no cap); it calls that value
  if the highest call so far is lower, else passes (it never matches a challenger).
- **Matched** (``Style.rebid``, a model of the held-out arena's bot, which called 18
  where the code as read never does): a challenger whose call the holder matched does
  not count the match, so it calls its value again; no longer allowed, that becomes
  the next call up (a 17 matched becomes 18).
- **Trump**: the suit it holds most of among its four cards (a tie goes to the suit
  of the earliest such card in its hand); always a suit in hand, never the 7th card.
"""

from __future__ import annotations

from collections.abc import Sequence

from bench.sparring.ismcts.style import LATEST, Style
from game.bots.position import Position
from game.engine.moves import BIDS, PASS, TRUMPS, Move

OPENING = 16  # the first speaker's call, whatever its cards


def hand_value(hand: int, style: Style = LATEST) -> int:
    """The call the four cards are worth: 16, and per jack and for three of a suit."""
    jacks = sum(1 for suit in range(4) if hand >> (8 * suit) & 1)
    longest = max((hand >> (8 * suit) & 0xFF).bit_count() for suit in range(4))
    return min(style.cap, OPENING + style.jack * jacks + longest // 3)


def bid(pos: Position, moves: list[Move], style: Style = LATEST) -> Move:
    """Call 16 when nobody has spoken, else the hand's value if it beats the highest call."""
    auction = pos.auction
    value = OPENING if not auction.calls else hand_value(pos.hand, style)
    if auction.calls and highest_seen(pos, style) >= value:
        return PASS
    if BIDS[value] in moves:
        return BIDS[value]
    higher = sorted(arg for kind, arg in moves if kind == "bid" and arg >= value)
    return BIDS[higher[0]] if higher else PASS


def highest_seen(pos: Position, style: Style = LATEST) -> int:
    """The highest call the bot counts: with ``style.rebid``, a match of its own call not."""
    auction = pos.auction
    own = [value for seat, value in auction.calls if seat == pos.seat and value != "pass"]
    matched = own and auction.high == own[-1] and auction.high_seat != pos.seat
    return auction.high - 1 if style.rebid and matched else auction.high


def trump(hand_order: Sequence[int]) -> Move:
    """The suit most common among the cards (listed in hand order); ties to the earliest."""
    counts = [0, 0, 0, 0]
    for card in hand_order:
        counts[card >> 3] += 1
    longest = max(counts)
    suit = next(card >> 3 for card in hand_order if counts[card >> 3] == longest)
    return TRUMPS[suit]
