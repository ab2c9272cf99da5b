"""What one seat knows about the current deal, and whole deals sampled consistent with it.

A ``Belief`` is built from one seat's ``Match.view(seat)`` and the public events
of the current deal (oldest first, as ``deal()`` and every ``apply()`` returned
them) and from nothing else, so a searcher that only holds a Belief cannot
peek. It records:

* the cards known where: the seat's own hand, every card played and by whom, a
  set-aside 7th card (the bidder's, or the trump card once shown), a Single
  Hand partner's hand shown to the caller, a marriage's K and Q of trump, a
  marriage chance visible in ``turn``;
* the suits each other seat has shown it lacks: not following the led suit (or
  asking for trump) shows a void in it; asking for trump and then not playing
  trump shows a trump void; a bidder who discards while their 7th card lies
  aside shows that the led suit is not trump;
* how many unknown cards each seat holds, the undealt packet before deal 2,
  and whether the trump is hidden from this seat.

``sample(rng)`` deals the unknown cards consistent with all that, keeps the
deal with the probability ``weigh(belief, deck)`` gives it if a ``weigh`` was
given (soft inference from the auction, supplied by the bots), picks a hidden
trump (by ``trump_odds`` if given, else towards the bidder's longest suit among
their first four cards), builds the whole deck and replays the deal's public actions on a
fresh ``Match``; a sample whose replay refuses an action or produces other
events than the ones seen (an annulment, a marriage, an early end, a trick won
otherwise) is rejected, so every returned Match is consistent with everything
the seat saw and is in the same position: phase, turn, trick, points, stake,
target, trump state and score.

>>> from game.engine import Match, Rules
>>> m = Match(Rules(), dealer=0, seed=3)
>>> history = m.deal()
>>> import random
>>> s = Belief(m.rules, 1, m.view(1), history).sample(random.Random(1))
>>> s.view(1)["hand"] == m.view(1)["hand"], s.view(None)["hands"] == m.view(None)["hands"]
(True, False)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from game.engine import annul
from game.engine.cards import (
    CODES,
    INDEX,
    POINTS,
    SUITS,
    cards_in,
    partner_of,
    seat_after,
    suit_of,
)
from game.engine.deck import packet
from game.engine.events import starts_deal
from game.engine.match import Match
from game.engine.moves import Move
from game.engine.outcome import Outcome
from game.engine.play import marriage_mask, next_to_play
from game.engine.rules import Rules
from game.engine.stake import risk_free

# Event types that record a seat's action (a marriage only under "after_trick").
ACTION_EVENTS = {
    "bid": "bid",
    "pass": "pass",
    "trump_set": "trump",
    "double": "double",
    "redouble": "redouble",
    "set_double": "set_double",
    "single_hand": "single_hand",
    "trump_shown": "show_trump",
    "play": "play",
}
Weigh = Callable[["Belief", list[int]], float]  # a deck's likelihood (0-1) given the calls
TrumpOdds = Callable[["Belief", list[int]], list[float]]  # odds per suit of a hidden trump
# given the bidder's first four cards
HIDDEN = -2  # the argument of an in-hand trump whose suit this seat does not know
MAX_TRIES = 2000


class Inconsistent(ValueError):
    """The view and history contradict each other (no deal is consistent with them)."""


def bidders_choice(belief: Belief, first_four: list[int]) -> list[float]:
    """The odds of each suit as a hidden trump chosen from these four cards: long suits
    and points first."""
    odds = []
    for suit in range(4):
        mine = [c for c in first_four if suit_of(c) == suit]
        odds.append(math.exp(1.5 * len(mine) + 0.4 * sum(POINTS[c] for c in mine)))
    return odds


class Belief:
    """One seat's knowledge of the current deal, and a sampler of deals consistent with it."""

    def __init__(
        self,
        rules: Rules,
        seat: int,
        view: dict[str, Any],
        history: Sequence[dict[str, Any]],
        weigh: Weigh | None = None,
        trump_odds: TrumpOdds | None = None,
    ):
        if type(seat) is not int or not 0 <= seat <= 3:
            raise ValueError("seat must be 0-3")
        if not isinstance(view, dict):
            raise ValueError("view must be the dict Match.view(seat) returns")
        if isinstance(history, str | bytes) or not all(isinstance(e, dict) for e in history):
            raise ValueError("history must be the list of event dicts of the current deal")
        if view.get("seat") != seat:
            raise ValueError("the view is not this seat's view")
        if view.get("phase") == "deal":
            raise ValueError("no deal is in progress")
        if not history or not starts_deal(history[0]):
            raise ValueError("the history must start with the deal's first event")
        if not {"first_hand", "dealer", "bidder", "trump_method", "single_hand"} <= set(view):
            raise Inconsistent("view must be the dict Match.view(seat) returns")
        self.rules = rules
        self.seat = seat
        self.view = view
        self.weigh = weigh
        self.trump_odds = trump_odds or bidders_choice
        self.phase: str = view["phase"]
        self.first: int = view["first_hand"]
        self.dealer: int = view["dealer"]
        self.bidder: int = view["bidder"] if view["bidder"] is not None else -1
        self.method: str = view["trump_method"] or ""
        self.single_hand: int = view["single_hand"] if view["single_hand"] is not None else -1
        self.played = [0, 0, 0, 0]  # cards each seat has played
        self.known = [0, 0, 0, 0]  # cards each seat holds now that this seat knows of
        self.voids = [0, 0, 0, 0]  # suits (bit s) each seat's unknown cards cannot be
        self.not_trump = 0  # suits (bit s) the hidden trump cannot be
        self.trump = -1  # the trump suit if this seat knows it
        self.seventh = -1  # the bidder's 7th card if this seat knows it
        self.packets = 1
        self.marriages: list[tuple[int, int]] = []  # (seat, suit) of each marriage announced
        self.played_at_show: list[int] | None = None  # cards played when trump was shown
        self.married_at_show = False  # an automatic marriage followed the show
        self.steps: list[tuple[int, str, int, list[dict[str, Any]]]] = []
        try:
            self._read_history(history)
            self._read_view()
            self._count_unknown()
        except (KeyError, TypeError, IndexError) as error:
            raise Inconsistent(f"not a view and history of this deal: {error!r}") from error

    # ----------------------------------------------------------------- reading what was seen

    def _read_history(self, history: Sequence[dict[str, Any]]) -> None:
        """Cut the history into actions with the events each produced, and learn from plays."""
        after_trick = self.rules.marriage == "after_trick"
        deal_events: list[dict[str, Any]] = []
        steps = self.steps
        trick: list[tuple[int, int]] = []
        asker = -1
        shown = False
        for event in history:
            kind = event["type"]
            is_action = kind in ACTION_EVENTS or (kind == "marriage" and after_trick)
            if not is_action:
                (steps[-1][3] if steps else deal_events).append(event)
                if kind == "deal" and event["packet"] == 2:
                    self.packets = 2
                elif kind == "trick":
                    trick, asker = [], -1
                elif kind == "marriage":
                    self._marriage(event)
                    self.married_at_show = True
                continue
            seat = event["seat"]
            if kind == "marriage":
                self._marriage(event)
                steps.append((seat, "marriage", -1, [event]))
                continue
            move = ACTION_EVENTS[kind]
            arg = -1
            if kind == "bid":
                arg = event["value"]
            elif kind == "trump_set" and event["method"] == "in_hand":
                arg = HIDDEN
            elif kind == "trump_set":
                move = "seventh_card"
            elif kind == "trump_shown":
                shown, asker = True, seat
                self.played_at_show = list(self.played)
                self.trump = SUITS.index(event["suit"])
                if "card" in event:
                    self.seventh = INDEX[event["card"]]
                if trick:
                    self.voids[seat] |= 1 << suit_of(trick[0][1])
            elif kind == "play":
                arg = INDEX[event["card"]]
                self._play(seat, arg, trick, asker, shown)
                trick.append((seat, arg))
            steps.append((seat, move, arg, [event]))
        self.deal_events = deal_events
        for seat, suit in self.marriages:
            self.marriage_cards(seat, suit)

    def _play(
        self, seat: int, card: int, trick: list[tuple[int, int]], asker: int, shown: bool
    ) -> None:
        self.played[seat] |= 1 << card
        if not trick:
            return
        led = suit_of(trick[0][1])
        suit = suit_of(card)
        if suit == led:
            return
        self.voids[seat] |= 1 << led
        if seat == asker and suit != self.trump:
            self.voids[seat] |= 1 << self.trump
        if (
            not shown
            and seat == self.bidder
            and self.method == "seventh_card"
            and self.single_hand < 0
        ):
            # The 7th card lay aside: had it been of the led suit, showing was forced.
            self.not_trump |= 1 << led

    def _marriage(self, event: dict[str, Any]) -> None:
        self.marriages.append((event["seat"], SUITS.index(event["suit"])))

    def marriage_cards(self, seat: int, suit: int) -> None:
        """A seat held the K and Q of ``suit``: those it has not played it still holds."""
        pair = marriage_mask(suit)
        self.known[seat] |= pair & ~self.played[seat]

    def _read_view(self) -> None:
        view = self.view
        seat = self.seat
        own = _mask(view["hand"])
        self.known[seat] |= own
        if view["trump"] is not None:
            self.trump = SUITS.index(view["trump"])
        if view["seventh_card"] is not None:
            self.seventh = INDEX[view["seventh_card"]]
        if view["trump_card"] is not None:
            self.seventh = INDEX[view["trump_card"]]
        if view.get("partner_hand"):
            self.known[partner_of(seat)] |= _mask(view["partner_hand"])
        self.aside = bool(view["seventh_card_aside"])
        if self.aside and self.seventh >= 0 and seat != self.bidder:
            raise Inconsistent("a set-aside 7th card is known only to the bidder")
        if self.seventh >= 0 and not (self.aside and seat == self.bidder):
            # A shown 7th card joined the bidder's hand (unless already played).
            self.known[self.bidder] |= (1 << self.seventh) & ~self.played[self.bidder]
        self.to_play = -1
        if self.phase == "play":
            self.to_play = _to_play(view)
            if self.rules.marriage == "after_trick" and self.trump >= 0:
                for other in view["turn"]:
                    if other != self.to_play:
                        self.marriage_cards(other, self.trump)
        for s in range(4):
            if self.known[s] & self.played[s]:
                raise Inconsistent("a card is both played and held")

    def _count_unknown(self) -> None:
        counts: list[int] = self.view["hand_counts"]
        taken = self.played[0] | self.played[1] | self.played[2] | self.played[3]
        for s in range(4):
            taken |= self.known[s]
        if self.seventh >= 0:
            taken |= 1 << self.seventh
        self.unknown = sorted(cards_in(((1 << 32) - 1) & ~taken))
        self.slots = [counts[s] - self.known[s].bit_count() for s in range(4)]
        if any(n < 0 for n in self.slots):
            raise Inconsistent("a seat holds more known cards than its hand count")
        # A set-aside 7th card this seat does not know is one more slot: a card of the trump.
        self.aside_slot = self.aside and self.seventh < 0
        self.undealt = 16 if self.packets == 1 else 0
        need = sum(self.slots) + self.aside_slot + self.undealt
        if need != len(self.unknown):
            raise Inconsistent(f"{len(self.unknown)} unknown cards for {need} places")
        self.hidden_trump = (
            self.method == "in_hand" and self.trump < 0
        )  # with a 7th-card trump the aside slot decides it
        # After the first replayed sample, later ones patch a copy of it and check the few
        # constraints a replay would; with after-trick marriages (whose chances and early
        # ends depend on who holds K and Q) once trump is shown, every sample is replayed.
        self._template: Match | None = None
        self.fast = not (self.rules.marriage == "after_trick" and self.played_at_show is not None)

    # ----------------------------------------------------------------- sampling

    def sample(self, rng: random.Random) -> Match:
        """A complete, playable Match consistent with everything this seat saw."""
        for _ in range(MAX_TRIES):
            match = self._try(rng)
            if match is not None:
                return match
        raise Inconsistent("no consistent deal found")

    def _try(self, rng: random.Random) -> Match | None:
        dealt = self._deal_unknown(rng)
        if dealt is None:
            return None
        held, aside, undealt = dealt
        seventh = self.seventh if self.seventh >= 0 else aside
        originals = [held[s] | self.played[s] for s in range(4)]
        if seventh >= 0 and self.packets == 2:
            originals[self.bidder] |= 1 << seventh
        if self.packets == 2 and self.method == "seventh_card" and seventh < 0:
            # Single Hand returned the 7th card to the bidder's hand: any of its eight.
            seventh = rng.choice(cards_in(originals[self.bidder]))
        deck = self._deck(rng, originals, seventh, undealt)
        if deck is None:
            return None
        if self.weigh is not None and rng.random() >= self.weigh(self, deck):
            return None
        trump = self.trump
        if self.method == "in_hand" and trump < 0:
            trump = self._guess_trump(rng, deck)
        elif self.method == "seventh_card" and self.packets == 2 and trump < 0:
            trump = suit_of(seventh)
        if self._template is None or not self.fast:
            match = self.replay(deck, trump)
            if match is not None and self._template is None:
                self._template = match.copy()
            return match
        if not self._keeps_constraints(originals, deck, trump, seventh):
            return None
        m = self._template.copy()
        r = m.round
        assert r is not None
        r.deck = deck
        r.hands = held
        if self.packets == 2:
            r.trump = trump
            if self.method == "seventh_card":
                r.seventh = seventh
        elif self.method == "in_hand":
            r.trump = trump
        return m

    def _keeps_constraints(
        self, originals: list[int], deck: list[int], trump: int, seventh: int
    ) -> bool:
        """The checks a replay would make that the dealing of unknown cards does not
        already ensure: annulments, an automatic marriage, a Single Hand caller's risk."""
        if annul.first_hand_without_points(_mask_of(deck[:4])):
            return False
        if self.packets == 1:  # four jacks among a seat's first four cards
            return not annul.four_jacks([_mask_of(deck[i : i + 4]) for i in range(0, 16, 4)])
        if annul.after_deal_2(originals):  # a seat's four jacks among eight cards, too
            return False
        if self.single_hand >= 0:
            return not risk_free(originals[self.single_hand])
        if self.phase == "play":
            check = self.rules.seventh_card_check
            aside = seventh if self.method == "seventh_card" else -1
            if annul.before_play(originals, trump, self.bidder, aside, check):
                return False
        played = self.played_at_show
        if played is not None and self.rules.marriage == "on_show" and not self.married_at_show:
            pair = marriage_mask(trump)
            for seat in range(4):
                if originals[seat] & ~played[seat] & pair == pair:
                    return False
        return True

    def _deal_unknown(self, rng: random.Random) -> tuple[list[int], int, list[int]] | None:
        """The unknown cards dealt to the seats' slots, the aside slot and the undealt packet."""
        cards = list(self.unknown)
        rng.shuffle(cards)
        held = list(self.known)
        caps = list(self.slots)
        aside = -1
        if self.aside_slot:
            options = [c for c in cards if not self.not_trump >> (c >> 3) & 1]
            if not options:
                return None
            aside = options[int(rng.random() * len(options))]
            cards.remove(aside)
        voids = self.voids
        # Most constrained cards first; each goes to a seat with room, weighted by room.
        # (Suits inline, card >> 3 for suit_of: this loop runs for every sampled deal.)
        cards.sort(key=lambda c: sum(1 for s in range(4) if caps[s] and voids[s] >> (c >> 3) & 1))
        cards.reverse()
        undealt: list[int] = []
        room_undealt = self.undealt
        for card in cards:
            suit_bit = 1 << (card >> 3)
            total = room_undealt
            for s in range(4):
                if caps[s] and not voids[s] & suit_bit:
                    total += caps[s]
            if total == 0:
                return None
            pick = int(rng.random() * total)
            if pick < room_undealt:
                undealt.append(card)
                room_undealt -= 1
                continue
            pick -= room_undealt
            for s in range(4):
                if caps[s] and not voids[s] & suit_bit:
                    if pick < caps[s]:
                        held[s] |= 1 << card
                        caps[s] -= 1
                        break
                    pick -= caps[s]
        return held, aside, undealt

    def _deck(
        self, rng: random.Random, originals: list[int], seventh: int, undealt: list[int]
    ) -> list[int] | None:
        """A deck (card indices, top first) that deals these cards to these seats."""
        first = self.first
        deck = [0] * 32
        for k in range(4):
            seat = seat_after(first, k)
            cards = cards_in(originals[seat])
            if self.packets == 1:
                deck[4 * k : 4 * k + 4] = cards
                continue
            if self.phase == "seventh_card" and seat == self.seat:
                early = cards_in(_mask(self.view["hand"]))
                late = [c for c in cards if c not in early and c != seventh]
            else:
                rest = [c for c in cards if not (seat == self.bidder and c == seventh)]
                rng.shuffle(rest)
                if seat == first and not any(POINTS[c] for c in rest[:4]):
                    points = [i for i, c in enumerate(rest) if POINTS[c]]
                    if not points:
                        return None
                    i = points[0]
                    rest[0], rest[i] = rest[i], rest[0]
                early, late = rest[:4], rest[4:]
            if seat == self.bidder and self.method == "seventh_card":
                late = [*late[:2], seventh, *late[2:]]
            deck[4 * k : 4 * k + 4] = early
            deck[16 + 4 * k : 16 + 4 * k + 4] = late
        if self.packets == 1:
            rng.shuffle(undealt)
            deck[16:] = undealt
        return deck

    def _guess_trump(self, rng: random.Random, deck: list[int]) -> int:
        """A hidden in-hand trump, drawn as a bidder would choose it from their first four cards."""
        weights = self.trump_odds(self, packet(deck, self.first, self.bidder, False))
        pick = rng.random() * sum(weights)
        for suit in range(4):
            pick -= weights[suit]
            if pick < 0:
                return suit
        return 3

    def replay(self, deck: list[int], trump: int) -> Match | None:
        """The deal replayed on a fresh Match from ``deck`` (card indices, top first) and
        an in-hand ``trump``, or None if it does not produce what this seat saw."""
        view = self.view
        m = Match(self.rules, dealer=self.dealer, seed=0)
        m.score = list(view["score"])
        m.sets = [list(view["sets"][0]), list(view["sets"][1])]
        m.round_no = view["round_no"] - 1
        last = view["last_round"]
        m.outcome = Outcome.from_dict(last) if last is not None else None
        if m.deal([CODES[c] for c in deck]) != self.deal_events:
            return None
        for seat, kind, arg, events in self.steps:
            move = Move(kind, trump if arg == HIDDEN else arg)
            if not m.allowed(seat, move):
                return None
            if m.apply_move(seat, move) != events:
                return None
        if m.view(self.seat)["hand"] != view["hand"] or m.turn() != view["turn"]:
            return None
        return m


def _mask_of(cards: Sequence[int]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out


def _mask(cards: Sequence[str]) -> int:
    out = 0
    for c in cards:
        out |= 1 << INDEX[c]
    return out


def _to_play(view: dict[str, Any]) -> int:
    """The seat to play a card now, from the public view."""
    trick = view["trick"]
    if not trick:
        leader: int = view["leader"]
        return leader
    caller = view["single_hand"]
    return next_to_play(trick[-1]["seat"], -1 if caller is None else caller)
