"""choose_action: legal moves at every level under any rules, reproducible with a seed.

The site's levels come from game.bots; the sparring partners' (random, rule, ...) from
bench.sparring, whose ``choose_action`` is the same function over more players.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import game.bots
from bench.sparring import LEVELS, choose_action
from game.engine import Match, Rules
from tests.bots.tables import play_deal, random_rules


@pytest.mark.parametrize("level", ["random", "rule", "easy"])
def test_it_only_returns_legal_actions_under_random_rules(level: str) -> None:
    rnd = random.Random(level)
    seen: Counter[tuple[str, str]] = Counter()
    for n in range(60):
        m = Match(random_rules(rnd), dealer=n % 4, seed=n)
        for _ in range(2):
            play_deal(m, rnd, {s: level for s in range(4)}, seen=seen)
    assert seen[("play", "play")] > 1000
    assert seen[("bidding", "bid")] > 0 and seen[("trump", "trump")] > 0


def test_it_plays_strong_legally_within_a_small_budget() -> None:
    rnd = random.Random(9)
    for n in range(3):
        m = Match(random_rules(rnd), dealer=n, seed=n)
        play_deal(m, rnd, {0: "strong", 1: "easy", 2: "strong", 3: "rule"}, budget_s=0.01)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_it_gives_the_same_action_for_the_same_seed(level: str) -> None:
    m = Match(Rules(), dealer=0, seed=11)
    history = m.deal()
    rnd = random.Random(4)
    for _ in range(30):  # well into the play
        if m.round is None:
            history = m.deal()
        seat = m.turn()[0]
        view = m.view(seat)
        first = choose_action(m.rules, seat, view, history, level=level, budget_s=0.02, seed=5)
        again = choose_action(m.rules, seat, view, history, level=level, budget_s=0.02, seed=5)
        assert first == again
        assert first is not None
        history += m.apply(
            seat, m.legal_actions(seat)[int(rnd.random() * 3) % len(m.legal_actions(seat))]
        )


def test_the_site_offers_the_easy_and_strong_levels_only() -> None:
    assert list(game.bots.LEVELS) == ["easy", "strong"]
    m = Match(Rules(), dealer=0, seed=3)
    history = m.deal()
    seat = m.turn()[0]
    for level in ("easy", "strong"):
        action = game.bots.choose_action(m.rules, seat, m.view(seat), history, level=level, seed=1)
        assert action in m.legal_actions(seat)
    with pytest.raises(ValueError, match="level must be one of easy, strong, not 'rule'"):
        game.bots.choose_action(m.rules, seat, m.view(seat), history, level="rule")


def test_it_refuses_bad_arguments() -> None:
    m = Match(Rules(), dealer=0, seed=3)
    history = m.deal()
    seat = m.turn()[0]
    view = m.view(seat)
    with pytest.raises(ValueError, match="level"):
        choose_action(m.rules, seat, view, history, level="expert")
    with pytest.raises(ValueError, match="budget_s"):
        choose_action(m.rules, seat, view, history, budget_s=0)
    with pytest.raises(ValueError, match="rules"):
        choose_action({}, seat, view, history)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="view"):
        choose_action(m.rules, (seat + 1) % 4, view, history)
    with pytest.raises(ValueError, match="no legal action"):
        other = (seat + 1) % 4
        choose_action(m.rules, other, m.view(other), history, level="rule")
