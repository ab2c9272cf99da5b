"""The two statements that save a table action, in plain SQL (the ORM's query building cost
more CPU than the database did): the guarded ``UPDATE`` of the game row and the ``INSERT`` of
its action-log row. Values go through each model field's own conversion, so SQLite and
PostgreSQL (``jsonb``, time zones) get what the ORM would send. Call inside a transaction.
"""

from __future__ import annotations

from datetime import datetime
from functools import cache
from typing import Any

from django.db import connection
from django.utils import timezone

from game.models import Game, GameAction


@cache
def _update_sql(seat: int) -> str:
    table = connection.ops.quote_name(Game._meta.db_table)
    return (
        f"UPDATE {table} SET state = %s, version = %s, next_deal_at = %s, updated = %s "
        f"WHERE id = %s AND version = %s AND seat_{seat}_id = %s"
    )


@cache
def _insert_sql() -> str:
    table = connection.ops.quote_name(GameAction._meta.db_table)
    return (
        f"INSERT INTO {table} (game_id, seq, seat, actor_id, action, events, created) "
        "VALUES (%s, %s, %s, %s, %s, %s, %s)"
    )


def _db(model: Any, name: str, value: Any) -> Any:
    return model._meta.get_field(name).get_db_prep_save(value, connection)


def advance(
    game_id: int,
    version: int,
    seat: int,
    user_id: int,
    state: str,
    next_deal_at: datetime | None,
) -> bool:
    """Move the game from ``version`` to ``version + 1`` with the new saved ``state``, if it is
    still at ``version`` and ``user_id`` still holds ``seat``; whether it moved."""
    now = _db(Game, "updated", timezone.now())
    due = _db(Game, "next_deal_at", next_deal_at)
    with connection.cursor() as cursor:
        cursor.execute(
            _update_sql(seat), [state, version + 1, due, now, game_id, version, user_id]
        )
        return bool(cursor.rowcount == 1)


def append(
    game_id: int,
    seq: int,
    seat: int | None,
    actor_id: int | None,
    action: dict[str, Any],
    events: list[dict[str, Any]],
) -> None:
    """The action-log row of version ``seq``."""
    values = [
        game_id,
        seq,
        seat,
        actor_id,
        _db(GameAction, "action", action),
        _db(GameAction, "events", events),
        _db(GameAction, "created", timezone.now()),
    ]
    with connection.cursor() as cursor:
        cursor.execute(_insert_sql(), values)
