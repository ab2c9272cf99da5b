"""Every change to a live table, each in one transaction: open, act, deal, reset, reseat.

An action on a version this process already holds (the usual case) is checked
and applied to a copy of that version's parsed match in memory, then saved
with two statements in one transaction: an ``UPDATE`` guarded by the version
and the actor's seat, and the ``INSERT`` of its row in the append-only action
log (unique per game and version), in plain SQL (``game.table.actionlog``; on
PostgreSQL both are one statement, its own transaction, which ``game.table.loop_save`` sends
from the event loop; the automatic next deal is saved the same way). If the
guard finds the row moved on, the transaction is rolled back and the action
takes the locked path that every other change takes: lock the game row
(``select_for_update``; SQLite takes its write lock at BEGIN instead), load the
saved match, apply, save. Two changes against the same version can never both
succeed. Only after the commit are the sockets told, by the caller, through
``game.table.broadcast``.

Every refusal is a ``TableError`` whose ``code`` is the protocol's error code
(``no_game`` for a game that does not exist, or no longer does).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from game.engine import IllegalAction, Match, Rules
from game.models import Game
from game.table import actionlog, deal_history, snapshot
from game.table.access import Role, role_for
from game.table.broadcast import announce_from_sync
from game.table.seats import all_present, level_of
from game.table.snapshot import Snapshot

RESETS = ("score", "round", "deck", "all")


class TableError(Exception):
    """A refused request; ``code`` is the protocol's error code, the message plain words."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def no_game(game_id: int) -> TableError:
    """The refusal for a game that does not exist (the socket closes with 4404)."""
    return TableError("no_game", f"Game {game_id} does not exist (it may have been deleted).")


def open_table(game_id: int, user: User) -> tuple[Role | None, Snapshot, bool]:
    """A user opens the table: their role (None: not allowed), the current snapshot, and
    whether opening it changed the game (the sockets must then be told).

    The first time a user opens it they are remembered in ``joined``; once the
    four seats are filled and all four players have opened the table (computer
    players are always there), the first deal is made.
    """
    game = _game_with_players(game_id)
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
    game = _game_with_players(game_id)
    return role_for(game, user), snapshot.load(game)


def current_role(game_id: int, user: User) -> Role | None:
    """The user's role at the game now (None: no longer allowed), read from the database."""
    return role_for(_game_with_players(game_id), user)


def apply_action(game_id: int, user_id: int, action: dict[str, Any], version: int) -> Snapshot:
    """Play one engine action for the seat this user holds now, if ``version`` is current."""
    known = snapshot.cached(game_id, version)
    move = plan_move(known, user_id, action) if known is not None else None
    return apply_planned(game_id, user_id, action, version, move)


def apply_planned(
    game_id: int, user_id: int, action: dict[str, Any], version: int, move: Move | None
) -> Snapshot:
    """``apply_action`` with its move already planned in memory (None: this process does not
    hold the version, or refused the action there): save the move, or take the locked path
    when there is none or the row moved on."""
    if move is not None and _save(move):
        return move.successor()
    with transaction.atomic():
        game = _locked(game_id)
        seat = game.seat_of(user_id)
        if seat is None:
            raise TableError("not_seated", "You are not seated at this table, so you cannot act.")
        if level_of(game, seat):
            raise TableError(
                "replaced", "A computer player holds your seat now; the host can give it back."
            )
        if not game.started:
            raise TableError("not_started", "The first deal has not been made yet.")
        if version != game.version:
            raise TableError(
                "stale", f"The table has moved on (version {game.version}, you sent {version})."
            )
        match = _match_of(game)
        events = _play(match, seat, action)
        return _commit(game, match, action, events, seat=seat, actor_id=user_id)


def deal_next(
    game_id: int, expected_version: int, dealt: Change | None = None
) -> Snapshot | None:
    """Make the next deal if the game still sits at ``expected_version`` with its deal due
    (``dealt``: that deal, already made in memory from the cached version by ``plan_deal``).

    Returns the new snapshot, or None when there was nothing to do (someone
    else dealt, the game changed, or the deal is not due yet).
    """
    with transaction.atomic():
        game = _locked(game_id)
        if (
            game.version != expected_version
            or game.next_deal_at is None
            or game.next_deal_at > timezone.now()
        ):
            return None
        if dealt is not None:
            match, events = dealt.match, dealt.events
        else:
            match = _match_of(game)
            events = match.deal()
        game.next_deal_at = None
        return _commit(game, match, {"type": "deal"}, events)


def reset(game_id: int, user_id: int, what: str) -> Snapshot:
    """The host's reset (score, round, deck or all); returns the new snapshot.

    A round reset abandons the deal in progress and the same dealer deals again
    at once. Refused (``TableError``) for anyone but the host (``not_host``),
    before the first deal (``not_started``) and for an unknown ``what``.
    """
    if what not in RESETS:
        raise TableError(
            "missing_field", f"Unknown reset {what!r}: choose score, round, deck or all."
        )
    with transaction.atomic():
        game = _locked(game_id)
        if game.host_id != user_id:
            raise TableError("not_host", "Only the host can reset the game.")
        if not game.started:
            raise TableError(
                "not_started", "The game has not started yet, so there is nothing to reset."
            )
        # Parsed from the row, not the cache: a reset is rare, and must start from the saved truth.
        match = snapshot.parse_match(game.state)
        events: list[dict[str, Any]] = []
        if what in ("score", "all"):
            events += match.reset_score()
        if what in ("deck", "all"):
            events += match.reset_deck()
        if what in ("round", "all"):
            if not _between_deals(match):
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
    """Tell the table its seats or details changed (call after saving the game row): every
    socket re-checks its role and shows the new seating, name and link.

    Starts the first deal when the new seating completes a table whose players
    have all opened it.
    """
    with transaction.atomic():
        game = _locked(game_id)
        latest = _commit(game, _match_of(game) if game.started else None, {"type": "seats"}, [])
        if _ready_to_start(game):
            latest = _first_deal(game)
    announce_from_sync(latest)


def access_ended(host_id: int, guest_id: int) -> None:
    """The host and the guest are no longer friends: the guest leaves any seat at the host's
    game, and every socket of the guest there re-checks its role at once (and, no longer
    allowed to watch, is closed). Runs inside the caller's transaction; the sockets are
    told when it commits."""
    game = Game.objects.select_for_update().filter(host_id=host_id).first()
    if game is None:
        return
    seat = game.seat_of(guest_id)
    if seat is not None:
        setattr(game, f"seat_{seat}_id", None)
        game.save(update_fields=[f"seat_{seat}", "updated"])
    match = _match_of(game) if game.started else None
    latest = _commit(
        game, match, {"type": "access", "users": [guest_id]}, [], recheck=frozenset({guest_id})
    )
    transaction.on_commit(lambda: announce_from_sync(latest))


def _game_with_players(game_id: int) -> Game:
    try:
        return snapshot.game_with_players(game_id)
    except Game.DoesNotExist:
        raise no_game(game_id) from None


def _locked(game_id: int) -> Game:
    try:
        return snapshot.locked_game(game_id)
    except Game.DoesNotExist:
        raise no_game(game_id) from None


def _match_of(game: Game) -> Match:
    """The saved match of a locked row: a copy of this process's parsed one when it holds
    that version, else parsed from the row."""
    known = snapshot.cached(game.pk, game.version)
    if known is not None and known.match is not None:
        return known.match.copy()
    return snapshot.parse_match(game.state)


def _play(match: Match, seat: int, action: dict[str, Any]) -> list[dict[str, Any]]:
    if not match.legal_actions(seat):
        raise TableError("not_your_turn", "It is not your turn.")
    try:
        return match.apply(seat, action)
    except IllegalAction as refused:
        raise TableError("illegal", str(refused)) from refused


class _Moved(Exception):
    """The game row no longer holds the version (or seat) an in-memory action started from."""


@dataclass(frozen=True)
class Change:
    """A change made in memory on a copy of the match of a version this process holds
    (``known``), not saved yet: the automatic next deal, or a player's ``Move``."""

    known: Snapshot
    match: Match
    events: list[dict[str, Any]]
    saved: str  # the new match as ``Game.state`` holds it
    next_deal_at: datetime | None

    @property
    def ends_deal(self) -> bool:
        """Whether the change ends a deal (its record is then written with it)."""
        return any(map(deal_history.ends_deal, self.events))

    def successor(self) -> Snapshot:
        """The snapshot of the version this change makes, once it is saved."""
        return snapshot.successor(
            self.known, self.match, self.saved, self.events, self.next_deal_at
        )


@dataclass(frozen=True)
class Move(Change):
    """A player's action checked and applied in memory to a copy of the match of a version
    this process holds, not saved yet."""

    seat: int
    user_id: int
    action: dict[str, Any]


def plan_deal(known: Snapshot) -> Change | None:
    """The next deal made on a copy of the cached match, if one is due now (else None)."""
    if known.match is None or known.next_deal_at is None or known.next_deal_at > timezone.now():
        return None
    match = known.match.copy()
    events = match.deal()
    next_deal_at = _next_deal_at(match, None)
    return Change(known, match, events, snapshot.saved_match(match), next_deal_at)


def plan_move(known: Snapshot, user_id: int, action: dict[str, Any]) -> Move | None:
    """The fast path's first half: the action applied to a copy of the cached match. None
    when it must take the locked path instead (refused here, so the locked path names the
    reason from the row)."""
    seat = known.seat_of(user_id)
    if seat is None or known.match is None or known.players[seat].bot:
        return None
    match = known.match.copy()
    try:
        events = _play(match, seat, action)
    except TableError:
        return None
    next_deal_at = _next_deal_at(match, known.next_deal_at)
    saved = snapshot.saved_match(match)
    return Move(known, match, events, saved, next_deal_at, seat, user_id, action)


def _save(move: Move) -> bool:
    """The fast path's second half: save a planned move with a guarded ``UPDATE`` and one
    ``INSERT`` (on PostgreSQL one statement, unless the move ends a deal, whose record is
    written in the same transaction); False when the row moved on."""
    known, seat, user_id = move.known, move.seat, move.user_id
    if actionlog.one_statement() and not move.ends_deal:
        return actionlog.run_guarded(
            actionlog.advance_logged(
                known.game_id, known.version, seat, user_id, move.saved, move.next_deal_at,
                move.action, move.events,
            )
        )
    try:
        with transaction.atomic():
            if not actionlog.advance(
                known.game_id, known.version, seat, user_id, move.saved, move.next_deal_at
            ):
                raise _Moved
            _log(
                known.game_id, known.version + 1, move.action, move.events, move.match,
                known.players, seat, user_id,
            )
    except _Moved:
        return False
    return True


def _join(game_id: int, user_id: int) -> Snapshot | None:
    """Remember that this user opened the table; deal first when that completes the table."""
    with transaction.atomic():
        game = _locked(game_id)
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
    """Not started, and every seat has a computer player or a person who opened the table."""
    return not game.started and all_present(game)


def _first_deal(game: Game) -> Snapshot:
    """Create the match (random first dealer; shuffles from secrets.SystemRandom) and deal.

    No seed: a seeded match would keep its generator's state in ``Game.state``,
    from which anyone reading the database could foresee every later deal.
    """
    match = Match(Rules.from_dict(game.rules), dealer=secrets.randbelow(4))
    events = match.deal()
    return _commit(game, match, {"type": "deal"}, events)


def _between_deals(match: Match) -> bool:
    """Whether no deal is in progress (the view's phase is "deal"), without building a view."""
    return match.round is None


def _next_deal_at(match: Match | None, current: datetime | None) -> datetime | None:
    """While no deal is in progress the next one is due NEXT_DEAL_DELAY seconds after the
    change that ended the last (an earlier deadline is kept); else none is due."""
    if match is None or not _between_deals(match):
        return None
    return current or timezone.now() + timedelta(seconds=settings.NEXT_DEAL_DELAY)


def _log(
    game_id: int,
    version: int,
    action: dict[str, Any],
    events: list[dict[str, Any]],
    match: Match | None,
    players: tuple[snapshot.Player, ...],
    seat: int | None,
    actor_id: int | None,
) -> None:
    """The change's row in the action log, and the record of any deal it ended."""
    actionlog.append(game_id, version, seat, actor_id, action, events)
    deal_history.record_ended_deals(game_id, version, events, match, [p.name for p in players])


def _commit(
    game: Game,
    match: Match | None,
    action: dict[str, Any],
    events: list[dict[str, Any]],
    *,
    seat: int | None = None,
    actor_id: int | None = None,
    recheck: frozenset[int] = frozenset(),
) -> Snapshot:
    """Save the new state of a locked row as the next version with its log row; update
    ``game`` in place. ``recheck``: users whose sockets must re-check their role."""
    players = snapshot.players_for(game)
    version = game.version + 1
    next_deal_at = _next_deal_at(match, game.next_deal_at)
    state = snapshot.saved_match(match) if match is not None else ""
    saved = Game.objects.filter(pk=game.pk, version=game.version).update(
        state=state,
        version=version,
        joined=game.joined,
        next_deal_at=next_deal_at,
        updated=timezone.now(),
    )
    if saved != 1:
        raise TableError("stale", "The table changed at the same moment; try again.")
    _log(game.pk, version, action, events, match, players, seat, actor_id)
    game.state, game.version, game.next_deal_at = state, version, next_deal_at
    return snapshot.build(game, players, match, events, recheck)
