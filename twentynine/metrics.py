"""Prometheus metrics of one server process, on an internal port (``METRICS_PORT``).

Every daphne process serves its own figures on ``METRICS_PORT`` (off when unset), an
address that is not published: in docker-compose, Prometheus on the same network scrapes
each replica (the name ``web`` resolves to all of them). The site's code calls the small
functions below; they only count, so they cost a few hundred nanoseconds.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from django.db import DatabaseError
from django.db.backends.signals import connection_created
from prometheus_client import REGISTRY, Counter, Gauge, Histogram, start_http_server
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector

# Latencies of a table: most actions take milliseconds, a starved process hundreds.
_FAST = (0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0)
# A bot's decision: from a millisecond (easy) to seconds (the searcher on a busy machine).
_THINKING = (0.001, 0.005, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0)

SOCKETS = Gauge("twentynine_sockets_open", "Table websockets open on this process.")
TABLES = Gauge("twentynine_tables_open", "Tables with a websocket open on this process.")
ACTIONS = Counter(
    "twentynine_actions", "Table actions applied by this process (computer players' included)."
)
ACTION_LATENCY = Histogram(
    "twentynine_action_latency_seconds",
    "From an action's arrival to its new version sent to the table's last socket here.",
    buckets=_FAST,
)
RESYNCS = Counter("twentynine_resyncs", "Full states sent to a socket that missed versions.")
LAYER_ERRORS = Counter(
    "twentynine_channel_layer_errors", "Failed sends or receives on the channel layer."
)
DATABASE_ERRORS = Counter("twentynine_database_errors", "Database calls that raised.")
BOT_DECISION = Histogram(
    "twentynine_bot_decision_seconds", "A computer player's thinking time.", buckets=_THINKING
)
BOT_TAKEOVERS = Counter(
    "twentynine_bot_turn_takeovers",
    "Computer players' turns taken over from a process whose lease ran out.",
)


def socket_opened() -> None:
    SOCKETS.inc()


def socket_closed() -> None:
    SOCKETS.dec()


def tables_open(count: int) -> None:
    TABLES.set(count)


# Actions applied here whose new version some of this process's sockets have yet to send:
# (game, version) -> [arrival time, sockets left]. A socket that closes first leaves its
# entry behind; the oldest entries go once there are too many.
_waiting: dict[tuple[int, int], list[float]] = {}
_WAITING_KEPT = 10_000


def action_applied(game: int, version: int, arrived: float, sockets: int) -> None:
    """An action that arrived at ``arrived`` (``time.perf_counter()``) made ``version``;
    ``sockets`` sockets of the game here will send it (see ``version_sent``)."""
    ACTIONS.inc()
    if sockets <= 0:
        ACTION_LATENCY.observe(time.perf_counter() - arrived)
        return
    if len(_waiting) >= _WAITING_KEPT:
        del _waiting[next(iter(_waiting))]
    _waiting[(game, version)] = [arrived, sockets]


def bot_moved() -> None:
    """A computer player's move applied by this process (counted with the actions)."""
    ACTIONS.inc()


def version_sent(game: int, version: int) -> None:
    """A socket sent ``version``: when it is the last one here, the action's latency is in."""
    entry = _waiting.get((game, version))
    if entry is None:
        return
    entry[1] -= 1
    if entry[1] <= 0:
        del _waiting[(game, version)]
        ACTION_LATENCY.observe(time.perf_counter() - entry[0])


def resynced() -> None:
    RESYNCS.inc()


def layer_error() -> None:
    LAYER_ERRORS.inc()


def database_error() -> None:
    DATABASE_ERRORS.inc()


def bot_decided(seconds: float) -> None:
    BOT_DECISION.observe(seconds)


def bot_turn_taken_over() -> None:
    BOT_TAKEOVERS.inc()


def count_database_errors(connection: Any, **_: Any) -> None:
    """``connection_created`` receiver: count every statement that raises on the connection."""
    if _count_errors not in connection.execute_wrappers:
        connection.execute_wrappers.append(_count_errors)


def _count_errors(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
    try:
        return execute(sql, params, many, context)
    except DatabaseError:
        DATABASE_ERRORS.inc()
        raise


class PoolCollector(Collector):
    """The PostgreSQL connection pool's own figures (psycopg-pool), read at each scrape."""

    def collect(self) -> Iterator[GaugeMetricFamily | CounterMetricFamily]:
        from django.db.backends.postgresql.base import DatabaseWrapper

        pools: dict[str, Any] = getattr(DatabaseWrapper, "_connection_pools", {})
        pool = pools.get("default")
        if pool is None:  # SQLite, or no database call yet
            return
        stats = pool.get_stats()
        yield GaugeMetricFamily(
            "twentynine_db_pool_connections", "Connections the pool holds.",
            value=stats.get("pool_size", 0),
        )
        yield GaugeMetricFamily(
            "twentynine_db_pool_available", "Idle connections in the pool.",
            value=stats.get("pool_available", 0),
        )
        yield GaugeMetricFamily(
            "twentynine_db_pool_waiting", "Requests waiting for a connection now.",
            value=stats.get("requests_waiting", 0),
        )
        yield CounterMetricFamily(
            "twentynine_db_pool_waits", "Requests that had to wait for a connection.",
            value=stats.get("requests_queued", 0),
        )
        yield CounterMetricFamily(
            "twentynine_db_pool_wait_seconds", "Time requests spent waiting for a connection.",
            value=stats.get("requests_wait_ms", 0) / 1000,
        )
        yield CounterMetricFamily(
            "twentynine_db_pool_errors", "Requests the pool failed (timeouts included).",
            value=stats.get("requests_errors", 0),
        )


_served = False


def serve(port: int, address: str) -> None:
    """Serve this process's metrics on ``address:port`` (once per process)."""
    global _served
    if _served:
        return
    REGISTRY.register(PoolCollector())
    connection_created.connect(count_database_errors)
    start_http_server(port, addr=address)
    _served = True
