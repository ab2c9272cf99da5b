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
from typing import TYPE_CHECKING, Any

from game.engine.cards import CODES, SUITS, cards_in, codes, first_hand_of
from game.engine.deck import packet
from game.engine.refusal import refusal

if TYPE_CHECKING:
    from game.engine.match import Match
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


def public_view(m: Match) -> dict[str, Any]:
    """Everything about the position that every seat may see."""
    r = m.round
    view: dict[str, Any] = {
        "dealer": m.dealer,
        "round_no": m.round_no,
        "score": list(m.score),
        "sets": [list(m.sets[0]), list(m.sets[1])],
        "last_round": m.last_round_view(),
        "turn": m.turn(),
    }
    if r is None:
        view.update(_no_deal())
        view["first_hand"] = first_hand_of(m.dealer)
        if m.last_round is not None:
            view["last_trick"] = m.last_round.get("last_trick")
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
    view["sits_out"] = (r.sh_caller + 2) % 4 if single else None
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


def _cached(m: Match, name: str, source: list[Any], build: Callable[[list[Any]], Any]) -> Any:
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


def seat_view(m: Match, seat: int | None, public: dict[str, Any]) -> dict[str, Any]:
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
    knows_trump = seat is None or seat == r.bidder
    shown_trump = r.trump >= 0 and r.sh_caller < 0 and (r.trump_shown or knows_trump)
    view["trump"] = SUITS[r.trump] if shown_trump else None
    view["seventh_card"] = CODES[r.seventh] if r.aside and knows_trump else None
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
    if r.phase == "seventh_card" and seat == r.bidder:
        first_four = 0
        for card in packet(r.deck, r.first, seat, False):
            first_four |= 1 << card
        view["hand"] = codes(first_four)
        view["unseen"] = 3
    else:
        view["hand"] = codes(r.hands[seat])
    if seat == r.sh_caller and r.caller_played:
        view["partner_hand"] = codes(r.hands[(seat + 2) % 4])
    if r.phase == "play" and seat == r.to_play:
        view["refusals"] = _refusals(m, seat)
    return view


def _refusals(m: Match, seat: int) -> dict[str, str]:
    """Why each card of the seat's own hand that it may not play now is refused, in the
    engine's words (the same as ``apply`` would give): only about the viewer's own cards."""
    r = m.round
    assert r is not None
    barred = r.hands[seat] & ~m.play_options(seat)[0]
    return {CODES[card]: refusal(m, seat, ("play", card)) for card in cards_in(barred)}


def last_trick_of(r: Round) -> dict[str, Any] | None:
    """The last trick played in a deal (its cards were all face up), or None."""
    return {"cards": _trick_list(r.last_trick), "winner": r.last_winner} if r.last_trick else None


def annulled_deal_facts(r: Round | None) -> dict[str, Any]:
    """What the whole table saw of a deal being annulled, for its result: the contract, the
    points and tricks taken and the last trick. Never a trump that was not shown."""
    if r is None:
        return {"last_trick": None}
    facts: dict[str, Any] = {"last_trick": last_trick_of(r)}
    if r.bidder >= 0 and r.sh_caller < 0:
        facts.update(bidder=r.bidder, bid=r.bid, stake=r.stake)
    if r.tricks_played:
        facts.update(points=list(r.points), tricks=list(r.tricks), tricks_played=r.tricks_played)
    return facts


def copy_result(data: dict[str, Any]) -> dict[str, Any]:
    """A copy of a last-round dict, its nested lists included, without its last trick: those
    cards are shown only until the next deal (``public_view``), when they may lie in hands."""
    out = dict(data)
    out.pop("last_trick", None)
    if data.get("annulled") and "points" in data:
        out["points"] = list(data["points"])
        out["tricks"] = list(data["tricks"])
    if not data["annulled"]:
        out["points"] = list(data["points"])
        out["tricks"] = list(data["tricks"])
        out["score"] = list(data["score"])
        out["sets"] = [list(s) for s in data["sets"]]
        out["new_sets"] = [list(s) for s in data["new_sets"]]
    return out
