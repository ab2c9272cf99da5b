"""The auction after deal 1 in its three styles (RULES.md section 3).

``priority`` (seeds/000): players enter in play order; an entrant who outcalls
the holder starts a duel in which the holder may match or call higher and the
challenger must call higher, until one passes. ``raise``: speak in turn,
skipping passed players, each call higher, until all but one have passed.
``once``: each player speaks once, higher or pass.

With ``all_pass="dealer_forced"``, a dealer whose three partners at the table
all passed before them may only call ``min_bid`` (decision: the dealer makes
that call themself; it is their only legal action).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine.cards import dealer_of, next_seat, seat_after
from game.engine.moves import BIDS, MAX_BID, PASS, Move
from game.engine.verdict import ALLOWED, NOT_YOUR_TURN, Verdict, refused
from game.engine.words import gettext_noop


@dataclass
class Auction:
    """The state of one auction; every field is JSON-able."""

    style: str
    min_bid: int
    dealer_forced: bool
    first: int
    calls: list[list[Any]] = field(default_factory=list)  # [seat, value | "pass"]
    high: int = 0
    high_seat: int = -1
    holder: int = -1  # priority: the seat holding the call (with the right to match)
    challenger: int = -1  # priority: the entrant duelling the holder
    passed: list[bool] = field(default_factory=lambda: [False] * 4)
    entrants: int = 1  # priority/once: how many seats have entered so far
    to_speak: int = -1
    done: bool = False

    def __post_init__(self) -> None:
        if self.to_speak == -1 and not self.done:
            self.to_speak = self.first

    @property
    def dealer(self) -> int:
        """The dealer: the seat before the first hand."""
        return dealer_of(self.first)

    def winner(self) -> int:
        """The seat that won the call, or -1 if all passed."""
        return self.high_seat if self.done else -1

    def _forced(self, seat: int) -> bool:
        return (
            self.dealer_forced
            and seat == self.dealer
            and self.high_seat == -1
            and sum(self.passed) == 3
        )

    def lowest(self, seat: int) -> int:
        """The lowest number this seat may call now (a holder in a duel may match)."""
        if self.style == "priority" and seat == self.holder and self.challenger != -1:
            return self.high
        return self.high + 1 if self.high else self.min_bid

    def moves(self, seat: int) -> list[Move]:
        """The calls open to a seat now: exactly those ``verdict`` allows."""
        if self.done or seat != self.to_speak:
            return []
        if self._forced(seat):
            return [BIDS[self.min_bid]]
        return [*BIDS[self.lowest(seat) :], PASS]

    def verdict(self, seat: int, value: int | None) -> Verdict:
        """Whether this seat may make this call (``None`` = pass) now, and if not, why."""
        if self.done or seat != self.to_speak:
            return NOT_YOUR_TURN
        if self._forced(seat):
            if value != self.min_bid:
                return refused(
                    gettext_noop("Everyone else passed: the dealer must call %(value)s"),
                    value=self.min_bid,
                )
            return ALLOWED
        if value is None:
            return ALLOWED
        low = self.lowest(seat)
        if low > MAX_BID:
            return refused(
                gettext_noop("Nobody can call above %(value)s: you may only pass"), value=MAX_BID
            )
        if value > MAX_BID:
            return refused(gettext_noop("Calls go up to %(value)s"), value=MAX_BID)
        if value < low:
            if low == self.min_bid:
                return refused(gettext_noop("The lowest call is %(value)s"), value=self.min_bid)
            if low == self.high:
                return refused(
                    gettext_noop("You must match %(value)s or call higher"), value=self.high
                )
            return refused(gettext_noop("You must call higher than %(value)s"), value=self.high)
        return ALLOWED

    def call(self, seat: int, value: int | None) -> dict[str, Any]:
        """Apply a call (``None`` = pass) already checked; returns its event."""
        if value is None:
            self.calls.append([seat, "pass"])
            self.passed[seat] = True
            event: dict[str, Any] = {"type": "pass", "seat": seat}
        else:
            matched = value == self.high
            self.calls.append([seat, value])
            event = {"type": "bid", "seat": seat, "value": value, "match": matched}
        getattr(self, "_after_" + self.style)(seat, value)
        return event

    def _after_priority(self, seat: int, value: int | None) -> None:
        in_duel = self.challenger != -1
        if not in_duel:
            if value is None:
                self._next_entrant()
            elif self.holder == -1:
                self.holder, self.high, self.high_seat = seat, value, seat
                self._next_entrant()
            else:
                self.challenger, self.high, self.high_seat = seat, value, seat
                self.to_speak = self.holder
            return
        other = self.challenger if seat == self.holder else self.holder
        if value is None:
            if seat == self.holder:
                self.holder = self.challenger
            self.challenger = -1
            self.high_seat = self.holder
            self._next_entrant()
        else:
            self.high, self.high_seat = value, seat
            self.to_speak = other

    def _next_entrant(self) -> None:
        if self.entrants == 4:
            self._finish()
            return
        self.to_speak = seat_after(self.first, self.entrants)
        self.entrants += 1

    def _after_once(self, seat: int, value: int | None) -> None:
        if value is not None:
            self.high, self.high_seat = value, seat
        self._next_entrant()

    def _after_raise(self, seat: int, value: int | None) -> None:
        if value is not None:
            self.high, self.high_seat = value, seat
        left = [s for s in range(4) if not self.passed[s]]
        if not left or (len(left) == 1 and left[0] == self.high_seat):
            self._finish()
            return
        nxt = next_seat(seat)
        while self.passed[nxt]:
            nxt = next_seat(nxt)
        self.to_speak = nxt

    def _finish(self) -> None:
        self.done = True
        self.to_speak = -1

    def copy(self) -> Auction:
        """An independent copy."""
        other = Auction.__new__(Auction)
        other.__dict__.update(self.__dict__)
        other.calls = list(self.calls)
        other.passed = list(self.passed)
        return other

    def to_dict(self) -> dict[str, Any]:
        """The state as a JSON-able dict."""
        return dict(self.__dict__)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Auction:
        """An auction from ``to_dict`` output."""
        return cls(**data)
