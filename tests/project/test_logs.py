"""Log lines carry time, level, logger and game; LOG_FORMAT=json prints one object a line."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import subprocess
import sys

from tests.live_site import ROOT
from twentynine.logs import GameFilter, JsonFormatter, TextFormatter, game_context

LOG_CODE = """
import logging
log = logging.getLogger("game.example")
log.warning("dealt %s", "again", extra={"game": 12})
try:
    1 / 0
except ZeroDivisionError:
    log.exception("failed")
"""


def run_logging(**env: str) -> list[str]:
    """The lines ``LOG_CODE`` prints inside Django with these settings."""
    full = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", LOG_CODE],
        cwd=ROOT, env={**full, **env}, capture_output=True, text=True, check=True,
    )
    return result.stderr.splitlines()


def test_text_lines_name_time_level_logger_and_game() -> None:
    lines = run_logging(LOG_FORMAT="text")
    assert re.fullmatch(
        r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z WARNING game\.example \[game 12\] dealt again",
        lines[0],
    ), lines
    assert "ERROR game.example failed" in lines[1]
    assert "ZeroDivisionError" in "\n".join(lines[2:])


def test_json_lines_are_one_object_each() -> None:
    first, second = (json.loads(line) for line in run_logging(LOG_FORMAT="json"))
    assert first["level"] == "WARNING"
    assert first["logger"] == "game.example"
    assert first["game"] == 12
    assert first["message"] == "dealt again"
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", first["time"])
    assert "game" not in second
    assert "ZeroDivisionError" in second["exception"]


def test_a_bad_format_stops_the_server_naming_the_variable() -> None:
    full = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    result = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env={**full, "LOG_FORMAT": "xml"},
        capture_output=True, text=True, check=False,
    )
    assert result.returncode != 0
    assert "LOG_FORMAT" in result.stderr


def test_a_socket_tags_every_line_of_its_task_with_its_game() -> None:
    def record() -> logging.LogRecord:
        entry = logging.LogRecord("game.x", logging.INFO, __file__, 1, "moved", (), None)
        GameFilter().filter(entry)
        return entry

    async def socket(game: int) -> tuple[str, str]:
        game_context(game)
        await asyncio.sleep(0)
        return TextFormatter().format(record()), JsonFormatter().format(record())

    async def two_sockets() -> list[tuple[str, str]]:
        return await asyncio.gather(socket(3), socket(4))

    (text_3, json_3), (text_4, json_4) = asyncio.run(two_sockets())
    assert json.loads(json_3)["game"] == 3
    assert text_3.endswith("INFO game.x [game 3] moved")
    assert text_4.endswith("INFO game.x [game 4] moved")
    assert json.loads(json_4)["game"] == 4
    assert "game" not in json.loads(JsonFormatter().format(record()))


REFUSED_CODE = """
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseForbidden, HttpResponseServerError
from django.utils.log import log_response
for response in (HttpResponseForbidden(), HttpResponseServerError()):
    try:
        raise PermissionDenied("not your game")
    except PermissionDenied as refused:
        log_response("Refused: %s", "/table/9/", response=response, exception=refused)
"""


def test_a_refused_request_is_one_line_without_a_traceback() -> None:
    """Django logs a 403 with the PermissionDenied that made it: one line, no traceback (a
    500 keeps its traceback)."""
    full = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", REFUSED_CODE],
        cwd=ROOT, env={**full, "LOG_FORMAT": "text"}, capture_output=True, text=True, check=True,
    )
    lines = result.stderr.splitlines()
    assert "WARNING django.request Refused: /table/9/" in lines[0]
    assert "ERROR django.request Refused: /table/9/" in lines[1], lines
    assert "Traceback" in "\n".join(lines[2:])
