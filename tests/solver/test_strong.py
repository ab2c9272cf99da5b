"""The strong level (and strong-sim, which also makes its calls by simulation, and
strong-v2, its calibrated bids and early search) plays every rule option legally, and a
seed fixes its decision.

``SOLVER_PROFILE=long`` plays ten times as many deals.
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from bench.sparring import choose_action
from game.bots.solver.position import POINT_SCALE
from game.bots.solver.search import CARD_POINT, EXACT_FROM, card_values, graded
from game.engine import Match, Rules
from tests.bots.tables import play_deal, random_rules
from tests.solver.positions import card_moves, play_randomly, to_play, value_after
from tests.solver.positions import random_rules as rules_with

SCALE = 10 if os.environ.get("SOLVER_PROFILE") == "long" else 1


def test_it_plays_every_rule_option_legally_at_the_strong_levels() -> None:
    rnd = random.Random(21)
    seen: Counter[tuple[str, str]] = Counter()
    for n in range(8 * SCALE):
        m = Match(random_rules(rnd), dealer=n % 4, seed=n)
        levels = {s: rnd.choice(["strong", "strong-sim", "strong-v2"]) for s in range(4)}
        play_deal(m, rnd, levels, budget_s=0.01, seen=seen)
    assert seen[("play", "play")] > 50
    assert seen[("bidding", "bid")] > 0 and seen[("trump", "trump")] > 0


@pytest.mark.parametrize("level", ["strong", "strong-sim", "strong-v2"])
@pytest.mark.parametrize("reduced", [False, True])
def test_it_gives_the_same_action_for_the_same_seed_at_full_budget(
    level: str, reduced: bool
) -> None:
    rules = (
        Rules(seventh_card=False, doubling=False, single_hand=False, marriage="off")
        if reduced
        else Rules()
    )
    m = Match(rules, dealer=1, seed=5)
    history = m.deal()
    rnd = random.Random(6)
    decisions = 0
    while decisions < 6:
        if m.round is None:
            history = m.deal()
            continue
        seat = m.turn()[0]
        view = m.view(seat)
        if len(m.legal_actions(seat)) > 1 and rnd.random() < 0.3:
            first = choose_action(rules, seat, view, history, level=level, seed=decisions)
            again = choose_action(rules, seat, view, history, level=level, seed=decisions)
            assert first == again
            decisions += 1
        action = choose_action(rules, seat, view, history, level="rule", seed=1)
        assert action is not None
        history += m.apply(seat, action)


def test_it_values_late_cards_by_game_points_then_card_points_for_the_seats_team() -> None:
    rng = random.Random(31)
    checked = 0
    while checked < 40:
        rules = rules_with(rng, early_end=False, marriage=rng.choice(["on_show", "off"]))
        m = to_play(rules, rng, single_hand_chance=0.2)
        if m is None or not play_randomly(m, rng, rng.choice([6, 8, 10])):
            continue
        r = m.round
        assert r is not None and r.tricks_played >= EXACT_FROM
        seat = r.to_play
        values, _ = card_values(m, seat)
        assert values is not None
        sign = 1 if seat & 1 == (r.sh_caller if r.sh_caller >= 0 else r.bidder) & 1 else -1
        for move in card_moves(m):
            delta, points = divmod(value_after(m, move), POINT_SCALE)
            assert values[move] == pytest.approx(sign * (delta + CARD_POINT * points))
        checked += 1
    # A whole deal's card points weigh less than one game point.
    assert CARD_POINT * 29 < 1
    assert graded(-POINT_SCALE + 10) == pytest.approx(-1 + 10 * CARD_POINT)
