"""The state of a match and the steps every phase shares: the base of ``Match``.

``Match`` (match.py) is put together from this base and one part per concern: the
calls (calls.py), the tricks (tricks.py) and saving (saving.py); the rules of who
may act are in legal.py, views in view.py. A deal ends here: scored (``_finish``)
or annulled (``_annul``), its cards gathered for the next shuffle.
"""

from __future__ import annotations

import random
from typing import Any

from game.engine.annul import Reason
from game.engine.cards import cards_in, next_seat, seat_after
from game.engine.events import Event
from game.engine.outcome import Outcome, annulment, result
from game.engine.rules import Rules
from game.engine.state import Round


class MatchBase:
    """What a match holds between and during deals."""

    def __init__(
        self,
        rules: Rules | None = None,
        dealer: int = 0,
        seed: int | None = None,
        rng: random.Random | None = None,
    ):
        if rules is None:
            rules = Rules()
        if not isinstance(rules, Rules):
            raise ValueError("rules must be a Rules")
        if type(dealer) is not int or not 0 <= dealer <= 3:
            raise ValueError("dealer must be a seat 0-3")
        self.rules = rules
        self._rules_dict = rules.to_dict()
        self.dealer = dealer
        self.seed = seed
        self.rng: random.Random = rng if rng is not None else random.Random(seed)
        self.score = [0, 0]
        self.sets = [[0, 0], [0, 0]]
        self.round_no = 0
        self.outcome: Outcome | None = None  # how the last deal ended
        self.gathered: list[int] | None = None  # the deck as gathered after the last deal
        self.deck_reset = False  # a Deck reset: the next deal shuffles a fresh deck
        self.round: Round | None = None  # the deal in progress
        self._version = 0  # bumped by every change; keys the shared public view
        self._public: tuple[int, dict[str, Any]] = (-1, {})
        self._last_round: tuple[Outcome, dict[str, Any], dict[str, Any]] | None = None
        self.view_cache: dict[str, Any] = {}  # parts of views, see view.py
        self._rng_shared = False  # shared with a copy: fork before drawing
        self._rng_saved: list[Any] | None = None  # the RNG state as saved, until the next draw

    @property
    def last_round(self) -> dict[str, Any] | None:
        """The result of the last finished or annulled deal, as the interface's dict (one
        dict per outcome: treat it as read-only)."""
        return self._last_round_dicts()[0]

    def last_round_view(self) -> dict[str, Any] | None:
        """``last_round`` without its last trick, for views (made once per outcome)."""
        return self._last_round_dicts()[1]

    def _last_round_dicts(self) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
        outcome = self.outcome
        if outcome is None:
            return None, None
        cached = self._last_round
        if cached is None or cached[0] is not outcome:
            cached = self._last_round = (outcome, outcome.to_dict(), outcome.public())
        return cached[1], cached[2]

    def _gather(self) -> None:
        """Gather the cards: those played in trick order, then each hand from the first."""
        r = self.round
        assert r is not None
        cards = list(r.played)
        for k in range(4):
            seat = seat_after(r.first, k)
            cards += cards_in(r.hands[seat])
            if r.aside and seat == r.bidder:
                cards.append(r.seventh)
        if r.packets == 1:
            cards += r.deck[16:]
        self.gathered = cards
        self.round = None

    def _finish(self) -> list[Event]:
        """Score a completed round and pass the deal on."""
        r = self.round
        assert r is not None
        self.outcome = result(self.rules, r, self.score, self.sets, self.dealer)
        self._gather()
        self.dealer = next_seat(self.dealer)
        return [{"type": "round_end", **self.outcome.public()}]

    def _annul(self, reason: Reason) -> list[Event]:
        """End the deal without a score; the same dealer deals again."""
        self.outcome = annulment(reason, self.round, self.dealer)
        self._gather()
        return [{"type": "annulled", "reason": reason.value, "reason_text": reason.text}]

    def _start_play(self) -> list[Event]:
        r = self.round
        assert r is not None
        r.phase = "play"
        r.leader = r.to_play = r.sh_caller if r.sh_caller >= 0 else r.first
        return []
