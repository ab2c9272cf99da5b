"""The event loop's own asynchronous psycopg connection to the database (PostgreSQL).

``game.table.store.commit_from_loop`` sends a change's one statement on it, without a hop
to the database thread (the hop cost more CPU than the statement). One connection per
event loop, i.e. per server process; concurrent changes take turns on it; a broken one is
dropped and the next call opens a new one.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import psycopg
from django.db import connections

log = logging.getLogger(__name__)

_loop_connections: dict[asyncio.AbstractEventLoop, psycopg.AsyncConnection[Any]] = {}
_connecting: dict[asyncio.AbstractEventLoop, asyncio.Lock] = {}


async def get() -> psycopg.AsyncConnection[Any]:
    loop = asyncio.get_running_loop()
    conn = _loop_connections.get(loop)
    if conn is not None and not conn.closed:
        return conn
    lock = _connecting.setdefault(loop, asyncio.Lock())
    async with lock:
        conn = _loop_connections.get(loop)
        if conn is None or conn.closed:
            _forget_closed_loops()
            conn = _loop_connections[loop] = await psycopg.AsyncConnection.connect(
                **_connection_params(), autocommit=True
            )
        return conn


def _connection_params() -> dict[str, Any]:
    """Django's own parameters for the default database (name, host, user, time zone
    adapters), without its synchronous cursor class and pool; statements prepared at first
    use unless OPTIONS turn preparing off (``"prepare_threshold": None``, as a
    transaction-mode pooler needs)."""
    settings_dict = connections["default"].settings_dict
    params = connections["default"].get_connection_params()
    params.pop("cursor_factory", None)
    options = settings_dict["OPTIONS"]
    if "prepare_threshold" not in options or options["prepare_threshold"] is not None:
        params["prepare_threshold"] = 0
    return dict(params)


async def drop(conn: psycopg.AsyncConnection[Any]) -> None:
    loop = asyncio.get_running_loop()
    if _loop_connections.get(loop) is conn:
        del _loop_connections[loop]
    try:
        await conn.close()
    except psycopg.Error:
        log.exception("Closing the event loop's database connection failed")


def _forget_closed_loops() -> None:
    """Close the connections of event loops that have ended (each test has its own loop)."""
    for loop in [loop for loop in _loop_connections if loop.is_closed()]:
        _loop_connections.pop(loop).pgconn.finish()
        _connecting.pop(loop, None)


async def close() -> None:
    """Close this event loop's connection, if it has one (the tests, between tests)."""
    conn = _loop_connections.get(asyncio.get_running_loop())
    if conn is not None:
        await drop(conn)
