"""The two statements that save a table action, in plain SQL (the ORM's query building cost
more CPU than the database did): the guarded ``UPDATE`` of the game row and the ``INSERT`` of
its action-log row. ``advance`` and ``append`` run inside a transaction, their values put
through each model field's own conversion, so SQLite and PostgreSQL get what the ORM would
send. On PostgreSQL, ``advance_logged`` is both as one statement (its own transaction: one
round trip instead of BEGIN, UPDATE, INSERT, COMMIT), and ``deal_logged`` the automatic next
deal likewise, with values as psycopg takes them (``_jsonb``); ``run_guarded`` runs either
here, and ``game.table.loop_save`` from the event loop.
"""

from __future__ import annotations

from datetime import datetime
from functools import cache
from typing import Any

import orjson
from django.db import connection
from django.utils import timezone
from psycopg.types.json import Jsonb

from game.models import Game, GameAction


def _guarded_update_sql(guard: str) -> str:
    """The ``UPDATE`` that moves the game row to its next version, only from the version
    the change was made against and only if ``guard`` (more SQL conditions) holds too."""
    game = connection.ops.quote_name(Game._meta.db_table)
    return (
        f"UPDATE {game} SET state = %s, version = %s, next_deal_at = %s, updated = %s "
        f"WHERE id = %s AND version = %s AND {guard}"
    )


def _moved_then_logged_sql(guard: str, seat_and_actor: str) -> str:
    """``_guarded_update_sql`` and, if the row moved, the ``INSERT`` of its log row, as one
    statement (PostgreSQL); ``seat_and_actor``: the log row's seat and actor columns."""
    log = connection.ops.quote_name(GameAction._meta.db_table)
    return (
        f"WITH moved AS ({_guarded_update_sql(guard)} RETURNING id) "
        f"INSERT INTO {log} (game_id, seq, seat, actor_id, action, events, created) "
        f"SELECT id, %s, {seat_and_actor}, %s, %s, %s FROM moved"
    )


@cache
def _update_sql(seat: int) -> str:
    return _guarded_update_sql(f"seat_{seat}_id = %s")


@cache
def _insert_sql() -> str:
    table = connection.ops.quote_name(GameAction._meta.db_table)
    return (
        f"INSERT INTO {table} (game_id, seq, seat, actor_id, action, events, created) "
        "VALUES (%s, %s, %s, %s, %s, %s, %s)"
    )


@cache
def _advance_logged_sql(seat: int) -> str:
    return _moved_then_logged_sql(f"seat_{seat}_id = %s", "%s, %s")


@cache
def _deal_logged_sql() -> str:
    return _moved_then_logged_sql("next_deal_at <= %s", "NULL, NULL")


def one_statement() -> bool:
    """Whether this database saves an action in one statement (``advance_logged``):
    PostgreSQL, whose ``WITH`` may hold an ``UPDATE``."""
    return bool(connection.vendor == "postgresql")


def _db(model: Any, name: str, value: Any) -> Any:
    return model._meta.get_field(name).get_db_prep_save(value, connection)


def _jsonb(value: Any) -> Jsonb:
    """A ``jsonb`` value for the PostgreSQL-only statements, encoded by orjson (the JSON
    field's own conversion encodes with the standard library, several times slower; the
    database stores the same ``jsonb`` either way). Times go to psycopg as they are:
    aware datetimes, as the fields' own conversion leaves them on PostgreSQL."""
    return Jsonb(value, dumps=orjson.dumps)


def _log_values(action: dict[str, Any], events: list[dict[str, Any]], now: datetime) -> list[Any]:
    """A log row's action, events and time, as the database stores them."""
    return [
        _db(GameAction, "action", action),
        _db(GameAction, "events", events),
        _db(GameAction, "created", now),
    ]


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
    values = [game_id, seq, seat, actor_id, *_log_values(action, events, timezone.now())]
    with connection.cursor() as cursor:
        cursor.execute(_insert_sql(), values)


def run_guarded(statement: tuple[str, list[Any]]) -> bool:
    """Run a guarded one-statement save (``advance_logged`` or ``deal_logged``) on this
    thread's connection, outside any transaction; whether the game moved. The statement is
    atomic: both rows are written or neither."""
    sql, values = statement
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
        return bool(cursor.rowcount == 1)


def advance_logged(
    game_id: int,
    version: int,
    seat: int,
    user_id: int,
    state: str,
    next_deal_at: datetime | None,
    action: dict[str, Any],
    events: list[dict[str, Any]],
) -> tuple[str, list[Any]]:
    """``advance`` and, if the game moved, ``append`` of its log row, as one statement
    (PostgreSQL only: ``one_statement``): its SQL and values, for any connection to run."""
    now = timezone.now()
    values = [
        state, version + 1, next_deal_at, now, game_id, version, user_id,
        version + 1, seat, user_id, _jsonb(action), _jsonb(events), now,
    ]
    return _advance_logged_sql(seat), values


def deal_logged(
    game_id: int,
    version: int,
    state: str,
    next_deal_at: datetime | None,
    events: list[dict[str, Any]],
) -> tuple[str, list[Any]]:
    """The automatic next deal as one statement (PostgreSQL), its SQL and values:
    the game moves from ``version`` to the next with the dealt ``state`` (and the next deal
    due at ``next_deal_at``, if any), if it is still at ``version`` with its deal due now,
    and the deal's log row is written with it."""
    now = timezone.now()
    values = [
        state, version + 1, next_deal_at, now, game_id, version, now,
        version + 1, _jsonb({"type": "deal"}), _jsonb(events), now,
    ]
    return _deal_logged_sql(), values
