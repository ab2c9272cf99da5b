"""This process's latest snapshots of each game, and what is derived from each once.

The sockets of a table build their messages from one parsed match per change: the
latest ``VERSIONS_KEPT`` snapshots of the ``CACHE_GAMES`` games changed most recently
are kept, each with a ``Derived`` holding its seats' views and legal actions, its
encoded frames and its group-message text as they are first asked for. The next
action starts from a copy of the cached match (``store.match_of``).
"""

from __future__ import annotations

import json
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import lru_cache
from threading import Lock
from typing import Any

from game.engine import Rules
from game.table import memory
from game.table.snapshot import Snapshot

CACHE_GAMES = 2048
VERSIONS_KEPT = 2


# The key of the view of a watcher shown no hand (``public_view``).
PUBLIC = "public"


@dataclass
class Derived:
    """What is computed once from one snapshot: views, frames, the group-message text."""

    # By seat; None: a spectator's (every hand); PUBLIC: a watcher's shown no hand.
    views: dict[int | str | None, tuple[dict[str, Any] | None, list[dict[str, Any]]]] = field(
        default_factory=dict
    )
    frames: dict[tuple[int | None, int | None, bool, bool, bool, bool], str] = field(
        default_factory=dict
    )
    wire: str = ""
    # The dashboard card's shared values and its encoded messages by (your turn, language)
    # (``game.dashboard.summary``).
    dashboard: dict[str, Any] | None = None
    dashboard_frames: dict[tuple[bool, str], str] = field(default_factory=dict)


# game id -> its latest snapshots by version (with what was derived from each), the games
# least recently changed first.
_cache: OrderedDict[int, dict[int, tuple[Snapshot, Derived]]] = OrderedDict()
_cache_lock = Lock()


def remember(snapshot: Snapshot) -> None:
    """Keep a snapshot as its version's (the one kept before is replaced: the latest read
    of a version wins; the same snapshot kept again keeps what was derived from it)."""
    with _cache_lock:
        versions = _cache.pop(snapshot.game_id, {})
        kept = versions.get(snapshot.version)
        if kept is None or kept[0] is not snapshot:
            versions[snapshot.version] = (snapshot, Derived())
        while len(versions) > VERSIONS_KEPT:
            del versions[min(versions)]
        _cache[snapshot.game_id] = versions
        while len(_cache) > CACHE_GAMES:
            _cache.popitem(last=False)


@memory.kept
def forget(game_id: int | None) -> None:
    """Drop every kept snapshot of a game (every game's: ``None``)."""
    with _cache_lock:
        if game_id is None:
            _cache.clear()
        else:
            _cache.pop(game_id, None)


def cached(game_id: int, version: int) -> Snapshot | None:
    """The cached snapshot of this game version, if this process has it."""
    versions = _cache.get(game_id)
    kept = versions.get(version) if versions is not None else None
    return kept[0] if kept is not None else None


def derived(snapshot: Snapshot) -> Derived:
    """What was derived from this snapshot so far (a fresh, unkept one when the snapshot
    itself is not the one kept for its version)."""
    versions = _cache.get(snapshot.game_id)
    kept = versions.get(snapshot.version) if versions is not None else None
    if kept is not None and kept[0] is snapshot:
        return kept[1]
    return Derived()


def view_and_legal(
    snapshot: Snapshot, seat: int | None
) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """The match's view for ``seat`` (None: a spectator) and that seat's legal actions."""
    if snapshot.match is None:
        return None, []
    views = derived(snapshot).views
    if seat not in views:
        legal = snapshot.match.legal_actions(seat) if seat is not None else []
        views[seat] = (snapshot.match.view(seat), legal)
    return views[seat]


def public_view(snapshot: Snapshot) -> dict[str, Any] | None:
    """What anyone may see of the deal, for a watcher shown no hand: a spectator's view with
    no hand, the trump only once shown, and no 7th card set aside."""
    if snapshot.match is None:
        return None
    views = derived(snapshot).views
    if PUBLIC not in views:
        view = dict(view_and_legal(snapshot, None)[0] or {})
        view.pop("hands", None)
        if not view.get("trump_shown"):
            view["trump"] = None
        view["seventh_card"] = None
        views[PUBLIC] = (view, [])
    return views[PUBLIC][0]


def rules_of(rules: dict[str, Any]) -> dict[str, Any]:
    """Every rule option of a game's saved ``rules``, the defaults filled in."""
    return _rules(json.dumps(rules, sort_keys=True))


@lru_cache(maxsize=256)
def _rules(saved: str) -> dict[str, Any]:
    return dict(vars(Rules.from_dict(json.loads(saved))))
