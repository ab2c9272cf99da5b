"""Routine questions passed for a person who skips them (``User.skip_questions``): the server
passes at once on "no Double", "no Redouble" and "no Single Hand", through the same guarded
write as any action, logged as automatic; never for a person who decides them, never on a
real decision (a bid, trump), never against a version that has moved on; and at once for a
question already waiting when the person turns the preference on.
"""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async

from accounts import preferences
from accounts.models import User
from game.engine import Match
from game.models import Game, GameAction
from game.table import routine, service
from game.table.wire import saved_match
from tests.table.conftest import Open, settle
from tests.table.stages import match_in


def stage(game: Game, phase: str) -> Match:
    """A deal of the house rules walked to ``phase`` (``tests.table.stages``), saved as the
    game's state at version 10, every person at the table."""
    match = match_in(phase)
    Game.objects.filter(pk=game.pk).update(state=saved_match(match), version=10)
    game.seats.update(joined=True)
    return match


def skip(*people: User) -> None:
    User.objects.filter(pk__in=[p.pk for p in people]).update(skip_questions=True)


def test_it_passes_for_a_person_who_skips_the_double_question(
    game: Game, players: list[User]
) -> None:
    match = stage(game, "doubling")
    first, second = match.turn()  # both opponents of the bidder are asked
    skip(players[first])
    latest = service.pass_for_person(game.pk, 10)
    assert latest is not None and latest.version == 11
    name = players[first].first_name
    assert latest.events == [
        {"type": "auto_pass", "seat": first, "player": name},
        {"type": "pass", "seat": first, "question": "double"},
    ]
    row = GameAction.objects.get(game=game, seq=11)
    # Logged as the engine action it is (a deal's analysis replays it), made by the server.
    assert (row.seat, row.action, row.actor_id) == (first, {"type": "pass"}, None)
    assert latest.match is not None and latest.match.turn() == [second]
    # The partner decides for himself: nothing more is passed.
    assert service.pass_for_person(game.pk, 11) is None
    assert Game.objects.get(pk=game.pk).version == 11


def test_it_goes_through_the_version_guard(game: Game, players: list[User]) -> None:
    match = stage(game, "doubling")
    skip(*(players[seat] for seat in match.turn()))
    assert service.pass_for_person(game.pk, 9) is None  # a version the game has left
    assert Game.objects.get(pk=game.pk).version == 10
    assert not GameAction.objects.filter(game=game, seq=11).exists()
    assert service.pass_for_person(game.pk, 10) is not None
    assert service.pass_for_person(game.pk, 10) is None  # made once, however often seen
    assert Game.objects.get(pk=game.pk).version == 11


def test_it_never_passes_for_a_person_who_decides_the_questions(
    game: Game, players: list[User]
) -> None:
    match = stage(game, "doubling")
    skip(*(p for seat, p in enumerate(players) if seat not in match.turn()))
    assert service.pass_for_person(game.pk, 10) is None
    assert Game.objects.get(pk=game.pk).version == 10


@pytest.mark.parametrize("moment", ["bidding", "trump"])
def test_it_never_passes_on_a_real_decision(
    game: Game, players: list[User], moment: str
) -> None:
    stage(game, moment)
    skip(*players)
    assert service.pass_for_person(game.pk, 10) is None
    assert Game.objects.get(pk=game.pk).version == 10


def test_it_leaves_a_handed_over_seat_to_its_computer_player(
    game: Game, players: list[User]
) -> None:
    match = stage(game, "doubling")
    skip(*players)
    for seat in match.turn():
        game.seats.filter(number=seat).update(computer="easy")
    assert service.pass_for_person(game.pk, 10) is None


def test_it_passes_on_the_single_hand_question_too(game: Game, players: list[User]) -> None:
    match = stage(game, "single_hand")
    (seat,) = match.turn()
    skip(players[seat])
    latest = service.pass_for_person(game.pk, 10)
    assert latest is not None
    assert latest.events[1] == {"type": "pass", "seat": seat, "question": "single_hand"}


def test_turning_it_on_passes_a_question_that_waits(game: Game, players: list[User]) -> None:
    match = stage(game, "doubling")
    person = players[match.turn()[0]]
    preferences.save(person, {"skip_questions": "true"}, partial=True)
    saved = Game.objects.get(pk=game.pk)
    assert saved.version == 11
    assert GameAction.objects.get(game=game, seq=11).events[0]["type"] == "auto_pass"
    # Turning it off (or saving it again) passes nothing more.
    preferences.save(person, {"skip_questions": "true"}, partial=True)
    assert Game.objects.get(pk=game.pk).version == 11


async def test_at_the_table_both_skipping_opponents_pass_without_a_click(
    open_table: Open, players: list[User], game: Game
) -> None:
    match = await database_sync_to_async(stage)(game, "trump")
    (bidder,) = match.turn()
    opponents = [seat for seat in range(4) if seat % 2 != bidder % 2]
    await database_sync_to_async(skip)(*(players[seat] for seat in opponents))
    clients = [await open_table(user) for user in players]
    await settle(clients, 10)
    await clients[bidder].act(
        next(a for a in clients[bidder].state["legal"] if a["type"] == "trump")
    )
    # The trump is set (11), then each opponent's pass is made by the server (12, 13).
    watcher = clients[bidder]
    await watcher.state_at(13)
    passes: list[dict[str, Any]] = []
    for version in (12, 13):
        row = await GameAction.objects.aget(game=game, seq=version)
        passes.append(row.events[0])
        assert row.actor_id is None
    assert sorted(e["seat"] for e in passes) == opponents
    assert {e["type"] for e in passes} == {"auto_pass"}
    for client in clients:
        await client.close()


def test_only_a_pass_on_a_question_is_routine() -> None:
    assert not routine.is_routine_pass(match_in("bidding"), routine.PASS)  # a call to read
    asked = match_in("doubling")
    assert routine.is_routine_pass(asked, routine.PASS)
    assert not routine.is_routine_pass(asked, {"type": "double"})
