"""strong-am (bench/sparring/alphamu.py): legal cards in seeded deals, its endgame search
actually used, fronts kept Pareto, and the card chosen from the seat's view only."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from bench.sparring import REDUCED, alphamu, choose_action
from game.engine import Match
from tests.bots.test_information_sets import permuted


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[dict[Any, int]]]:
    """The scores of every αμ search run during the test."""
    found: list[dict[Any, int]] = []
    root = alphamu.AlphaMu.root

    def counted(self: alphamu.AlphaMu) -> dict[Any, int]:
        scores = root(self)
        found.append(scores)
        return scores

    monkeypatch.setattr(alphamu.AlphaMu, "root", counted)
    yield found


def test_pareto_keeps_only_undominated_vectors() -> None:
    assert alphamu.pareto([0b011, 0b001, 0b010, 0b100]) == {0b011, 0b100}
    assert alphamu.pareto([0b111, 0b101]) == {0b111}
    assert alphamu.pareto([0]) == {0}


def test_it_plays_legal_moves_to_the_end_and_searches_the_endgame(
    searches: list[dict[Any, int]],
) -> None:
    for seed in range(4):
        m = Match(REDUCED, dealer=seed % 4, seed=seed)
        history = m.deal()
        while m.round is not None:
            seat = m.turn()[0]
            view = m.view(seat)
            action = choose_action(
                m.rules, seat, view, history, level="strong-am", budget_s=0.01, seed=seed
            )
            assert action in m.legal_actions(seat)
            history += m.apply(seat, action)
    assert searches  # the αμ search chose some cards, not only strong
    for scores in searches:
        assert all(0 <= s <= alphamu.WORLDS for s in scores.values())


def endgame(seed: int, tricks: int = 5) -> tuple[Match, list[dict[str, Any]]] | None:
    """A reduced-rules deal that four rule-based players played until ``tricks`` tricks
    were played (the sixth trick to lead by default), the trump shown (None if it ended
    before or the trump is hidden)."""
    m = Match(REDUCED, dealer=seed % 4, seed=seed)
    history = m.deal()
    while m.round is not None and not (m.round.phase == "play" and m.round.tricks_played == tricks):
        seat = m.turn()[0]
        action = choose_action(m.rules, seat, m.view(seat), history, level="rule", seed=seed)
        assert action is not None
        history += m.apply(seat, action)
    if m.round is None or not m.round.trump_shown:
        return None
    return m, history


def test_it_decides_from_the_seat_view_only(searches: list[dict[Any, int]]) -> None:
    """The hidden cards moved elsewhere (same view, same public events): same card."""
    compared = 0
    for seed in range(12):
        found = endgame(seed)
        if found is None:
            continue
        m, history = found
        seat = m.turn()[0]
        expected = choose_action(
            m.rules, seat, m.view(seat), history, level="strong-am", budget_s=0.01, seed=seed
        )
        for match, events in permuted(m, seat, history, random.Random(seed))[:2]:
            action = choose_action(
                m.rules,
                seat,
                match.view(seat),
                events,
                level="strong-am",
                budget_s=0.01,
                seed=seed,
            )
            assert action == expected
            compared += 1
    assert compared and searches
