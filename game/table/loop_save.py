"""A player's action, and the next deal, saved from the event loop without a hop to the
database thread.

On PostgreSQL an action on a version this process holds is saved by one guarded
statement (``game.table.actionlog.advance_logged``), and so is the automatic next deal
(``deal_logged``: only while the game still sits at the version that
made the deal due). Sending that statement through
Channels' database thread cost more CPU than the statement itself: the hop
(``database_sync_to_async``: a future, a thread wake-up and a wake-up back),
borrowing and returning a pooled connection, and Django's cursor. Here the
event loop sends it on its own asynchronous psycopg connection (one per event
loop, i.e. per server process; concurrent actions take turns on it), as a
prepared statement. The statement is the same, so the database stays the
authority: it moves the game only from the version the action was made
against, with the actor still in their seat, and writes the log row with it.

Everything else takes the usual path through ``game.table.service`` in the database
thread: SQLite, an action this process cannot check in memory (it does not
hold the version, or refuses the action and lets the locked path name the
reason), an action that ends a deal (its record is written in the same
transaction), and an action whose guard found the row moved on.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import psycopg
from channels.db import database_sync_to_async
from django.db import connections

from game.table import actionlog, service, snapshot
from game.table.snapshot import Snapshot

log = logging.getLogger(__name__)

# One connection per event loop; a loop's lock makes its first users wait for one connect.
_connections: dict[asyncio.AbstractEventLoop, psycopg.AsyncConnection[Any]] = {}
_connecting: dict[asyncio.AbstractEventLoop, asyncio.Lock] = {}


async def apply_action(
    game_id: int, user_id: int, action: dict[str, Any], version: int
) -> Snapshot:
    """``service.apply_action`` for a socket: the same checks and result (a ``TableError``
    for a refusal), saved from the event loop when it can be."""
    known = snapshot.cached(game_id, version)
    move = service.plan_move(known, user_id, action) if known is not None else None
    if move is not None and not move.ends_deal and actionlog.one_statement():
        if await _advance_logged(move):
            return move.successor()
        move = None  # the row moved on (or the connection broke): the locked path says
    latest: Snapshot = await database_sync_to_async(service.apply_planned)(
        game_id, user_id, action, version, move
    )
    return latest


async def deal_next(game_id: int, expected_version: int) -> Snapshot | None:
    """``service.deal_next`` for the next deal's timer: the same result (None: someone
    else dealt, the game changed, or the deal is not due yet), saved from the event loop
    when this process holds the version (a deal annulled as it is dealt is saved in the
    database thread, with its record)."""
    known = snapshot.cached(game_id, expected_version)
    if known is None or known.match is None or not actionlog.one_statement():
        dealt: Snapshot | None = await database_sync_to_async(service.deal_next)(
            game_id, expected_version
        )
        return dealt
    deal = service.plan_deal(known)
    if deal is None:
        return None
    if deal.ends_deal:
        dealt = await database_sync_to_async(service.deal_next)(game_id, expected_version, deal)
        return dealt
    statement = actionlog.deal_logged(
        game_id, expected_version, deal.saved, deal.next_deal_at, deal.events
    )
    saved = await _run(*statement)
    if saved is None:  # the connection broke: the row says whether the deal was made
        dealt = await database_sync_to_async(service.deal_next)(game_id, expected_version, deal)
        return dealt
    return deal.successor() if saved else None


async def _advance_logged(move: service.Move) -> bool | None:
    known = move.known
    return await _run(
        *actionlog.advance_logged(
            known.game_id, known.version, move.seat, move.user_id, move.saved,
            move.next_deal_at, move.action, move.events,
        )
    )


async def _run(sql: str, values: list[Any]) -> bool | None:
    """Run one guarded statement on this loop's connection; whether it changed a row, or
    None when the connection failed (it is dropped; the next call opens a new one). The
    statement may then have been applied or not: the caller asks the locked path, which
    reads the row's version."""
    conn = None
    try:
        conn = await _connection()
        cursor = await conn.execute(sql, values)
    except psycopg.OperationalError:
        log.warning("The event loop's database connection failed", exc_info=True)
        if conn is not None:
            await _drop(conn)
        return None
    return cursor.rowcount == 1


async def _connection() -> psycopg.AsyncConnection[Any]:
    loop = asyncio.get_running_loop()
    conn = _connections.get(loop)
    if conn is not None and not conn.closed:
        return conn
    lock = _connecting.setdefault(loop, asyncio.Lock())
    async with lock:
        conn = _connections.get(loop)
        if conn is None or conn.closed:
            _forget_closed_loops()
            conn = _connections[loop] = await psycopg.AsyncConnection.connect(
                **_connection_params(), autocommit=True
            )
        return conn


def _connection_params() -> dict[str, Any]:
    """Django's own parameters for the default database (name, host, user, time zone
    adapters), without its synchronous cursor class and pool."""
    settings_dict = connections["default"].settings_dict
    params = connections["default"].get_connection_params()
    params.pop("cursor_factory", None)
    # Prepared at first use (parsed and planned once per connection), unless the database's
    # OPTIONS turn preparing off ("prepare_threshold": None, as a transaction-mode pooler
    # without prepared statements needs).
    options = settings_dict["OPTIONS"]
    if "prepare_threshold" not in options or options["prepare_threshold"] is not None:
        params["prepare_threshold"] = 0
    return dict(params)


async def _drop(conn: psycopg.AsyncConnection[Any]) -> None:
    """Close ``conn`` and forget it, if it is still this event loop's connection."""
    loop = asyncio.get_running_loop()
    if _connections.get(loop) is conn:
        del _connections[loop]
    try:
        await conn.close()
    except psycopg.Error:
        log.exception("Closing the event loop's database connection failed")


def _forget_closed_loops() -> None:
    """Close the connections of event loops that have ended (each test has its own loop)."""
    for loop in [loop for loop in _connections if loop.is_closed()]:
        _connections.pop(loop).pgconn.finish()
        _connecting.pop(loop, None)


async def close() -> None:
    """Close this event loop's connection, if it has one (the tests, between tests)."""
    conn = _connections.get(asyncio.get_running_loop())
    if conn is not None:
        await _drop(conn)
