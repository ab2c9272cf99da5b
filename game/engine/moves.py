"""Moves: an action of the interface (RULES.md section 12) as a small value.

A ``Move`` is ``(kind, arg)``: the action type and its argument, a bid's value, a
card index (cards.py) or a suit index, else -1. ``Move.parse`` reads an action dict
(IllegalAction if it is malformed) and ``to_action`` writes it back. Moves compare
and hash as plain tuples, so ``("pass", -1)`` is ``PASS``; the engine hands out the
shared instances below instead of building new ones.

>>> Move.parse({"type": "play", "card": "JH"})
Move(kind='play', arg=16)
>>> Move.parse({"type": "bid", "value": 17}).to_action()
{'type': 'bid', 'value': 17}
>>> Move.parse({"type": "trump", "suit": "S"}) == ("trump", 3)
True
>>> Move.parse({"type": "play", "card": "1H"})
Traceback (most recent call last):
...
game.engine.errors.IllegalAction: A play needs a 'card' code such as 'JH'
"""

from __future__ import annotations

from typing import Any, NamedTuple

from game.engine.cards import CODES, INDEX, SUITS
from game.engine.errors import IllegalAction
from game.engine.words import Sentence, gettext_noop

ACTION_TYPES = (
    "bid",
    "pass",
    "trump",
    "seventh_card",
    "double",
    "redouble",
    "set_double",
    "single_hand",
    "show_trump",
    "play",
    "marriage",
)
MAX_BID = 28


class Move(NamedTuple):
    """One action as (type, argument): a bid's value, a card or suit index, else -1."""

    kind: str
    arg: int = -1

    @classmethod
    def parse(cls, action: object) -> Move:
        """The move of an action dict; IllegalAction if it is malformed."""
        return parse_action(action)

    def to_action(self) -> dict[str, Any]:
        """The action dict of this move, as ``Match.apply`` takes it."""
        kind = self.kind
        if kind == "play":
            return {"type": "play", "card": CODES[self.arg]}
        if kind == "bid":
            return {"type": "bid", "value": self.arg}
        if kind == "trump":
            return {"type": "trump", "suit": SUITS[self.arg]}
        return {"type": kind}


def parse_action(action: object) -> Move:
    """The move of an action dict; IllegalAction if it is malformed (``Move.parse``)."""
    if not isinstance(action, dict):
        raise IllegalAction(Sentence(gettext_noop("An action must be a dict with a 'type'")))
    kind = action.get("type")
    if kind is None:
        raise IllegalAction(
            Sentence(gettext_noop("An action needs a 'type', such as 'bid', 'pass' or 'play'"))
        )
    if not isinstance(kind, str) or kind not in _KINDS:
        raise IllegalAction(Sentence(gettext_noop("Unknown action %(kind)s"), kind=repr(kind)))
    if kind == "play":
        card = action.get("card")
        if len(action) != 2 or not isinstance(card, str) or card not in INDEX:
            raise IllegalAction(Sentence(gettext_noop("A play needs a 'card' code such as 'JH'")))
        return PLAYS[INDEX[card]]
    if kind == "bid":
        value = action.get("value")
        if len(action) != 2 or type(value) is not int:
            raise IllegalAction(Sentence(gettext_noop("A bid needs a whole-number 'value'")))
        return BIDS[value] if 0 <= value <= MAX_BID else Move(kind, value)
    if kind == "trump":
        suit = action.get("suit")
        if len(action) != 2 or not isinstance(suit, str) or suit not in _SUIT:
            raise IllegalAction(Sentence(gettext_noop("Trump needs a 'suit': one of C, D, H, S")))
        return TRUMPS[_SUIT[suit]]
    if len(action) != 1:
        raise IllegalAction(
            Sentence(gettext_noop("A %(kind)s action takes no other fields"), kind=kind)
        )
    return SIMPLE[kind]


def plays_of(mask: int) -> list[Move]:
    """The play moves of a mask of cards, lowest index first (a new list)."""
    return (
        _SUIT_PLAYS[0][mask & 0xFF]
        + _SUIT_PLAYS[1][mask >> 8 & 0xFF]
        + _SUIT_PLAYS[2][mask >> 16 & 0xFF]
        + _SUIT_PLAYS[3][mask >> 24 & 0xFF]
    )


def actions_of(moves: list[Move]) -> list[dict[str, Any]]:
    """The action dicts of some moves (``to_action`` of each; cards written inline, as
    ``legal_actions`` lists up to eight of them at every card)."""
    return [
        {"type": "play", "card": CODES[arg]} if kind == "play" else Move(kind, arg).to_action()
        for kind, arg in moves
    ]


_SUIT = {s: i for i, s in enumerate(SUITS)}
_KINDS = frozenset(ACTION_TYPES)
PLAYS: tuple[Move, ...] = tuple(Move("play", card) for card in range(32))
# The play moves of every pattern of one suit's eight cards, per suit (see plays_of).
_SUIT_PLAYS: tuple[tuple[list[Move], ...], ...] = tuple(
    tuple([PLAYS[8 * s + r] for r in range(8) if byte >> r & 1] for byte in range(256))
    for s in range(4)
)
BIDS: tuple[Move, ...] = tuple(Move("bid", value) for value in range(MAX_BID + 1))
TRUMPS: tuple[Move, ...] = tuple(Move("trump", suit) for suit in range(4))
SIMPLE: dict[str, Move] = {
    kind: Move(kind) for kind in ACTION_TYPES if kind not in ("bid", "trump", "play")
}
PASS = SIMPLE["pass"]
SHOW_TRUMP = SIMPLE["show_trump"]
MARRIAGE = SIMPLE["marriage"]
SEVENTH_CARD = SIMPLE["seventh_card"]
SINGLE_HAND = SIMPLE["single_hand"]
