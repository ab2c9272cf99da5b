"""RULES.md section 11: who sees what. No player's view (nor any public event) ever holds a card
that player may not see; spectators see every hand and the hidden trump."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import pytest

from game.engine import Match, Rules
from tests.engine.decks import (
    HANDS_A,
    HANDS_A2,
    HANDS_S7,
    HANDS_SH2,
    PACK,
    Cards,
    cards,
    deck_of_hands,
)
from tests.engine.scripts import (
    AUCTION_1_16,
    NO_DOUBLE_1,
    NO_SINGLE_HAND_0,
    TRICKS_A,
    TRICKS_S7_LAST,
    TRICKS_SH2,
    Step,
    flat,
    leaked,
    new_match,
    of_type,
    refused,
    run,
)

ROUND_A: list[Step] = [*AUCTION_1_16, (1, "trump:H"), *NO_DOUBLE_1, *NO_SINGLE_HAND_0,
                       *flat(TRICKS_A[:5])]
# Deck S7: 7th-card trump, Double, Redouble after seeing only the 7th card (stage 6), the 7th
# card aside until it is seat 1's last card.
ROUND_S7: list[Step] = [*AUCTION_1_16, (1, "seventh_card"), (2, "double"), (1, "pass"),
                        (3, "pass"), (1, "redouble"), *NO_SINGLE_HAND_0, *flat(TRICKS_S7_LAST)]
ROUND_SH2: list[Step] = [*AUCTION_1_16, (1, "trump:H"), *NO_DOUBLE_1, (1, "pass"),
                         (2, "single_hand"), (1, "pass"), (3, "pass"), *flat(TRICKS_SH2)]
ROUNDS = {"A": (HANDS_A, ROUND_A), "S7": (HANDS_S7, ROUND_S7), "SH2": (HANDS_SH2, ROUND_SH2)}


def may_see(
    hands: Mapping[int, Cards], seat: int, view: Mapping[str, Any], public: set[str],
    caller_has_played: bool,
) -> set[str]:
    """The cards a seat may see now, worked out from the deal, never from the view's cards."""
    phase = view["phase"]
    own = cards(hands[seat])
    if phase in ("bidding", "trump", "doubling"):
        visible = set(own[:4])
    elif phase == "seventh_card" and view["bid"]["seat"] == seat:
        visible = {*own[:4], own[6]}
    else:
        visible = set(own)
    partner = (seat + 2) % 4
    if view.get("single_hand") == seat and caller_has_played:
        visible |= set(cards(hands[partner]))
    return visible | public


def check_every_view(hands: Mapping[int, Cards], steps: list[Step]) -> None:
    m = new_match(hands)
    public: set[str] = set()
    caller_has_played = False
    for index, step in enumerate([None, *steps]):
        events = [] if step is None else run(m, [step])
        public |= {e["card"] for e in of_type(events, "play")}
        public |= {e["card"] for e in of_type(events, "trump_shown") if e.get("card")}
        caller = m.view(None).get("single_hand")
        caller_has_played = caller_has_played or (step is not None and step[0] == caller)
        assert leaked(events, PACK - public) == [], f"step {index} {step}: an event shows a card"
        if m.view(None)["phase"] == "deal":
            break
        for seat in range(4):
            view = m.view(seat)
            hidden = PACK - may_see(hands, seat, view, public, caller_has_played)
            assert leaked(view, hidden) == [], f"step {index} {step}: seat {seat} sees a card"


@pytest.mark.parametrize("name", sorted(ROUNDS))
def test_it_never_shows_a_player_a_card_it_may_not_see(name: str) -> None:
    hands, steps = ROUNDS[name]
    check_every_view(hands, steps)


def test_it_shows_a_spectator_every_hand_under_string_keys_and_no_own_hand() -> None:
    m = new_match(HANDS_A)
    run(m, [*AUCTION_1_16, (1, "trump:H"), *NO_DOUBLE_1])
    view = m.view(None)
    assert view["hand"] == []
    assert view["seat"] is None
    assert sorted(view["hands"]) == ["0", "1", "2", "3"]
    for seat in range(4):
        assert sorted(view["hands"][str(seat)]) == sorted(cards(HANDS_A[seat]))
    assert "hands" not in m.view(0) or not m.view(0)["hands"]


def test_it_shows_the_hidden_trump_only_to_the_bidder_and_spectators() -> None:
    m = new_match(HANDS_A)
    run(m, [*AUCTION_1_16, (1, "trump:H"), *NO_DOUBLE_1, *NO_SINGLE_HAND_0])
    assert m.view(1)["trump"] == "H"
    assert m.view(None)["trump"] == "H"
    for seat in (0, 2, 3):
        view = m.view(seat)
        assert view["trump"] is None
        assert view["trump_shown"] is False
    run(m, [*flat(TRICKS_A[:3]), (3, "KD"), (0, "show")])
    for viewer in (0, 1, 2, 3, None):
        assert m.view(viewer)["trump"] == "H"
        assert m.view(viewer)["trump_shown"] is True


def test_it_shows_a_spectator_the_set_aside_seventh_card() -> None:
    m = new_match(HANDS_S7)
    run(m, [*AUCTION_1_16, (1, "seventh_card"), *NO_DOUBLE_1])
    view = m.view(None)
    assert view["seventh_card"] == "QS"
    assert view["trump"] == "S"


def test_it_shows_every_player_the_calls_the_bid_and_the_stake() -> None:
    m = new_match(HANDS_A)
    run(m, [(1, 16), (2, 17), (1, 17), (2, "pass"), (3, "pass"), (0, "pass"), (1, "trump:H"),
            (0, "double")])
    for seat in (0, 1, 2, 3, None):
        view = m.view(seat)
        assert view["bid"] == {"seat": 1, "value": 17}
        assert view["target"] == 17
        assert view["stake"] == 2
        assert view["phase"] == "doubling"
        assert sorted(view["turn"]) == [1, 3]
        assert view["dealer"] == 0
        assert view["single_hand"] is None
        assert view["calls"] == [{"seat": 0, "call": "double"}]
        assert [c["call"] for c in view["auction"]] == [16, 17, 17, "pass", "pass", "pass"]


def test_it_shows_the_current_and_the_last_finished_trick() -> None:
    m = new_match(HANDS_A)
    run(m, [*AUCTION_1_16, (1, "trump:H"), *NO_DOUBLE_1, *NO_SINGLE_HAND_0, *TRICKS_A[0],
            (1, "JH"), (2, "QH")])
    for seat in (0, 3, None):
        view = m.view(seat)
        assert view["trick"] == [{"seat": 1, "card": "JH"}, {"seat": 2, "card": "QH"}]
        assert view["last_trick"] == {
            "cards": [{"seat": 1, "card": "JC"}, {"seat": 2, "card": "8C"},
                      {"seat": 3, "card": "7C"}, {"seat": 0, "card": "9C"}],
            "winner": 1,
        }
        assert view["points"] == [0, 5]
        assert view["tricks"] == [0, 1]
        assert view["leader"] == 1


def test_it_announces_a_marriage_by_seat_and_suit_without_card_codes() -> None:
    m = new_match(HANDS_A2)
    run(m, [*AUCTION_1_16, (1, "trump:H"), *NO_DOUBLE_1, *NO_SINGLE_HAND_0,
            (1, "JC"), (2, "8C"), (3, "7C"), (0, "9C"), (1, "JH"), (2, "AH"), (3, "TH"),
            (0, "7H"), (1, "7S"), (2, "8S"), (3, "JS"), (0, "AS"), (3, "KD")])
    events = run(m, [(0, "show")])
    marriage = of_type(events, "marriage")[0]
    assert leaked(marriage, ["KH", "QH"]) == []
    assert m.view(2)["marriage"] == {"seat": 0, "suit": "H"}
    assert leaked(m.view(2), ["KH", "QH"]) == []


def test_it_gives_json_able_views_with_the_documented_keys() -> None:
    m = new_match(HANDS_A)
    required = {"phase", "turn", "dealer", "hand", "bid", "target", "stake", "trump",
                "trump_shown", "single_hand", "trick", "points", "score", "sets", "last_round"}
    for seat in (0, 1, 2, 3, None):
        view = m.view(seat)
        assert required <= set(view)
        assert json.loads(json.dumps(view)) == view
    assert "hands" in m.view(None)


def test_it_counts_deals_and_names_the_first_hand() -> None:
    m = new_match(HANDS_A)
    view = m.view(2)
    assert (view["seat"], view["first_hand"], view["round_no"]) == (2, 1, 1)
    assert view["hand_counts"] == [4, 4, 4, 4]
    assert view["trump_method"] is None
    assert view["trump_card"] is None
    assert view["last_trick"] is None
    run(m, [(1, "pass"), (2, "pass"), (3, "pass"), (0, "pass")])
    m.deal(deck=deck_of_hands(0, HANDS_A))
    assert m.view(0)["round_no"] == 2


def test_it_shows_nobody_the_second_packets_before_deal_2() -> None:
    m = new_match(HANDS_S7)
    run(m, [*AUCTION_1_16, (1, "seventh_card")])
    undealt = [c for seat in range(4) for c in cards(HANDS_S7[seat])[4:]]
    for seat in (0, 1, 2, 3, None):
        view = m.view(seat)
        assert leaked(view, undealt) == []
        assert view["trump"] is None


def test_it_tells_the_seat_to_play_why_each_barred_card_is_refused() -> None:
    m = new_match(HANDS_A)
    run(m, [*AUCTION_1_16, (1, "trump:H"), *NO_DOUBLE_1, *NO_SINGLE_HAND_0, (1, "JC")])
    view = m.view(2)
    hand = set(view["hand"])
    playable = {a["card"] for a in m.legal_actions(2) if a["type"] == "play"}
    assert set(view["refusals"]) == hand - playable and view["refusals"]
    for card, reason in view["refusals"].items():
        assert reason == refused(m, 2, {"type": "play", "card": card}) == "You must follow clubs"
    for seat in (0, 1, 3, None):
        assert "refusals" not in m.view(seat)


def test_a_deals_result_names_its_trump_only_if_the_table_saw_it() -> None:
    """``last_round`` carries the trump (its suit and how it was set) once it was shown, and
    nothing of a trump never shown: random legal play over many seeded deals."""
    rng = random.Random(11)
    seen = {True: 0, False: 0}
    for seed in range(60):
        m = Match(Rules(), dealer=seed % 4, seed=seed)
        m.deal()
        shown = None
        while m.view(None)["phase"] != "deal":
            seat = m.turn()[0]
            events = m.apply(seat, rng.choice(m.legal_actions(seat)))
            for event in events:
                if event["type"] == "trump_shown":
                    shown = event["suit"]
        result = m.view(None)["last_round"]
        if result["annulled"] and "trump" not in result and shown is None:
            continue
        assert result.get("trump") == shown, (seed, result, shown)
        assert ("trump_method" in result) == (shown is not None)
        seen[shown is not None] += 1
    assert seen[True] and seen[False], seen
