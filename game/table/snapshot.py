"""One version of a live table as the sockets see it, and the state message built for each viewer.

A ``Snapshot`` holds what every socket of a game needs to describe one version:
the seats, the options, the parsed ``Match`` and the events of the change that
produced it. Snapshots are immutable and shared: each process keeps the latest
ones in a small cache keyed by (game id, version), so the sockets of a table
build their views from one parsed match per change, and the next action starts
from a copy of it. A snapshot travels to the other processes inside the group
message (``wire`` / ``from_wire``), so they parse it once each and never query
the database for it. ``state_for`` is the one place that picks what a viewer is
sent; the match's own ``view(seat)`` decides which cards that seat may see.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import lru_cache
from threading import Lock
from typing import Any

import orjson
from django.utils import timezone

from accounts.models import User
from game.engine import Match, Rules
from game.models import Game, GameAction
from game.table.access import Role
from game.table.seats import bot_name, levels

SEAT_FIELDS = ("seat_0", "seat_1", "seat_2", "seat_3")
CACHE_GAMES = 2048
VERSIONS_KEPT = 2
# How many changes a (re)connecting socket is sent for its log: more than one whole deal.
HISTORY_LIMIT = 100


@dataclass(frozen=True)
class Player:
    """Who sits in one seat: their user id and table name, both None for an empty seat.

    A seat a computer player holds has ``bot`` (its level) and the bot's name; ``user_id``
    and ``replaces`` then name the person whose seat the host handed over, if any.
    """

    user_id: int | None
    name: str | None
    bot: str = ""
    replaces: str | None = None

    def message(self, seat: int) -> dict[str, Any]:
        """This seat's entry in a state message's ``table.players``."""
        return {
            "seat": seat,
            "name": self.name,
            "user_id": None if self.bot else self.user_id,
            "computer": self.bot or None,
            "replaces": self.replaces,
        }


def _player(seat: int, user: User | None, level: str) -> Player:
    if level:
        replaces = user.display_name if user is not None else None
        return Player(user.pk if user is not None else None, bot_name(seat), level, replaces)
    return Player(None, None) if user is None else Player(user.pk, user.display_name)


@dataclass(frozen=True)
class Snapshot:
    """Everything the sockets of one game need to describe one version of it."""

    game_id: int
    version: int
    name: str
    host_id: int
    players: tuple[Player, ...]
    joined: frozenset[int]
    conference_link: str
    play_direction: str
    rules: dict[str, Any]
    next_deal_at: datetime | None
    match: Match | None
    events: list[dict[str, Any]]
    # The match as saved (``Match.to_json()``), "" before the first deal.
    saved: str = ""
    # Users whose sockets must re-check their role against the database at this version.
    recheck: frozenset[int] = frozenset()
    _views: dict[int | None, tuple[dict[str, Any], list[dict[str, Any]]]] = field(
        default_factory=dict, compare=False, repr=False
    )
    _frames: dict[tuple[int | None, bool, bool, bool], str] = field(
        default_factory=dict, compare=False, repr=False
    )
    _wire: list[str] = field(default_factory=list, compare=False, repr=False)

    @property
    def started(self) -> bool:
        """True once the first deal has been made."""
        return self.match is not None

    def seat_of(self, user_id: int) -> int | None:
        """The seat this user holds in this version, or None."""
        for seat, player in enumerate(self.players):
            if player.user_id == user_id:
                return seat
        return None

    def view_and_legal(
        self, seat: int | None
    ) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
        """The match's view for ``seat`` (None: a spectator) and that seat's legal actions."""
        if self.match is None:
            return None, []
        if seat not in self._views:
            legal = self.match.legal_actions(seat) if seat is not None else []
            self._views[seat] = (self.match.view(seat), legal)
        return self._views[seat]

    @property
    def bots(self) -> tuple[str, ...]:
        """Each seat's computer player level, "" for a person's seat."""
        return tuple(p.bot for p in self.players)

    def waiting_for(self) -> list[str]:
        """Names of seated players who have not opened the table yet (before the first deal)."""
        if self.started:
            return []
        return [
            p.name or ""
            for p in self.players
            if p.user_id is not None and not p.bot and p.user_id not in self.joined
        ]

    def next_deal_in(self) -> float | None:
        """Seconds until the next deal starts by itself, or None when none is due."""
        if self.next_deal_at is None:
            return None
        return round(max(0.0, (self.next_deal_at - timezone.now()).total_seconds()), 2)

    def state_for(
        self,
        role: Role,
        events: list[dict[str, Any]],
        history: list[list[Any]] | None = None,
    ) -> dict[str, Any]:
        """The "state" message for a viewer with this role (see docs/protocol.md); ``history``
        goes only with a full state, after a connect or a sync."""
        view, legal = self.view_and_legal(role.seat)
        if role.replaced:
            legal = []
        message: dict[str, Any] = {
            "type": "state",
            "version": self.version,
            "view": view,
            "legal": legal,
            "events": events,
            "table": {
                "game": self.game_id,
                "name": self.name,
                "host_seat": self.seat_of(self.host_id),
                "players": [p.message(seat) for seat, p in enumerate(self.players)],
                "you": {
                    "seat": role.seat,
                    "spectator": role.spectator,
                    "host": role.host,
                    "replaced": role.replaced,
                },
                "conference_link": self.conference_link,
                "play_direction": self.play_direction,
                "started": self.started,
                "waiting_for": self.waiting_for(),
                "next_deal_in": self.next_deal_in(),
                "rules": self.rules,
            },
        }
        if history is not None:
            message["history"] = history
        return message

    def frame_for(self, role: Role) -> str:
        """The encoded "state" frame of this version's own change for a viewer with this role
        (encoded once per seat and version)."""
        key = (role.seat, role.spectator, role.host, role.replaced)
        frame = self._frames.get(key)
        if frame is None:
            frame = self._frames[key] = encode(self.state_for(role, self.events))
        return frame

    def wire(self) -> str:
        """This snapshot as JSON text for a group message (what ``from_wire`` rebuilds): one
        string, which the in-memory layer's per-socket deep copy does not copy."""
        if self._wire:
            return self._wire[0]
        text = encode({
            "name": self.name,
            "host": self.host_id,
            "players": [[p.user_id, p.name, p.bot, p.replaces] for p in self.players],
            "joined": sorted(self.joined),
            "link": self.conference_link,
            "direction": self.play_direction,
            "rules": self.rules,
            "next_deal_at": None if self.next_deal_at is None else self.next_deal_at.timestamp(),
            # The saved match as a JSON object inside the message (not a string in a string):
            # the receiving process parses the whole message in one go.
            "saved": orjson.Fragment(self.saved) if self.saved else None,
            "events": self.events,
            "recheck": sorted(self.recheck),
        })
        self._wire.append(text)
        return text


def encode(message: dict[str, Any]) -> str:
    """A message as the text of one websocket frame."""
    return orjson.dumps(message).decode()


def saved_match(match: Match) -> str:
    """The match as ``Game.state`` holds it: ``Match.to_json``'s JSON, encoded by orjson."""
    return encode_match_data(match.to_data())


def encode_match_data(data: dict[str, Any]) -> str:
    """``Match.to_data()`` output (or its parsed JSON) as saved text."""
    return orjson.dumps(data).decode()


def parse_match(saved: str) -> Match:
    """The match of a saved ``Game.state`` (ValueError if it holds none)."""
    try:
        data = orjson.loads(saved)
    except orjson.JSONDecodeError as error:
        raise ValueError(f"not a saved match: {error}") from error
    return Match.from_data(data)


def from_wire(game_id: int, version: int, text: str) -> Snapshot:
    """The snapshot a group message carries, parsed once and kept in this process's cache."""
    known = cached(game_id, version)
    if known is not None:
        return known
    data = orjson.loads(text)
    due = data["next_deal_at"]
    saved = data["saved"]
    latest = Snapshot(
        game_id=game_id,
        version=version,
        name=data["name"],
        host_id=data["host"],
        players=tuple(Player(*player) for player in data["players"]),
        joined=frozenset(data["joined"]),
        conference_link=data["link"],
        play_direction=data["direction"],
        rules=data["rules"],
        next_deal_at=None if due is None else datetime.fromtimestamp(due, UTC),
        match=None if saved is None else Match.from_data(saved),
        events=data["events"],
        saved="" if saved is None else encode_match_data(saved),
        recheck=frozenset(data["recheck"]),
    )
    remember(latest)
    return latest


def successor(
    known: Snapshot,
    match: Match,
    saved: str,
    events: list[dict[str, Any]],
    next_deal_at: datetime | None,
) -> Snapshot:
    """The snapshot one version after ``known`` when only the match changed (an action)."""
    return replace(
        known,
        version=known.version + 1,
        match=match,
        saved=saved,
        events=events,
        next_deal_at=next_deal_at,
        recheck=frozenset(),
        _views={},
        _frames={},
        _wire=[],
    )


# game id -> its latest VERSIONS_KEPT snapshots by version, the games least recently changed first.
_cache: OrderedDict[int, dict[int, Snapshot]] = OrderedDict()
_cache_lock = Lock()


def remember(snapshot: Snapshot) -> None:
    """Keep a snapshot in this process's cache: the latest few versions of each game, for the
    CACHE_GAMES games changed most recently."""
    with _cache_lock:
        versions = _cache.pop(snapshot.game_id, {})
        versions[snapshot.version] = snapshot
        while len(versions) > VERSIONS_KEPT:
            del versions[min(versions)]
        _cache[snapshot.game_id] = versions
        while len(_cache) > CACHE_GAMES:
            _cache.popitem(last=False)


def cached(game_id: int, version: int) -> Snapshot | None:
    """The cached snapshot of this game version, if this process has it."""
    versions = _cache.get(game_id)
    return versions.get(version) if versions is not None else None


def game_with_players(game_id: int) -> Game:
    """The game row with its four seated users (raises Game.DoesNotExist)."""
    return Game.objects.select_related(*SEAT_FIELDS).get(pk=game_id)


def locked_game(game_id: int) -> Game:
    """The game row, locked for update until the transaction ends (raises Game.DoesNotExist)."""
    return Game.objects.select_for_update().get(pk=game_id)


def seated_players(game: Game) -> tuple[Player, ...]:
    """The players of a row loaded by ``game_with_players``."""
    users = [getattr(game, name) for name in SEAT_FIELDS]
    bots = levels(game.bots)
    return tuple(_player(seat, users[seat], bots[seat]) for seat in range(4))


def players_for(game: Game) -> tuple[Player, ...]:
    """The players of any game row: those of the cached snapshot of its version when the
    seats are unchanged (no query), else read from the database."""
    known = cached(game.pk, game.version)
    seat_ids = game.seat_ids
    bots = levels(game.bots)
    if (
        known is not None
        and [p.user_id for p in known.players] == seat_ids
        and known.bots == bots
    ):
        return known.players
    users = User.objects.in_bulk([i for i in seat_ids if i is not None])
    return tuple(
        _player(seat, None if i is None else users[i], bots[seat])
        for seat, i in enumerate(seat_ids)
    )


def rules_of(game: Game) -> dict[str, Any]:
    """Every rule option of the game, the defaults filled in (cached: rules rarely change)."""
    return _rules(json.dumps(game.rules, sort_keys=True))


@lru_cache(maxsize=256)
def _rules(saved: str) -> dict[str, Any]:
    return dict(vars(Rules.from_dict(json.loads(saved))))


def build(
    game: Game,
    players: tuple[Player, ...],
    match: Match | None,
    events: list[dict[str, Any]],
    recheck: frozenset[int] = frozenset(),
) -> Snapshot:
    """A snapshot of a game row with its players, parsed match and latest events."""
    return Snapshot(
        game_id=game.pk,
        version=game.version,
        name=game.name,
        host_id=game.host_id,
        players=players,
        joined=frozenset(game.joined),
        conference_link=game.conference_link,
        play_direction=game.play_direction,
        rules=rules_of(game),
        next_deal_at=game.next_deal_at,
        match=match,
        events=events,
        saved=game.state,
        recheck=recheck,
    )


def load(game: Game) -> Snapshot:
    """The snapshot of a row loaded by ``game_with_players``, reusing the cached match of its
    version."""
    known = cached(game.pk, game.version)
    players = seated_players(game)
    if known is not None:
        snapshot = build(game, players, known.match, known.events, known.recheck)
    else:
        match = parse_match(game.state) if game.state else None
        last = GameAction.objects.filter(game_id=game.pk, seq=game.version).first()
        events = last.events if last is not None else []
        recheck = frozenset(last.action.get("users", ())) if last is not None else frozenset()
        snapshot = build(game, players, match, events, recheck)
    remember(snapshot)
    return snapshot


def current(game_id: int) -> Snapshot:
    """The latest snapshot of a game, read from the database (raises Game.DoesNotExist)."""
    return load(game_with_players(game_id))


def history(game_id: int, upto: int, limit: int = HISTORY_LIMIT) -> list[list[Any]]:
    """The changes of the current (or just finished) deal up to version ``upto``, as
    ``[version, events]`` pairs, oldest first: a socket that (re)connects fills its log from
    them. Earlier deals are left out: their played cards may lie in today's hidden hands."""
    rows = (
        GameAction.objects.filter(game_id=game_id, seq__lte=upto)
        .order_by("-seq")
        .values_list("seq", "events")[:limit]
    )
    deal: list[list[Any]] = []
    for seq, events in rows:
        if events:
            deal.append([seq, events])
        if any(e["type"] == "deal" and e.get("packet") == 1 for e in events):
            return deal[::-1]
    return []
