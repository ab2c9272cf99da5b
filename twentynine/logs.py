"""Log lines with time, level, logger and the game they concern; JSON lines on request.

``LOG_FORMAT=text`` (the default) prints ``2026-11-24T10:31:02Z WARNING game.x [game 12]
message``; ``LOG_FORMAT=json`` prints one JSON object a line (``time``, ``level``,
``logger``, ``message``, ``game`` when known, ``exception`` with the traceback), for a log
collector. The game id comes from ``extra={"game": id}`` on the call or, for everything a
table's socket logs, from ``game_context`` (set once when the socket opens).
"""

from __future__ import annotations

import json
import logging
import time
from contextvars import ContextVar
from typing import Any

# The game the current task works for (a table socket sets it when it opens).
current_game: ContextVar[int | None] = ContextVar("twentynine_game", default=None)


def game_context(game_id: int | None) -> None:
    """Tag every later line logged by this task (and the tasks it starts) with the game."""
    current_game.set(game_id)


class GameFilter(logging.Filter):
    """Gives every record a ``game`` attribute: the call's own, else the task's game."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "game", None) is None:
            record.game = current_game.get()
        return True


class RefusalFilter(logging.Filter):
    """A request answered with a 4xx (a 403 for a page someone may not see, a 404) is one
    line: Django logs it with the exception that refused it, which is no fault to trace."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.name.startswith("django.") and 400 <= getattr(record, "status_code", 0) < 500:
            record.exc_info = None
            record.exc_text = None
        return True


def _utc(record: logging.LogRecord) -> str:
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
    return f"{stamp}.{int(record.msecs):03d}Z"


class TextFormatter(logging.Formatter):
    """``time level logger [game N] message`` and the traceback, if any."""

    def format(self, record: logging.LogRecord) -> str:
        game = getattr(record, "game", None)
        where = f" [game {game}]" if game is not None else ""
        line = f"{_utc(record)} {record.levelname} {record.name}{where} {record.getMessage()}"
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return line


class JsonFormatter(logging.Formatter):
    """One JSON object a line."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": _utc(record),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        game = getattr(record, "game", None)
        if game is not None:
            entry["game"] = game
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


def logging_config(level: str, fmt: str, debug: bool) -> dict[str, Any]:
    """The LOGGING setting: one console handler on the root, in the chosen format."""
    formatter = JsonFormatter if fmt == "json" else TextFormatter
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"game": {"()": GameFilter}, "refusals": {"()": RefusalFilter}},
        "formatters": {"site": {"()": formatter}},
        "handlers": {
            "console": {
                "class": "logging.StreamHandler",
                "filters": ["game", "refusals"],
                "formatter": "site",
            }
        },
        "root": {"handlers": ["console"], "level": level},
        # Django's defaults give "django" a console handler of its own, so every line it
        # logged reached the console twice (there and through the root). Its lines go to the
        # root only; under DEBUG that includes the development server's request lines (INFO).
        "loggers": {"django": {"handlers": [], "level": "INFO" if debug else level}},
    }
