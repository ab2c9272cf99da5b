"""Who has watched the deal in progress with every hand shown: nobody takes a seat in a deal
after seeing its hands. A spectator's socket notes its user (once per deal, before it sends
the first state with the hands); seating someone mid-deal on the host form or by the invite
link asks ``watched`` first. (A player who leaves a seat mid-deal never sees every hand of
that deal: ``Snapshot.view_seat``.)"""

from __future__ import annotations

from collections.abc import Iterable

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
