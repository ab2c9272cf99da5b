"""The dashboard card's status line: whose turn it is, and once a match is over, who won it."""

from __future__ import annotations

from typing import Any

import pytest

from game.dashboard.summary import PHASES, _status

# The phases of a deal in progress (RULES.md, "A view has at least these keys").
ENGINE_PHASES = (
    "bidding", "trump", "doubling", "seventh_card", "single_hand", "single_hand_doubling", "play",
)


def shared(**changes: Any) -> dict[str, Any]:
    """A card's shared values mid-deal, with ``changes``."""
    values: dict[str, Any] = {
        "seats": ["Asha", "Bela", "Charu", "Dev"],
        "started": True,
        "turn": [1],
        "phase": "play",
        "waiting_for": [],
        "match": {"play_to": 1, "sets_won": [0, 0], "winner": None, "number": 1},
    }
    return {**values, **changes}


def test_it_says_whose_turn_it_is_and_what_they_are_doing() -> None:
    assert _status(shared(), mine=False) == "Turn: Bela (playing)"
    assert _status(shared(), mine=True) == "Your turn (playing)"


def test_it_says_who_won_a_match_that_is_over() -> None:
    over = {"play_to": 1, "sets_won": [0, 1], "winner": 1, "number": 1}
    card = shared(turn=[], phase="", match=over)
    assert _status(card, mine=False) == "Match over: Bela & Dev won, 1 set to 0"
    assert _status(card, mine=True) == "Match over: Bela & Dev won, 1 set to 0"
    three = {"play_to": 3, "sets_won": [3, 1], "winner": 0, "number": 2}
    assert _status(shared(turn=[], match=three), mine=False) == (
        "Match over: Asha & Charu won, 3 sets to 1"
    )


@pytest.mark.parametrize("phase", ENGINE_PHASES)
def test_it_says_what_a_player_is_doing_in_every_phase_of_a_deal(phase: str) -> None:
    """Every phase a view may name (RULES.md) but "deal" (between deals) has its words."""
    assert _status(shared(phase=phase), mine=False) != "Turn: Bela ()"
    assert PHASES.get(phase)
