"""How the site's Redis clients live through a restart of Redis.

A pooled connection that Redis closed (a restart, a failover, an idle timeout) is found dead
only when next used; redis-py then gives up at once unless told to retry. With these options
the command is sent again on a fresh connection, a few times over about a second, so a change
already saved is still announced to every socket instead of failing its sender with 1011.
"""

from __future__ import annotations

from typing import Any

from redis.asyncio.retry import Retry as AsyncRetry
from redis.backoff import ExponentialBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from redis.retry import Retry

RETRIES = 3
_ERRORS = [RedisConnectionError, RedisTimeoutError]


def _backoff() -> ExponentialBackoff:
    return ExponentialBackoff(cap=0.5, base=0.05)


def async_options() -> dict[str, Any]:
    """Connection-pool options for the channel layer (redis.asyncio)."""
    return {"retry": AsyncRetry(_backoff(), RETRIES), "retry_on_error": list(_ERRORS)}


def sync_options() -> dict[str, Any]:
    """Connection-pool options for Django's Redis cache (blocking redis-py)."""
    return {"retry": Retry(_backoff(), RETRIES), "retry_on_error": list(_ERRORS)}
