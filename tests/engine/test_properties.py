"""Property tests: thousands of random deals under random rule options, checked at every step.

Each example is a match under a random ``Rules`` playing several deals with a
random (but game-like) choice among the legal actions, with host resets thrown
in. At every step: every listed legal action applies on a copy; random other
actions, other seats and malformed dicts raise IllegalAction and change nothing;
no view of a player and no event holds a card that player may not see;
``from_json(to_json())`` is exact; scores stay within -5..+5. Whole deals
conserve the card points.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from game.engine import IllegalAction, Match, Rules
from game.engine.cards import CODES, INDEX, POINTS
from game.engine.deck import fresh_deck, realistic_shuffle
from game.engine.rules import OPTION_VALUES
from tests.engine.conftest import ENGINE_PROFILE

CODE = re.compile(r'"([J9ATKQ87][CDHS])"')

RULES = st.builds(
    Rules, **{name: st.sampled_from(values) for name, values in OPTION_VALUES.items()}
)

WELL_FORMED: list[dict[str, Any]] = (
    [{"type": "bid", "value": v} for v in range(14, 30)]
    + [{"type": "trump", "suit": s} for s in "CDHS"]
    + [{"type": "play", "card": c} for c in CODES]
    + [
        {"type": t}
        for t in (
            "pass",
            "seventh_card",
            "double",
            "redouble",
            "set_double",
            "single_hand",
            "show_trump",
            "marriage",
        )
    ]
)
MALFORMED: list[Any] = [
    None,
    "pass",
    ["pass"],
    {},
    {"type": "nope"},
    {"type": 3},
    {"type": "bid"},
    {"type": "bid", "value": "17"},
    {"type": "bid", "value": 17.0},
    {"type": "bid", "value": True},
    {"type": "bid", "value": 17, "seat": 1},
    {"type": "pass", "value": 16},
    {"type": "trump", "suit": "CD"},
    {"type": "trump", "suit": ""},
    {"type": "trump", "suit": "h"},
    {"type": "play", "card": "jh"},
    {"type": "play", "card": "XX"},
    {"type": "play", "card": ["JH"]},
    {"type": "play"},
]


def card_points(cards: list[str]) -> int:
    """The card points of some codes."""
    return sum(POINTS[INDEX[c]] for c in cards)


def key(action: Any) -> str:
    """An action as exact JSON text (17 and 17.0, 1 and True differ)."""
    return json.dumps(action, sort_keys=True)


def codes_in(value: Any) -> set[str]:
    """Every card code in the JSON text of a value."""
    return set(CODE.findall(json.dumps(value)))


def hidden_from(m: Match, spect: dict[str, Any], seat: int) -> set[str]:
    """The cards seat may not see now, from the spectator's view ``spect``."""
    if spect["phase"] == "deal":
        return set()
    hidden: set[str] = set()
    for other, cards in spect["hands"].items():
        if int(other) != seat:
            hidden |= set(cards)
    if spect["seventh_card"] and seat != spect["bidder"]:
        hidden.add(spect["seventh_card"])
    caller = spect["single_hand"]
    if seat == caller and spect["hand_counts"][caller] < 8:
        hidden -= set(spect["hands"][str((caller + 2) % 4)])
    if spect["phase"] == "seventh_card" and seat == spect["bidder"]:
        own = set(spect["hands"][str(seat)])
        shown = set(m.view(seat)["hand"])
        assert len(shown) == 4 and shown <= own
        hidden |= own - shown
    hidden.discard(spect["trump_card"])
    return hidden


def public_hidden(m: Match) -> set[str]:
    """The cards nobody at the table may learn from an event: every card still held."""
    spect = m.view(None)
    if spect["phase"] == "deal":
        return set()
    held = {c for cards in spect["hands"].values() for c in cards}
    if spect["seventh_card"]:
        held.add(spect["seventh_card"])
    held.discard(spect["trump_card"])
    return held


def check_views(m: Match) -> None:
    """Every player's view holds only what that seat may see; scores stay in range."""
    spect = m.view(None)
    for seat in range(4):
        view = m.view(seat)
        leak = codes_in(view) & hidden_from(m, spect, seat)
        assert not leak, f"seat {seat} sees {leak}: {view}"
        assert "hands" not in view
        if spect["phase"] != "deal" and not spect["trump_shown"]:
            if seat == spect["bidder"] and spect["single_hand"] is None:
                assert view["trump"] == spect["trump"]
            else:
                assert view["trump"] is None
    for score in spect["score"]:
        assert -5 <= score <= 5
    assert m.view(None)["turn"] == spect["turn"]


def check_events(m: Match, events: list[dict[str, Any]]) -> None:
    """Events are public: no card still held appears in them, and they are JSON."""
    assert all(isinstance(e, dict) and "type" in e for e in events)
    leak = codes_in(events) & public_hidden(m)
    assert not leak, f"events show {leak}: {events}"
    for e in events:
        if e["type"] == "trump_set":
            assert "suit" not in e


def choose(rnd: random.Random, acts: list[dict[str, Any]]) -> dict[str, Any]:
    """A game-like random choice: few Single Hands, mostly passes to doubles, some bids."""
    kinds = {a["type"] for a in acts}
    if "single_hand" in kinds and rnd.random() < 0.85:
        return {"type": "pass"}
    if kinds & {"double", "redouble", "set_double"} and rnd.random() < 0.6:
        return {"type": "pass"}
    if "bid" in kinds and "pass" in kinds and rnd.random() < 0.4:
        return {"type": "pass"}
    if "show_trump" in kinds and rnd.random() < 0.5:
        return {"type": "show_trump"}
    if "marriage" in kinds and rnd.random() < 0.7:
        return {"type": "marriage"}
    bids = [a for a in acts if a["type"] == "bid"]
    if bids:
        return bids[min(len(bids) - 1, int(rnd.expovariate(0.5)))]
    return rnd.choice(acts)


def step(m: Match, rnd: random.Random) -> list[dict[str, Any]]:
    """Check everything about the current position, then take one random legal action."""
    snapshot = m.to_json()
    assert Match.from_json(snapshot).to_json() == snapshot
    assert m.copy().to_json() == snapshot
    check_views(m)
    turn = m.view(None)["turn"]
    legal = {seat: m.legal_actions(seat) for seat in range(4)}
    for seat in range(4):
        assert bool(legal[seat]) == (seat in turn), (seat, turn, legal)
    for seat in turn:
        for act in legal[seat]:
            copy = m.copy()
            check_events(copy, copy.apply(seat, act))
    keys = {seat: {key(a) for a in legal[seat]} for seat in range(4)}
    for _ in range(3):
        seat = rnd.randrange(4)
        act = rnd.choice(WELL_FORMED) if rnd.random() < 0.75 else rnd.choice(MALFORMED)
        if key(act) in keys[seat]:
            continue
        with pytest.raises(IllegalAction) as refused:
            m.apply(seat, act)
        assert str(refused.value)
        assert m.to_json() == snapshot
    with pytest.raises(IllegalAction):
        m.deal()
    seat = rnd.choice(turn)
    events = m.apply(seat, choose(rnd, legal[seat]))
    check_events(m, events)
    return events


def play_deal(m: Match, rnd: random.Random, checked: bool) -> None:
    """Deal (a given deck now and then), play the deal out (``checked``: every step
    through ``step``), then check its end: points, score, dealer."""
    dealer = m.dealer
    deck = None
    if rnd.random() < 0.3:
        deck = [CODES[c] for c in fresh_deck(rnd)]
    events = m.deal(deck=deck)
    check_events(m, events)
    trick_points = 0
    tricks = 0
    unplayed = 0  # the points of a hand sitting out a Single Hand
    while m.view(None)["phase"] != "deal":
        spect = m.view(None)
        if spect["sits_out"] is not None:
            unplayed = card_points(spect["hands"][str(spect["sits_out"])])
        held = [c for cards in spect["hands"].values() for c in cards]
        if spect["seventh_card"]:
            held.append(spect["seventh_card"])
        if len(held) == 32:
            assert sorted(held) == sorted(CODES), "a deal must hold the whole pack"
        if rnd.random() < 0.002:
            assert m.reset_round() == [{"type": "reset", "what": "round"}]
            assert m.dealer == dealer and m.view(None)["phase"] == "deal"
            event("reset_round")
            return
        if checked:
            events = step(m, rnd)
        else:
            seat = rnd.choice(spect["turn"])
            events = m.apply(seat, choose(rnd, m.legal_actions(seat)))
        for e in events:
            if e["type"] == "trick":
                trick_points += e["points"]
                tricks += 1
    last = m.view(None)["last_round"]
    if tricks == 8:
        assert trick_points + unplayed == 28 + m.rules.last_trick_point
    for score in m.view(None)["score"]:
        assert -5 <= score <= 5
    if last["annulled"]:
        assert m.dealer == dealer
        event(f"annulled: {last['reason']}")
        return
    assert m.dealer == (dealer + 1) % 4
    event(f"{last['kind']}{' ended early' if last['ended_early'] else ''}")
    team = last["team"]
    assert last["score"] == m.view(None)["score"]
    assert last["points"][0] + last["points"][1] == trick_points
    assert last["tricks"][0] + last["tricks"][1] == tricks
    if last["kind"] == "regular":
        assert last["made"] == (last["points"][team] >= last["target"])
        assert abs(last["delta"]) == (2 if last["bonus"] else last["stake"])
        if last["ended_early"]:
            left = 28 + m.rules.last_trick_point - trick_points
            taken = last["points"][team]
            assert taken >= last["target"] or taken + left < last["target"]
            assert last["stake"] > 1 or 0 < last["tricks"][team] < tricks
    else:
        assert last["made"] == (last["tricks"][team] == 8)
        assert last["stake"] in (3, 6, 12, 24)


@settings(ENGINE_PROFILE, max_examples=ENGINE_PROFILE.max_examples * 5 // 6)
@given(rules=RULES, seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 3))
def test_it_plays_random_deals_under_any_rules(rules: Rules, seed: int, dealer: int) -> None:
    """Random matches of four deals, every step checked (see the module docstring)."""
    rnd = random.Random(seed)
    m = Match(rules, dealer=dealer, seed=seed)
    for _ in range(4):
        play_deal(m, rnd, checked=True)
        if rnd.random() < 0.1:
            m.reset_score()
            assert m.view(None)["score"] == [0, 0]
            assert m.view(None)["sets"] == [[0, 0], [0, 0]]
        if rnd.random() < 0.1:
            m.reset_deck()


@settings(ENGINE_PROFILE, max_examples=ENGINE_PROFILE.max_examples)
@given(rules=RULES, seed=st.integers(0, 2**32 - 1))
def test_it_plays_long_matches_and_deals_the_same_deck_after_a_restore(
    rules: Rules, seed: int
) -> None:
    """Longer matches (checked at the end of each deal); a seeded match restored from
    JSON between deals deals exactly what the original deals."""
    rnd = random.Random(seed)
    m = Match(rules, dealer=seed % 4, seed=seed)
    for _ in range(8):
        restored = Match.from_json(m.to_json())
        assert restored.deal() == m.deal()
        assert restored.to_json() == m.to_json()
        m.reset_round()
        play_deal(m, rnd, checked=False)


@settings(ENGINE_PROFILE, max_examples=ENGINE_PROFILE.max_examples)
@given(seed=st.integers(0, 2**32 - 1))
def test_it_keeps_all_32_cards_through_realistic_shuffles(seed: int) -> None:
    """A gathered deck riffled and cut again and again is still the whole pack."""
    rnd = random.Random(seed)
    deck = fresh_deck(rnd)
    for _ in range(20):
        deck = realistic_shuffle(deck, rnd)
        assert sorted(deck) == list(range(32))
