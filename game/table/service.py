"""Every change to a live table but its seating, one path each: open, act, deal the next,
reset, a computer player's move, a routine question passed for a person, a rematch (the
seating's changes are ``game.table.seat_changes``; how each is written, ``changes``).

A change is made on a match in memory and written by ``game.table.store`` as a
``Write`` guarded by the game's version. A person's action, a computer player's
and the automatic next deal start from this process's cached copy of the
version they were made against, when it holds it (``plan_*``); their write is
guarded in the database (the actor still in their seat, the deal still due), so
a stale plan writes nothing and the change takes the locked path instead, as
every other change does: lock the row, read the saved match, apply, write.
Two changes against the same version can never both succeed. Only after the
commit are the sockets told, by the caller, through ``game.table.broadcast``.

Every refusal is a ``TableError`` (``game.table.errors``) whose ``code`` is the
protocol's error code.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts import preferences
from accounts.models import User
from game.engine import IllegalAction, Match
from game.models import Game
from game.table import cache, changes, match_end, resets, routine, store
from game.table.access import role_for
from game.table.broadcast import announce_from_sync
from game.table.errors import TableError
from game.table.seats import (
    extend_history,
    seat_of,
)
from game.table.snapshot import Role, Snapshot
from game.table.store import Guard
from game.table.wire import parse_match

RESETS = tuple(resets.RESETS)


# -- opening and reading -------------------------------------------------------------------


def open_table(game_id: int, user: User) -> tuple[Role | None, Snapshot, bool]:
    """A user opens the table: their role (None: not allowed), the current snapshot, and
    whether opening it changed the game (the sockets must then be told).

    A seated person who opens it is marked as joined; once every seat holds a computer
    player or a person who opened the table, the first deal is made.
    """
    game, players = store.game_with_seats(game_id)
    role = role_for(game, user, players)
    if role is None:
        return None, store.snapshot_of(game, players, None, []), False
    seat = seat_of(players, user.pk)
    newly = seat is not None and not players[seat].joined
    if newly or changes.ready_to_start(game, players):
        changed = _join(game_id, user.pk)
        if changed is not None:
            return role, changed, True
    return role, store.load(game, players), False


def refresh(game_id: int, user: User) -> tuple[Role | None, Snapshot]:
    """The user's current role (None: no longer allowed) and the game's current snapshot."""
    game, players = store.game_with_seats(game_id)
    return role_for(game, user, players), store.load(game, players)


def current_role(game_id: int, user: User) -> Role | None:
    """The user's role at the game now (None: no longer allowed), read from the database."""
    game, players = store.game_with_seats(game_id)
    return role_for(game, user, players)


# -- a person's action -----------------------------------------------------------------------


def plan_action(known: Snapshot, user_id: int, action: dict[str, Any]) -> changes.Change | None:
    """A person's action applied to a copy of the cached match, its write guarded by the
    seat. None when it must take the locked path instead (refused here, so the locked path
    names the reason from the row)."""
    seat = known.seat_of(user_id)
    if seat is None or known.match is None or known.players[seat].computer:
        return None
    match = known.match.copy()
    try:
        events = changes.play(match, seat, action)
    except TableError:
        return None
    return changes.planned(known, match, action, events, seat, user_id, Guard.SEAT)


def act(game_id: int, user_id: int, action: dict[str, Any], version: int) -> Snapshot:
    """Play one engine action for the seat this user holds now, if ``version`` is current."""
    known = cache.cached(game_id, version)
    planned = plan_action(known, user_id, action) if known is not None else None
    return act_planned(game_id, user_id, action, version, planned)


async def act_from_loop(
    game_id: int, user_id: int, action: dict[str, Any], version: int
) -> Snapshot:
    """``act`` for a socket: the same checks and result, written from the event loop when
    the store can (``store.from_loop``), else in the database thread."""
    known = cache.cached(game_id, version)
    planned = plan_action(known, user_id, action) if known is not None else None
    if planned is not None and store.from_loop(planned.write):
        if await store.commit_from_loop(planned.write):
            return planned.successor()
        planned = None  # the row moved on (or the connection broke): the locked path says
    latest: Snapshot = await database_sync_to_async(act_planned)(
        game_id, user_id, action, version, planned
    )
    return latest


def act_planned(
    game_id: int, user_id: int, action: dict[str, Any], version: int, planned: changes.Change | None
) -> Snapshot:
    """Write a planned action, or take the locked path when there is none or the row moved
    on: check the seat, the turn and the version against the row, apply, write."""
    if planned is not None and store.commit(planned.write):
        return planned.successor()
    with transaction.atomic():
        game, players = store.locked(game_id)
        seat = seat_of(players, user_id)
        if seat is None:
            raise TableError(
                "not_seated", _("You are not seated at this table, so you cannot act.")
            )
        if players[seat].computer:
            raise TableError(
                "replaced", _("A computer player holds your seat now; the host can give it back.")
            )
        if not game.started:
            raise TableError("not_started", _("The first deal has not been made yet."))
        if version != game.version:
            raise TableError(
                "stale",
                _("The table has moved on (version %(now)s, you sent %(sent)s).")
                % {"now": game.version, "sent": version},
            )
        match = store.match_of(game)
        events = changes.play(match, seat, action)
        return changes.commit(game, players, match, action, events, seat=seat, actor_id=user_id)


# -- a computer player's move ----------------------------------------------------------------


def play_for_bot(
    game_id: int, seat: int, level: str, action: dict[str, Any], version: int
) -> Snapshot | None:
    """Apply a computer player's action if the game is still at ``version`` with this bot in
    ``seat`` and the action legal; the new snapshot, or None when it no longer applies."""
    with transaction.atomic():
        game, players = store.locked(game_id)
        if game.version != version or not game.started or players[seat].computer != level:
            return None
        match = store.match_of(game)
        try:
            events = match.apply(seat, action)
        except IllegalAction:
            return None
        return changes.commit(game, players, match, action, events, seat=seat)


# -- a routine question a person skips --------------------------------------------------------


def pass_for_person(game_id: int, version: int) -> Snapshot | None:
    """Pass for a person who skips routine questions (``User.skip_questions``) and is asked
    one at ``version`` (``game.table.routine``), through the same guarded write as their own
    pass would be, logged as automatic. The new snapshot, or None when the game has moved on,
    nobody in turn there skips questions, or the decision is not a routine question (a bid,
    a card, choosing trump)."""
    with transaction.atomic():
        game, players = store.locked(game_id)
        if game.version != version or not game.started:
            return None
        match = store.match_of(game)
        asked = routine.asked_people(match, players)
        skipping = preferences.skipping_questions([players[seat].user_id for seat in asked])
        seat = next((seat for seat in asked if players[seat].user_id in skipping), None)
        if seat is None:
            return None
        events = [routine.auto_pass_event(players, seat), *match.apply(seat, routine.PASS)]
        return changes.commit(game, players, match, dict(routine.PASS), events, seat=seat)


def skipped_questions(user_id: int) -> list[Snapshot]:
    """The person has just chosen to skip routine questions: pass at once where one waits for
    them (each game they are seated at); the new snapshots, for the caller to announce."""
    moved = []
    for game_id, version in store.seated_versions(user_id):
        latest = pass_for_person(game_id, version)
        if latest is not None:
            moved.append(latest)
    return moved


def bot_history(game_id: int, upto: int) -> list[dict[str, Any]]:
    """The public events of the deal in progress at version ``upto``, oldest first: exactly
    the lists ``deal()`` and every ``apply()`` returned since the deal began (the log's own
    ``reset`` and ``handover`` events left out)."""
    history: list[dict[str, Any]] = []
    for events in store.deal_events(game_id, upto):
        history = extend_history(history, events)
    return history


# -- the next deal ---------------------------------------------------------------------------


def plan_deal(known: Snapshot) -> changes.Change | None:
    """The next deal made on a copy of the cached match, if one is due now (else None)."""
    if known.match is None or known.next_deal_at is None or known.next_deal_at > timezone.now():
        return None
    match = known.match.copy()
    events = match.deal()
    return changes.planned(known, match, {"type": "deal"}, events, None, None, Guard.DEAL_DUE)


def deal_next(
    game_id: int, expected_version: int, dealt: changes.Change | None = None
) -> Snapshot | None:
    """Make the next deal if the game still sits at ``expected_version`` with its deal due
    (``dealt``: that deal, already made in memory by ``plan_deal``). The new snapshot, or
    None when there was nothing to do (someone else dealt, the game changed, or the deal is
    not due yet)."""
    with transaction.atomic():
        game, players = store.locked(game_id)
        if (
            game.version != expected_version
            or game.next_deal_at is None
            or game.next_deal_at > timezone.now()
        ):
            return None
        if dealt is not None:
            match, events = dealt.match, dealt.write.events
        else:
            match = store.match_of(game)
            events = match.deal()
        game.next_deal_at = None
        return changes.commit(game, players, match, {"type": "deal"}, events)


async def deal_next_from_loop(game_id: int, expected_version: int) -> Snapshot | None:
    """``deal_next`` for the next deal's timer, written from the event loop when this process
    holds the version and the store can."""
    known = cache.cached(game_id, expected_version)
    planned = plan_deal(known) if known is not None else None
    if planned is not None and store.from_loop(planned.write):
        saved = await store.commit_from_loop(planned.write)
        if saved is not None:
            return planned.successor() if saved else None
    dealt: Snapshot | None = await database_sync_to_async(deal_next)(
        game_id, expected_version, planned
    )
    return dealt


# -- the host's changes ----------------------------------------------------------------------


def reset(game_id: int, user_id: int, what: str, deal: int | None = None) -> Snapshot:
    """The host's reset (score, round, deck or all); returns the new snapshot.

    A round reset abandons the deal in progress and the same dealer deals again
    at once. Refused (``TableError``) for anyone but the host (``not_host``),
    before the first deal (``not_started``) and for an unknown ``what``. ``deal``: the
    number of the deal the host saw; a round (or all) reset of a deal that has since ended
    is refused (``stale``), so a second click or an old page never abandons the next deal.
    """
    if what not in RESETS:
        raise TableError(
            "missing_field",
            _("Unknown reset %(what)r: choose score, round, deck or all.") % {"what": what},
        )
    with transaction.atomic():
        game, players = store.locked(game_id)
        if game.host_id != user_id:
            raise TableError("not_host", _("Only the host can reset the game."))
        if not game.started:
            raise TableError(
                "not_started", _("The game has not started yet, so there is nothing to reset.")
            )
        # Parsed from the row, not the cache: a reset is rare, and must start from the saved truth.
        match = parse_match(game.state)
        over = match_end.winner(match, game.play_to) is not None
        if what == "round" and over:
            raise TableError(
                "match_over", _("The match is over: start a rematch, or reset the score.")
            )
        if what in ("round", "all") and deal is not None and deal != match.round_no:
            raise TableError(
                "stale",
                _("Deal %(seen)s has ended already (the table is on deal %(now)s), so nothing "
                  "was reset.") % {"seen": deal, "now": match.round_no},
            )
        events: list[dict[str, Any]] = []
        if what in ("score", "all"):
            if over:  # scores from 0 after a match's end: the next match, as a rematch starts
                events += _next_match(game, match)
            events += match.reset_score()
        if what in ("deck", "all"):
            events += match.reset_deck()
        if what in ("round", "all"):
            if match.round is not None:
                events += match.reset_round()
            events += match.deal()
            game.next_deal_at = None
        if what == "all":  # each page says the three resets as one (the host's one click)
            for event in events:
                if event["type"] == "reset":
                    event["all"] = True
        return changes.commit(
            game, players, match, {"type": "reset", "what": what}, events,
            seat=seat_of(players, user_id), actor_id=user_id,
        )


def deal_number(game: Game) -> int | None:
    """The number of the game's deal in play (or the last one dealt); None before the first."""
    return store.match_of(game).round_no if game.started else None


def reset_game(game_id: int, user_id: int, what: str, deal: int | None = None) -> None:
    """Reset from sync code (the dashboard): ``reset`` and then tell every socket."""
    announce_from_sync(reset(game_id, user_id, what, deal))


def rematch(game_id: int, host_id: int) -> Snapshot:
    """The host starts a new match once a team has won: same seats and options, both scores
    and set tallies back to 0, the next dealer deals at once. Refused for anyone but the
    host (``not_host``) and while no team has won (``match_not_over``)."""
    with transaction.atomic():
        game, players = store.locked(game_id)
        if game.host_id != host_id:
            raise TableError("not_host", _("Only the host can start a rematch."))
        match = store.match_of(game) if game.started else None
        if match is None or match_end.winner(match, game.play_to) is None:
            raise TableError(
                "match_not_over", _("The match is not over yet, so there is no rematch to start.")
            )
        events = _next_match(game, match)
        match.reset_score()  # said by the rematch event, not as a reset of its own
        events += match.deal()
        return changes.commit(
            game, players, match, {"type": match_end.REMATCH}, events,
            seat=seat_of(players, host_id), actor_id=host_id,
        )


def _next_match(game: Game, match: Match) -> list[dict[str, Any]]:
    """A match is over and the next begins (a locked row): its number goes up, the old match's
    deciding deal is no longer this match's "last deal"; the event that says so."""
    match.forget_last_round()
    game.match_no = store.next_match(game.pk)
    return [{"type": match_end.REMATCH, "number": game.match_no}]


def _join(game_id: int, user_id: int) -> Snapshot | None:
    """Remember that this user opened the table; deal first when that completes the table."""
    with transaction.atomic():
        game, players = store.locked(game_id)
        latest = None
        if store.mark_joined(game_id, user_id):
            game, players = store.locked(game_id)
            if not game.started:
                latest = changes.commit(game, players, None, {"type": "join"}, [], actor_id=user_id)
        if changes.ready_to_start(game, players):
            latest = changes.first_deal(game, players)
        return latest
