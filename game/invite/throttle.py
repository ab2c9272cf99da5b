"""Per-client limits on joining by link: a fixed window counted in Django's cache.

The client is the request's address (daphne's ``--proxy-headers`` takes it from nginx's
X-Forwarded-For). In production (``REDIS_URL``) Django's cache is Redis, so every process
counts together; on the embedded defaults it is per process.
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

WINDOW_SECONDS = 600


def client(request: HttpRequest) -> str:
    """The address the limit counts against."""
    return str(request.META.get("REMOTE_ADDR") or "unknown")


def admit(request: HttpRequest, what: str = "join") -> bool:
    """Count one attempt of this client; False once it is over the limit for the window."""
    key = f"throttle:{what}:{client(request)}"
    cache.add(key, 0, WINDOW_SECONDS)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, WINDOW_SECONDS)
        count = 1
    return count <= int(settings.INVITE_JOINS_PER_WINDOW)
