"""The play of a deal (RULES.md sections 4, 6 and 7): cards, showing trump, marriages,
tricks and the early end. Each step takes a move its rule allows (legal.py)."""

from __future__ import annotations

from game.engine.annul import Reason
from game.engine.base import MatchBase
from game.engine.cards import CODES, POINTS, SUITS, TOTAL_POINTS, suit_of, team_of
from game.engine.events import Event
from game.engine.play import (
    decided,
    marriage_holder,
    moved_target,
    next_to_play,
    seventh_card_due,
    trick_winner,
)


class TricksMixin(MatchBase):
    """The steps of a match in the play phase."""

    def _show_trump(self, seat: int) -> list[Event]:
        r = self.round
        assert r is not None
        seventh_only = (
            r.aside
            and seat == r.bidder
            and seventh_card_due(
                r.hands[seat], suit_of(r.trick[0][1]) if r.trick else -1, r.seventh
            )
        )
        r.trump_shown = True
        r.asker = seat
        r.marriage_seat = -1
        event: Event = {"type": "trump_shown", "seat": seat, "suit": SUITS[r.trump]}
        if r.method == "seventh_card":
            event["card"] = CODES[r.seventh]
            if r.aside:
                r.hands[r.bidder] |= 1 << r.seventh
                r.aside = False
                if seventh_only:
                    r.forced = r.seventh
        events = [event]
        if self.rules.marriage == "on_show":
            holder = marriage_holder(r.hands, r.trump)
            if holder >= 0:
                events.append(self._marry(holder))
        return events

    def _marry(self, seat: int) -> Event:
        r = self.round
        assert r is not None
        r.marriage = [seat, r.trump]
        r.marriage_seat = -1
        r.target = moved_target(r.target, team_of(seat), team_of(r.bidder), self.rules.min_bid)
        return {"type": "marriage", "seat": seat, "suit": SUITS[r.trump], "target": r.target}

    def _declare_marriage(self, seat: int) -> list[Event]:
        return [self._marry(seat)]

    def _play(self, seat: int, card: int) -> list[Event]:
        r = self.round
        assert r is not None
        r.hands[seat] &= ~(1 << card)
        r.trick.append([seat, card])
        r.played.append(card)
        r.marriage_seat = -1
        r.forced = -1
        if seat == r.sh_caller:
            r.caller_played = True
        events: list[Event] = [{"type": "play", "seat": seat, "card": CODES[card]}]
        single = r.sh_caller >= 0
        if len(r.trick) < (3 if single else 4):
            r.to_play = next_to_play(seat, r.sh_caller)
            return events
        return events + self._end_trick(single)

    def _end_trick(self, single: bool) -> list[Event]:
        r = self.round
        assert r is not None
        trick = r.trick
        winner = trick_winner(trick, r.trump if r.trump_shown and not single else -1)
        points = sum(POINTS[card] for _, card in trick)
        r.tricks_played += 1
        if r.tricks_played == 8 and self.rules.last_trick_point:
            points += 1
        team = team_of(winner)
        r.points[team] += points
        r.tricks[team] += 1
        r.last_trick, r.last_winner = trick, winner
        r.trick = []
        r.asker = -1
        r.leader = r.to_play = winner
        events: list[Event] = [
            {
                "type": "trick",
                "winner": winner,
                "cards": [{"seat": s, "card": CODES[c]} for s, c in trick],
                "points": points,
            }
        ]
        if single:
            if winner != r.sh_caller or r.tricks_played == 8:
                events += self._finish()
            return events
        if r.tricks_played == 8:
            if not r.trump_shown:
                return events + self._annul(Reason.TRUMP_NEVER_SHOWN)
            return events + self._finish()
        if not r.trump_shown:
            return events
        marriage_open = self.rules.marriage == "after_trick" and not r.marriage
        holder = marriage_holder(r.hands, r.trump) if marriage_open else -1
        if self.rules.early_end and holder < 0:
            bidder_team = team_of(r.bidder)
            remaining = TOTAL_POINTS - r.points[0] - r.points[1] + self.rules.last_trick_point
            if decided(
                taken=r.points[bidder_team],
                remaining=remaining,
                target=r.target,
                stake=r.stake,
                bidder_tricks=r.tricks[bidder_team],
                opponent_tricks=r.tricks[1 - bidder_team],
            ):
                return events + self._finish()
        if holder >= 0 and team_of(holder) == team:
            r.marriage_seat = holder
        return events
