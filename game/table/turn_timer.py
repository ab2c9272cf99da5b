"""The turn timer: how long a person has for a decision, and what the table is told of it.

Table policy kept on the game row (``Game.turn_timer``: 0 for none, 30, 60 or 120 seconds,
or None for automatic: ``DEFAULT`` while two or more people sit at the table, none while
one plays alone with computer players, decided anew at every seating), not an engine rule:
the engine never waits on a clock. A person's time for one decision runs from the change
that began it (the row's ``turn_began``, the snapshot's ``since``: ``changes.turn_began``),
so every server process counts from the same instant. When it runs out the server plays
that one decision with the easy computer player's choice (``seat_changes.time_out``,
scheduled by ``game.table.turn_watch``); a second timeout in a row, or a person with no
socket open at the table when it runs out or ``TURN_AWAY_AFTER`` seconds into their turn,
hands the seat to a ``STAND_IN`` computer player until they are back. Computer players are
never timed, so a table of four computer players has no timer whatever the option says.
Every length here is multiplied by ``TURN_TIMER_SCALE`` (1 in production; the tests make a
minute last a second).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from typing import Any

from django.conf import settings

from game.table import cache
from game.table.seats import Seating
from game.table.snapshot import Snapshot

CHOICES = (0, 30, 60, 120)
# What the host form offers first: a minute is what card sites give a decision, long enough
# for a considered call, short enough that three people do not wait on a fourth for long.
DEFAULT = 60
TIMEOUT = "timeout"
# The computer player that plays a timed-out decision, and the one that takes the seat.
CHOOSER = "easy"
STAND_IN = "strong"
# The countdown shows only in a decision's last seconds (the page counts down from here).
WARN_SECONDS = 15


def length(setting: int | None, people: int) -> int:
    """A person's seconds per decision (0: no timer) under the host's ``setting`` with this
    many people seated: automatic (None) times nobody who plays alone with computer players,
    so that a newcomer reading the rules is not hurried, and gives ``DEFAULT`` once a second
    person sits down (a guest by the link, a friend), who must not wait forever on the first."""
    if setting is not None:
        return setting
    return DEFAULT if people > 1 else 0


def people(holders: Iterable[tuple[int | None, str]]) -> int:
    """How many seats a person plays, of seats given as (user id, computer level): not one a
    computer player holds for them."""
    return sum(1 for user_id, computer in holders if user_id is not None and not computer)


def at_seating(setting: int | None, players: Seating) -> int:
    """``length`` for this seating."""
    return length(setting, people((p.user_id, p.computer) for p in players))


def turned_on(setting: int | None, before: Seating | None, after: Seating) -> bool:
    """Whether an automatic timer starts with this change of seats (the decision under way is
    then timed from now, not from when it began)."""
    return before is not None and not at_seating(setting, before) and bool(
        at_seating(setting, after))


def scaled(seconds: float) -> float:
    """A length of the table's clock in real seconds (``TURN_TIMER_SCALE``)."""
    return float(seconds) * settings.TURN_TIMER_SCALE


def ran_out(since: datetime, seconds: int, now: datetime) -> bool:
    """Whether a timer of ``seconds`` started at ``since`` has run out at ``now``."""
    return bool(seconds) and now >= since + timedelta(seconds=scaled(seconds))


def away_long(since: datetime, now: datetime) -> bool:
    """Whether a turn that began at ``since`` has lasted ``TURN_AWAY_AFTER`` seconds."""
    return now >= since + timedelta(seconds=scaled(settings.TURN_AWAY_AFTER))


def timed_seats(snapshot: Snapshot) -> list[int]:
    """The seats whose person must decide now (a computer player's seat is never timed, nor
    one that may only declare a marriage); none while the game has no timer."""
    match = snapshot.match
    if not snapshot.turn_timer or match is None or match.round is None:
        return []
    return [
        seat
        for seat in match.turn()
        if not snapshot.players[seat].computer
        and snapshot.players[seat].user_id is not None
        and _must_decide(cache.view_and_legal(snapshot, seat)[1])
    ]


def _must_decide(legal: list[dict[str, Any]]) -> bool:
    """A seat that may only declare a marriage need not: the table does not wait for it."""
    return any(action["type"] != "marriage" for action in legal)


def deadlines(
    snapshot: Snapshot, seats: list[int] | None = None
) -> tuple[float, float] | None:
    """Seconds from now until the timer runs out and until the person has been gone long
    enough to be handed over, or None when nobody is timed (``seats``: the timed seats, if
    known already)."""
    if snapshot.since is None or not (timed_seats(snapshot) if seats is None else seats):
        return None
    started = (datetime.now(UTC) - snapshot.since).total_seconds()
    return (
        scaled(snapshot.turn_timer) - started,
        scaled(settings.TURN_AWAY_AFTER) - started,
    )


def timer_message(snapshot: Snapshot) -> dict[str, Any] | None:
    """``table.timer`` of a state message: the timed seats, the whole time and the time left
    in seconds, and from how many seconds before the end the page shows the countdown;
    None when no timer runs."""
    seats = timed_seats(snapshot)
    left = deadlines(snapshot, seats)
    if left is None:
        return None
    return {
        "seats": seats,
        "seconds": round(scaled(snapshot.turn_timer), 2),
        "ends_in": round(max(0.0, left[0]), 2),
        "warn": round(scaled(WARN_SECONDS), 2),
    }
