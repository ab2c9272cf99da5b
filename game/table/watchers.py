"""Who may take which seat mid-deal: nobody knows two hands of a deal. A spectator shown every
hand takes no seat in that deal: their socket notes them (once per deal, before it sends the
first state with the hands) and seating someone mid-deal on the host form or by the invite
link asks ``watched`` first. Someone who held a seat in the deal takes no other seat in it
(``held_elsewhere``). (A player who leaves a seat mid-deal watches the rest of it from that
seat only: ``Snapshot.view_seat``.)"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from game.models import DealWatcher, Game
from game.table import store
from game.table.snapshot import Role, Snapshot

Deal = tuple[int, int]


def deal_in_progress(snapshot: Snapshot) -> Deal | None:
    """(match number, deal number) of the deal in progress, if one is."""
    match = snapshot.match
    if match is None or match.round is None:
        return None
    return snapshot.match_no, match.round_no


def sees_every_hand(snapshot: Snapshot, role: Role) -> Deal | None:
    """The deal in progress if this viewer is sent its every hand (a spectator), else None."""
    if not role.spectator or snapshot.view_seat(role) is not None:
        return None
    return deal_in_progress(snapshot)


def note(game_id: int, user_id: int, deal: Deal) -> None:
    """This user is being shown every hand of ``deal``; earlier deals' rows go."""
    match_no, round_no = deal
    DealWatcher.objects.filter(game_id=game_id).exclude(
        match_no=match_no, round_no=round_no
    ).delete()
    DealWatcher.objects.bulk_create(
        [DealWatcher(game_id=game_id, user_id=user_id, match_no=match_no, round_no=round_no)],
        ignore_conflicts=True,
    )


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
