"""The seating's changes at a live table, each one locked write (``changes.commit``): the
host's form saved, a seat taken by the invite link, a guest removed, a seat handed to a
computer player and back, "I'm back", a decision whose turn timer ran out, a person away on
their turn, a friendship's end.

Every refusal is a ``TableError`` (``game.table.errors``) whose ``code`` is the
protocol's error code; the caller announces the new snapshot after the commit."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from game.invite import guests
from game.models import Game
from game.table import changes, store, turn_timer, watchers
from game.table.broadcast import announce_from_sync
from game.table.errors import TableError
from game.table.seats import (
    HANDOVER,
    LEVELS,
    SEATS,
    Seating,
    bot_name,
    fallback_action,
    seat_of,
    seated_events,
)
from game.table.snapshot import Snapshot


def seats_changed(game_id: int, before: Seating | None = None, *, new_turn: bool = False) -> None:
    """Tell the table its seats or details changed (call after saving the game row, in the
    same transaction; ``before``: the seating the change replaced): every socket re-checks its
    role and shows the new seating, name and link once it commits. Starts the first deal when
    the new seating completes a table whose players have all opened it. ``new_turn``: the
    decision asked for begins now (a turn timer just turned on)."""
    with transaction.atomic():
        game, players = store.locked(game_id)
        match = store.match_of(game) if game.started else None
        events = seated_events(before, players) if before is not None else []
        latest = changes.commit(
            game, players, match, {"type": "seats"}, events, new_turn=new_turn, before=before)
        if changes.ready_to_start(game, players):
            latest = changes.first_deal(game, players)
        transaction.on_commit(lambda: announce_from_sync(latest))


def take_seat_by_link(game_id: int, user_id: int, seat: int) -> Snapshot:
    """A visitor of the host's invite link takes an open seat (``Player.open_to_link``); a
    computer player there gives way. Refused (``TableError``) when the user already holds a
    seat here (``seated``), for a bad seat (``bad_seat``), when the seat is no longer
    open (``seat_taken``: "That seat was just taken.") and when the user watched the deal
    in progress with every hand shown (``watched_deal``), changing nothing. Runs in the
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
        bars = watchers.barred(
            game, [p.user_id for p in players], [user for user, _level in chosen]
        )
        if user_id in bars:
            raise _barred(bars[user_id][1])
        store.save_seats(game.pk, chosen)
        before, (game, players) = players, store.locked(game.pk)
        match = store.match_of(game) if game.started else None
        latest = changes.commit(
            game, players, match,
            {"type": "seats", "seat": seat, "by": "link", "users": [user_id]},
            seated_events(before, players),
            actor_id=user_id, recheck=frozenset({user_id}), before=before,
        )
        if changes.ready_to_start(game, players):
            latest = changes.first_deal(game, players)
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
        before, (game, players) = players, store.locked(game.pk)
        match = store.match_of(game) if game.started else None
        action = {"type": "remove_guest", "seat": seat, "level": level, "users": [guest_id]}
        latest = changes.commit(
            game, players, match, action, seated_events(before, players),
            seat=seat_of(players, host_id), actor_id=host_id,
            recheck=frozenset({guest_id}),
        )
        if changes.ready_to_start(game, players):
            latest = changes.first_deal(game, players)
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
    would (``auto``: they take it back with "I'm back", ``take_back``). The new snapshots,
    oldest first; none when the game moved on or the time has not run out (two processes
    that both saw the timer end: one applies it)."""
    with transaction.atomic():
        game, players = store.locked(game_id)
        if (
            game.version != version
            or not game.started
            or not turn_timer.ran_out(
                game.turn_began, turn_timer.at_seating(game.turn_timer, players), timezone.now())
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
            moved.append(changes.commit(
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
            or not turn_timer.away_long(game.turn_began, timezone.now())
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


def access_ended(host_id: int, guest_id: int) -> None:
    """The host and the guest are no longer friends: the guest leaves any seat at the host's
    game, and every socket of the guest there re-checks its role at once (and, no longer
    allowed to watch, is closed). Runs inside the caller's transaction; the sockets are
    told when it commits."""
    game = store.hosted_by(host_id)
    if game is None:
        return
    game, players = store.locked(game.pk)
    store.leave_seats(game.pk, guest_id)
    before, (game, players) = players, store.locked(game.pk)
    match = store.match_of(game) if game.started else None
    latest = changes.commit(
        game, players, match, {"type": "access", "users": [guest_id]},
        seated_events(before, players),
        recheck=frozenset({guest_id}),
    )
    transaction.on_commit(lambda: announce_from_sync(latest))


def _barred(why: watchers.Bar) -> TableError:
    """The invite link's refusal of a seat to someone who knows another hand of the deal."""
    if why == "watched_deal":
        return TableError(
            why, _("You watched this deal with every hand shown: take a seat when it ends.")
        )
    return TableError(why, _("You held another seat in this deal: take a seat when it ends."))


def _bad_seat(message: str) -> TableError:
    return TableError("bad_seat", message)


def _host_locked(game_id: int, host_id: int, seat: int) -> tuple[Game, Seating]:
    game, players = store.locked(game_id)
    if game.host_id != host_id:
        raise TableError(
            "not_host", _("Only the host can change who holds a seat (a computer player, a guest).")
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
    before, (game, players) = players, store.locked(game.pk)
    match = store.match_of(game) if game.started else None
    action = {"type": HANDOVER, "seat": seat, "level": level}
    by = None if actor_id is None else seat_of(players, actor_id)
    events = [event, *seated_events(before, players)]
    latest = changes.commit(
        game, players, match, action, events, seat=by, actor_id=actor_id, before=before)
    if changes.ready_to_start(game, players):
        latest = changes.first_deal(game, players)
    return latest
