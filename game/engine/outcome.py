"""How a deal ended (RULES.md sections 8 and 9): scored, or annulled for a reason.

An ``Outcome`` is the value; ``to_dict`` gives the ``last_round`` dict of the
interface (views, events, saved matches), ``from_dict`` reads one back, and
``public`` is the copy views and the ``round_end`` event carry (without the last
trick, whose cards are shown only until the next deal).

>>> o = Outcome(dealer=2, last_trick=None, reason=Reason.ALL_PASSED)
>>> o.to_dict()["reason"], o.to_dict()["reason_no"], "last_trick" in o.public()
('all_passed', 2, False)
>>> Outcome.from_dict(o.to_dict()) == o
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.annul import Reason
from game.engine.cards import CODES, SUITS, team_of
from game.engine.rules import Rules
from game.engine.scoring import move, round_delta
from game.engine.state import Round


@dataclass(slots=True)
class Outcome:
    """The end of one deal: a result for the team that won the call, or an annulment.

    An annulled deal keeps what the whole table saw: its contract (``bidder``, ``bid``,
    ``stake``, unless a Single Hand was called) and, once a trick was played, the
    points and tricks taken. A value: never changed once made.
    """

    dealer: int
    last_trick: dict[str, Any] | None  # {"cards": [{"seat", "card"}...], "winner"} or None
    reason: Reason | None = None  # None: played to a result
    kind: str = "regular"  # "regular" | "single_hand"
    bidder: int = -1  # the bidder, or the Single Hand caller
    team: int = -1
    bid: int | None = None
    target: int | None = None
    stake: int = 1
    points: tuple[int, int] | None = None
    tricks: tuple[int, int] | None = None
    tricks_played: int = 0
    made: bool = False
    bonus: bool = False
    delta: int = 0  # the change to ``team``'s score
    score: tuple[int, int] = (0, 0)  # both scores after the deal
    sets: tuple[tuple[int, int], tuple[int, int]] = ((0, 0), (0, 0))
    new_sets: tuple[tuple[int, int], tuple[int, int]] = ((0, 0), (0, 0))
    # The trump once shown (its suit, and how it was set: "in_hand" or "seventh_card");
    # None if never shown.
    trump: str | None = None
    trump_method: str | None = None

    @property
    def annulled(self) -> bool:
        """Whether the deal was annulled (no score)."""
        return self.reason is not None

    def to_dict(self) -> dict[str, Any]:
        """The ``last_round`` dict of the interface (fresh lists)."""
        if self.reason is not None:
            out: dict[str, Any] = {
                "annulled": True,
                "reason": self.reason.value,
                "reason_no": self.reason.number,
                "reason_text": self.reason.text,
                "dealer": self.dealer,
                "last_trick": self.last_trick,
            }
            if self.bid is not None:
                out.update(bidder=self.bidder, bid=self.bid, stake=self.stake)
            if self.points is not None and self.tricks is not None:
                out.update(
                    points=list(self.points),
                    tricks=list(self.tricks),
                    tricks_played=self.tricks_played,
                )
            return self._with_trump(out)
        assert self.points is not None and self.tricks is not None
        return self._with_trump({
            "annulled": False,
            "kind": self.kind,
            "bidder": self.bidder,
            "team": self.team,
            "bid": self.bid,
            "target": self.target,
            "stake": self.stake,
            "points": list(self.points),
            "tricks": list(self.tricks),
            "made": self.made,
            "bonus": self.bonus,
            "delta": self.delta,
            "score": list(self.score),
            "sets": [list(s) for s in self.sets],
            "new_sets": [list(s) for s in self.new_sets],
            "ended_early": self.tricks_played < 8,
            "dealer": self.dealer,
            "last_trick": self.last_trick,
        })

    def _with_trump(self, out: dict[str, Any]) -> dict[str, Any]:
        """``out`` with the trump, if it was shown (``trump`` and ``trump_method``)."""
        if self.trump is not None:
            out.update(trump=self.trump, trump_method=self.trump_method)
        return out

    def public(self) -> dict[str, Any]:
        """``to_dict`` without the last trick: what views and the round_end event carry."""
        out = self.to_dict()
        out.pop("last_trick")
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Outcome:
        """The outcome of a ``to_dict`` dict (after a JSON round trip; a view's copy,
        without its last trick, too)."""
        last_trick = data.get("last_trick")
        if data["annulled"]:
            points, tricks = data.get("points"), data.get("tricks")
            return cls(
                dealer=data["dealer"],
                last_trick=last_trick,
                reason=Reason(data["reason"]),
                bidder=data.get("bidder", -1),
                bid=data.get("bid"),
                stake=data.get("stake", 1),
                points=None if points is None else (points[0], points[1]),
                tricks=None if tricks is None else (tricks[0], tricks[1]),
                tricks_played=data.get("tricks_played", 0),
                trump=data.get("trump"),
                trump_method=data.get("trump_method"),
            )
        points, tricks = data["points"], data["tricks"]
        sets, new_sets = data["sets"], data["new_sets"]
        return cls(
            dealer=data["dealer"],
            last_trick=last_trick,
            kind=data["kind"],
            bidder=data["bidder"],
            team=data["team"],
            bid=data["bid"],
            target=data["target"],
            stake=data["stake"],
            points=(points[0], points[1]),
            tricks=(tricks[0], tricks[1]),
            tricks_played=tricks[0] + tricks[1],  # every trick is won by a team
            made=data["made"],
            bonus=data["bonus"],
            delta=data["delta"],
            score=(data["score"][0], data["score"][1]),
            sets=((sets[0][0], sets[0][1]), (sets[1][0], sets[1][1])),
            new_sets=((new_sets[0][0], new_sets[0][1]), (new_sets[1][0], new_sets[1][1])),
            trump=data.get("trump"),
            trump_method=data.get("trump_method"),
        )


def shown_trump(r: Round) -> tuple[str | None, str | None]:
    """The trump of a deal if it was shown to the table (its suit and how it was set), else
    (None, None): a trump never shown stays hidden."""
    if r.sh_caller >= 0 or r.trump < 0 or not r.trump_shown:
        return None, None
    return SUITS[r.trump], r.method


def last_trick_of(r: Round) -> dict[str, Any] | None:
    """The last trick played in a deal (its cards were all face up), or None."""
    if not r.last_trick:
        return None
    cards = [{"seat": s, "card": CODES[c]} for s, c in r.last_trick]
    return {"cards": cards, "winner": r.last_winner}


def annulment(reason: Reason, r: Round | None, dealer: int) -> Outcome:
    """The outcome of a deal annulled for ``reason``: what the whole table saw of it (never
    a trump that was not shown)."""
    if r is None:
        return Outcome(dealer=dealer, last_trick=None, reason=reason)
    contract = r.bidder >= 0 and r.sh_caller < 0
    played = r.tricks_played > 0
    trump, trump_method = shown_trump(r)
    return Outcome(
        dealer=dealer,
        last_trick=last_trick_of(r),
        reason=reason,
        bidder=r.bidder if contract else -1,
        bid=r.bid if contract else None,
        stake=r.stake if contract else 1,
        points=(r.points[0], r.points[1]) if played else None,
        tricks=(r.tricks[0], r.tricks[1]) if played else None,
        tricks_played=r.tricks_played,
        trump=trump,
        trump_method=trump_method,
    )


def result(
    rules: Rules, r: Round, score: list[int], sets: list[list[int]], dealer: int
) -> Outcome:
    """Score a completed round: the bidder's (Single Hand caller's) team wins its stake or
    loses it; updates ``score`` and ``sets`` in place."""
    single = r.sh_caller >= 0
    bidder = r.sh_caller if single else r.bidder
    team = team_of(bidder)
    if single:
        made = r.tricks[team] == 8
        stake = rules.single_hand_stake * r.sh_factor
        bonus = False
    else:
        made = r.points[team] >= r.target
        stake = r.stake
        bonus = stake == 1 and (
            (made and r.tricks[team] == 8) or (not made and r.tricks[1 - team] == 8)
        )
    delta = round_delta(made=made, stake=stake, bonus=bonus)
    trump, trump_method = shown_trump(r)
    gained = move(score, sets, team, delta, reset_after_set=rules.reset_after_set)
    return Outcome(
        dealer=dealer,
        last_trick=last_trick_of(r),
        kind="single_hand" if single else "regular",
        bidder=bidder,
        team=team,
        bid=None if single else r.bid,
        target=None if single else r.target,
        stake=stake,
        points=(r.points[0], r.points[1]),
        tricks=(r.tricks[0], r.tricks[1]),
        tricks_played=r.tricks_played,
        made=made,
        bonus=bonus,
        delta=delta,
        score=(score[0], score[1]),
        sets=((sets[0][0], sets[0][1]), (sets[1][0], sets[1][1])),
        new_sets=((gained[0][0], gained[0][1]), (gained[1][0], gained[1][1])),
        trump=trump,
        trump_method=trump_method,
    )
