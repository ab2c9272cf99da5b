"""What each seat may see (RULES.md section 11): the one place that builds views.

This is the place to audit for leaks. ``public_view`` holds what every seat and
spectator may see (calls, the current and last trick, the trump once shown,
hand counts, scores); ``seat_view`` adds the viewer's own part: their hand; for
the bidder a hidden trump and their set-aside 7th card; for a Single Hand
caller, after their first card, their partner's hand. In stage 6 the bidder's
hand holds only their first four cards. A spectator (seat None) sees every
hand, the hidden trump and the 7th card.

The public part is built once per position and shared by the views of that
position (its call lists and last trick even across positions, while they do
not change): treat views as read-only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.engine import legal
from game.engine.base import MatchBase
from game.engine.cards import CODES, SUITS, cards_in, codes, first_hand_of, partner_of
from game.engine.deck import packet
from game.engine.state import Round


def _no_deal() -> dict[str, Any]:
    """The public part of a view between deals."""
    return {
        "phase": "deal",
        "bid": None,
        "bidder": None,
        "target": None,
        "stake": 1,
        "trump_shown": False,
        "trump_method": None,
        "trump_card": None,
        "seventh_card_aside": False,
        "single_hand": None,
        "sits_out": None,
        "trick": [],
        "leader": None,
        "last_trick": None,
        "points": [0, 0],
        "tricks": [0, 0],
        "hand_counts": [0, 0, 0, 0],
        "auction": [],
        "calls": [],
        "marriage": None,
    }


def public_view(m: MatchBase) -> dict[str, Any]:
    """Everything about the position that every seat may see."""
    r = m.round
    view: dict[str, Any] = {
        "dealer": m.dealer,
        "round_no": m.round_no,
        "score": list(m.score),
        "sets": [list(m.sets[0]), list(m.sets[1])],
        "last_round": m.last_round_view(),
        "turn": [] if r is None else legal.turn(r),
    }
    if r is None:
        view.update(_no_deal())
        view["first_hand"] = first_hand_of(m.dealer)
        if m.outcome is not None:
            view["last_trick"] = m.outcome.last_trick
        return view
    single = r.sh_caller >= 0
    bidder = r.bidder if r.bidder >= 0 else None
    if r.phase == "bidding":
        a = r.auction
        bid = {"seat": a.high_seat, "value": a.high} if a.high_seat >= 0 else None
    else:
        bid = {"seat": r.bidder, "value": r.bid}
    view["phase"] = r.phase
    view["first_hand"] = r.first
    view["bid"] = bid
    view["bidder"] = bidder
    view["target"] = None if single or bidder is None else r.target
    view["stake"] = m.rules.single_hand_stake * r.sh_factor if single else r.stake
    view["trump_shown"] = r.trump_shown
    view["trump_method"] = r.method or None
    view["trump_card"] = CODES[r.seventh] if r.trump_shown and r.method == "seventh_card" else None
    view["seventh_card_aside"] = r.aside
    view["single_hand"] = r.sh_caller if single else None
    view["sits_out"] = partner_of(r.sh_caller) if single else None
    view["trick"] = [{"seat": s, "card": CODES[c]} for s, c in r.trick]
    view["leader"] = r.leader if r.phase == "play" else None
    view["last_trick"] = (
        {"cards": _cached(m, "last_trick", r.last_trick, _trick_list), "winner": r.last_winner}
        if r.last_trick
        else None
    )
    view["points"] = list(r.points)
    view["tricks"] = list(r.tricks)
    view["hand_counts"] = [h.bit_count() for h in r.hands]
    view["auction"] = _cached(m, "auction", r.auction.calls, _call_list)
    view["calls"] = _cached(m, "calls", r.calls, _call_list)
    view["marriage"] = {"seat": r.marriage[0], "suit": SUITS[r.marriage[1]]} if r.marriage else None
    return view


def _cached(m: MatchBase, name: str, source: list[Any], build: Callable[[list[Any]], Any]) -> Any:
    """A view part built from a state list that only grows or is replaced, rebuilt
    only when that list is another object or has grown."""
    cache = m.view_cache
    hit = cache.get(name)
    if hit is not None and hit[0] is source and hit[1] == len(source):
        return hit[2]
    part = build(source)
    cache[name] = (source, len(source), part)
    return part


def _call_list(calls: list[Any]) -> list[dict[str, Any]]:
    return [{"seat": s, "call": c} for s, c in calls]


def _trick_list(trick: list[Any]) -> list[dict[str, Any]]:
    return [{"seat": s, "card": CODES[c]} for s, c in trick]


def seat_view(m: MatchBase, seat: int | None, public: dict[str, Any]) -> dict[str, Any]:
    """The view of a seat (0-3) or of a spectator (None): the public part plus their own."""
    view = dict(public)
    view["seat"] = seat
    view["partner_hand"] = None
    r = m.round
    if r is None:
        view["hand"] = []
        view["trump"] = None
        view["seventh_card"] = None
        if seat is None:
            view["hands"] = {"0": [], "1": [], "2": [], "3": []}
        return view
    trump = visible_trump(r, seat)
    aside = visible_seventh(r, seat)
    view["trump"] = SUITS[trump] if trump >= 0 else None
    view["seventh_card"] = CODES[aside] if aside >= 0 else None
    if seat is None:
        view["hand"] = []
        hands = r.hands
        view["hands"] = {
            "0": codes(hands[0]),
            "1": codes(hands[1]),
            "2": codes(hands[2]),
            "3": codes(hands[3]),
        }
        return view
    view["hand"] = codes(visible_hand(r, seat))
    if r.phase == "seventh_card" and seat == r.bidder:
        view["unseen"] = 3
    partner = visible_partner_hand(r, seat)
    if partner >= 0:
        view["partner_hand"] = codes(partner)
    if r.phase == "play" and seat == r.to_play:
        view["refusals"] = _refusals(m, r, seat)
    return view


# ----------------------------------------------------------------- what one seat sees of a deal
# The bots' Position (game/bots/position.py) reads a sampled deal through these too.


def visible_trump(r: Round, seat: int | None) -> int:
    """The trump suit as this seat (None: a spectator) sees it, or -1 while hidden from it
    (and in a Single Hand, which has none)."""
    if r.sh_caller >= 0 or r.trump < 0:
        return -1
    return r.trump if r.trump_shown or seat is None or seat == r.bidder else -1


def visible_seventh(r: Round, seat: int | None) -> int:
    """A set-aside 7th card if this seat may see it (the bidder, a spectator), else -1."""
    return r.seventh if r.aside and (seat is None or seat == r.bidder) else -1


def visible_hand(r: Round, seat: int) -> int:
    """The cards a seat sees in its hand: in stage 6 the bidder sees only its first four."""
    if r.phase == "seventh_card" and seat == r.bidder:
        first_four = 0
        for card in packet(r.deck, r.first, seat, False):
            first_four |= 1 << card
        return first_four
    return r.hands[seat]


def visible_partner_hand(r: Round, seat: int) -> int:
    """The partner's hand shown to a Single Hand caller after their first card, else -1."""
    if seat == r.sh_caller and r.caller_played:
        return r.hands[partner_of(seat)]
    return -1


def _refusals(m: MatchBase, r: Round, seat: int) -> dict[str, str]:
    """Why each card of the seat's own hand that it may not play now is refused, in the
    engine's words (the same as ``apply`` would give): only about the viewer's own cards."""
    rules = m.rules
    barred = r.hands[seat] & ~legal.play_options(rules, r, seat)[0]
    return {CODES[card]: legal.may_play(rules, r, seat, card)[1] for card in cards_in(barred)}
