"""Computer players in seats: which seats a bot holds, at what level, and what they are called.

``Game.bots`` holds one level per seat (``""`` or missing: a person's seat). A seat
with a level is played by a computer player named after its place ("Robo-North").
When a person is also seated there, the host has handed their seat over: the bot
plays, the person watches from their seat and may not act until the host gives the
seat back. Nothing here touches the database; ``game.table.bot_services`` makes the changes.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import Any, Protocol

from game.models import Game

LEVELS = ("easy", "strong")
LEVEL_LABELS = {"easy": "easy", "strong": "strong"}
# Seat 0 is drawn at the bottom of its own screen, the next seat to its right (play goes
# counter-clockwise by default), its partner opposite.
PLACES = ("South", "East", "North", "West")
HANDOVER = "handover"
# Events the server adds to the log that no engine call returned: never shown to bots.
NOT_FROM_THE_ENGINE = frozenset({HANDOVER, "reset"})
# Games whose deal history a process keeps in memory.
HISTORIES_KEPT = 1024


def bot_name(seat: int) -> str:
    """The shown name of the computer player in a seat, e.g. ``Robo-South`` for seat 0."""
    return f"Robo-{PLACES[seat]}"


def levels(bots: Sequence[Any] | None) -> tuple[str, str, str, str]:
    """The four seats' levels from a saved ``Game.bots`` value ("" for a person's seat)."""
    saved = list(bots or [])
    out = [str(saved[s]) if s < len(saved) and saved[s] in LEVELS else "" for s in range(4)]
    return out[0], out[1], out[2], out[3]


def level_of(game: Game, seat: int) -> str:
    """The level of the computer player holding this seat, "" when a person plays it."""
    return levels(game.bots)[seat]


def with_level(bots: Sequence[Any] | None, seat: int, level: str) -> list[str]:
    """``Game.bots`` with one seat's level changed ("" gives the seat back to people)."""
    changed = list(levels(bots))
    changed[seat] = level
    return changed


def is_replaced(game: Game, user_id: int) -> bool:
    """True when this user is seated but the host handed their seat to a computer player."""
    seat = game.seat_of(user_id)
    return seat is not None and level_of(game, seat) != ""


def all_present(game: Game) -> bool:
    """Every seat is held by a computer player or by a person who has opened the table."""
    bots = levels(game.bots)
    return all(
        bots[seat] or (user_id is not None and user_id in game.joined)
        for seat, user_id in enumerate(game.seat_ids)
    )


def bot_seats_in_turn(match: Any, bots: Sequence[str]) -> list[int]:
    """The seats a computer player holds that may act now (a ``Match``; none between deals)."""
    if match is None:
        return []
    return [seat for seat in match.turn() if bots[seat] and match.legal_actions(seat)]


def fallback_action(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A safe legal action when a bot failed to answer: pass if it may, else the first card or
    call that is not an optional declaration (so the table never waits on a broken bot)."""
    for kind in ("pass", "play"):
        for action in legal:
            if action["type"] == kind:
                return action
    plain = [action for action in legal if action["type"] != "marriage"]
    return (plain or legal)[0]


def seat_plate(game: Game, seat: int) -> dict[str, Any]:
    """How a seat is shown outside the table (dashboard, host pages): the name, the computer
    player's level ("" for a person) and whose seat it holds. Reads ``game.seat_N``."""
    user = getattr(game, f"seat_{seat}")
    person = None if user is None else str(user.display_name)
    level = level_of(game, seat)
    if level:
        return {"seat": seat, "name": bot_name(seat), "level": level, "replaces": person}
    return {"seat": seat, "name": person, "level": "", "replaces": None}


def starts_deal(events: list[dict[str, Any]]) -> bool:
    """True when one change's events hold the start of a deal (its first packet)."""
    return any(e["type"] == "deal" and e.get("packet") == 1 for e in events)


def extend_history(
    history: list[dict[str, Any]], events: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The deal's public events after one more change: ``history`` plus the engine's events of
    the change, or from the start of a new deal when the change made one."""
    engine = [e for e in events if e["type"] not in NOT_FROM_THE_ENGINE]
    starts = [i for i, e in enumerate(engine) if e["type"] == "deal" and e.get("packet") == 1]
    if starts:
        return engine[starts[-1]:]
    return [*history, *engine] if engine else history


class _Version(Protocol):
    """One version of a game and the events of the change that made it (a ``Snapshot``)."""

    @property
    def game_id(self) -> int: ...

    @property
    def version(self) -> int: ...

    @property
    def events(self) -> list[dict[str, Any]]: ...


class DealHistories:
    """Each game's deal history at its latest version this process has seen, kept by
    following the versions one by one (a gap forgets it: the log is read again)."""

    def __init__(self) -> None:
        self._kept: OrderedDict[int, tuple[int, list[dict[str, Any]]]] = OrderedDict()

    def follow(self, latest: _Version) -> None:
        """Take the change that made ``latest`` into its game's history, if the one before
        is known (or the change starts a deal)."""
        known = self._kept.get(latest.game_id)
        if known is not None and known[0] == latest.version - 1:
            self.keep(latest.game_id, latest.version, extend_history(known[1], latest.events))
        elif starts_deal(latest.events):
            self.keep(latest.game_id, latest.version, extend_history([], latest.events))

    def get(self, game_id: int, version: int) -> list[dict[str, Any]] | None:
        """The history at exactly this version, if kept."""
        known = self._kept.get(game_id)
        return known[1] if known is not None and known[0] == version else None

    def keep(self, game_id: int, version: int, history: list[dict[str, Any]]) -> None:
        if game_id in self._kept and self._kept[game_id][0] > version:
            return
        self._kept[game_id] = (version, history)
        self._kept.move_to_end(game_id)
        while len(self._kept) > HISTORIES_KEPT:
            self._kept.popitem(last=False)
