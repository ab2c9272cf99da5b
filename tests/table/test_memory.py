"""What the process remembers about games is forgotten with them (``game.table.memory``)."""

from __future__ import annotations

from game.models import Game
from game.table import memory
from game.table.seats import DealHistories
from game.table.seen import SeenVersions

START = [{"type": "deal", "dealer": 0}]


def test_a_forgotten_game_can_be_started_again_and_others_are_kept() -> None:
    seen, histories = SeenVersions(), DealHistories()
    for game_id in (7, 8):
        seen.add((game_id, 3))
        histories.keep(game_id, 3, START)
    memory.forget(7)
    assert (7, 3) not in seen and histories.get(7, 3) is None
    assert (8, 3) in seen and histories.get(8, 3) == START
    memory.forget()
    assert (8, 3) not in seen and histories.get(8, 3) is None


def test_a_deleted_game_is_forgotten(game: Game) -> None:
    seen, game_id = SeenVersions(), game.pk
    seen.add((game_id, 1))
    seen.add((game_id + 1, 1))
    game.delete()  # committed at once: the receiver runs
    assert (game_id, 1) not in seen
    assert (game_id + 1, 1) in seen
