"""Every change of who holds a seat writes a ``seated`` event with the name shown before and
after, so the history a page fills its log from can name each earlier line by who held the
seat then (a guest who took a computer player's seat mid-deal did not make its calls)."""

from __future__ import annotations

from typing import Any

from accounts.models import User
from game.invite import guests, join
from game.table import seat_changes, store
from game.table.seats import bot_name
from game.table.store import create_game


def _dealt(owner: User) -> int:
    """A game of the owner and three computer players with its first deal dealt."""
    game = create_game(owner, "Mid-deal", [owner, "easy", "easy", "easy"], joined=True)
    seat_changes.seats_changed(game.pk)
    assert store.current(game.pk).match is not None
    return game.pk


def _seated(game_id: int) -> list[dict[str, Any]]:
    version = store.current(game_id).version
    return [e for _, events in store.history(game_id, version) for e in events
            if e["type"] == "seated"]


def test_a_seat_taken_by_the_link_mid_deal_is_in_the_history(
    owner: User, friend: User
) -> None:
    game_id = _dealt(owner)
    seat_changes.take_seat_by_link(game_id, friend.pk, 1)
    assert _seated(game_id) == [{
        "type": "seated", "seat": 1, "name": "Farid", "computer": "",
        "was": bot_name(1), "was_computer": "easy",
    }]


def test_a_guest_removed_and_a_seat_handed_over_are_in_the_history(owner: User) -> None:
    game_id = _dealt(owner)
    game = store.game_with_seats(game_id)[0]
    join.join_guest(game, guests.clean_name("Mina"), 2)
    seat_changes.remove_guest(game_id, owner.pk, 2, "strong")
    seat_changes.hand_over(game_id, owner.pk, 0, "easy")
    assert [(e["seat"], e["was"], e["name"], e["computer"]) for e in _seated(game_id)] == [
        (2, bot_name(2), "Mina", ""),
        (2, "Mina", bot_name(2), "strong"),
        (0, "Olive", bot_name(0), "easy"),
    ]


def test_a_change_that_keeps_every_holder_writes_none(owner: User) -> None:
    game_id = _dealt(owner)
    before = store.current(game_id).players
    seat_changes.seats_changed(game_id, before)  # e.g. the host renamed the game
    assert _seated(game_id) == []
