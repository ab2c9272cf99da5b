"""Health checks for load balancers and docker-compose, answered before any other middleware.

``/healthz`` (liveness): the process runs and answers, whatever the Host header (a probe
calls ``127.0.0.1``, which a production ``ALLOWED_HOSTS`` does not list), without touching
the database. ``/readyz`` (readiness): PostgreSQL (or SQLite) and Redis, when configured,
answer; 503 naming what failed otherwise. Both are plain text and never cached.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import redis
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse

log = logging.getLogger(__name__)

LIVE_PATH = "/healthz"
READY_PATH = "/readyz"


def _database_answers() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def _redis_answers() -> None:
    if settings.REDIS_URL:
        client = redis.Redis.from_url(
            settings.REDIS_URL, socket_timeout=2, socket_connect_timeout=2
        )
        try:
            client.ping()
        finally:
            client.close()


CHECKS: dict[str, Callable[[], None]] = {"database": _database_answers, "redis": _redis_answers}


def readiness() -> list[str]:
    """The names of the services that do not answer (empty when all do)."""
    failed = []
    for name, check in CHECKS.items():
        try:
            check()
        except Exception:
            log.exception("Readiness check failed: %s", name)
            failed.append(name)
    return failed


def _plain(text: str, status: int = 200) -> HttpResponse:
    response = HttpResponse(text, content_type="text/plain", status=status)
    response["Cache-Control"] = "no-store"
    return response


class HealthChecks:
    """Answers the two health paths; everything else goes on down the middleware chain."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path_info == LIVE_PATH:
            return _plain("ok")
        if request.path_info == READY_PATH:
            failed = readiness()
            if failed:
                return _plain("unavailable: " + ", ".join(failed), status=503)
            return _plain("ok")
        return self.get_response(request)
