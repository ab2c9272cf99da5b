"""Who may take which seat mid-deal: nobody knows two hands of a deal. A spectator shown every
hand takes no seat in that deal: their socket notes them under the game row's lock (once per
deal, before it sends the first state with the hands). Someone who held a seat in the deal
takes no other seat in it. ``barred`` is the one rule, asked by the host form (to explain,
then again under the lock) and by the invite link. (A player who leaves a seat mid-deal
watches the rest of it from that seat only: ``Snapshot.view_seat``.)"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Literal

from django.db import transaction

from game.models import DealWatcher, Game, Seat
from game.table import store
from game.table.snapshot import Role, Snapshot

Deal = tuple[int, int]
Bar = Literal["held_elsewhere", "watched_deal"]


def deal_in_progress(snapshot: Snapshot) -> Deal | None:
    """(match number, deal number) of the deal in progress, if one is."""
    match = snapshot.match
    if match is None or match.round is None:
        return None
    return snapshot.match_no, match.round_no


def sees_every_hand(snapshot: Snapshot, role: Role) -> Deal | None:
    """The deal in progress if this viewer is sent its every hand (a spectator), else None."""
    if not role.spectator or not role.sees_hands or snapshot.view_seat(role) is not None:
        return None
    return deal_in_progress(snapshot)


def note(game_id: int, user_id: int, deal: Deal) -> bool:
    """This user is about to be shown every hand of ``deal``: note it (earlier deals' rows
    go) and say True, under the game row's lock, so that a seat taken at the same moment
    (by the link or the host form, which ask ``barred`` under the same lock) either sees
    the note or comes first. False, noting nothing, when the user holds a seat here by then:
    their socket must take its new role before it sends anything (so must it when the game
is gone)."""
    match_no, round_no = deal
    with transaction.atomic():
        game = list(Game.objects.select_for_update().filter(pk=game_id).values_list("pk"))
        if not game or Seat.objects.filter(game_id=game_id, user_id=user_id).exists():
            return False
        DealWatcher.objects.filter(game_id=game_id).exclude(
            match_no=match_no, round_no=round_no
        ).delete()
        DealWatcher.objects.bulk_create(
            [DealWatcher(game_id=game_id, user_id=user_id, match_no=match_no, round_no=round_no)],
            ignore_conflicts=True,
        )
    return True


def barred(
    game: Game, seated_now: Sequence[int | None], chosen: Sequence[int | None]
) -> dict[int, tuple[int, Bar]]:
    """Those whom ``chosen`` (the user id in each seat, None for nobody) newly seats though
    they know another hand of this row's deal in progress (``seated_now``: who sits where):
    user id -> (the seat, why). Nobody outside a deal."""
    moving = {
        user_id: seat for seat, user_id in enumerate(chosen)
        if user_id is not None and user_id != seated_now[seat]
    }
    held_now = {user_id: seat for seat, user_id in enumerate(seated_now) if user_id is not None}
    bars: dict[int, tuple[int, Bar]] = {
        user_id: (moving[user_id], "watched_deal") for user_id in watched(game, moving)
    }
    for user_id in held_elsewhere(game, held_now, moving):
        bars[user_id] = (moving[user_id], "held_elsewhere")
    return bars


def watched(game: Game, user_ids: Iterable[int]) -> set[int]:
    """Those of ``user_ids`` who watched the deal in progress of this game (read from its
    row) with every hand shown."""
    ids = set(user_ids)
    deal = store.deal_in_progress(game) if ids else None
    if deal is None:
        return set()
    match_no, round_no = deal
    return set(
        DealWatcher.objects.filter(
            game_id=game.pk, match_no=match_no, round_no=round_no, user_id__in=ids
        ).values_list("user_id", flat=True)
    )


def held_elsewhere(game: Game, held_now: Mapping[int, int], wanted: Mapping[int, int]) -> set[int]:
    """Those of ``wanted`` (user id -> the seat they would take) who held another seat in the
    deal in progress of this row: now (``held_now``, user id -> seat) or before they left it
    (``Game.left_seats``)."""
    deal = store.deal_in_progress(game) if wanted else None
    if deal is None:
        return set()
    held = {
        int(user): entry[2] for user, entry in game.left_seats.items() if tuple(entry[:2]) == deal
    }
    held.update(held_now)
    return {user for user, seat in wanted.items() if held.get(user, seat) != seat}
