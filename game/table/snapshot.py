"""One version of a live table: a value holding what every socket of a game needs to
describe it (seats, options, the parsed match, the events of the change that made it).

No Django and no caches here: ``game.table.cache`` keeps the latest snapshots of each
game in this process with what is derived from them once (each seat's view, each
encoded frame), ``game.table.wire`` turns a snapshot into the messages sockets send
and into the text a group message carries, and ``game.table.store`` reads and writes
the rows a snapshot is made from. The match's own ``view(seat)`` decides which cards a
seat may see.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from game.engine import Match
from game.table.seats import Seating, seat_of


@dataclass(frozen=True)
class Role:
    """A user's relation to a game: their seat, or a spectator, and whether they host.

    ``replaced``: the host handed this player's seat to a computer player; they watch
    from their seat (seeing only what it may see) and may not act until it is given back.
    ``left_seat``: a spectator who left a seat during a deal, as (match number, deal
    number, seat): while that deal goes on they watch from that seat (``Snapshot.view_seat``).
    ``sees_hands``: False for a guest who watches (anyone with the link, no account): they
    see the table as it is played, never a hand (``game.table.cache.public_view``).
    """

    seat: int | None
    spectator: bool
    host: bool
    replaced: bool = False
    left_seat: tuple[int, int, int] | None = None
    sees_hands: bool = True


@dataclass(frozen=True)
class Snapshot:
    """Everything the sockets of one game need to describe one version of it."""

    game_id: int
    version: int
    name: str
    host_id: int
    players: Seating
    conference_link: str
    play_direction: str
    rules: dict[str, Any]
    next_deal_at: datetime | None
    match: Match | None
    events: list[dict[str, Any]]
    # The match as saved (``Match.to_json()``), "" before the first deal.
    saved: str = ""
    # Users whose sockets must re-check their role against the database at this version.
    recheck: frozenset[int] = frozenset()
    # When the decision this version asks for began (the row's ``turn_began``): a person's
    # turn timer runs from it (``game.table.turn_timer``), and a computer player's pause.
    since: datetime | None = None
    # Table policy kept on the game row: seconds a person has per decision (0: no timer),
    # sets a team must win to end the match (0: no end), and which match this is.
    turn_timer: int = 0
    play_to: int = 0
    match_no: int = 1
    # Table policy: the computer players' pace and who may ask for hints (``Game`` fields).
    bot_pace: str = "normal"
    hints: str = "solo"

    @property
    def started(self) -> bool:
        """True once the first deal has been made."""
        return self.match is not None

    def seat_of(self, user_id: int) -> int | None:
        """The seat this user holds in this version, or None."""
        return seat_of(self.players, user_id)

    def view_seat(self, role: Role) -> int | None:
        """Whose view this viewer is sent: their seat's (a spectator: None, every hand), but
        the seat a spectator left during the deal in progress, while it goes on."""
        left = role.left_seat
        if left is None or self.match is None or self.match.round is None:
            return role.seat
        return left[2] if (self.match_no, self.match.round_no) == left[:2] else role.seat

    @property
    def bots(self) -> tuple[str, ...]:
        """Each seat's computer player level, "" for a person's seat."""
        return tuple(p.computer for p in self.players)

    def hints_allowed(self) -> bool:
        """Whether the seated players may ask for hints (the host's ``hints`` option; by
        default only while no person other than the host is seated: ``game.table.hints``)."""
        if self.hints == "on":
            return True
        if self.hints == "off":
            return False
        return all(p.user_id in (None, self.host_id) for p in self.players)

    def waiting_for(self) -> list[str]:
        """Names of seated people who have not opened the table yet (before the first deal)."""
        if self.started:
            return []
        return [
            p.person or ""
            for p in self.players
            if p.user_id is not None and not p.computer and not p.joined
        ]

    def next_deal_in(self, now: datetime | None = None) -> float | None:
        """Seconds until the next deal starts by itself, or None when none is due."""
        if self.next_deal_at is None:
            return None
        now = now or datetime.now(UTC)
        return round(max(0.0, (self.next_deal_at - now).total_seconds()), 2)

    def successor(
        self,
        match: Match,
        saved: str,
        events: list[dict[str, Any]],
        next_deal_at: datetime | None,
        since: datetime,
    ) -> Snapshot:
        """The snapshot one version later when only the match changed (an action, a deal)."""
        return replace(
            self,
            version=self.version + 1,
            match=match,
            saved=saved,
            events=events,
            next_deal_at=next_deal_at,
            recheck=frozenset(),
            since=since,
        )
