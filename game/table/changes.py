"""How a change to a live table is written, one place for every path (``service``,
``seat_changes``): an action played on a match (a refusal in the reader's words), a change
planned on a cached version for a guarded write, the locked row's change written as its next
version, the record a deal's end needs, the first deal, and when the next deal is due."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _

from game.engine import IllegalAction, Match, Rules
from game.engine.cards import CODES
from game.models import Game
from game.table import match_end, store, turn_timer
from game.table.deal_history import Ended
from game.table.engine_words import spoken
from game.table.errors import TableError
from game.table.events import ends_deal
from game.table.seats import Seating, all_present, reseated
from game.table.snapshot import Snapshot
from game.table.store import Guard, Write
from game.table.wire import parse_match, saved_match


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


def play(match: Match, seat: int, action: dict[str, Any]) -> list[dict[str, Any]]:
    if not match.legal_actions(seat):
        raise TableError("not_your_turn", _("It is not your turn."))
    try:
        return match.apply(seat, action)
    except IllegalAction as refused:
        raise TableError("illegal", spoken(refused.sentence)) from refused


def planned(
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
        next_deal_at=deal_due_at(match, known.next_deal_at, known.play_to),
        action=action,
        events=events,
        seat=seat,
        actor_id=actor_id,
        guard=guard,
        ended=ended(events, match, known.players, known.match_no, known.match or known.saved),
    )
    return Change(known, match, write)


def ended(
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


def commit(
    game: Game,
    players: Seating,
    match: Match | None,
    action: dict[str, Any],
    events: list[dict[str, Any]],
    *,
    seat: int | None = None,
    actor_id: int | None = None,
    recheck: frozenset[int] = frozenset(),
    new_turn: bool = False,
    before: Seating | None = None,
) -> Snapshot:
    """Write the change of a locked row as its next version; update ``game`` in place and
    return the new snapshot. ``recheck``: users whose sockets must re-check their role;
    ``new_turn``: the decision asked for begins now whatever the change (``turn_began``), as
    it does when the change of seats from ``before`` turns an automatic turn timer on."""
    next_deal_at = deal_due_at(match, game.next_deal_at, game.play_to)
    state = saved_match(match) if match is not None else ""
    events = match_end.with_match_end(events, match, game.play_to, game.match_no)
    at = timezone.now()
    new_turn = new_turn or turn_timer.turned_on(game.turn_timer, before, players)
    began = at if new_turn else turn_began(game, match, state, events, at)
    write = Write(
        game_id=game.pk, version=game.version, state=state, next_deal_at=next_deal_at,
        action=action, events=events, seat=seat, actor_id=actor_id,
        ended=ended(events, match, players, game.match_no, game.state), at=at, turn_began=began,
    )
    if not store.commit(write):
        raise TableError("stale", _("The table changed at the same moment; try again."))
    game.state, game.version, game.next_deal_at = state, game.version + 1, next_deal_at
    game.updated, game.turn_began = at, began
    return store.snapshot_of(game, players, match, events, recheck)


def turn_began(
    game: Game, match: Match | None, state: str, events: list[dict[str, Any]], at: datetime
) -> datetime:
    """When the decision asked for after a change of the locked ``game`` began: ``at`` when
    the change moved the match (a move, a deal, a reset) or gave a seat in turn to someone
    else; else when it began before (a change of other seats, the name or the options keeps
    a person's turn timer running, so that nobody can stretch a turn by saving the form)."""
    if state != game.state or match is None or match.round is None:
        return at
    if reseated(events) & set(match.turn()):
        return at
    return game.turn_began


def ready_to_start(game: Game, players: Seating) -> bool:
    """Not started, and every seat has a computer player or a person who opened the table."""
    return not game.started and all_present(players)


def first_deal(game: Game, players: Seating) -> Snapshot:
    """Create the match (random first dealer; shuffles from secrets.SystemRandom) and deal.

    No seed: a seeded match would keep its generator's state in ``Game.state``,
    from which anyone reading the database could foresee every later deal.
    """
    match = Match(Rules.from_dict(game.rules), dealer=secrets.randbelow(4))
    events = match.deal()
    return commit(game, players, match, {"type": "deal"}, events)


def deal_due_at(
    match: Match | None, current: datetime | None, play_to: int
) -> datetime | None:
    """While no deal is in progress the next one is due NEXT_DEAL_DELAY seconds after the
    change that ended the last (an earlier deadline is kept); else, or once a team has won
    the match, none is due."""
    if match is None or match.round is not None or match_end.winner(match, play_to) is not None:
        return None
    return current or timezone.now() + timedelta(seconds=settings.NEXT_DEAL_DELAY)
