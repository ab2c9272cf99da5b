"""strong-model (bench/sparring/opponent_model.py): legal cards to the end of seeded deals,
the position after a card solved consistently with the card's own value, and values that
only rise above best play by the model's expectation; and strong-open (strong_variants.py),
which passes over an opponent's lowest call more often than strong and never less."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bench.sparring import REDUCED, choose_action, opponent_model
from game.bots.solver.position import position, solver
from game.bots.solver.search import WINDOW, card_values, graded
from game.engine import Match
from game.engine.cards import team_of


def fourth_trick(seed: int) -> Iterator[Match]:
    """Every position of a reduced-rules deal, played by the rule-based player, from the
    fourth trick on."""
    m = Match(REDUCED, dealer=seed % 4, seed=seed)
    history = m.deal()
    while m.round is not None:
        seat = m.turn()[0]
        if m.round.phase == "play" and m.round.tricks_played >= 3:
            yield m
        action = choose_action(m.rules, seat, m.view(seat), history, level="rule", seed=seed)
        assert action is not None
        history += m.apply(seat, action)


def test_it_plays_legal_moves_to_the_end_and_uses_the_model(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    used: list[int] = []
    odds = opponent_model.follow_odds

    def counted(*args: object) -> list[float]:
        found = odds(*args)  # type: ignore[arg-type]
        used.append(len(found))
        return found

    monkeypatch.setattr(opponent_model, "follow_odds", counted)
    for seed in range(3):
        m = Match(REDUCED, dealer=seed % 4, seed=seed)
        history = m.deal()
        while m.round is not None:
            seat = m.turn()[0]
            action = choose_action(
                m.rules, seat, m.view(seat), history, level="strong-model", budget_s=0.01, seed=seed
            )
            assert action in m.legal_actions(seat)
            history += m.apply(seat, action)
    assert used and all(n >= 2 for n in used)


def test_the_opponents_best_answer_after_a_card_is_the_cards_own_value() -> None:
    checked = 0
    for seed in range(6):
        for m in fourth_trick(seed):
            r = m.round
            assert r is not None
            base = position(m)
            if len(base.trick) == 3 or base.asker >= 0:
                continue
            seat = r.to_play
            values, _ = card_values(m, seat)
            assert values is not None
            sign = 1 if team_of(seat) == team_of(base.bidder) else -1
            for move, value in values.items():
                if move[0] != "play":
                    continue
                after = opponent_model.after_card(base, seat, move[1])
                answers, _ = solver().values(after, -WINDOW, WINDOW, 10**9)
                assert answers is not None
                best = min(sign * graded(v) for _, v in answers)
                assert best == pytest.approx(value)
                checked += 1
    assert checked > 20


def test_values_rise_above_best_play_only_by_the_models_expectation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    raised = 0
    for seed in range(6):
        for m in fourth_trick(seed):
            r = m.round
            assert r is not None
            seat = r.to_play
            plain, _ = card_values(m, seat)
            monkeypatch.setattr(opponent_model, "MIX", 0.0)
            unmixed, _ = opponent_model.modelled_values(m, seat)
            monkeypatch.setattr(opponent_model, "MIX", 1.0)
            mixed, _ = opponent_model.modelled_values(m, seat)
            assert plain is not None and unmixed is not None and mixed is not None
            assert unmixed == pytest.approx(plain)
            for move in plain:
                assert mixed[move] >= plain[move] - 1e-9
                raised += mixed[move] > plain[move] + 1e-9
            assert set(mixed) == set(plain)
    assert raised > 0


def test_strong_open_contests_a_lowest_call_less_often_than_strong() -> None:
    """Over an opponent's opening 16, strong-open passes some hands strong calls on, and
    never calls where strong passes."""
    passed_more = 0
    for seed in range(40):
        m = Match(REDUCED, dealer=seed % 4, seed=seed)
        history = m.deal()
        if not m.turn():  # annulled as dealt
            continue
        opener = m.turn()[0]
        history += m.apply(opener, {"type": "bid", "value": 16})
        seat = m.turn()[0]
        if seat % 2 == opener % 2:
            continue
        view = m.view(seat)
        plain = choose_action(m.rules, seat, view, history, level="strong", seed=seed)
        shown = choose_action(m.rules, seat, view, history, level="strong-open", seed=seed)
        assert shown in m.legal_actions(seat)
        if plain != shown:
            assert shown == {"type": "pass"}
            passed_more += 1
    assert passed_more > 0
