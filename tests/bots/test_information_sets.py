"""A bot decides from what its seat saw: permuting the cards hidden from it changes nothing."""

from __future__ import annotations

import inspect
import random
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bench.sparring import choose_action
from game.engine import Match
from game.engine.cards import CODES
from tests.bots.conftest import BOTS_PROFILE
from tests.bots.positions import position, replayed


def seen_by(view: dict[str, Any], history: list[dict[str, Any]]) -> set[str]:
    """Every card code a seat has seen: its view and every public event."""
    seen = set(view["hand"]) | set(view.get("partner_hand") or [])
    for key in ("seventh_card", "trump_card"):
        if view[key]:
            seen.add(view[key])
    seen |= {e["card"] for e in history if e["type"] == "play"}
    return seen


def permuted(
    m: Match, seat: int, history: list[dict[str, Any]], rnd: random.Random
) -> list[tuple[Match, list[dict[str, Any]]]]:
    """Deals in which the cards hidden from ``seat`` moved to other places of the deck,
    keeping only those where the seat's view and the public events stay the same."""
    r = m.round
    assert r is not None
    view = m.view(seat)
    seen = seen_by(view, history)
    deck = [CODES[c] for c in r.deck]
    hidden = [i for i, code in enumerate(deck) if code not in seen]
    out = []
    for _ in range(40):
        other = list(deck)
        for _ in range(1 + int(rnd.random() * 4)):
            i, j = rnd.sample(hidden, 2) if len(hidden) >= 2 else (0, 0)
            other[i], other[j] = other[j], other[i]
        if other == deck:
            continue
        result = replayed(m, history, other)
        if result is None:
            continue
        match, events = result
        if match.round is not None and match.view(seat) == view and events == history:
            out.append(result)
    return out


@settings(BOTS_PROFILE)
@given(
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 48),
    level=st.sampled_from(
        ["random", "rule", "easy", "strong", "strong-v2", "strong-infer", "ismcts"]
    ),
)
def test_it_decides_the_same_when_hidden_cards_are_permuted(
    seed: int, steps: int, level: str
) -> None:
    found = position(seed, steps)
    assume(found is not None)
    assert found is not None
    m, history = found
    seat = m.turn()[0]
    others = permuted(m, seat, history, random.Random(seed))
    assume(others)
    expected = choose_action(
        m.rules, seat, m.view(seat), history, level=level, budget_s=0.01, seed=seed
    )
    for match, events in others[:3]:
        action = choose_action(
            m.rules, seat, match.view(seat), events, level=level, budget_s=0.01, seed=seed
        )
        assert action == expected


def test_it_takes_only_what_the_seat_may_see() -> None:
    """The interface has no way in for a Match: rules, seat, view, history and settings."""
    params = list(inspect.signature(choose_action).parameters)
    assert params == ["rules", "seat", "view", "history", "level", "budget_s", "seed"]
    found = position(3, 10)
    assert found is not None
    m, history = found
    seat = m.turn()[0]
    try:
        choose_action(m.rules, seat, m, history)  # type: ignore[arg-type]
    except ValueError as error:
        assert "view" in str(error)
    else:
        raise AssertionError("a Match was taken for a view")


def test_it_imports_nothing_beyond_the_engine() -> None:
    """The bot package cannot reach a stored game: it imports only the engine and itself."""
    import ast
    from pathlib import Path

    package = Path(__file__).resolve().parents[2] / "game" / "bots"
    for path in package.rglob("*.py"):
        if "solver" in path.parts:
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                if name.startswith("game."):
                    assert name.startswith(("game.bots", "game.engine")), (path, name)
                assert not name.startswith(("django", "channels", "accounts")), (path, name)
