"""strong-is (bench/sparring/is_mcts.py): legal cards in seeded deals, its tree actually
used and its counts consistent, and the card chosen from the seat's view only."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from bench.sparring import REDUCED, choose_action, is_mcts
from game.engine import Match
from tests.bots.test_information_sets import permuted
from tests.sparring.test_alphamu import endgame


@pytest.fixture
def trees(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[is_mcts.Tree]]:
    """Every tree searched during the test."""
    found: list[is_mcts.Tree] = []
    best = is_mcts.Tree.best

    def kept(self: is_mcts.Tree) -> object:
        found.append(self)
        return best(self)

    monkeypatch.setattr(is_mcts.Tree, "best", kept)
    yield found


def test_it_plays_legal_moves_to_the_end_with_its_tree(trees: list[is_mcts.Tree]) -> None:
    for seed in range(4):
        m = Match(REDUCED, dealer=seed % 4, seed=seed)
        history = m.deal()
        while m.round is not None:
            seat = m.turn()[0]
            action = choose_action(
                m.rules, seat, m.view(seat), history, level="strong-is", budget_s=0.01, seed=seed
            )
            assert action in m.legal_actions(seat)
            history += m.apply(seat, action)
    assert trees  # the tree chose some cards, not only strong
    for tree in trees:
        root = tree.root
        assert set(root.children) == set(tree.decision.moves)  # every move of the seat tried
        assert sum(c.visits for c in root.children.values()) == root.visits
        assert root.visits >= is_mcts.MIN_VISITS * len(root.children)
        assert all(c.available >= c.visits for c in root.children.values())


def test_it_decides_from_the_seat_view_only(trees: list[is_mcts.Tree]) -> None:
    """The hidden cards moved elsewhere (same view, same public events): same card."""
    compared = 0
    for seed in range(12):
        found = endgame(seed, tricks=3)
        if found is None:
            continue
        m, history = found
        seat = m.turn()[0]
        expected = choose_action(
            m.rules, seat, m.view(seat), history, level="strong-is", budget_s=0.01, seed=seed
        )
        for match, events in permuted(m, seat, history, random.Random(seed))[:2]:
            action = choose_action(
                m.rules, seat, match.view(seat), events, level="strong-is", budget_s=0.01, seed=seed
            )
            assert action == expected
            compared += 1
    assert compared and trees
