"""RULES.md section 5: Double, Redouble and SetDouble with both players of a team in turn, a pass
removing only the passer, the 7th-card Redouble of stage 6, and the doubling/set_double options."""

from __future__ import annotations

from game.engine import Rules
from tests.engine.decks import HANDS_A, HANDS_S7, cards
from tests.engine.scripts import (
    AUCTION_1_16,
    as_json,
    leaked,
    legal,
    new_match,
    of_type,
    refused,
    run,
)


def test_it_asks_both_opponents_of_the_bidder_together() -> None:
    m = new_match(HANDS_A)
    run(m, [*AUCTION_1_16, (1, "trump:H")])
    view = m.view(None)
    assert view["phase"] == "doubling"
    assert sorted(view["turn"]) == [0, 2]
    assert legal(m, 0) == as_json(["double", "pass"])
    assert legal(m, 2) == as_json(["double", "pass"])
    assert legal(m, 1) == []
    assert legal(m, 3) == []
    assert view["stake"] == 1


def test_it_removes_only_the_passer_and_keeps_stake_1_when_both_pass() -> None:
    m = new_match(HANDS_A)
    run(m, [*AUCTION_1_16, (1, "trump:H"), (2, "pass")])
    assert m.view(None)["turn"] == [0]
    assert legal(m, 2) == []
    assert legal(m, 0) == as_json(["double", "pass"])
    events = run(m, [(0, "pass")])
    view = m.view(None)
    assert view["stake"] == 1
    assert view["phase"] == "single_hand"
    assert [e["packet"] for e in of_type(events, "deal")] == [2]


def test_it_lets_either_opponent_double_and_then_either_bidder_side_player_redouble() -> None:
    m = new_match(HANDS_A)
    events = run(m, [*AUCTION_1_16, (1, "trump:H"), (0, "double")])
    assert [e["seat"] for e in of_type(events, "double")] == [0]
    view = m.view(None)
    assert view["stake"] == 2
    assert view["phase"] == "doubling"
    assert sorted(view["turn"]) == [1, 3]
    assert legal(m, 1) == as_json(["redouble", "pass"])
    assert legal(m, 3) == as_json(["redouble", "pass"])
    assert legal(m, 0) == []
    assert legal(m, 2) == []
    run(m, [(3, "redouble")])
    view = m.view(None)
    assert view["stake"] == 4
    assert sorted(view["turn"]) == [0, 2]
    assert legal(m, 2) == as_json(["set_double", "pass"])
    run(m, [(2, "set_double")])
    view = m.view(None)
    assert view["stake"] == 6
    assert view["phase"] == "single_hand"
    assert view["calls"] == [
        {"seat": 0, "call": "double"},
        {"seat": 3, "call": "redouble"},
        {"seat": 2, "call": "set_double"},
    ]


def test_it_ends_the_redouble_question_when_both_bidder_side_players_pass() -> None:
    m = new_match(HANDS_A)
    run(m, [*AUCTION_1_16, (1, "trump:H"), (2, "double"), (1, "pass")])
    assert m.view(None)["turn"] == [3]
    run(m, [(3, "pass")])
    view = m.view(None)
    assert view["stake"] == 2
    assert view["phase"] == "single_hand"


def test_it_keeps_stake_4_when_both_opponents_pass_the_set_double() -> None:
    m = new_match(HANDS_A)
    run(m, [*AUCTION_1_16, (1, "trump:H"), (2, "double"), (1, "redouble"), (0, "pass")])
    assert m.view(None)["turn"] == [2]
    run(m, [(2, "pass")])
    assert m.view(None)["stake"] == 4
    assert m.view(None)["phase"] == "single_hand"


def test_it_refuses_a_double_from_the_bidders_team_and_a_redouble_from_the_opponents() -> None:
    m = new_match(HANDS_A)
    run(m, [*AUCTION_1_16, (1, "trump:H")])
    refused(m, 1, {"type": "double"})
    refused(m, 3, {"type": "double"})
    refused(m, 0, {"type": "redouble"})
    run(m, [(0, "double")])
    refused(m, 0, {"type": "redouble"})
    refused(m, 2, {"type": "redouble"})
    refused(m, 1, {"type": "set_double"})


def test_it_offers_no_set_double_when_the_option_is_off() -> None:
    m = new_match(HANDS_A, Rules(set_double=False))
    run(m, [*AUCTION_1_16, (1, "trump:H"), (2, "double"), (1, "redouble")])
    view = m.view(None)
    assert view["stake"] == 4
    assert view["phase"] == "single_hand"
    assert all(a["type"] != "set_double" for s in range(4) for a in m.legal_actions(s))


def test_it_skips_the_stake_question_when_doubling_is_off() -> None:
    m = new_match(HANDS_A, Rules(doubling=False))
    events = run(m, [*AUCTION_1_16, (1, "trump:H")])
    view = m.view(None)
    assert view["phase"] == "single_hand"
    assert view["stake"] == 1
    assert view["turn"] == [1]
    assert [e["packet"] for e in of_type(events, "deal")] == [2]
    for seat in range(4):
        assert all(a["type"] not in ("double", "redouble") for a in m.legal_actions(seat))


def test_it_lets_the_bidder_redouble_after_seeing_only_the_seventh_card() -> None:
    m = new_match(HANDS_S7)
    run(m, [*AUCTION_1_16, (1, "seventh_card"), (0, "double"), (1, "pass"), (3, "pass")])
    view = m.view(1)
    assert view["phase"] == "seventh_card"
    assert view["turn"] == [1]
    assert legal(m, 1) == as_json(["redouble", "pass"])
    assert legal(m, 3) == []
    assert sorted(view["hand"]) == sorted(cards("JC AC TC 9H"))
    assert view["seventh_card"] == "QS"
    assert view["unseen"] == 3
    assert leaked(view, ["JH", "8D", "7D"]) == []
    # Everyone else already sees all eight cards.
    assert sorted(m.view(2)["hand"]) == sorted(cards(HANDS_S7[2]))
    assert sorted(m.view(3)["hand"]) == sorted(cards(HANDS_S7[3]))
    run(m, [(1, "redouble")])
    view = m.view(1)
    assert view["stake"] == 4
    assert view["phase"] == "single_hand"
    assert sorted(view["hand"]) == sorted(cards("JC AC TC 9H JH 8D 7D"))
    # No SetDouble after a stage-6 Redouble.
    for seat in range(4):
        assert all(a["type"] != "set_double" for a in m.legal_actions(seat))


def test_it_keeps_stake_2_when_the_bidder_passes_after_seeing_the_seventh_card() -> None:
    m = new_match(HANDS_S7)
    run(m, [*AUCTION_1_16, (1, "seventh_card"), (2, "double"), (3, "pass"), (1, "pass")])
    assert m.view(None)["phase"] == "seventh_card"
    refused(m, 3, {"type": "redouble"})
    run(m, [(1, "pass")])
    view = m.view(1)
    assert view["stake"] == 2
    assert view["phase"] == "single_hand"
    assert len(view["hand"]) == 7


def test_it_has_no_stage_6_for_a_trump_in_hand() -> None:
    m = new_match(HANDS_S7)
    run(m, [*AUCTION_1_16, (1, "trump:S"), (2, "double"), (3, "pass"), (1, "pass")])
    assert m.view(None)["phase"] == "single_hand"
    assert m.view(None)["stake"] == 2


def test_it_has_no_stage_6_after_a_stage_4_redouble() -> None:
    m = new_match(HANDS_S7)
    run(m, [*AUCTION_1_16, (1, "seventh_card"), (2, "double"), (1, "redouble"), (0, "pass"),
            (2, "pass")])
    assert m.view(None)["phase"] == "single_hand"
    assert m.view(None)["stake"] == 4


def test_it_has_no_stage_6_without_a_double() -> None:
    m = new_match(HANDS_S7)
    run(m, [*AUCTION_1_16, (1, "seventh_card"), (2, "pass"), (0, "pass")])
    assert m.view(None)["phase"] == "single_hand"
    assert m.view(None)["stake"] == 1
