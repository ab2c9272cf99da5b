"""A snapshot as text: the "state" message each viewer is sent, the group message that
carries a new version to every process, and the saved match (``Game.state``).

``state_message`` is the one place that picks what a viewer is sent; the match's own
``view(seat)`` decides which cards that seat may see (docs/protocol.md).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import orjson
from django.conf import settings

from game.engine import Match
from game.table import cache, match_end, turn_timer
from game.table.engine_words import spoken_refusals
from game.table.seats import Player
from game.table.snapshot import Role, Snapshot


def encode(message: dict[str, Any]) -> str:
    """A message as the text of one websocket frame."""
    return orjson.dumps(message).decode()


def saved_match(match: Match) -> str:
    """The match as ``Game.state`` holds it: ``Match.to_data``'s JSON, encoded by orjson."""
    return orjson.dumps(match.to_data()).decode()


def parse_match(saved: str) -> Match:
    """The match of a saved ``Game.state`` (ValueError if it holds none)."""
    try:
        data = orjson.loads(saved)
    except orjson.JSONDecodeError as error:
        raise ValueError(f"not a saved match: {error}") from error
    return Match.from_data(data)


def state_message(
    snapshot: Snapshot,
    role: Role,
    events: list[dict[str, Any]],
    history: list[list[Any]] | None = None,
) -> dict[str, Any]:
    """The "state" message for a viewer with this role (see docs/protocol.md); ``history``
    goes only with a full state, after a connect or a sync."""
    seat = snapshot.view_seat(role)
    legal: list[dict[str, Any]]
    if seat is None and not role.sees_hands:
        view, legal = cache.public_view(snapshot), []
    else:
        view, legal = cache.view_and_legal(snapshot, seat)
    if role.replaced or seat != role.seat:
        legal = []
    message: dict[str, Any] = {
        "type": "state",
        "version": snapshot.version,
        # The build that sent it: a page served by another build reloads (a deploy).
        "build": settings.BUILD_ID,
        "view": spoken_refusals(view),
        "legal": legal,
        "events": events,
        "table": {
            "game": snapshot.game_id,
            "name": snapshot.name,
            "host_seat": snapshot.seat_of(snapshot.host_id),
            "players": [p.message() for p in snapshot.players],
            "you": {
                "seat": role.seat,
                "spectator": role.spectator,
                "host": role.host,
                "replaced": role.replaced,
                # Whether this socket is sent every hand: a spectator watching from a seat
                # they left this deal, or a guest, is not.
                "sees_hands": role.sees_hands and (seat is None or not role.spectator),
                "watching_from": seat if role.spectator else None,
            },
            "conference_link": snapshot.conference_link,
            "play_direction": snapshot.play_direction,
            "started": snapshot.started,
            "waiting_for": snapshot.waiting_for(),
            "next_deal_in": snapshot.next_deal_in(),
            "rules": snapshot.rules,
            "timer": turn_timer.timer_message(snapshot),
            "match": match_end.match_message(snapshot),
            "hints": snapshot.hints_allowed(),
            "bot_pace": snapshot.bot_pace,
        },
    }
    if history is not None:
        message["history"] = history
    return message


def frame(snapshot: Snapshot, role: Role) -> str:
    """The encoded "state" frame of this version's own change for a viewer with this role
    (encoded once per seat and version)."""
    frames = cache.derived(snapshot).frames
    key = (
        snapshot.view_seat(role), role.seat, role.spectator, role.host, role.replaced,
        role.sees_hands,
    )
    text = frames.get(key)
    if text is None:
        text = frames[key] = encode(state_message(snapshot, role, snapshot.events))
    return text


def to_group(snapshot: Snapshot) -> str:
    """The snapshot as JSON text for a group message (what ``from_group`` rebuilds): one
    string, which the in-memory layer's per-socket deep copy does not copy."""
    kept = cache.derived(snapshot)
    if kept.wire:
        return kept.wire
    kept.wire = encode({
        "name": snapshot.name,
        "host": snapshot.host_id,
        "players": [
            [p.user_id, p.person, p.computer, p.joined, p.link_open, p.auto, p.guest]
            for p in snapshot.players
        ],
        "link": snapshot.conference_link,
        "direction": snapshot.play_direction,
        "rules": snapshot.rules,
        "next_deal_at": (
            None if snapshot.next_deal_at is None else snapshot.next_deal_at.timestamp()
        ),
        # The saved match as a JSON object inside the message (not a string in a string):
        # the receiving process parses the whole message in one go.
        "saved": orjson.Fragment(snapshot.saved) if snapshot.saved else None,
        "events": snapshot.events,
        "recheck": sorted(snapshot.recheck),
        "since": None if snapshot.since is None else snapshot.since.timestamp(),
        "policy": [snapshot.turn_timer, snapshot.play_to, snapshot.match_no],
        "pace": snapshot.bot_pace,
        "hints": snapshot.hints,
    })
    return kept.wire


def from_group(game_id: int, version: int, text: str) -> Snapshot:
    """The snapshot a group message carries, parsed once and kept in this process's cache."""
    known = cache.cached(game_id, version)
    if known is not None:
        return known
    data = orjson.loads(text)
    due = data["next_deal_at"]
    saved = data["saved"]
    since = data["since"]
    turn_timer, play_to, match_no = data["policy"]
    latest = Snapshot(
        game_id=game_id,
        version=version,
        name=data["name"],
        host_id=data["host"],
        players=tuple(Player(number, *held) for number, held in enumerate(data["players"])),
        conference_link=data["link"],
        play_direction=data["direction"],
        rules=data["rules"],
        next_deal_at=None if due is None else datetime.fromtimestamp(due, UTC),
        match=None if saved is None else Match.from_data(saved),
        events=data["events"],
        saved="" if saved is None else orjson.dumps(saved).decode(),
        recheck=frozenset(data["recheck"]),
        since=None if since is None else datetime.fromtimestamp(since, UTC),
        turn_timer=turn_timer,
        play_to=play_to,
        match_no=match_no,
        bot_pace=data["pace"],
        hints=data["hints"],
    )
    cache.remember(latest)
    return cached_or(latest)


def cached_or(latest: Snapshot) -> Snapshot:
    """The snapshot kept for this version (another task may have kept one first), else this."""
    return cache.cached(latest.game_id, latest.version) or latest
