"""Changes that concern computer players, each in one transaction like ``game.table.service``.

``play_for_bot`` applies a bot's move only if the game still sits at the version the
move was computed for and the same computer player still holds the seat: a move
computed twice (two processes, a restart) is applied once. ``hand_over`` and
``give_back`` are the host's: a seat goes to a computer player (the person in it,
if any, keeps their claim) and comes back, without touching the match; the table
logs both with a ``handover`` event. ``bot_history`` rebuilds the public events of
the current deal from the action log, as the bots are given them.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from game.models import Game, GameAction
from game.table import snapshot
from game.table.seats import (
    HANDOVER,
    LEVELS,
    bot_name,
    extend_history,
    level_of,
    levels,
    starts_deal,
    with_level,
)
from game.table.service import (
    TableError,
    _commit,
    _first_deal,
    _locked,
    _match_of,
    _ready_to_start,
)
from game.table.snapshot import Snapshot

# Changes read from the log at a time while looking back for the start of the deal.
CHUNK_ROWS = 64


def play_for_bot(
    game_id: int, seat: int, level: str, action: dict[str, Any], version: int
) -> Snapshot | None:
    """Apply a computer player's action if the game is still at ``version`` with this bot in
    ``seat`` and the action legal; the new snapshot, or None when it no longer applies."""
    with transaction.atomic():
        game = snapshot.locked_game(game_id)
        if game.version != version or not game.started or level_of(game, seat) != level:
            return None
        match = _match_of(game)
        if action not in match.legal_actions(seat):
            return None
        events = match.apply(seat, action)
        return _commit(game, match, action, events, seat=seat)


def hand_over(game_id: int, host_id: int, seat: int, level: str) -> Snapshot:
    """The host hands a seat to a computer player of ``level`` (or changes a bot's level).

    The person seated there, if any, stays seated but may not act until ``give_back``.
    Refused (``TableError``) for anyone but the host (``not_host``) and for a bad seat or
    level (``bad_seat``).
    """
    if level not in LEVELS:
        raise _bad_seat(f"Choose a level: {' or '.join(LEVELS)}.")
    with transaction.atomic():
        game = _host_locked(game_id, host_id, seat)
        if level_of(game, seat) == level:
            raise _bad_seat(f"{bot_name(seat)} already plays seat {seat + 1} at that level.")
        person = _person(game, seat)
        event = {"type": HANDOVER, "seat": seat, "to": "computer", "level": level,
                 "name": bot_name(seat), "player": person}
        return _reseat(game, with_level(game.bots, seat, level), event, host_id)


def give_back(game_id: int, host_id: int, seat: int) -> Snapshot:
    """The host gives a handed-over seat back to the person seated there.

    Refused (``TableError``) for anyone but the host (``not_host``), and (``bad_seat``) when
    no computer player holds the seat or no person waits for it (choose someone on the host
    form then).
    """
    with transaction.atomic():
        game = _host_locked(game_id, host_id, seat)
        person = _person(game, seat)
        if not level_of(game, seat):
            raise _bad_seat(f"Seat {seat + 1} is not held by a computer player.")
        if person is None:
            raise _bad_seat(
                f"Nobody waits for seat {seat + 1}: seat a friend there on the host form."
            )
        event = {"type": HANDOVER, "seat": seat, "to": "player",
                 "name": bot_name(seat), "player": person}
        return _reseat(game, with_level(game.bots, seat, ""), event, host_id)


def bot_history(game_id: int, upto: int) -> list[dict[str, Any]]:
    """The public events of the deal in progress at version ``upto``, oldest first: exactly
    the lists ``deal()`` and every ``apply()`` returned since the deal began (the log's own
    ``reset`` and ``handover`` events left out)."""
    newest_first: list[list[dict[str, Any]]] = []
    while upto > 0:
        chunk = list(
            GameAction.objects.filter(game_id=game_id, seq__lte=upto)
            .order_by("-seq")
            .values_list("seq", "events")[:CHUNK_ROWS]
        )
        for seq, events in chunk:
            newest_first.append(events)
            if starts_deal(events):
                history: list[dict[str, Any]] = []
                for older in reversed(newest_first):
                    history = extend_history(history, older)
                return history
            upto = seq - 1
        if len(chunk) < CHUNK_ROWS:
            break
    return []


def _bad_seat(message: str) -> TableError:
    return TableError("bad_seat", message)


def _host_locked(game_id: int, host_id: int, seat: int) -> Game:
    game = _locked(game_id)
    if game.host_id != host_id:
        raise TableError(
            "not_host", "Only the host can hand a seat to a computer player or back."
        )
    if seat not in range(4):
        raise _bad_seat("There are four seats, 1 to 4.")
    return game


def _person(game: Game, seat: int) -> str | None:
    """The shown name of the person seated in ``seat``, None when nobody is."""
    user = getattr(game, f"seat_{seat}")
    return None if user is None else str(user.display_name)


def _reseat(game: Game, bots: list[str], event: dict[str, Any], host_id: int) -> Snapshot:
    """Save the new levels and log the change as the next version (dealing first when the
    change completes a table whose people are all there)."""
    Game.objects.filter(pk=game.pk).update(bots=bots)
    game.bots = bots
    match = _match_of(game) if game.started else None
    action = {"type": HANDOVER, "seat": event["seat"], "level": levels(bots)[event["seat"]]}
    latest = _commit(game, match, action, [event], seat=game.seat_of(host_id), actor_id=host_id)
    if _ready_to_start(game):
        latest = _first_deal(game)
    return latest
