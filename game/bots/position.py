"""What one seat sees of a (sampled) Match, read straight from its state: the bots' only window.

A ``Position`` copies out of a ``Match`` exactly what ``Match.view(seat)`` would
show that seat (through the engine's one visibility module, game/engine/view.py),
as masks and small ints for speed: its own hand (only the first
four cards for a bidder in stage 6), the trump if the seat knows it, its own
set-aside 7th card, a Single Hand partner's hand once the caller may see it,
and the public state (calls, trick, points, cards played). Policies decide from
a Position only, so the same policy can run at the root of a decision (on a
Match sampled from the seat's Belief) and inside search rollouts without ever
reading another seat's cards.
"""

from __future__ import annotations

from game.engine.auction import Auction
from game.engine.cards import FULL_MASK, partner_of, team_of
from game.engine.match import Match
from game.engine.rules import Rules
from game.engine.view import visible_hand, visible_partner_hand, visible_seventh, visible_trump


class Position:
    """One seat's view of the current deal of a Match."""

    __slots__ = (
        "aside",
        "ask_call",
        "asker",
        "auction",
        "bid",
        "bidder",
        "calls",
        "first",
        "hand",
        "method",
        "partner_hand",
        "phase",
        "played",
        "points",
        "rules",
        "seat",
        "single",
        "stake",
        "target",
        "trick",
        "tricks",
        "tricks_played",
        "trump",
        "trump_shown",
    )

    def __init__(self, m: Match, seat: int):
        r = m.round
        assert r is not None, "no deal in progress"
        self.rules: Rules = m.rules
        self.seat = seat
        self.phase = r.phase
        self.first = r.first
        self.bidder = r.bidder
        self.bid = r.bid
        self.target = r.target
        self.stake = r.stake
        self.method = r.method
        self.single = r.sh_caller
        self.trump_shown = r.trump_shown
        self.trump = visible_trump(r, seat)
        self.aside = visible_seventh(r, seat)
        self.hand = visible_hand(r, seat)
        self.partner_hand = visible_partner_hand(r, seat)
        self.auction: Auction = r.auction
        self.calls = r.calls
        self.ask_call = r.ask_call
        self.trick = r.trick
        self.asker = r.asker
        self.points = r.points
        self.tricks = r.tricks
        self.tricks_played = r.tricks_played
        played = 0
        for card in r.played:
            played |= 1 << card
        self.played = played

    @property
    def team(self) -> int:
        """This seat's team (0 or 1)."""
        return team_of(self.seat)

    @property
    def partner(self) -> int:
        """The seat facing this one."""
        return partner_of(self.seat)

    def unseen(self) -> int:
        """The cards this seat has not seen: not in its hand, not played, not its 7th card."""
        seen = self.hand | self.played
        if self.aside >= 0:
            seen |= 1 << self.aside
        if self.partner_hand >= 0:
            seen |= self.partner_hand
        return FULL_MASK & ~seen
