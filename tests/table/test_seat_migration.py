"""Seats became rows (migration game 0006): a game saved mid-trick under the old schema
(``seat_0``..``seat_3`` columns, ``bots`` and ``joined`` lists) resumes identically."""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from accounts.models import User
from game.engine import Match, Rules
from game.table import service, store
from game.table.wire import saved_match

BEFORE = [("game", "0005_bot_turn")]


def _migrate(targets: list[tuple[str, str]]) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor


def _mid_trick(seed: int) -> Match:
    """A match dealt and played at random until a trick has two cards on the table."""
    rng = random.Random(seed)
    match = Match(Rules(), dealer=1, seed=seed)
    match.deal()
    while True:
        view = match.view(None)
        if view["phase"] == "play" and len(view["trick"]) == 2:
            return match
        seat = next(s for s in range(4) if match.legal_actions(s))
        match.apply(seat, rng.choice(match.legal_actions(seat)))


@pytest.mark.django_db(transaction=True)
def test_it_resumes_a_game_saved_mid_trick_under_the_old_seat_columns() -> None:
    people = [
        User.objects.create_user(f"p{n}@example.com", "pw", first_name=name)
        for n, name in enumerate(("Asha", "Bilal", "Chitra"))
    ]
    old = _migrate(BEFORE).loader.project_state(BEFORE).apps
    match = _mid_trick(11)
    OldGame = old.get_model("game", "Game")
    saved = OldGame.objects.create(
        host_id=people[0].pk,
        name="Before the seat rows",
        rules=Rules().to_dict(),
        seat_0_id=people[0].pk,
        seat_1_id=people[1].pk,
        seat_2_id=None,
        seat_3_id=people[2].pk,
        bots=["", "", "easy", "strong"],
        joined=[people[0].pk, people[2].pk],
        state=saved_match(match),
        version=40,
    )
    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

    latest = store.current(saved.pk)
    assert [(p.user_id, p.computer, p.joined) for p in latest.players] == [
        (people[0].pk, "", True),
        (people[1].pk, "", False),
        (None, "easy", False),
        (people[2].pk, "strong", True),
    ]
    assert [p.name for p in latest.players] == ["Asha", "Bilal", "Charu", "Dipu"]
    assert latest.players[3].replaced and latest.players[3].person == "Chitra"
    assert latest.version == 40
    assert latest.match is not None and latest.match.to_data() == match.to_data()

    seat = next(s for s in range(4) if match.legal_actions(s))
    action = match.legal_actions(seat)[0]
    expected = match.apply(seat, action)
    holder = latest.players[seat]
    if holder.computer:
        moved = service.play_for_bot(saved.pk, seat, holder.computer, action, 40)
    else:
        assert holder.user_id is not None
        moved = service.act(saved.pk, holder.user_id, action, 40)
    assert moved is not None and moved.version == 41
    assert moved.events == expected
    assert store.current(saved.pk).match.to_data() == match.to_data()  # type: ignore[union-attr]
