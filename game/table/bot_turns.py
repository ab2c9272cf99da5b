"""Computer players take their turns: off the event loop, once per version, after a pause.

Whoever sees a snapshot of a table with computer players calls ``schedule_bot_turn``:
every socket when it is sent a state (a connect or a sync after a restart included), and
the runner itself after each bot move it applied, so bots keep playing while the people
are away. Each process runs at most one task per (game, version). The task takes the
deal's public events (kept in memory from version to version, read from the action log
when this process missed one), asks a worker process for the decision (a
``ProcessPoolExecutor`` started lazily, ``BOT_WORKERS`` processes, given only the rules,
the seat, its view and the events: the thinking never runs on the event loop nor holds
this process's GIL), waits until its pause has passed since the turn began (``pause``:
``BOT_DELAY`` at the host's pace, none for a pass that means nothing), and
applies the move through ``service.play_for_bot``, which does nothing unless the
game is still at that version. So however many sockets, processes or restarts saw the
turn, the bot moves exactly once; and only the process that claimed the turn first
thinks for it (``game.table.bot_claims``: the others wait for the claim's lease to end); a
table nobody watches pauses between deals (the next deal starts when a socket sees it
due) and resumes when someone opens it.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from channels.db import database_sync_to_async
from django.conf import settings

from game.table import cache
from game.table.bot_claims import Claim, claim_turn
from game.table.bot_worker import decide, warm_up
from game.table.broadcast import announce
from game.table.errors import TableError
from game.table.routine import is_routine_pass
from game.table.seats import DealHistories, bot_seats_in_turn, fallback_action
from game.table.seen import SeenVersions
from game.table.service import bot_history, play_for_bot
from game.table.snapshot import Snapshot
from twentynine import metrics

log = logging.getLogger(__name__)

# Seconds of thinking a bot is given per decision (the ``budget_s`` of game.bots).
THINKING_BUDGET_S = 0.4
# How long a decision may take, a worker's start included, before a safe move is made instead.
ANSWER_TIMEOUT_S = 60.0
# The pause before a computer player acts, as a multiple of ``BOT_DELAY``, by the host's pace.
PACE = {"quick": 0.4, "normal": 1.0, "slow": 2.5}

Key = tuple[int, int]
T = TypeVar("T")
_tasks: dict[Key, asyncio.Task[None]] = {}
_handled = SeenVersions()
_pool: ProcessPoolExecutor | None = None
_histories = DealHistories()


def schedule_bot_turn(latest: Snapshot) -> None:
    """Start a computer player's move for this version if one may act (once per process)."""
    if latest.match is None or not any(latest.bots):
        return
    key = (latest.game_id, latest.version)
    if key in _tasks or key in _handled:
        return
    _handled.add(key)
    _histories.follow(latest)
    seats = bot_seats_in_turn(latest.match, latest.bots)
    if not seats:
        return
    task = asyncio.get_running_loop().create_task(_take_turn(latest, seats))
    _tasks[key] = task
    task.add_done_callback(lambda _: _tasks.pop(key, None))


def history_kept(game_id: int, version: int) -> list[dict[str, Any]] | None:
    """The deal's public events at this version as this process keeps them, if it does."""
    return _histories.get(game_id, version)


async def _take_turn(latest: Snapshot, seats: list[int]) -> None:
    began = asyncio.get_running_loop().time()
    try:
        if not await _claimed(latest.game_id, latest.version):
            return
        log.info("Thinking for game %s at version %s", latest.game_id, latest.version)
        await _move(latest, seats, began)
    except TableError:  # the game was deleted
        return
    except Exception:
        # Forget this turn so that the next socket to connect or sync tries it again.
        _handled.forget((latest.game_id, latest.version))
        log.exception("A computer player's move in game %s failed", latest.game_id)


async def _claimed(game_id: int, version: int) -> bool:
    """Wait until this process holds the turn (``game.table.bot_claims``); False once the game has
    moved past it, e.g. because another process made the move."""
    lease = settings.BOT_TURN_LEASE
    waited = False
    while True:
        claim: Claim = await database_sync_to_async(claim_turn)(game_id, version, lease)
        if claim != "held":
            if claim == "taken" and waited:  # another process's lease ran out
                metrics.bot_turn_taken_over()
            return claim == "taken"
        waited = True
        await asyncio.sleep(lease)


async def _move(latest: Snapshot, seats: list[int], began: float) -> None:
    """Decide for the first bot in turn that acts (a bot may decline an optional marriage;
    then the next one, or the person in turn, acts), wait for the pause (counted from
    ``began``), apply once."""
    assert latest.match is not None
    history = await _history(latest)
    chosen: tuple[int, dict[str, Any]] | None = None
    for seat in seats:
        action = await _decide(latest, seat, history)
        if action is not None:
            chosen = seat, action
            break
    if chosen is None:
        if set(latest.match.turn()) - set(seats):
            return  # a person in turn acts next
        first = seats[0]
        chosen = first, fallback_action(cache.view_and_legal(latest, first)[1])
        log.warning("Every computer player in turn declined in game %s", latest.game_id)
    seat, action = chosen
    due = began + pause(latest, action)
    await asyncio.sleep(max(0.0, due - asyncio.get_running_loop().time()))
    moved = await database_sync_to_async(play_for_bot)(
        latest.game_id, seat, latest.bots[seat], action, latest.version
    )
    if moved is not None:
        metrics.bot_moved()
        await announce(moved)
        schedule_bot_turn(moved)


async def _history(latest: Snapshot) -> list[dict[str, Any]]:
    """The deal's public events at this version: kept in memory, else read from the log."""
    history = _histories.get(latest.game_id, latest.version)
    if history is None:
        history = await database_sync_to_async(bot_history)(latest.game_id, latest.version)
        _histories.keep(latest.game_id, latest.version, history)
    return history


async def choose(latest: Snapshot, seat: int, level: str) -> dict[str, Any]:
    """What a computer player of ``level`` would do in ``seat`` now (any seat, a person's
    included: the turn timer plays a timed-out decision with it); a legal action."""
    action = await _decide(latest, seat, await _history(latest), level)
    if action is None:  # it declines an optional declaration: the plain choice instead
        action = fallback_action(cache.view_and_legal(latest, seat)[1])
    return action


def pause(latest: Snapshot, action: dict[str, Any]) -> float:
    """Seconds a computer player waits before this action: none for a pass that means
    nothing (declining a Double, a Redouble or a Single Hand), else ``BOT_DELAY`` at the
    host's pace. A pass in the auction is a call the table reads, so it keeps its pause."""
    assert latest.match is not None
    if is_routine_pass(latest.match, action):
        return 0.0
    return float(settings.BOT_DELAY) * PACE.get(latest.bot_pace, 1.0)


async def _decide(
    latest: Snapshot, seat: int, history: list[dict[str, Any]], level: str | None = None
) -> dict[str, Any] | None:
    """The bot's answer from a worker process; a safe legal action if it fails or errs
    (``level``: the seat's own computer player unless given)."""
    assert latest.match is not None
    view, legal = cache.view_and_legal(latest, seat)
    assert view is not None
    level = level or latest.bots[seat]
    try:
        started = time.perf_counter()
        future = _executor().submit(
            decide, latest.match.rules, seat, view, history, level, THINKING_BUDGET_S
        )
        action = await asyncio.wait_for(asyncio.wrap_future(future), ANSWER_TIMEOUT_S)
        metrics.bot_decided(time.perf_counter() - started)
    except BrokenProcessPool:
        log.exception("The computer players' worker died; starting a new one")
        _shut_down()
        return fallback_action(legal)
    except Exception:
        log.exception("A computer player failed to decide in game %s", latest.game_id)
        return fallback_action(legal)
    if action is None and all(a["type"] == "marriage" for a in legal):
        return None
    if action not in legal:
        log.error("A computer player chose %r, not a legal action, in game %s",
                  action, latest.game_id)
        return fallback_action(legal)
    return dict(action)


async def in_worker(fn: Callable[..., T], *args: Any) -> T:
    """Run ``fn(*args)`` in this process's bot workers (the pool the moves use: a hint or one
    decision of a deal's analysis waits its turn with them); a broken pool is restarted
    and the error raised."""
    try:
        future = _executor().submit(fn, *args)
        return await asyncio.wait_for(asyncio.wrap_future(future), ANSWER_TIMEOUT_S)
    except BrokenProcessPool:
        log.exception("The computer players' worker died; starting a new one")
        _shut_down()
        raise


def _executor() -> ProcessPoolExecutor:
    """This process's pool of bot workers, started at the first decision (spawned, not
    forked: the serving process runs threads)."""
    global _pool
    if _pool is None:
        _pool = ProcessPoolExecutor(
            max_workers=settings.BOT_WORKERS,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=warm_up,
        )
    return _pool


def _shut_down() -> None:
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None
