"""Small typed readers for settings taken from the environment.

Each helper returns a default when the variable is unset and raises
``ImproperlyConfigured`` with the variable's name when its value is bad, so a
misconfigured server refuses to start instead of running with a surprise.
"""

import os
from urllib.parse import urlparse

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str) -> str:
    """The variable's text, or ``default`` when unset."""
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    """A yes/no variable: 1/true/yes/on or 0/false/no/off."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {raw!r}")


def env_int(name: str, default: int, minimum: int | None = None) -> int:
    """A whole-number variable, at least ``minimum`` when given."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {raw!r}") from None
    if minimum is not None and value < minimum:
        raise ImproperlyConfigured(f"{name} must be at least {minimum}, not {value}")
    return value


def env_float(name: str, default: float, minimum: float = 0.0) -> float:
    """A number variable, at least ``minimum``."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a number, not {raw!r}") from None
    if value < minimum:
        raise ImproperlyConfigured(f"{name} must be at least {minimum}, not {value}")
    return value


def env_list(name: str, default: list[str]) -> list[str]:
    """A comma-separated list variable."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_choice(name: str, default: str, choices: tuple[str, ...]) -> str:
    """A variable that must be one of ``choices``."""
    value = os.environ.get(name, default)
    if value not in choices:
        allowed = ", ".join(choices)
        raise ImproperlyConfigured(f"{name} must be one of {allowed}, not {value!r}")
    return value


def env_url(name: str, schemes: tuple[str, ...]) -> str | None:
    """A URL variable whose scheme is one of ``schemes``, or None when unset."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return None
    parsed = urlparse(raw)
    if parsed.scheme not in schemes or not (parsed.hostname or parsed.path):
        allowed = ", ".join(f"{s}://" for s in schemes)
        raise ImproperlyConfigured(f"{name} must be a URL starting with {allowed}, not {raw!r}")
    return raw
