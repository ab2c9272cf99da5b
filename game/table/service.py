"""Every change to a live table, one path each: open, act, deal the next, reset, seat,
a seat taken by the invite link, hand a seat over and back, a guest's removal, a computer
player's move, a friendship's end, a decision whose turn timer ran out, a person taking back
their seat ("I'm back"), a rematch.

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

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts import preferences
from accounts.models import User
from game.engine import IllegalAction, Match, Rules
from game.engine.cards import CODES
from game.invite import guests
from game.models import Game
from game.table import cache, match_end, resets, routine, store, turn_timer
from game.table.access import role_for
from game.table.broadcast import announce_from_sync
from game.table.deal_history import Ended
from game.table.engine_words import spoken
from game.table.errors import TableError
from game.table.events import ends_deal
from game.table.seats import (
    HANDOVER,
    LEVELS,
    SEATS,
    Seating,
    all_present,
    bot_name,
    extend_history,
    fallback_action,
    seat_of,
)
from game.table.snapshot import Role, Snapshot
from game.table.store import Guard, Write
from game.table.wire import parse_match, saved_match

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
    if newly or _ready_to_start(game, players):
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


@dataclass(frozen=True)
class Change:
    """A change made in memory on a copy of the match of a version this process holds
    (``known``), not written yet: a person's or a computer player's action, or a deal."""

    known: Snapshot
    match: Match
    write: Write

    def successor(self) -> Snapshot:
        """The snapshot of the version this change makes, once it is written."""
        return self.known.successor(
            self.match, self.write.state, self.write.events, self.write.next_deal_at,
            self.write.at,
        )


def plan_action(known: Snapshot, user_id: int, action: dict[str, Any]) -> Change | None:
    """A person's action applied to a copy of the cached match, its write guarded by the
    seat. None when it must take the locked path instead (refused here, so the locked path
    names the reason from the row)."""
    seat = known.seat_of(user_id)
    if seat is None or known.match is None or known.players[seat].computer:
        return None
    match = known.match.copy()
    try:
        events = _play(match, seat, action)
    except TableError:
        return None
    return _planned(known, match, action, events, seat, user_id, Guard.SEAT)


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
    game_id: int, user_id: int, action: dict[str, Any], version: int, planned: Change | None
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
        events = _play(match, seat, action)
        return _commit(game, players, match, action, events, seat=seat, actor_id=user_id)


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
        return _commit(game, players, match, action, events, seat=seat)


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
        return _commit(game, players, match, dict(routine.PASS), events, seat=seat)


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


def plan_deal(known: Snapshot) -> Change | None:
    """The next deal made on a copy of the cached match, if one is due now (else None)."""
    if known.match is None or known.next_deal_at is None or known.next_deal_at > timezone.now():
        return None
    match = known.match.copy()
    events = match.deal()
    return _planned(known, match, {"type": "deal"}, events, None, None, Guard.DEAL_DUE)


def deal_next(game_id: int, expected_version: int, dealt: Change | None = None) -> Snapshot | None:
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
        return _commit(game, players, match, {"type": "deal"}, events)


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


def reset(game_id: int, user_id: int, what: str) -> Snapshot:
    """The host's reset (score, round, deck or all); returns the new snapshot.

    A round reset abandons the deal in progress and the same dealer deals again
    at once. Refused (``TableError``) for anyone but the host (``not_host``),
    before the first deal (``not_started``) and for an unknown ``what``.
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
        if what == "round" and match_end.winner(match, game.play_to) is not None:
            raise TableError(
                "match_over", _("The match is over: start a rematch, or reset the score.")
            )
        events: list[dict[str, Any]] = []
        if what in ("score", "all"):
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
        return _commit(
            game, players, match, {"type": "reset", "what": what}, events,
            seat=seat_of(players, user_id), actor_id=user_id,
        )


def reset_game(game_id: int, user_id: int, what: str) -> None:
    """Reset from sync code (the dashboard): ``reset`` and then tell every socket."""
    announce_from_sync(reset(game_id, user_id, what))


def seats_changed(game_id: int) -> None:
    """Tell the table its seats or details changed (call after saving the game row): every
    socket re-checks its role and shows the new seating, name and link. Starts the first
    deal when the new seating completes a table whose players have all opened it."""
    with transaction.atomic():
        game, players = store.locked(game_id)
        match = store.match_of(game) if game.started else None
        latest = _commit(game, players, match, {"type": "seats"}, [])
        if _ready_to_start(game, players):
            latest = _first_deal(game, players)
    announce_from_sync(latest)


def take_seat_by_link(game_id: int, user_id: int, seat: int) -> Snapshot:
    """A visitor of the host's invite link takes an open seat (``Player.open_to_link``); a
    computer player there gives way. Refused (``TableError``) when the user already holds a
    seat here (``seated``), for a bad seat (``bad_seat``), and when the seat is no longer
    open (``seat_taken``: "That seat was just taken."), changing nothing. Runs in the
    caller's transaction when there is one; the caller announces the snapshot after the
    commit. Deals first when the new seating completes a table whose people are all there.
    """
    if seat not in SEATS:
        raise _bad_seat(_("There are four seats, 1 to 4."))
    with transaction.atomic():
        game, players = store.locked(game_id)
        held = seat_of(players, user_id)
        if held is not None:
            raise TableError(
                "seated", _("You already hold seat %(seat)s here.") % {"seat": held + 1}
            )
        if not players[seat].open_to_link:
            raise TableError("seat_taken", _("That seat was just taken."))
        chosen = [
            (user_id, "") if p.number == seat else (p.user_id, p.computer) for p in players
        ]
        store.save_seats(game.pk, chosen)
        game, players = store.locked(game.pk)
        match = store.match_of(game) if game.started else None
        latest = _commit(
            game, players, match,
            {"type": "seats", "seat": seat, "by": "link", "users": [user_id]}, [],
            actor_id=user_id, recheck=frozenset({user_id}),
        )
        if _ready_to_start(game, players):
            latest = _first_deal(game, players)
        return latest


def remove_guest(game_id: int, host_id: int, seat: int, level: str) -> Snapshot:
    """The host removes the guest in ``seat``: the seat goes to a computer player of
    ``level``, or is left open (``level`` ""), and the guest loses the table (its sockets
    re-check their role and close). Refused for anyone but the host (``not_host``), for a
    bad level and when no guest of this game sits there (``bad_seat``)."""
    if level and level not in LEVELS:
        raise _bad_seat(_("Choose a level: easy or strong, or leave the seat open."))
    with transaction.atomic():
        game, players = _host_locked(game_id, host_id, seat)
        guest_id = players[seat].user_id
        if guest_id is None or not guests.is_guest_of(guest_id, game_id):
            raise _bad_seat(_("No guest sits in seat %(seat)s.") % {"seat": seat + 1})
        chosen = [
            (None, level) if p.number == seat else (p.user_id, p.computer) for p in players
        ]
        store.save_seats(game.pk, chosen)
        guests.unbind(guest_id)
        game, players = store.locked(game.pk)
        match = store.match_of(game) if game.started else None
        action = {"type": "remove_guest", "seat": seat, "level": level, "users": [guest_id]}
        latest = _commit(
            game, players, match, action, [], seat=seat_of(players, host_id), actor_id=host_id,
            recheck=frozenset({guest_id}),
        )
        if _ready_to_start(game, players):
            latest = _first_deal(game, players)
        return latest


def hand_over(game_id: int, host_id: int, seat: int, level: str) -> Snapshot:
    """The host hands a seat to a computer player of ``level`` (or changes a bot's level).

    The person seated there, if any, stays seated but may not act until ``give_back``.
    Refused (``TableError``) for anyone but the host (``not_host``) and for a bad seat or
    level (``bad_seat``).
    """
    if level not in LEVELS:
        raise _bad_seat(_("Choose a level: easy or strong."))
    with transaction.atomic():
        game, players = _host_locked(game_id, host_id, seat)
        if players[seat].computer == level:
            raise _bad_seat(
                _("%(bot)s already plays seat %(seat)s at that level.")
                % {"bot": bot_name(seat), "seat": seat + 1}
            )
        event = {"type": HANDOVER, "seat": seat, "to": "computer", "level": level,
                 "name": bot_name(seat), "player": players[seat].person}
        return _reseat(game, players, seat, level, event, actor_id=host_id)


def give_back(game_id: int, host_id: int, seat: int) -> Snapshot:
    """The host gives a handed-over seat back to the person seated there.

    Refused (``TableError``) for anyone but the host (``not_host``), and (``bad_seat``) when
    no computer player holds the seat or no person waits for it.
    """
    with transaction.atomic():
        game, players = _host_locked(game_id, host_id, seat)
        if not players[seat].computer:
            raise _bad_seat(
                _("Seat %(seat)s is not held by a computer player.") % {"seat": seat + 1}
            )
        if players[seat].user_id is None:
            raise _bad_seat(
                _("Nobody waits for seat %(seat)s: seat a friend there on the host form.")
                % {"seat": seat + 1}
            )
        event = {"type": HANDOVER, "seat": seat, "to": "player",
                 "name": bot_name(seat), "player": players[seat].person}
        return _reseat(game, players, seat, "", event, actor_id=host_id)


def take_back(game_id: int, user_id: int) -> Snapshot:
    """"I'm back": a person takes back the seat the server handed to a computer player
    (time ran out, or they were gone on their turn). A seat the host handed over stays
    with the host to give back (``not_replaced``, as for a seat nobody handed over)."""
    with transaction.atomic():
        game, players = store.locked(game_id)
        seat = seat_of(players, user_id)
        if seat is None or not players[seat].replaced or not players[seat].auto:
            raise TableError(
                "not_replaced",
                _("Your seat is not held by a computer player for you, so there is nothing to "
                  "take back."),
            )
        event = {"type": HANDOVER, "seat": seat, "to": "player", "name": bot_name(seat),
                 "player": players[seat].person, "why": "back"}
        return _reseat(game, players, seat, "", event, actor_id=user_id)


def time_out(
    game_id: int, version: int, choices: dict[int, dict[str, Any]]
) -> list[Snapshot]:
    """The turn timer ran out at ``version`` for the timed seats of ``choices``: play each
    one's action (the easy computer player's choice) for its person, logged as such, in seat
    order; a seat that is no longer asked once an earlier one answered (a Double made for
    one partner) is skipped. Both partners asked about a Double share one timer, so neither
    waits a second one out. After a person's second timeout in a row, or when they have no
    socket open at the table, their seat goes to a computer player as the host's button
    would (``auto``: they take it back by acting). The new snapshots, oldest first; none
    when the game moved on or the time has not run out (two processes that both saw the
    timer end: one applies it)."""
    with transaction.atomic():
        game, players = store.locked(game_id)
        if (
            game.version != version
            or not game.started
            or not turn_timer.ran_out(game.updated, game.turn_timer, timezone.now())
        ):
            return []
        match = store.match_of(game)
        moved: list[Snapshot] = []
        handed: list[tuple[int, str]] = []
        for seat, action in sorted(choices.items()):
            player = players[seat]
            legal = match.legal_actions(seat) if seat in match.turn() else []
            if player.computer or player.user_id is None or not legal:
                continue
            if action not in legal:
                action = fallback_action(legal)
            if store.timed_out_last(game_id, seat):
                handed.append((seat, "timeout"))
            elif not store.at_table(game_id, player.user_id):
                handed.append((seat, "away"))
            timeout = {"type": turn_timer.TIMEOUT, "seat": seat, "player": player.person,
                       "name": bot_name(seat)}
            events = [timeout, *match.apply(seat, action)]
            moved.append(_commit(
                game, players, match,
                {"type": turn_timer.TIMEOUT, "seat": seat, "action": action}, events, seat=seat,
            ))
        for seat, why in handed:
            game, players = store.locked(game_id)  # each hand-over writes the row anew
            moved.append(_hand_over_auto(game, players, seat, why))
        return moved


def hand_over_away(game_id: int, version: int, seat: int) -> Snapshot | None:
    """A person whose turn it has been for ``TURN_AWAY_AFTER`` seconds at ``version`` has no
    socket open at the table: hand their seat to a computer player (``auto``). None when the
    game moved on, the seat changed hands, or they are at the table."""
    with transaction.atomic():
        game, players = store.locked(game_id)
        player = players[seat]
        if (
            game.version != version
            or player.computer
            or player.user_id is None
            or not turn_timer.away_long(game.updated, timezone.now())
            or store.at_table(game_id, player.user_id)
        ):
            return None
        return _hand_over_auto(game, players, seat, "away")


def _hand_over_auto(game: Game, players: Seating, seat: int, why: str) -> Snapshot:
    """The server hands a person's seat to a computer player (``turn_timer.STAND_IN``)."""
    level = turn_timer.STAND_IN
    event = {"type": HANDOVER, "seat": seat, "to": "computer", "level": level,
             "name": bot_name(seat), "player": players[seat].person, "why": why}
    return _reseat(game, players, seat, level, event, actor_id=None, auto=True)


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
        match.reset_score()
        game.match_no = store.next_match(game_id)
        events = [{"type": match_end.REMATCH, "number": game.match_no}, *match.deal()]
        return _commit(
            game, players, match, {"type": match_end.REMATCH}, events,
            seat=seat_of(players, host_id), actor_id=host_id,
        )


def access_ended(host_id: int, guest_id: int) -> None:
    """The host and the guest are no longer friends: the guest leaves any seat at the host's
    game, and every socket of the guest there re-checks its role at once (and, no longer
    allowed to watch, is closed). Runs inside the caller's transaction; the sockets are
    told when it commits."""
    game = store.hosted_by(host_id)
    if game is None:
        return
    store.leave_seats(game.pk, guest_id)
    game, players = store.locked(game.pk)
    match = store.match_of(game) if game.started else None
    latest = _commit(
        game, players, match, {"type": "access", "users": [guest_id]}, [],
        recheck=frozenset({guest_id}),
    )
    transaction.on_commit(lambda: announce_from_sync(latest))


# -- shared steps ----------------------------------------------------------------------------


def _play(match: Match, seat: int, action: dict[str, Any]) -> list[dict[str, Any]]:
    if not match.legal_actions(seat):
        raise TableError("not_your_turn", _("It is not your turn."))
    try:
        return match.apply(seat, action)
    except IllegalAction as refused:
        raise TableError("illegal", spoken(refused.sentence)) from refused


def _planned(
    known: Snapshot,
    match: Match,
    action: dict[str, Any],
    events: list[dict[str, Any]],
    seat: int | None,
    actor_id: int | None,
    guard: Guard,
) -> Change:
    events = match_end.with_match_end(events, match, known.play_to, known.match_no)
    write = Write(
        game_id=known.game_id,
        version=known.version,
        state=saved_match(match),
        next_deal_at=_next_deal_at(match, known.next_deal_at, known.play_to),
        action=action,
        events=events,
        seat=seat,
        actor_id=actor_id,
        guard=guard,
        ended=_ended(events, match, known.players, known.match_no, known.match or known.saved),
    )
    return Change(known, match, write)


def _ended(
    events: list[dict[str, Any]],
    match: Match | None,
    players: Seating,
    match_no: int,
    before: Match | str,
) -> Ended | None:
    """What the record of a deal the change ends needs (None when it ends none): the match
    after the change, who sat where, the match number, and what only the deal's analysis
    may read (the deal's deck, dealer and number from the match ``before`` the change, or
    its saved text, and who held each seat)."""
    if match is None or not any(map(ends_deal, events)):
        return None
    if isinstance(before, str):
        before = parse_match(before) if before else match
    r = before.round
    private: dict[str, Any] = {}
    if r is not None:
        private = {
            "number": before.round_no,
            "dealer": before.dealer,
            "deck": [CODES[card] for card in r.deck],
            "holders": [p.user_id for p in players],
        }
    return Ended(
        match=match,
        names=[p.name for p in players],
        people=[None if p.computer else p.user_id for p in players],
        match_no=match_no,
        private=private,
    )


def _commit(
    game: Game,
    players: Seating,
    match: Match | None,
    action: dict[str, Any],
    events: list[dict[str, Any]],
    *,
    seat: int | None = None,
    actor_id: int | None = None,
    recheck: frozenset[int] = frozenset(),
) -> Snapshot:
    """Write the change of a locked row as its next version; update ``game`` in place and
    return the new snapshot. ``recheck``: users whose sockets must re-check their role."""
    next_deal_at = _next_deal_at(match, game.next_deal_at, game.play_to)
    state = saved_match(match) if match is not None else ""
    events = match_end.with_match_end(events, match, game.play_to, game.match_no)
    write = Write(
        game_id=game.pk, version=game.version, state=state, next_deal_at=next_deal_at,
        action=action, events=events, seat=seat, actor_id=actor_id,
        ended=_ended(events, match, players, game.match_no, game.state),
    )
    if not store.commit(write):
        raise TableError("stale", _("The table changed at the same moment; try again."))
    game.state, game.version, game.next_deal_at = state, game.version + 1, next_deal_at
    game.updated = write.at
    return store.snapshot_of(game, players, match, events, recheck)


def _join(game_id: int, user_id: int) -> Snapshot | None:
    """Remember that this user opened the table; deal first when that completes the table."""
    with transaction.atomic():
        game, players = store.locked(game_id)
        latest = None
        if store.mark_joined(game_id, user_id):
            game, players = store.locked(game_id)
            if not game.started:
                latest = _commit(game, players, None, {"type": "join"}, [], actor_id=user_id)
        if _ready_to_start(game, players):
            latest = _first_deal(game, players)
        return latest


def _ready_to_start(game: Game, players: Seating) -> bool:
    """Not started, and every seat has a computer player or a person who opened the table."""
    return not game.started and all_present(players)


def _first_deal(game: Game, players: Seating) -> Snapshot:
    """Create the match (random first dealer; shuffles from secrets.SystemRandom) and deal.

    No seed: a seeded match would keep its generator's state in ``Game.state``,
    from which anyone reading the database could foresee every later deal.
    """
    match = Match(Rules.from_dict(game.rules), dealer=secrets.randbelow(4))
    events = match.deal()
    return _commit(game, players, match, {"type": "deal"}, events)


def _next_deal_at(
    match: Match | None, current: datetime | None, play_to: int
) -> datetime | None:
    """While no deal is in progress the next one is due NEXT_DEAL_DELAY seconds after the
    change that ended the last (an earlier deadline is kept); else, or once a team has won
    the match, none is due."""
    if match is None or match.round is not None or match_end.winner(match, play_to) is not None:
        return None
    return current or timezone.now() + timedelta(seconds=settings.NEXT_DEAL_DELAY)


def _bad_seat(message: str) -> TableError:
    return TableError("bad_seat", message)


def _host_locked(game_id: int, host_id: int, seat: int) -> tuple[Game, Seating]:
    game, players = store.locked(game_id)
    if game.host_id != host_id:
        raise TableError(
            "not_host", _("Only the host can hand a seat to a computer player or back.")
        )
    if seat not in range(4):
        raise _bad_seat(_("There are four seats, 1 to 4."))
    return game, players


def _reseat(
    game: Game,
    players: Seating,
    seat: int,
    level: str,
    event: dict[str, Any],
    *,
    actor_id: int | None,
    auto: bool = False,
) -> Snapshot:
    """Save the seat's new level and log the change as the next version (dealing first when
    the change completes a table whose people are all there). ``actor_id``: who asked (the
    host, or the person taking their seat back; None: the server); ``auto``: the server
    handed the seat over, so its person may take it back."""
    chosen = [(p.user_id, level if p.number == seat else p.computer) for p in players]
    store.save_seats(game.pk, chosen)
    if auto:
        store.mark_auto(game.pk, seat)
    game, players = store.locked(game.pk)
    match = store.match_of(game) if game.started else None
    action = {"type": HANDOVER, "seat": seat, "level": level}
    by = None if actor_id is None else seat_of(players, actor_id)
    latest = _commit(game, players, match, action, [event], seat=by, actor_id=actor_id)
    if _ready_to_start(game, players):
        latest = _first_deal(game, players)
    return latest
