"""The state of one deal in progress, every field JSON-able.

Cards are indices 0-31 and hands bitmasks (see cards.py); -1 stands for "none"
in int fields so the state stays flat and fast to copy.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from game.engine.auction import Auction


@dataclass
class Round:
    """One deal, from deal 1 until it is completed, annulled or reset."""

    deck: list[int]
    first: int
    hands: list[int]
    auction: Auction
    phase: str = "bidding"
    packets: int = 1
    bidder: int = -1
    bid: int = 0
    target: int = 0
    trump: int = -1
    method: str = ""  # "in_hand" | "seventh_card" once trump is set
    seventh: int = -1  # the bidder's 7th card, for a 7th-card trump, once dealt
    aside: bool = False  # the 7th card lies face down, out of the bidder's hand
    stake: int = 1
    calls: list[list[Any]] = field(default_factory=list)  # [seat, call]
    ask_call: str = ""  # the call a stake question offers
    ask_seats: list[int] = field(default_factory=list)  # seats still able to answer it
    sh_next: int = 0  # Single Hand calls: how many seats have passed
    sh_caller: int = -1
    sh_factor: int = 1
    caller_played: bool = False
    leader: int = -1
    to_play: int = -1
    trick: list[list[int]] = field(default_factory=list)  # [seat, card]
    tricks_played: int = 0
    trump_shown: bool = False
    asker: int = -1  # the seat that asked for trump in this trick
    forced: int = -1  # a card the seat in turn must play (the shown 7th card)
    points: list[int] = field(default_factory=lambda: [0, 0])
    tricks: list[int] = field(default_factory=lambda: [0, 0])
    played: list[int] = field(default_factory=list)
    last_trick: list[list[int]] = field(default_factory=list)
    last_winner: int = -1
    marriage: list[int] = field(default_factory=list)  # [seat, suit] once announced
    marriage_seat: int = -1  # after_trick: the seat that may declare now

    def full_hand(self, seat: int) -> int:
        """A seat's cards, a set-aside 7th card included."""
        if self.aside and seat == self.bidder:
            return self.hands[seat] | 1 << self.seventh
        return self.hands[seat]

    def full_hands(self) -> list[int]:
        """Each seat's cards, a set-aside 7th card included."""
        return [self.full_hand(seat) for seat in range(4)]

    def copy(self) -> Round:
        """An independent copy (lists that are only ever replaced, never changed, are shared)."""
        other = Round.__new__(Round)
        other.__dict__.update(self.__dict__)
        other.auction = self.auction.copy()
        other.hands = list(self.hands)
        other.calls = list(self.calls)
        other.ask_seats = list(self.ask_seats)
        other.trick = list(self.trick)
        other.points = list(self.points)
        other.tricks = list(self.tricks)
        other.played = list(self.played)
        return other

    def to_dict(self) -> dict[str, Any]:
        """The state as a JSON-able dict."""
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["auction"] = self.auction.to_dict()
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Round:
        """A round from ``to_dict`` output (after a JSON round trip)."""
        data = dict(data)
        data["auction"] = Auction.from_dict(data["auction"])
        return cls(**data)
