"""RULES.md section 7: following suit, discarding or asking for trump while it is hidden, the
asker trumping, must_ask_trump, which tricks trumps win, marriage (on_show, after_trick, off),
last_trick_point and the early end (a) and (b)."""

from __future__ import annotations

from game.engine import Rules
from tests.engine.decks import HANDS_A, HANDS_A2, HANDS_B, HANDS_C, HANDS_D, HANDS_S7, cards
from tests.engine.scripts import (
    NO_DOUBLE_1,
    NO_SINGLE_HAND_0,
    TRICKS_A,
    TRICKS_B,
    TRICKS_C,
    Step,
    as_json,
    flat,
    legal,
    new_match,
    of_type,
    plays,
    refused,
    run,
    tricks,
)

# Deck A2 up to the lead of trick 4 (seat 0, void in diamonds, is next).
A2_TO_TRICK_4: list[Step] = [
    (1, "JC"), (2, "8C"), (3, "7C"), (0, "9C"), (1, "JH"), (2, "AH"), (3, "TH"), (0, "7H"),
    (1, "7S"), (2, "8S"), (3, "JS"), (0, "AS"), (3, "KD"),
]


def regular(bid: int = 16, trump: str = "trump:H", calls: list[Step] | None = None) -> list[Step]:
    """Seat 1 calls ``bid`` (the rest pass), sets trump, the stake calls, no Single Hand."""
    auction: list[Step] = [(1, bid), (2, "pass"), (3, "pass"), (0, "pass"), (1, trump)]
    return [*auction, *(NO_DOUBLE_1 if calls is None else calls), *NO_SINGLE_HAND_0]


def test_it_makes_players_follow_the_led_suit() -> None:
    m = new_match(HANDS_A)
    run(m, regular())
    assert m.view(None)["phase"] == "play"
    assert m.view(None)["turn"] == [1]
    # The leader may lead any card and may not ask for trump.
    assert legal(m, 1) == plays(HANDS_A[1])
    run(m, [(1, "JC")])
    assert legal(m, 2) == plays("KC QC 8C")
    refused(m, 2, {"type": "play", "card": "JD"})
    refused(m, 2, {"type": "show_trump"})


def test_it_lets_a_player_who_cannot_follow_discard_or_ask_for_trump() -> None:
    m = new_match(HANDS_A)
    run(m, [*regular(), *flat(TRICKS_A[:3]), (3, "KD")])
    assert m.view(0)["trump"] is None
    assert legal(m, 0) == as_json(["show", "TS", "KS", "KH", "QS", "8H"])


def test_it_makes_the_asker_play_a_trump_when_it_holds_one() -> None:
    m = new_match(HANDS_A)
    run(m, [*regular(), *flat(TRICKS_A[:3]), (3, "KD")])
    events = run(m, [(0, "show")])
    (shown,) = of_type(events, "trump_shown")
    assert (shown["seat"], shown["suit"]) == (0, "H")
    assert "card" not in shown or shown["card"] is None
    assert legal(m, 0) == plays("KH 8H")
    refused(m, 0, {"type": "play", "card": "TS"})
    events = run(m, [(0, "8H"), (1, "7D"), (2, "JD")])
    # 8H trumps the diamonds in the trick where trump was shown.
    assert tricks(events) == [(0, 3)]
    assert m.view(None)["turn"] == [0]


def test_it_makes_a_player_who_cannot_follow_ask_with_must_ask_trump() -> None:
    m = new_match(HANDS_A, Rules(must_ask_trump=True))
    run(m, [*regular(), *flat(TRICKS_A[:3]), (3, "KD")])
    assert legal(m, 0) == as_json(["show"])
    refused(m, 0, {"type": "play", "card": "TS"})


def test_it_lets_the_bidder_show_trump_itself_on_the_same_terms() -> None:
    m = new_match(HANDS_D, dealer=1)
    run(m, [(2, "pass"), (3, 16), (0, "pass"), (1, "pass"), (3, "trump:H"), (0, "pass"),
            (2, "pass"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "pass")])
    assert m.view(None)["turn"] == [2]
    run(m, [(2, "7S")])
    assert legal(m, 3) == as_json(["show", *cards(HANDS_D[3])])
    events = run(m, [(3, "show")])
    assert of_type(events, "trump_shown")[0]["seat"] == 3
    assert legal(m, 3) == plays("JH 9H")
    events = run(m, [(3, "9H"), (0, "7C"), (1, "JS")])
    assert tricks(events) == [(3, 5)]


def test_it_counts_a_trump_played_earlier_in_the_trick_where_trump_is_shown() -> None:
    m = new_match(HANDS_B)
    run(m, regular())
    # Seat 3 discards TH while trump is hidden; seat 0 then asks and must trump.
    run(m, [(1, "JC"), (2, "7C"), (3, "TH"), (0, "show")])
    assert legal(m, 0) == plays("KH 8H")
    events = run(m, [(0, "8H")])
    assert tricks(events) == [(3, 4)]
    assert m.view(None)["turn"] == [3]


def test_it_gives_the_trick_to_the_led_suit_while_trump_stays_hidden() -> None:
    m = new_match(HANDS_B)
    run(m, regular())
    events = run(m, [(1, "JC"), (2, "7C"), (3, "TH"), (0, "8H")])
    assert tricks(events) == [(1, 4)]
    assert m.view(0)["trump"] is None
    assert m.view(0)["trump_shown"] is False


def test_it_obliges_nobody_to_trump_once_trump_is_shown() -> None:
    m = new_match(HANDS_B)
    run(m, regular())
    run(m, [(1, "JC"), (2, "7C"), (3, "show")])
    # Seat 3 holds trumps TH and 7H and must play one.
    assert legal(m, 3) == plays("TH 7H")
    run(m, [(3, "TH")])
    assert legal(m, 0) == plays(HANDS_B[0])
    events = run(m, [(0, "8H")])
    assert tricks(events) == [(3, 4)]
    run(m, [(3, "JS"), (0, "7S")])
    # Seat 1 has no spade and trump is shown: any card, no show_trump.
    assert legal(m, 1) == plays("9C AC TC JH 9H 8D 7D")


def test_it_announces_an_opponents_marriage_on_show_and_raises_the_target() -> None:
    m = new_match(HANDS_A2)
    run(m, [*regular(), *A2_TO_TRICK_4])
    assert m.view(None)["target"] == 16
    events = run(m, [(0, "show")])
    (marriage,) = of_type(events, "marriage")
    assert (marriage["seat"], marriage["suit"], marriage["target"]) == (0, "H", 20)
    for seat in (0, 1, 2, 3, None):
        view = m.view(seat)
        assert view["target"] == 20
        assert view["marriage"] == {"seat": 0, "suit": "H"}
    run(m, [(0, "8H"), (1, "7D"), (2, "JD")])
    assert m.view(None)["phase"] == "play"
    assert m.view(None)["points"] == [3, 14]


def test_it_never_raises_the_target_above_28() -> None:
    m = new_match(HANDS_A2)
    run(m, [*regular(bid=26), *A2_TO_TRICK_4])
    events = run(m, [(0, "show")])
    assert of_type(events, "marriage")[0]["target"] == 28
    assert m.view(None)["target"] == 28
    # 14 taken + 11 left < 28 and the bidder's team has won a trick: early end (b).
    events += run(m, [(0, "8H"), (1, "7D"), (2, "JD")])
    result = m.view(None)["last_round"]
    assert m.view(None)["phase"] == "deal"
    assert (result["points"], result["made"], result["delta"]) == ([3, 14], False, -1)
    assert result["target"] == 28
    assert result["ended_early"] is True


def test_it_lowers_the_target_for_the_bidders_marriage_but_never_below_min_bid() -> None:
    m = new_match(HANDS_C)
    run(m, regular(bid=22))
    events = run(m, TRICKS_C[0])
    (marriage,) = of_type(events, "marriage")
    assert (marriage["seat"], marriage["suit"], marriage["target"]) == (1, "H", 18)
    assert m.view(None)["target"] == 18
    low = new_match(HANDS_C)
    run(low, regular(bid=16))
    events = run(low, TRICKS_C[0])
    assert of_type(events, "marriage")[0]["target"] == 16
    assert low.view(None)["target"] == 16


def test_it_announces_no_marriage_when_marriage_is_off() -> None:
    m = new_match(HANDS_A2, Rules(marriage="off"))
    run(m, [*regular(), *A2_TO_TRICK_4])
    events = run(m, [(0, "show")])
    assert of_type(events, "marriage") == []
    assert m.view(None)["target"] == 16
    assert m.view(None)["marriage"] is None
    assert all(a["type"] != "marriage" for s in range(4) for a in m.legal_actions(s))


def test_it_lets_the_holder_declare_a_marriage_after_its_team_wins_a_trick() -> None:
    m = new_match(HANDS_A2, Rules(marriage="after_trick"))
    run(m, [*regular(), *A2_TO_TRICK_4])
    events = run(m, [(0, "show")])
    assert of_type(events, "marriage") == []
    assert m.view(None)["target"] == 16
    assert legal(m, 0) == plays("KH QH 8H")
    run(m, [(0, "8H"), (1, "7D"), (2, "JD")])
    assert m.view(None)["turn"] == [0]
    assert legal(m, 0) == as_json(["marriage", "TS", "KS", "KH", "QH"])
    events = run(m, [(0, "marriage")])
    (marriage,) = of_type(events, "marriage")
    assert (marriage["seat"], marriage["suit"], marriage["target"]) == (0, "H", 20)
    assert m.view(None)["target"] == 20
    assert legal(m, 0) == plays("TS KS KH QH")


def test_it_offers_no_marriage_before_the_holders_team_wins_a_trick() -> None:
    m = new_match(HANDS_A2, Rules(marriage="after_trick"))
    run(m, [*regular(), (1, "JC"), (2, "8C")])
    for seat in range(4):
        assert all(a["type"] != "marriage" for a in m.legal_actions(seat))
    refused(m, 0, {"type": "marriage"})


def test_it_waits_for_a_marriage_that_can_still_be_declared_before_ending_early() -> None:
    m = new_match(HANDS_A2, Rules(marriage="after_trick"))
    run(m, [*regular(bid=26), *A2_TO_TRICK_4, (0, "show"), (0, "8H"), (1, "7D"), (2, "JD")])
    # 14 + 11 < 26 would end the round, but seat 0 can still declare its marriage.
    assert m.view(None)["phase"] == "play"
    assert {"type": "marriage"} in m.legal_actions(0)


def test_it_adds_a_point_for_the_last_trick_with_last_trick_point() -> None:
    m = new_match(HANDS_A, Rules(last_trick_point=True, early_end=False))
    run(m, regular())
    events = run(m, flat(TRICKS_A))
    assert tricks(events)[-1] == (2, 6)
    assert m.view(None)["last_round"]["points"] == [9, 20]
    c = new_match(HANDS_C, Rules(last_trick_point=True))
    run(c, regular())
    run(c, flat(TRICKS_C))
    assert c.view(None)["last_round"]["points"] == [0, 29]


def test_it_ends_early_once_the_target_is_reached_and_the_opponents_have_a_trick() -> None:
    m = new_match(HANDS_A)
    run(m, [*regular(), *flat(TRICKS_A[:4])])
    assert m.view(None)["phase"] == "play"
    assert m.view(None)["points"] == [3, 13]
    events = run(m, TRICKS_A[4])
    view = m.view(None)
    assert view["phase"] == "deal"
    result = view["last_round"]
    assert (result["points"], result["tricks"]) == ([3, 16], [1, 4])
    assert (result["made"], result["bonus"], result["delta"]) == (True, False, 1)
    assert result["ended_early"] is True
    assert of_type(events, "round_end")[0]["points"] == [3, 16]


def test_it_ends_early_at_the_target_when_the_stake_is_above_1() -> None:
    m = new_match(HANDS_B)
    run(m, regular(calls=[(2, "double"), (1, "pass"), (3, "pass")]))
    events = run(m, flat(TRICKS_B[:5]))
    assert tricks(events) == [(3, 4), (3, 4), (3, 3), (3, 3), (3, 3)]
    view = m.view(None)
    assert view["phase"] == "deal"
    result = view["last_round"]
    assert (result["points"], result["tricks"], result["stake"]) == ([0, 17], [0, 5], 2)
    assert (result["made"], result["bonus"], result["delta"]) == (True, False, 2)
    assert result["ended_early"] is True


def test_it_plays_on_at_stake_1_while_the_bonus_is_still_possible() -> None:
    m = new_match(HANDS_B)
    run(m, regular())
    run(m, flat(TRICKS_B[:5]))
    assert m.view(None)["phase"] == "play"
    assert m.view(None)["turn"] == [3]
    events = run(m, TRICKS_B[5])
    assert tricks(events) == [(2, 4)]
    result = m.view(None)["last_round"]
    assert (result["points"], result["tricks"]) == ([4, 17], [1, 5])
    assert (result["made"], result["delta"], result["ended_early"]) == (True, 1, True)


def test_it_ends_early_when_the_target_is_out_of_reach_after_a_trick_won() -> None:
    m = new_match(HANDS_A)
    run(m, regular(bid=28))
    events = run(m, flat(TRICKS_A[:4]))
    view = m.view(None)
    assert view["phase"] == "deal"
    result = view["last_round"]
    assert (result["points"], result["tricks"]) == ([3, 13], [1, 3])
    assert (result["made"], result["delta"], result["ended_early"]) == (False, -1, True)
    assert len(of_type(events, "trick")) == 4


def test_it_plays_on_while_the_bidders_team_may_still_lose_every_trick() -> None:
    m = new_match(HANDS_C)
    run(m, [(1, "pass"), (2, "pass"), (3, "pass"), (0, 16), (0, "trump:C"), (1, "pass"),
            (3, "pass"), *NO_SINGLE_HAND_0])
    events = run(m, [(1, "JH"), (2, "8H"), (3, "show"), (3, "KD"), (0, "7H"),
                     (1, "JC"), (2, "QC"), (3, "9D"), (0, "KC"),
                     (1, "9C"), (2, "8C"), (3, "AD"), (0, "AC"),
                     (1, "9H"), (2, "7D"), (3, "JD"), (0, "8S")])
    assert tricks(events) == [(1, 3), (1, 5), (1, 4), (1, 5)]
    # Team 0 (the bidder's) cannot reach 16 but has won no trick: a -2 is still possible.
    assert m.view(None)["phase"] == "play"
    events = run(m, [(1, "AH"), (2, "7C"), (3, "TS"), (0, "7S")])
    assert tricks(events) == [(2, 2)]
    view = m.view(None)
    assert view["phase"] == "deal"
    result = view["last_round"]
    assert (result["bidder"], result["team"], result["points"]) == (0, 0, [2, 17])
    assert (result["made"], result["delta"], result["ended_early"]) == (False, -1, True)
    assert view["score"] == [-1, 0]


def test_it_plays_all_eight_tricks_when_early_end_is_off() -> None:
    m = new_match(HANDS_A, Rules(early_end=False))
    run(m, [*regular(bid=28), *flat(TRICKS_A[:5])])
    assert m.view(None)["phase"] == "play"
    events = run(m, flat(TRICKS_A[5:]))
    result = m.view(None)["last_round"]
    assert (result["points"], result["tricks"]) == ([8, 20], [2, 6])
    assert (result["made"], result["delta"], result["ended_early"]) == (False, -1, False)
    assert len(of_type(events, "trick")) == 3


def test_it_ends_early_at_an_unreachable_target_when_the_stake_is_above_1() -> None:
    m = new_match(HANDS_C)
    # Seat 0 calls 16 with hearts in hand and is doubled; seat 1's marriage raises the target.
    run(m, [(1, "pass"), (2, "pass"), (3, "pass"), (0, 16), (0, "trump:H"), (1, "double"),
            (0, "pass"), (2, "pass"), *NO_SINGLE_HAND_0])
    run(m, [(1, "JH"), (2, "8H"), (3, "show"), (3, "KD"), (0, "7H")])
    assert m.view(None)["target"] == 20
    run(m, [(1, "JC"), (2, "QC"), (3, "9D"), (0, "KC")])
    # 0 taken + 20 left still reaches 20.
    assert m.view(None)["phase"] == "play"
    events = run(m, [(1, "9C"), (2, "8C"), (3, "AD"), (0, "AC")])
    assert tricks(events) == [(1, 4)]
    view = m.view(None)
    assert view["phase"] == "deal"
    result = view["last_round"]
    assert (result["points"], result["tricks"], result["stake"]) == ([0, 12], [0, 3], 2)
    assert (result["made"], result["bonus"], result["delta"]) == (False, False, -2)
    assert view["score"] == [-2, 0]


def test_it_keeps_the_target_at_min_bid_15_for_the_bidders_marriage() -> None:
    m = new_match(HANDS_C, Rules(min_bid=15))
    run(m, regular(bid=16))
    events = run(m, TRICKS_C[0])
    assert of_type(events, "marriage")[0]["target"] == 15
    assert m.view(None)["target"] == 15


def test_it_counts_the_last_trick_point_among_the_points_still_to_take() -> None:
    # Bid 26: after trick 4 team 1 has 13 and 12 card points remain (25 < 26: early end), but
    # with the last-trick point 13 remain and 26 is still reachable.
    plain = new_match(HANDS_A)
    run(plain, [*regular(bid=26), *flat(TRICKS_A[:4])])
    assert plain.view(None)["phase"] == "deal"
    extra = new_match(HANDS_A, Rules(last_trick_point=True))
    run(extra, [*regular(bid=26), *flat(TRICKS_A[:4])])
    assert extra.view(None)["phase"] == "play"


def test_it_counts_a_seventh_card_that_joins_the_hand_for_the_marriage() -> None:
    hands = {1: "JC AC TC 9H JH KS QS 7D", 2: "JS 9S 8D 8S JD 9D AD KC",
             3: HANDS_S7[3], 0: HANDS_S7[0]}
    m = new_match(hands)
    run(m, [(1, 20), (2, "pass"), (3, "pass"), (0, "pass"), (1, "seventh_card"),
            *NO_DOUBLE_1, *NO_SINGLE_HAND_0])
    run(m, [(1, "JC"), (2, "KC"), (3, "7C"), (0, "9C"), (1, "7D"), (2, "JD"), (3, "QD")])
    events = run(m, [(0, "show")])
    (marriage,) = of_type(events, "marriage")
    assert (marriage["seat"], marriage["suit"], marriage["target"]) == (1, "S", 16)
    assert m.view(None)["target"] == 16


def test_it_lets_a_void_player_discard_once_trump_is_shown_under_must_ask_trump() -> None:
    m = new_match(HANDS_A, Rules(must_ask_trump=True))
    run(m, [*regular(), *flat(TRICKS_A[:4]), (0, "KH"), (1, "9H"), (2, "AH")])
    assert legal(m, 3) == plays("9S AD TD QD")


def test_it_offers_the_marriage_again_when_the_holders_partner_wins_a_trick() -> None:
    m = new_match(HANDS_A2, Rules(marriage="after_trick"))
    run(m, [*regular(), *A2_TO_TRICK_4, (0, "show"), (0, "8H"), (1, "7D"), (2, "JD")])
    assert {"type": "marriage"} in m.legal_actions(0)
    # Seat 0 leads instead of declaring: the chance passes with the next card.
    run(m, [(0, "KS")])
    assert all(a["type"] != "marriage" for a in m.legal_actions(0))
    events = run(m, [(1, "8D"), (2, "QS"), (3, "9S"), (3, "AD"), (0, "TS"), (1, "AC"), (2, "9D")])
    assert tricks(events) == [(3, 2), (2, 5)]
    # Seat 2 won and leads; its partner seat 0 still holds KH and QH and may declare now.
    assert sorted(m.view(None)["turn"]) == [0, 2]
    assert legal(m, 0) == as_json(["marriage"])
    assert legal(m, 2) == plays("KC QC")
    events = run(m, [(0, "marriage")])
    assert of_type(events, "marriage")[0]["target"] == 20
    assert m.view(None)["turn"] == [2]
    assert m.view(None)["points"] == [8, 16]
