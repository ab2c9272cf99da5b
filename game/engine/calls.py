"""The calls of a deal and deal 2 (RULES.md sections 3-6): from the auction to the play.

The auction, trump, the stake questions (stage 4), deal 2, the bidder's Redouble in
stage 6, the Single Hand calls (stage 7) and their stake (stage 8). Each step takes
a move its rule allows (legal.py) and returns the events.
"""

from __future__ import annotations

from game.engine import annul
from game.engine.annul import Reason
from game.engine.base import MatchBase
from game.engine.cards import suit_of, team_of
from game.engine.deck import packet, seventh_card
from game.engine.events import Event
from game.engine.stake import REGULAR_STAKE, SINGLE_HAND_FACTOR, asked_seats


class CallsMixin(MatchBase):
    """The steps of a match from deal 1 to the first lead."""

    def _bid(self, seat: int, value: int | None) -> list[Event]:
        r = self.round
        assert r is not None
        auction = r.auction
        events = [auction.call(seat, value)]
        if not auction.done:
            return events
        winner = auction.winner()
        if winner < 0:
            return events + self._annul(Reason.ALL_PASSED)
        r.bidder, r.bid, r.target = winner, auction.high, auction.high
        r.phase = "trump"
        return events

    def _set_trump(self, seat: int, kind: str, suit: int) -> list[Event]:
        r = self.round
        assert r is not None
        if kind == "trump":
            r.trump, r.method = suit, "in_hand"
        else:
            r.method = "seventh_card"
        events: list[Event] = [{"type": "trump_set", "seat": seat, "method": r.method}]
        if self.rules.doubling:
            self._ask("double", 1 - team_of(r.bidder))
            r.phase = "doubling"
            return events
        return events + self._deal_two()

    def _ask(self, call: str, team: int) -> None:
        r = self.round
        assert r is not None
        r.ask_call = call
        r.ask_seats = asked_seats(team)

    def _stake_call(self, seat: int, kind: str) -> list[Event]:
        r = self.round
        assert r is not None
        single = r.phase == "single_hand_doubling"
        r.calls.append([seat, kind])
        events: list[Event]
        if kind == "pass":
            events = [{"type": "pass", "seat": seat, "question": r.ask_call}]
            r.ask_seats.remove(seat)
            if r.ask_seats:
                return events
        else:
            events = [{"type": kind, "seat": seat}]
            team = team_of(seat)
            if single:
                r.sh_factor = SINGLE_HAND_FACTOR[kind]
                if kind == "double":
                    self._ask("redouble", 1 - team)
                    return events
            else:
                r.stake = REGULAR_STAKE[kind]
                if kind == "double" or (kind == "redouble" and self.rules.set_double):
                    self._ask("redouble" if kind == "double" else "set_double", 1 - team)
                    return events
        r.ask_call, r.ask_seats = "", []
        if single:
            return events + self._start_play()
        return events + self._deal_two()

    def _deal_two(self) -> list[Event]:
        r = self.round
        assert r is not None
        r.packets = 2
        for seat in range(4):
            for card in packet(r.deck, r.first, seat, True):
                r.hands[seat] |= 1 << card
        events: list[Event] = [{"type": "deal", "dealer": self.dealer, "packet": 2}]
        if r.method == "seventh_card":
            r.seventh = seventh_card(r.deck, r.first, r.bidder)
            r.trump = suit_of(r.seventh)
            r.hands[r.bidder] &= ~(1 << r.seventh)
            r.aside = True
        reason = annul.after_deal_2(r.full_hands())
        if reason:
            return events + self._annul(reason)
        if r.method == "seventh_card" and r.stake == 2:
            r.phase = "seventh_card"
            return events
        return events + self._start_single_hand()

    def _seventh_card_answer(self, seat: int, kind: str) -> list[Event]:
        """Stage 6: the bidder redoubles or passes, having seen four cards and the 7th."""
        r = self.round
        assert r is not None
        r.calls.append([seat, kind])
        events: list[Event] = [{"type": kind, "seat": seat}]
        if kind == "redouble":
            r.stake = REGULAR_STAKE["redouble"]
        else:
            events[0]["question"] = "redouble"
        return events + self._start_single_hand()

    def _start_single_hand(self) -> list[Event]:
        r = self.round
        assert r is not None
        if self.rules.single_hand:
            r.phase = "single_hand"
            r.sh_next = 0
            return []
        return self._before_regular_play()

    def _single_hand_call(self, seat: int, kind: str) -> list[Event]:
        r = self.round
        assert r is not None
        r.calls.append([seat, kind])
        if kind == "pass":
            r.sh_next += 1
            events: list[Event] = [{"type": "pass", "seat": seat, "question": "single_hand"}]
            if r.sh_next == 4:
                return events + self._before_regular_play()
            return events
        r.sh_caller = seat
        if r.aside:
            r.hands[r.bidder] |= 1 << r.seventh
            r.aside = False
        events = [{"type": "single_hand", "seat": seat}]
        if self.rules.doubling:
            r.phase = "single_hand_doubling"
            self._ask("double", 1 - team_of(seat))
            return events
        return events + self._start_play()

    def _before_regular_play(self) -> list[Event]:
        r = self.round
        assert r is not None
        reason = annul.before_play(
            r.full_hands(),
            r.trump,
            r.bidder,
            r.seventh if r.method == "seventh_card" else -1,
            self.rules.seventh_card_check,
        )
        if reason:
            return self._annul(reason)
        return self._start_play()
