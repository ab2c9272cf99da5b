"""The four seats of a table as values: who holds each, and what a seat is called.

A seat is held by a person (``user_id``), a computer player (``computer``, its level),
both (the host handed the person's seat over: the computer player plays, the person
watches from the seat and may not act until the seat is given back), or nobody yet.
A computer player has a short name of its seat's own (seat 1 Anu, 2 Bela, 3 Charu, 4 Dipu):
a place such as "North" would name where it sits on one player's screen and not on the
others'. Nothing here touches the database: ``game.table.store`` reads and writes the seat rows.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Protocol

from game.table import memory
from game.table.events import is_deal_start, starts_deal
from game.table.routine import AUTO_PASS

LEVELS = ("easy", "strong")
LEVEL_LABELS = {"easy": "easy", "strong": "strong"}
SEATS = range(4)
# The computer players' names, seat by seat: short (whole on a phone's name plate), one
# initial each in seat order, the same on every screen whichever seat it is drawn at.
BOT_NAMES = ("Anu", "Bela", "Charu", "Dipu")
HANDOVER = "handover"
# Events the server adds to the log that no engine call returned: never shown to bots.
# A seat's shown holder changed (``seated_events``).
SEATED = "seated"
NOT_FROM_THE_ENGINE = frozenset(
    {HANDOVER, SEATED, "reset", "timeout", "match_end", "rematch", AUTO_PASS}
)
# Games whose deal history a process keeps in memory.
HISTORIES_KEPT = 1024


def bot_name(seat: int) -> str:
    """The shown name of the computer player in a seat, e.g. ``Anu`` for seat 0."""
    return BOT_NAMES[seat]


@dataclass(frozen=True)
class Player:
    """Who holds one seat: a person (their user id and shown name), a computer player
    (its level), both (a handed-over seat) or nobody; ``joined``: the person has opened
    the table; ``link_open``: the host offers the seat to the invite link's visitors; ``auto``:
    the server, not the host, handed it over; ``guest``: the person came by the game's invite
    link with only a name (the host may remove them)."""

    number: int
    user_id: int | None = None
    person: str | None = None
    computer: str = ""
    joined: bool = False
    link_open: bool = True
    # The server handed the seat over (time ran out, or the person was gone): the person
    # takes it back by acting.
    auto: bool = False
    guest: bool = False

    @property
    def open_to_link(self) -> bool:
        """A visitor of the host's invite link may take this seat: no person holds it and the
        host has not closed it to the link (a computer player there gives way)."""
        return self.user_id is None and self.link_open

    @property
    def name(self) -> str | None:
        """The name the table shows: the computer player's while one holds the seat."""
        return bot_name(self.number) if self.computer else self.person

    @property
    def replaced(self) -> bool:
        """A person is seated here but a computer player holds the seat for now."""
        return bool(self.computer) and self.user_id is not None

    @property
    def present(self) -> bool:
        """The seat can play: a computer player holds it, or its person opened the table."""
        return bool(self.computer) or (self.user_id is not None and self.joined)

    def message(self) -> dict[str, Any]:
        """This seat's entry in a state message's ``table.players``."""
        return {
            "seat": self.number,
            "name": self.name,
            "user_id": None if self.computer else self.user_id,
            "computer": self.computer or None,
            "replaces": self.person if self.computer else None,
            "auto": self.auto and self.replaced,
            "guest": self.guest,
        }

    def plate(self) -> dict[str, Any]:
        """How the seat is shown outside the table (dashboard, host pages): the name, the
        computer player's level ("" for a person) and whose seat it holds."""
        if self.computer:
            return {"seat": self.number, "name": self.name, "level": self.computer,
                    "replaces": self.person}
        return {"seat": self.number, "name": self.person, "level": "", "replaces": None}


Seating = tuple[Player, ...]


def empty_seating() -> Seating:
    """Four empty seats."""
    return tuple(Player(number) for number in SEATS)


def seated_events(before: Seating, after: Seating) -> list[dict[str, Any]]:
    """One ``seated`` event for each seat whose shown holder changed (its name, or a
    computer player's level): a page that fills its log from the stored history names each
    earlier line by who held the seat then, undoing these from the names of today."""
    return [
        {"type": SEATED, "seat": now.number, "name": now.name, "computer": now.computer,
         "was": then.name, "was_computer": then.computer}
        for then, now in zip(before, after, strict=True)
        if (then.name, then.computer) != (now.name, now.computer)
    ]


def reseated(events: list[dict[str, Any]]) -> set[int]:
    """The seats a change gave to someone else, by its events (``seated``, ``handover``): each
    such seat begins a new turn timer and a new run of timeouts."""
    return {
        event["seat"] for event in events
        if event.get("type") in (SEATED, HANDOVER) and isinstance(event.get("seat"), int)
    }


def seat_of(seating: Seating, user_id: int) -> int | None:
    """The seat this user holds, or None."""
    for player in seating:
        if player.user_id == user_id:
            return player.number
    return None


def all_present(seating: Seating) -> bool:
    """Every seat is held by a computer player or by a person who has opened the table."""
    return all(player.present for player in seating)


def levels(seating: Seating) -> tuple[str, ...]:
    """Each seat's computer player level, "" for a person's seat."""
    return tuple(player.computer for player in seating)


def bot_seats_in_turn(match: Any, bots: tuple[str, ...]) -> list[int]:
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


def extend_history(
    history: list[dict[str, Any]], events: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The deal's public events after one more change: ``history`` plus the engine's events of
    the change, or from the start of a new deal when the change made one."""
    engine = [e for e in events if e["type"] not in NOT_FROM_THE_ENGINE]
    starts = [i for i, e in enumerate(engine) if is_deal_start(e)]
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
        memory.kept(self.forget_game)

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

    def forget_game(self, game_id: int | None) -> None:
        """Forget this game's history (every game's: ``None``)."""
        if game_id is None:
            self._kept.clear()
        else:
            self._kept.pop(game_id, None)
