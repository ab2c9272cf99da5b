"""The Match: a table's whole game, deal after deal (RULES.md section 12).

>>> m = Match(Rules(), dealer=0, seed=7)
>>> events = m.deal()
>>> m.view(1)["phase"] in ("bidding", "deal")
True

A deal runs through the phases bidding, trump, doubling (stage 4), deal 2 by
itself, seventh_card (stage 6), single_hand (stage 7), single_hand_doubling
(stage 8) and play, then back to "deal". Every refusal raises IllegalAction and
leaves the match untouched: ``apply`` checks an action against
``legal_actions`` before changing anything.
"""

from __future__ import annotations

import base64
import json
import random
import secrets
import struct
from collections.abc import Sequence
from typing import Any

from game.engine import annul
from game.engine.auction import Auction
from game.engine.cards import (
    CODES,
    INDEX,
    POINTS,
    SUITS,
    TOTAL_POINTS,
    cards_in,
    codes,
    first_hand_of,
)
from game.engine.deck import fresh_deck, packet, parse_deck, realistic_shuffle, seventh_card
from game.engine.errors import IllegalAction
from game.engine.play import (
    decided,
    marriage_holder,
    moved_target,
    play_options,
    seventh_card_due,
    trick_winner,
)
from game.engine.refusal import refusal
from game.engine.rules import Rules, restored
from game.engine.scoring import move, round_delta
from game.engine.stake import REGULAR_STAKE, risk_free
from game.engine.state import Round
from game.engine.view import (
    annulled_deal_facts,
    copy_result,
    last_trick_of,
    public_view,
    seat_view,
)

Event = dict[str, Any]
Move = tuple[str, int]  # (action type, argument or -1)

FORMAT = 1
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
SUIT_CODES = tuple(SUITS)


class Match:
    """A match between four seats under one set of Rules."""

    def __init__(self, rules: Rules | None = None, dealer: int = 0, seed: int | None = None):
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
        self.rng: random.Random = (
            random.Random(seed) if seed is not None else secrets.SystemRandom()
        )
        self.score = [0, 0]
        self.sets = [[0, 0], [0, 0]]
        self.round_no = 0
        self.last_round: dict[str, Any] | None = None
        self.gathered: list[int] | None = None  # the deck as gathered after the last deal
        self.round: Round | None = None
        self._version = 0  # bumped by every change; keys the shared public view
        self._public: tuple[int, dict[str, Any]] = (-1, {})
        self._last_view: tuple[dict[str, Any], dict[str, Any]] | None = None
        self.view_cache: dict[str, Any] = {}  # parts of views, see view.py
        self._rng_shared = False  # shared with a copy: fork before drawing
        self._rng_saved: list[Any] | None = None  # the RNG state as saved, until the next draw

    # ----------------------------------------------------------------- dealing

    def deal(self, deck: Sequence[str] | None = None) -> list[Event]:
        """Start the next deal (deal 1) from ``deck`` (32 codes, top first) or a shuffle."""
        if self.round is not None:
            raise IllegalAction("A deal is already in progress")
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
        if self.rules.shuffle == "thorough" or self.gathered is None:
            return fresh_deck(self.rng)
        return realistic_shuffle(self.gathered, self.rng)

    def _gather(self) -> None:
        """Gather the cards: those played in trick order, then each hand from the first."""
        r = self.round
        assert r is not None
        cards = list(r.played)
        for k in range(4):
            seat = (r.first + k) % 4
            cards += cards_in(r.hands[seat])
            if r.aside and seat == r.bidder:
                cards.append(r.seventh)
        if r.packets == 1:
            cards += r.deck[16:]
        self.gathered = cards
        self.round = None

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
            r.trump = r.seventh >> 3
            r.hands[r.bidder] &= ~(1 << r.seventh)
            r.aside = True
        reason = annul.after_deal_2(self._full_hands())
        if reason:
            return events + self._annul(reason)
        if r.method == "seventh_card" and r.stake == 2:
            r.phase = "seventh_card"
            return events
        return events + self._start_single_hand()

    def _full_hands(self) -> list[int]:
        """Each seat's eight cards, a set-aside 7th card included."""
        r = self.round
        assert r is not None
        hands = list(r.hands)
        if r.aside:
            hands[r.bidder] |= 1 << r.seventh
        return hands

    # ----------------------------------------------------------------- turn and legality

    def turn(self) -> list[int]:
        """The seats that may act now."""
        r = self.round
        if r is None:
            return []
        phase = r.phase
        if phase == "play":
            if r.marriage_seat >= 0 and r.marriage_seat != r.to_play:
                return sorted((r.to_play, r.marriage_seat))
            return [r.to_play]
        if phase == "bidding":
            return [r.auction.to_speak]
        if phase in ("doubling", "single_hand_doubling"):
            return sorted(r.ask_seats)
        if phase == "single_hand":
            return [(r.first + r.sh_next) % 4]
        return [r.bidder]

    def moves(self, seat: int) -> list[Move]:
        """Every legal move of a seat as (type, argument): the fast path behind
        ``legal_actions``, for bots (a card or suit argument is an index, else -1)."""
        r = self.round
        if r is None:
            return []
        phase = r.phase
        if phase == "play":
            moves: list[Move] = []
            if seat == r.to_play:
                mask, show = self.play_options(seat)
                while mask:
                    low = mask & -mask
                    moves.append(("play", low.bit_length() - 1))
                    mask ^= low
                if show:
                    moves.append(("show_trump", -1))
            if seat == r.marriage_seat:
                moves.append(("marriage", -1))
            return moves
        if phase == "bidding":
            return [(a["type"], a.get("value", -1)) for a in r.auction.legal(seat)]
        if phase in ("doubling", "single_hand_doubling"):
            if seat in r.ask_seats:
                return [(r.ask_call, -1), ("pass", -1)]
            return []
        if phase == "single_hand":
            if seat != (r.first + r.sh_next) % 4:
                return []
            if risk_free(self._full_hands()[seat]):
                return [("pass", -1)]
            return [("single_hand", -1), ("pass", -1)]
        if seat != r.bidder:
            return []
        if phase == "trump":
            moves = [("trump", s) for s in range(4)]
            if self.rules.seventh_card:
                moves.append(("seventh_card", -1))
            return moves
        return [("redouble", -1), ("pass", -1)]  # stage 6

    def play_options(self, seat: int) -> tuple[int, bool]:
        """The mask of cards the seat may play now and whether it may show trump."""
        r = self.round
        assert r is not None
        single = r.sh_caller >= 0
        return play_options(
            r.hands[seat],
            r.trick[0][1] >> 3 if r.trick else -1,
            aside=r.seventh if r.aside and seat == r.bidder else -1,
            trump=r.trump,
            trump_hidden=not single and not r.trump_shown,
            asker=seat == r.asker and r.trump_shown,
            must_ask=self.rules.must_ask_trump,
            forced=r.forced if seat == r.to_play else -1,
        )

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        """Every action that seat may take now (empty if none)."""
        if type(seat) is not int or not 0 <= seat <= 3:
            return []
        r = self.round
        if r is not None and r.phase == "play" and seat == r.to_play:
            mask, show = self.play_options(seat)
            out: list[dict[str, Any]] = [{"type": "play", "card": c} for c in codes(mask)]
            if show:
                out.append({"type": "show_trump"})
            if seat == r.marriage_seat:
                out.append({"type": "marriage"})
            return out
        out = []
        for kind, arg in self.moves(seat):
            if kind == "play":
                out.append({"type": "play", "card": CODES[arg]})
            elif kind == "bid":
                out.append({"type": "bid", "value": arg})
            elif kind == "trump":
                out.append({"type": "trump", "suit": SUITS[arg]})
            else:
                out.append({"type": kind})
        return out

    # ----------------------------------------------------------------- applying actions

    def apply(self, seat: int, action: dict[str, Any]) -> list[Event]:
        """Do an action for a seat; returns the (public) events. IllegalAction if not legal."""
        if type(seat) is not int or not 0 <= seat <= 3:
            raise IllegalAction("There is no such seat")
        move_ = _parse(action)
        if self.round is None:
            raise IllegalAction("No deal is in progress; the next deal has not started")
        if not self._allowed(seat, move_):
            raise IllegalAction(refusal(self, seat, move_))
        return self.apply_move(seat, move_)

    def _allowed(self, seat: int, move_: Move) -> bool:
        """Whether a move is among ``moves(seat)``; a card is checked against the mask."""
        r = self.round
        assert r is not None
        if move_[0] == "play":
            return (
                r.phase == "play"
                and seat == r.to_play
                and bool(self.play_options(seat)[0] >> move_[1] & 1)
            )
        return move_ in self.moves(seat)

    def apply_move(self, seat: int, move_: Move) -> list[Event]:
        """Apply a move taken from ``moves(seat)`` without checking it: the fast path
        behind ``apply``, for bots. Anything else may corrupt the match."""
        r = self.round
        assert r is not None
        self._version += 1
        kind, arg = move_
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
        if phase in ("doubling", "single_hand_doubling"):
            return self._stake_call(seat, kind)
        if phase == "seventh_card":
            r.calls.append([seat, kind])
            events: list[Event] = [{"type": kind, "seat": seat}]
            if kind == "redouble":
                r.stake = 4
            else:
                events[0]["question"] = "redouble"
            return events + self._start_single_hand()
        return self._single_hand_call(seat, kind)

    def _bid(self, seat: int, value: int | None) -> list[Event]:
        r = self.round
        assert r is not None
        auction = r.auction
        events = [auction.call(seat, value)]
        if not auction.done:
            return events
        winner = auction.winner()
        if winner < 0:
            return events + self._annul("all_passed")
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
            self._ask("double", 1 - (r.bidder & 1))
            r.phase = "doubling"
            return events
        return events + self._deal_two()

    def _ask(self, call: str, team: int) -> None:
        r = self.round
        assert r is not None
        r.ask_call = call
        r.ask_seats = [team, team + 2]

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
            team = seat & 1
            if single:
                r.sh_factor = 2 if kind == "double" else 4
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
            self._ask("double", 1 - (seat & 1))
            return events
        return events + self._start_play()

    def _before_regular_play(self) -> list[Event]:
        r = self.round
        assert r is not None
        reason = annul.before_play(
            self._full_hands(),
            r.trump,
            r.bidder,
            r.seventh if r.method == "seventh_card" else -1,
            self.rules.seventh_card_check,
        )
        if reason:
            return self._annul(reason)
        return self._start_play()

    def _start_play(self) -> list[Event]:
        r = self.round
        assert r is not None
        r.phase = "play"
        r.leader = r.to_play = r.sh_caller if r.sh_caller >= 0 else r.first
        return []

    def _show_trump(self, seat: int) -> list[Event]:
        r = self.round
        assert r is not None
        seventh_only = (
            r.aside
            and seat == r.bidder
            and seventh_card_due(r.hands[seat], r.trick[0][1] >> 3 if r.trick else -1, r.seventh)
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
        r.target = moved_target(r.target, seat & 1, r.bidder & 1, self.rules.min_bid)
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
            nxt = (seat + 1) % 4
            if single and nxt == (r.sh_caller + 2) % 4:
                nxt = (nxt + 1) % 4
            r.to_play = nxt
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
        team = winner & 1
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
                return events + self._annul("trump_never_shown")
            return events + self._finish()
        if not r.trump_shown:
            return events
        marriage_open = self.rules.marriage == "after_trick" and not r.marriage
        holder = marriage_holder(r.hands, r.trump) if marriage_open else -1
        if self.rules.early_end and holder < 0:
            bidder_team = r.bidder & 1
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
        if holder >= 0 and holder & 1 == team:
            r.marriage_seat = holder
        return events

    def _finish(self) -> list[Event]:
        """Score a completed round and pass the deal on."""
        r = self.round
        assert r is not None
        single = r.sh_caller >= 0
        bidder = r.sh_caller if single else r.bidder
        team = bidder & 1
        if single:
            made = r.tricks[team] == 8
            stake = self.rules.single_hand_stake * r.sh_factor
            bonus = False
        else:
            made = r.points[team] >= r.target
            stake = r.stake
            bonus = stake == 1 and (
                (made and r.tricks[team] == 8) or (not made and r.tricks[1 - team] == 8)
            )
        delta = round_delta(made=made, stake=stake, bonus=bonus)
        gained = move(
            self.score, self.sets, team, delta, reset_after_set=self.rules.reset_after_set
        )
        self.last_round = {
            "annulled": False,
            "kind": "single_hand" if single else "regular",
            "bidder": bidder,
            "team": team,
            "bid": None if single else r.bid,
            "target": None if single else r.target,
            "stake": stake,
            "points": list(r.points),
            "tricks": list(r.tricks),
            "made": made,
            "bonus": bonus,
            "delta": delta,
            "score": list(self.score),
            "sets": [list(s) for s in self.sets],
            "new_sets": gained,
            "ended_early": r.tricks_played < 8,
            "dealer": self.dealer,
            "last_trick": last_trick_of(r),
        }
        self._gather()
        self.dealer = (self.dealer + 1) % 4
        return [{"type": "round_end", **copy_result(self.last_round)}]

    def _annul(self, reason: str) -> list[Event]:
        """End the deal without a score; the same dealer deals again."""
        number, text = annul.REASONS[reason]
        self.last_round = {
            "annulled": True,
            "reason": reason,
            "reason_no": number,
            "reason_text": text,
            "dealer": self.dealer,
            **annulled_deal_facts(self.round),
        }
        self._gather()
        return [{"type": "annulled", "reason": reason, "reason_text": text}]

    # ----------------------------------------------------------------- host resets

    def reset_score(self) -> list[Event]:
        """Both scores and set tallies to 0."""
        self.score = [0, 0]
        self.sets = [[0, 0], [0, 0]]
        self._version += 1
        return [{"type": "reset", "what": "score"}]

    def reset_round(self) -> list[Event]:
        """Abandon the current deal, gathering its cards; the same dealer deals next."""
        if self.round is not None:
            self._gather()
        self._version += 1
        return [{"type": "reset", "what": "round"}]

    def reset_deck(self) -> list[Event]:
        """The next deal uses a fresh, uniformly shuffled deck."""
        self.gathered = None
        self._version += 1
        return [{"type": "reset", "what": "deck"}]

    # ----------------------------------------------------------------- views and persistence

    def view(self, seat: int | None) -> dict[str, Any]:
        """What that seat may see; ``None`` for a spectator (every hand)."""
        if seat is not None and (type(seat) is not int or not 0 <= seat <= 3):
            raise IllegalAction("There is no such seat: seats are 0-3, None for a spectator")
        version, public = self._public
        if version != self._version:
            public = public_view(self)
            self._public = (self._version, public)
        return seat_view(self, seat, public)

    def last_round_view(self) -> dict[str, Any] | None:
        """A copy of ``last_round`` for views, made once per finished deal."""
        last = self.last_round
        if last is None:
            return None
        cached = self._last_view
        if cached is None or cached[0] is not last:
            cached = self._last_view = (last, copy_result(last))
        return cached[1]

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
        other._last_view = None
        other.view_cache = {}
        return other

    def to_json(self) -> str:
        """The whole match, RNG state included, as JSON text."""
        return json.dumps(self.to_data(), separators=(",", ":"))

    def to_data(self) -> dict[str, Any]:
        """What ``to_json`` writes, as a JSON-able dict (to encode with another JSON library);
        it shares lists with the match: encode it before the next change."""
        rng_state: list[Any] | None = None
        if self.seed is not None:
            if self._rng_saved is None:
                version, internal, gauss = self.rng.getstate()
                packed = base64.b64encode(struct.pack(f"<{len(internal)}I", *internal))
                self._rng_saved = [version, packed.decode("ascii"), gauss]
            rng_state = self._rng_saved
        return {
            "format": FORMAT,
            "rules": self._rules_dict,
            "dealer": self.dealer,
            "seed": self.seed,
            "rng": rng_state,
            "score": self.score,
            "sets": self.sets,
            "round_no": self.round_no,
            "last_round": self.last_round,
            "gathered": self.gathered,
            "round": self.round.to_dict() if self.round is not None else None,
        }

    @classmethod
    def from_json(cls, text: str) -> Match:
        """A match restored from ``to_json`` text; it behaves identically."""
        return cls.from_data(json.loads(text))

    @classmethod
    def from_data(cls, data: object) -> Match:
        """A match restored from ``to_data`` after a JSON round trip (ValueError if it is not
        one); it takes over ``data``'s lists."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not a saved match")
        try:
            return cls._restore(data)
        except (KeyError, TypeError, IndexError, struct.error) as error:
            raise ValueError(f"not a saved match: {error!r}") from error

    @classmethod
    def _restore(cls, data: dict[str, Any]) -> Match:
        m = cls(restored(data["rules"]), dealer=data["dealer"], seed=data["seed"])
        if data["rng"] is not None:
            version, packed, gauss = data["rng"]
            raw = base64.b64decode(packed)
            m.rng.setstate((version, struct.unpack(f"<{len(raw) // 4}I", raw), gauss))
        m.score = data["score"]
        m.sets = data["sets"]
        m.round_no = data["round_no"]
        m.last_round = data["last_round"]
        m.gathered = data["gathered"]
        m.round = Round.from_dict(data["round"]) if data["round"] is not None else None
        return m


def _parse(action: object) -> Move:
    """An action dict as (type, argument); IllegalAction if it is malformed."""
    if not isinstance(action, dict):
        raise IllegalAction("An action must be a dict with a 'type'")
    kind = action.get("type")
    if kind is None:
        raise IllegalAction("An action needs a 'type', such as 'bid', 'pass' or 'play'")
    if not isinstance(kind, str) or kind not in ACTION_TYPES:
        raise IllegalAction(f"Unknown action {kind!r}")
    keys = set(action)
    if kind == "bid":
        value = action.get("value")
        if keys != {"type", "value"} or type(value) is not int:
            raise IllegalAction("A bid needs a whole-number 'value'")
        return kind, value
    if kind == "trump":
        suit = action.get("suit")
        if keys != {"type", "suit"} or suit not in SUIT_CODES:
            raise IllegalAction("Trump needs a 'suit': one of C, D, H, S")
        return kind, SUIT_CODES.index(suit)
    if kind == "play":
        card = action.get("card")
        if keys != {"type", "card"} or not isinstance(card, str) or card not in INDEX:
            raise IllegalAction("A play needs a 'card' code such as 'JH'")
        return kind, INDEX[card]
    if keys != {"type"}:
        raise IllegalAction(f"A {kind} action takes no other fields")
    return kind, -1
