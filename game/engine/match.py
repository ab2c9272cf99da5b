"""The Match: a table's whole game, deal after deal (RULES.md section 12).

>>> m = Match(Rules(), dealer=0, seed=7)
>>> events = m.deal()
>>> m.view(1)["phase"] in ("bidding", "deal")
True

A deal runs through the phases bidding, trump, doubling (stage 4), deal 2 by
itself, seventh_card (stage 6), single_hand (stage 7), single_hand_doubling
(stage 8) and play, then back to "deal". Every refusal raises IllegalAction and
leaves the match untouched: ``apply`` asks the move's rule (legal.py) before
changing anything. The steps live by concern: calls.py, tricks.py, the end of a
deal in base.py, saving in saving.py, views in view.py.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import Any

from game.engine import annul, legal
from game.engine.auction import Auction
from game.engine.calls import CallsMixin
from game.engine.cards import first_hand_of
from game.engine.deck import fresh_deck, packet, parse_deck, realistic_shuffle
from game.engine.errors import IllegalAction
from game.engine.events import Event
from game.engine.moves import Move, actions_of, parse_action
from game.engine.rules import Rules
from game.engine.saving import SavingMixin
from game.engine.state import Round
from game.engine.tricks import TricksMixin
from game.engine.view import public_view, seat_view
from game.engine.words import Sentence, gettext_noop

__all__ = ["Event", "Match", "Move", "Rules"]


class Match(CallsMixin, TricksMixin, SavingMixin):
    """A match between four seats under one set of Rules."""

    def __init__(self, rules: Rules | None = None, dealer: int = 0, seed: int | None = None):
        """``seed`` makes the shuffles reproducible; without one they come from the
        operating system's randomness (``secrets.SystemRandom``)."""
        super().__init__(rules, dealer, seed, None if seed is not None else secrets.SystemRandom())

    # ----------------------------------------------------------------- dealing

    def deal(self, deck: Sequence[str] | None = None) -> list[Event]:
        """Start the next deal (deal 1) from ``deck`` (32 codes, top first) or a shuffle."""
        if self.round is not None:
            raise IllegalAction(Sentence(gettext_noop("A deal is already in progress")))
        order = parse_deck(deck) if deck is not None else self._shuffle()
        self._version += 1
        self.round_no += 1
        first = first_hand_of(self.dealer)
        hands = [0, 0, 0, 0]
        for seat in range(4):
            for card in packet(order, first, seat, False):
                hands[seat] |= 1 << card
        rules = self.rules
        self.round = Round(
            deck=order,
            first=first,
            hands=hands,
            auction=Auction(
                style=rules.bidding,
                min_bid=rules.min_bid,
                dealer_forced=rules.all_pass == "dealer_forced",
                first=first,
            ),
        )
        events: list[Event] = [{"type": "deal", "dealer": self.dealer, "packet": 1}]
        reason = annul.after_deal_1(hands, first)
        if reason:
            events += self._annul(reason)
        return events

    def _shuffle(self) -> list[int]:
        if self._rng_shared:
            # A copy shares the RNG until one of them draws from it: fork it first.
            rng = random.Random.__new__(random.Random)
            rng.setstate(self.rng.getstate())
            self.rng, self._rng_shared = rng, False
        self._rng_saved = None
        if self.rules.shuffle == "thorough" or self.gathered is None or self.deck_reset:
            self.deck_reset = False
            return fresh_deck(self.rng)
        return realistic_shuffle(self.gathered, self.rng)

    # ----------------------------------------------------------------- turn and legality

    def turn(self) -> list[int]:
        """The seats that may act now."""
        r = self.round
        return [] if r is None else legal.turn(r)

    def moves(self, seat: int) -> list[Move]:
        """Every legal move of a seat: the fast path behind ``legal_actions``, for bots."""
        r = self.round
        return [] if r is None else legal.moves(self.rules, r, seat)

    def play_options(self, seat: int) -> tuple[int, bool]:
        """The mask of cards the seat may play now and whether it may show trump."""
        r = self.round
        assert r is not None
        return legal.play_options(self.rules, r, seat)

    def allowed(self, seat: int, move: Move) -> bool:
        """Whether the seat may make this move now."""
        r = self.round
        return r is not None and legal.verdict(self.rules, r, seat, move)[0]

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        """Every action that seat may take now (empty if none)."""
        if type(seat) is not int or not 0 <= seat <= 3:
            return []
        return actions_of(self.moves(seat))

    # ----------------------------------------------------------------- applying actions

    def apply(self, seat: int, action: dict[str, Any]) -> list[Event]:
        """Do an action for a seat; returns the (public) events. IllegalAction if not legal."""
        if type(seat) is not int or not 0 <= seat <= 3:
            raise IllegalAction(Sentence(gettext_noop("There is no such seat")))
        move = parse_action(action)
        r = self.round
        if r is None:
            raise IllegalAction(
                Sentence(gettext_noop("No deal is in progress; the next deal has not started"))
            )
        allowed, why = legal.verdict(self.rules, r, seat, move)
        if not allowed:
            raise IllegalAction(why)
        return self.apply_move(seat, move)

    def apply_move(self, seat: int, move: Move) -> list[Event]:
        """Apply a move taken from ``moves(seat)`` without checking it: the fast path
        behind ``apply``, for bots. Anything else may corrupt the match."""
        r = self.round
        assert r is not None
        self._version += 1
        kind, arg = move
        phase = r.phase
        if phase == "play":
            if kind == "play":
                return self._play(seat, arg)
            if kind == "show_trump":
                return self._show_trump(seat)
            return self._declare_marriage(seat)
        if phase == "bidding":
            return self._bid(seat, arg if kind == "bid" else None)
        if phase == "trump":
            return self._set_trump(seat, kind, arg)
        if phase in legal.STAKE_PHASES:
            return self._stake_call(seat, kind)
        if phase == "seventh_card":
            return self._seventh_card_answer(seat, kind)
        return self._single_hand_call(seat, kind)

    # ----------------------------------------------------------------- host resets

    def reset_score(self) -> list[Event]:
        """Both scores and set tallies to 0."""
        self.score = [0, 0]
        self.sets = [[0, 0], [0, 0]]
        self._version += 1
        return [{"type": "reset", "what": "score"}]

    def forget_last_round(self) -> None:
        """A new match on these seats (the server's rematch): no deal of it has ended yet, so
        ``last_round`` is ``None`` until one does."""
        self.outcome = None
        self._version += 1

    def reset_round(self) -> list[Event]:
        """Abandon the current deal, gathering its cards; the same dealer deals next."""
        if self.round is not None:
            self._gather()
        self._version += 1
        return [{"type": "reset", "what": "round"}]

    def reset_deck(self) -> list[Event]:
        """The next deal uses a fresh, uniformly shuffled deck, however the deal in progress
        ends (its cards are still gathered, and set aside)."""
        self.deck_reset = True
        self._version += 1
        return [{"type": "reset", "what": "deck"}]

    # ----------------------------------------------------------------- views and copies

    def view(self, seat: int | None) -> dict[str, Any]:
        """What that seat may see; ``None`` for a spectator (every hand)."""
        if seat is not None and (type(seat) is not int or not 0 <= seat <= 3):
            raise IllegalAction(
                Sentence(gettext_noop("There is no such seat: seats are 0-3, None for a spectator"))
            )
        version, public = self._public
        if version != self._version:
            public = public_view(self)
            self._public = (self._version, public)
        return seat_view(self, seat, public)

    def copy(self) -> Match:
        """An independent copy of the match, RNG included (much faster than JSON).

        A seeded RNG is shared until either match deals, which forks it first."""
        other = Match.__new__(Match)
        other.__dict__.update(self.__dict__)
        if self.seed is not None:
            self._rng_shared = other._rng_shared = True
        other.score = list(self.score)
        other.sets = [list(self.sets[0]), list(self.sets[1])]
        other.round = self.round.copy() if self.round is not None else None
        other._public = (-1, {})
        other._last_round = None
        other.view_cache = {}
        return other
