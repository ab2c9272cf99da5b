"""Every change to a live table, each in one transaction: open, act, deal, reset.

Each change locks the game row (``select_for_update``; SQLite takes its write
lock at BEGIN instead), loads the saved match, applies the change, and saves
the new state with a version one higher, guarded by
``filter(pk=..., version=n).update(...)``, plus one row in the append-only
action log (unique per game and version). Only after the commit are the
sockets told, by the caller, through ``game.broadcast``. Two actions against
the same version can never both succeed.
"""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from game import deal_history, snapshot
from game.access import Role, role_for
from game.broadcast import announce_from_sync
from game.engine import IllegalAction, Match, Rules
from game.models import Game, GameAction
from game.snapshot import Snapshot

RESETS = ("score", "round", "deck", "all")


class TableError(Exception):
    """A refused request; ``code`` is the protocol's error code, the message plain words."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def open_table(game_id: int, user: User) -> tuple[Role | None, Snapshot, bool]:
    """A user opens the table: their role (None: not allowed), the current snapshot, and
    whether opening it changed the game (the sockets must then be told).

    The first time a user opens it they are remembered in ``joined``; once the
    four seats are filled and all four players have opened the table, the first
    deal is made. Raises ``Game.DoesNotExist`` for an unknown game.
    """
    game = snapshot.game_with_players(game_id)
    role = role_for(game, user)
    if role is None:
        return None, snapshot.build(game, snapshot.seated_players(game), None, []), False
    if user.pk not in game.joined or _ready_to_start(game):
        changed = _join(game_id, user.pk)
        if changed is not None:
            return role, changed, True
    return role, snapshot.load(game), False


def refresh(game_id: int, user: User) -> tuple[Role | None, Snapshot]:
    """The user's current role (None: no longer allowed) and the game's current snapshot."""
    game = snapshot.game_with_players(game_id)
    return role_for(game, user), snapshot.load(game)


def apply_action(game_id: int, user_id: int, action: dict[str, Any], version: int) -> Snapshot:
    """Play one engine action for the seat this user holds now, if ``version`` is current."""
    with transaction.atomic():
        game = snapshot.locked_game(game_id)
        seat = game.seat_of(user_id)
        if seat is None:
            raise TableError("not_seated", "You are not seated at this table, so you cannot act.")
        if not game.started:
            raise TableError("not_started", "The first deal has not been made yet.")
        if version != game.version:
            raise TableError(
                "stale", f"The table has moved on (version {game.version}, you sent {version})."
            )
        match = Match.from_json(game.state)
        if not match.legal_actions(seat):
            raise TableError("not_your_turn", "It is not your turn.")
        try:
            events = match.apply(seat, action)
        except IllegalAction as refused:
            raise TableError("illegal", str(refused)) from refused
        return _commit(game, match, action, events, seat=seat, actor_id=user_id)


def deal_next(game_id: int, expected_version: int) -> Snapshot | None:
    """Make the next deal if the game still sits at ``expected_version`` with its deal due.

    Returns the new snapshot, or None when there was nothing to do (someone
    else dealt, the game changed, or the deal is not due yet).
    """
    with transaction.atomic():
        game = snapshot.locked_game(game_id)
        if (
            game.version != expected_version
            or game.next_deal_at is None
            or game.next_deal_at > timezone.now()
        ):
            return None
        match = Match.from_json(game.state)
        events = match.deal()
        game.next_deal_at = None
        return _commit(game, match, {"type": "deal"}, events)


def reset(game_id: int, user_id: int, what: str) -> Snapshot:
    """The host's reset (score, round, deck or all); returns the new snapshot.

    A round reset abandons the deal in progress and the same dealer deals again
    at once. Raises PermissionDenied for anyone but the host, ValueError when
    the game has not started or ``what`` is not one of RESETS.
    """
    with transaction.atomic():
        game = snapshot.locked_game(game_id)
        if game.host_id != user_id:
            raise PermissionDenied("Only the host can reset the game.")
        if what not in RESETS:
            raise ValueError(f"Unknown reset {what!r}: choose score, round, deck or all.")
        if not game.started:
            raise ValueError("The game has not started yet, so there is nothing to reset.")
        match = Match.from_json(game.state)
        events: list[dict[str, Any]] = []
        if what in ("score", "all"):
            events += match.reset_score()
        if what in ("deck", "all"):
            events += match.reset_deck()
        if what in ("round", "all"):
            if _phase(match) != "deal":
                events += match.reset_round()
            events += match.deal()
            game.next_deal_at = None
        return _commit(
            game,
            match,
            {"type": "reset", "what": what},
            events,
            seat=game.seat_of(user_id),
            actor_id=user_id,
        )


def reset_game(game_id: int, user_id: int, what: str) -> None:
    """Reset from sync code (the dashboard): ``reset`` and then tell every socket."""
    announce_from_sync(reset(game_id, user_id, what))


def seats_changed(game_id: int) -> None:
    """Tell the table its seats changed (call after reseating): sockets re-check their roles.

    Starts the first deal when the new seating completes a table whose players
    have all opened it.
    """
    with transaction.atomic():
        game = snapshot.locked_game(game_id)
        match = Match.from_json(game.state) if game.started else None
        latest = _commit(game, match, {"type": "seats"}, [])
        if _ready_to_start(game):
            latest = _first_deal(game)
    announce_from_sync(latest)


def _join(game_id: int, user_id: int) -> Snapshot | None:
    """Remember that this user opened the table; deal first when that completes the table."""
    with transaction.atomic():
        game = snapshot.locked_game(game_id)
        latest = None
        if user_id not in game.joined:
            game.joined = [*game.joined, user_id]
            if game.seat_of(user_id) is not None and not game.started:
                latest = _commit(game, None, {"type": "join"}, [], actor_id=user_id)
            else:
                Game.objects.filter(pk=game.pk).update(joined=game.joined)
        if _ready_to_start(game):
            latest = _first_deal(game)
        return latest


def _ready_to_start(game: Game) -> bool:
    return (
        not game.started
        and None not in game.seat_ids
        and all(user_id in game.joined for user_id in game.seat_ids)
    )


def _first_deal(game: Game) -> Snapshot:
    """Create the match (random first dealer; shuffles from secrets.SystemRandom) and deal.

    No seed: a seeded match would keep its generator's state in ``Game.state``,
    from which anyone reading the database could foresee every later deal.
    """
    match = Match(Rules.from_dict(game.rules), dealer=secrets.randbelow(4))
    events = match.deal()
    return _commit(game, match, {"type": "deal"}, events)


def _phase(match: Match) -> str:
    return str(match.view(None)["phase"])


def _commit(
    game: Game,
    match: Match | None,
    action: dict[str, Any],
    events: list[dict[str, Any]],
    *,
    seat: int | None = None,
    actor_id: int | None = None,
) -> Snapshot:
    """Save the new state as the next version with its log row; update ``game`` in place.

    While no deal is in progress the next one is due NEXT_DEAL_DELAY seconds
    after the change that ended the last (an earlier deadline is kept).
    """
    players = snapshot.players_for(game)
    version = game.version + 1
    next_deal_at = None
    if match is not None and _phase(match) == "deal":
        delay = timedelta(seconds=settings.NEXT_DEAL_DELAY)
        next_deal_at = game.next_deal_at or timezone.now() + delay
    state = match.to_json() if match is not None else ""
    saved = Game.objects.filter(pk=game.pk, version=game.version).update(
        state=state,
        version=version,
        joined=game.joined,
        next_deal_at=next_deal_at,
        updated=timezone.now(),
    )
    if saved != 1:
        raise TableError("stale", "The table changed at the same moment; try again.")
    GameAction.objects.create(
        game=game, seq=version, seat=seat, actor_id=actor_id, action=action, events=events
    )
    deal_history.record_ended_deals(game.pk, version, events, match, [p.name for p in players])
    game.state, game.version, game.next_deal_at = state, version, next_deal_at
    return snapshot.build(game, players, match, events)
