"""The one module that reads and writes a game's rows: the game, its seats, its action log.

Every change to a table is a ``Write``: the game moves from ``version`` to
``version + 1`` with its new saved match, and the change's row is appended to
the action log (unique per game and version), in one shape of SQL per
database, written once here (``_moved_then_logged``):

- PostgreSQL: one statement, ``WITH moved AS (UPDATE ... RETURNING id) INSERT ...
  SELECT ... FROM moved`` (its own transaction when it runs alone);
- SQLite: the same ``UPDATE`` and, when it moved the row, the same ``INSERT``.

The ``UPDATE`` is guarded: only from ``version``, and only while its ``Guard``
holds (the actor still holds their seat as a person; the next deal is still
due; or nothing more, for a row this transaction has locked). A change that
ends a deal writes the deal's record (``game.table.deal_history``) in the same
transaction. ``commit`` runs a write on Django's connection (any thread, inside
or outside a transaction); ``commit_from_loop`` runs the very same statement
from the event loop on its own asynchronous psycopg connection (PostgreSQL,
one per loop), which saves the hop to the database thread that cost more CPU
than the statement itself. The database stays the authority either way: two
writes from the same version can never both succeed.

Seats are rows (``Seat``): ``seating`` reads them as values, ``save_seats``
writes them, and nothing outside this module knows how they are stored.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import cache
from typing import Any

import orjson
import psycopg
from django.conf import settings
from django.db import connection, transaction
from django.db.models import Case, F, Prefetch, Q, QuerySet, Value, When
from django.utils import timezone
from psycopg.types.json import Jsonb

from accounts.models import User
from game.engine import Match
from game.models import DealRecord, Game, GameAction, Seat, TablePresence
from game.table import cache as table_cache
from game.table import deal_history, loop_connection, turn_timer
from game.table.deal_history import Ended
from game.table.errors import no_game
from game.table.events import starts_deal
from game.table.seats import HANDOVER, SEATS, Player, Seating, reseated
from game.table.snapshot import Snapshot
from game.table.turn_timer import TIMEOUT
from game.table.wire import parse_match

log = logging.getLogger(__name__)

# How many changes a (re)connecting socket is sent for its log: more than one whole deal.
HISTORY_LIMIT = 100
# Changes read from the log at a time while looking back for the start of the deal.
CHUNK_ROWS = 64


class Guard(enum.Enum):
    """What else must hold, besides the version, for a write to move the game row."""

    LOCKED = "locked"  # nothing: the writing transaction holds the row's lock
    SEAT = "seat"  # the actor still holds the seat as a person (no computer player there)
    DEAL_DUE = "deal_due"  # the next deal is due (the automatic next deal)


@dataclass(frozen=True)
class Write:
    """One change: the game row from ``version`` to the next, and its log row."""

    game_id: int
    version: int
    state: str  # the new saved match ("" before the first deal)
    next_deal_at: datetime | None
    action: dict[str, Any]
    events: list[dict[str, Any]]
    seat: int | None = None
    actor_id: int | None = None
    guard: Guard = Guard.LOCKED
    # What the record of a deal the change ends needs (None: it ends none).
    ended: Ended | None = None
    # When the change is made: the row's ``updated``.
    at: datetime = field(default_factory=timezone.now)
    # When the decision the new version asks for began (the row's ``turn_began``, from which
    # a turn's timer runs): None for ``at``, a change that begins one (``changes.turn_began``).
    turn_began: datetime | None = None


# -- the SQL, written once ---------------------------------------------------------------


def _guard_sql(guard: Guard) -> str:
    seats = connection.ops.quote_name(Seat._meta.db_table)
    return {
        Guard.LOCKED: "TRUE",
        Guard.SEAT: (
            f"EXISTS (SELECT 1 FROM {seats} WHERE {seats}.game_id = %s AND "
            f"{seats}.number = %s AND {seats}.user_id = %s AND {seats}.computer = '')"
        ),
        Guard.DEAL_DUE: "next_deal_at <= %s",
    }[guard]


def _guard_values(write: Write, now: datetime) -> list[Any]:
    if write.guard is Guard.SEAT:
        return [write.game_id, write.seat, write.actor_id]
    if write.guard is Guard.DEAL_DUE:
        return [now]
    return []


@cache
def _update_sql(vendor: str, guard: Guard) -> str:
    game = connection.ops.quote_name(Game._meta.db_table)
    returning = " RETURNING id" if vendor == "postgresql" else ""
    return (
        f"UPDATE {game} SET state = %s, version = %s, next_deal_at = %s, updated = %s, "
        "turn_began = %s "
        f"WHERE id = %s AND version = %s AND {_guard_sql(guard)}{returning}"
    )


@cache
def _insert_sql(vendor: str) -> str:
    log_table = connection.ops.quote_name(GameAction._meta.db_table)
    columns = "game_id, seq, seat, actor_id, action, events, created"
    if vendor == "postgresql":
        return f"INSERT INTO {log_table} ({columns}) SELECT id, %s, %s, %s, %s, %s, %s FROM moved"
    return f"INSERT INTO {log_table} ({columns}) VALUES (%s, %s, %s, %s, %s, %s, %s)"


@cache
def _moved_then_logged(guard: Guard) -> str:
    """PostgreSQL: the guarded update and, if it moved the row, the log row: one statement."""
    return f"WITH moved AS ({_update_sql('postgresql', guard)}) {_insert_sql('postgresql')}"


def _update_values(write: Write, now: Any, due: Any, began: Any) -> list[Any]:
    return [
        write.state, write.version + 1, due, now, began, write.game_id, write.version,
        *_guard_values(write, now),
    ]


def _pg_statement(write: Write) -> tuple[str, list[Any]]:
    """The write as one PostgreSQL statement and its values (as psycopg takes them: JSON
    encoded by orjson, aware datetimes as they are)."""
    now = write.at
    values = [
        *_update_values(write, now, write.next_deal_at, write.turn_began or now),
        write.version + 1, write.seat, write.actor_id,
        Jsonb(write.action, dumps=orjson.dumps), Jsonb(write.events, dumps=orjson.dumps), now,
    ]
    return _moved_then_logged(write.guard), values


def _field(model: Any, name: str, value: Any) -> Any:
    """A value as the model field's own conversion gives it to this database."""
    return model._meta.get_field(name).get_db_prep_save(value, connection)


def _sqlite_write(write: Write) -> bool:
    now = write.at
    with connection.cursor() as cursor:
        cursor.execute(
            _update_sql(connection.vendor, write.guard),
            _update_values(
                write,
                _field(Game, "updated", now),
                _field(Game, "next_deal_at", write.next_deal_at),
                _field(Game, "turn_began", write.turn_began or now),
            ),
        )
        if cursor.rowcount != 1:
            return False
        cursor.execute(
            _insert_sql(connection.vendor),
            [
                write.game_id, write.version + 1, write.seat, write.actor_id,
                _field(GameAction, "action", write.action),
                _field(GameAction, "events", write.events),
                _field(GameAction, "created", now),
            ],
        )
    return True


def one_statement() -> bool:
    """Whether this database writes a change in one statement (PostgreSQL)."""
    return bool(connection.vendor == "postgresql")


def _run(write: Write) -> bool:
    if not one_statement():
        return _sqlite_write(write)
    sql, values = _pg_statement(write)
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
        return bool(cursor.rowcount == 1)


def commit(write: Write) -> bool:
    """Write the change (and the record of a deal it ends) on Django's connection; whether
    the game moved (False: its guard found the row moved on, and nothing was written)."""
    if write.ended is None and one_statement():
        return _run(write)
    with transaction.atomic():
        if not _run(write):
            return False
        if write.ended is not None:
            deal_history.record_ended_deals(
                write.game_id, write.version + 1, write.events, write.ended
            )
    return True


# -- the same statement from the event loop (PostgreSQL) ---------------------------------

def from_loop(write: Write) -> bool:
    """Whether ``commit_from_loop`` can write this change (PostgreSQL, no deal record)."""
    return write.ended is None and one_statement()


async def commit_from_loop(write: Write) -> bool | None:
    """``commit`` from the event loop, on the loop's own connection (only when ``from_loop``);
    None when the connection failed: the write may or may not have happened, and the
    caller asks the locked path, which reads the row's version."""
    sql, values = _pg_statement(write)
    conn = None
    try:
        conn = await loop_connection.get()
        cursor = await conn.execute(sql, values)
    except psycopg.OperationalError:
        log.warning("The event loop's database connection failed", exc_info=True)
        if conn is not None:
            await loop_connection.drop(conn)
        return None
    return cursor.rowcount == 1



# -- seats -------------------------------------------------------------------------------


def _with_users() -> Prefetch[Any]:
    return Prefetch("seats", queryset=Seat.objects.select_related("user").order_by("number"))


def with_seats(games: QuerySet[Game]) -> QuerySet[Game]:
    """``games`` with their seats and seated users read in one more query (for ``seating``)."""
    return games.prefetch_related(_with_users())


def seated_in(user: User) -> Q:
    """The games where this user holds a seat (a filter on ``Game``)."""
    return seated_in_id(user.pk)


def seated_in_id(user_id: int) -> Q:
    """``seated_in`` by the user's id."""
    return Q(pk__in=Seat.objects.filter(user_id=user_id).values("game_id"))


def seating(game: Game) -> Seating:
    """The four seats of a game row (read with ``with_seats``, or queried now)."""
    return _seating(game.seats.all())


def _seating(seats: Any) -> Seating:
    rows = {seat.number: seat for seat in seats}
    return tuple(_player(rows.get(number), number) for number in SEATS)


def _player(row: Seat | None, number: int) -> Player:
    if row is None:
        return Player(number)
    user = row.user
    return Player(
        number=number,
        user_id=row.user_id,
        person=None if user is None else user.display_name,
        computer=row.computer,
        joined=row.joined,
        link_open=row.link_open,
        auto=row.auto,
        guest=user is not None and user.is_guest,
    )


def create_game(
    host: User,
    name: str,
    seats: Sequence[User | str | None],
    *,
    joined: bool = False,
    **fields: Any,
) -> Game:
    """A new game of ``host`` with its four seats: a user, a computer player's level or None
    each (``joined``: the seated people have opened the table already; ``fields``: other
    columns of ``Game``, such as ``rules``)."""
    with transaction.atomic():
        game = Game.objects.create(host=host, name=name, **fields)
        Seat.objects.bulk_create(
            Seat(
                game=game,
                number=number,
                user=holder if isinstance(holder, User) else None,
                computer=holder if isinstance(holder, str) else "",
                joined=joined and isinstance(holder, User),
            )
            for number, holder in enumerate(seats)
        )
    return game


def save_seats(game_id: int, chosen: Sequence[tuple[int | None, str]]) -> bool:
    """Seat ``(user id, computer level)`` in each seat of a game whose row this transaction
    has locked; whether anything changed. A person newly seated counts as having opened the
    table when they have it open now (a spectator seated mid-game)."""
    rows = {seat.number: seat for seat in Seat.objects.filter(game_id=game_id)}
    changed = False
    left: dict[int, int] = {}
    for number, (user_id, level) in enumerate(chosen):
        row = rows.get(number) or Seat(game_id=game_id, number=number)
        if row.pk is not None and (row.user_id, row.computer) == (user_id, level):
            continue
        if row.user_id != user_id:
            row.joined = user_id is not None and _at_table(game_id, user_id)
            if row.user_id is not None:
                left[row.user_id] = number
        row.user_id, row.computer, row.auto = user_id, level, False
        row.save()
        changed = True
    _left_during_deal(game_id, left)
    return changed


def _left_during_deal(game_id: int, left: dict[int, int]) -> None:
    """Note the people who just left these seats (user id -> seat) if a deal is in progress
    (``Game.left_seats``: until it ends they watch from that seat)."""
    if not left:
        return
    game = Game.objects.only("state", "version", "match_no", "left_seats").get(pk=game_id)
    in_progress = deal_in_progress(game)
    if in_progress is None:
        return
    deal = list(in_progress)
    kept = {
        user: entry for user, entry in game.left_seats.items() if entry[:2] == deal
    }
    kept.update({str(user): [*deal, seat] for user, seat in left.items()})
    Game.objects.filter(pk=game_id).update(left_seats=kept)


def deal_in_progress(game: Game) -> tuple[int, int] | None:
    """(match number, deal number) of the row's deal in progress, if one is."""
    match = match_of(game) if game.state else None
    if match is None or match.round is None:
        return None
    return game.match_no, match.round_no


def left_seat(game: Game, user_id: int) -> tuple[int, int, int] | None:
    """The seat this user left during a deal of this game, as (match number, deal number,
    seat), if they did (``Snapshot.view_seat`` says whether that deal is still on)."""
    entry = game.left_seats.get(str(user_id))
    return (entry[0], entry[1], entry[2]) if entry else None


def open_to_link(game_id: int, seats: Sequence[int]) -> None:
    """The host offers exactly these seats to the invite link's visitors (while no person
    holds them); the others are closed to it."""
    Seat.objects.filter(game_id=game_id).update(
        link_open=Case(When(number__in=list(seats), then=Value(True)), default=Value(False))
    )


def mark_auto(game_id: int, seat: int) -> None:
    """The server (not the host) handed this seat over: its person may take it back."""
    Seat.objects.filter(game_id=game_id, number=seat).update(auto=True)


# The logged changes of who holds a seat (the host's form, the link, a guest removed, a seat
# handed over or back): each ends a seat's run of timeouts.
SEAT_CHANGES = ("seats", "remove_guest", HANDOVER)


def timed_out_last(game_id: int, seat: int) -> bool:
    """Whether the last logged change made for this seat was a timeout (its turn timer ran out
    and the server played for it) with nobody seated or given the seat back since: the next
    one is a second in a row for the same person."""
    rows = (
        GameAction.objects.filter(game_id=game_id)
        .filter(Q(seat=seat) | Q(action__type__in=SEAT_CHANGES))
        .order_by("-seq")
        .values_list("seat", "action", "events")
    )
    for by, action, events in rows[:50]:
        kind = action.get("type") if isinstance(action, dict) else None
        if kind in SEAT_CHANGES and seat not in reseated(events or []):
            continue  # a change of other seats (or of none: the name, the options)
        return by == seat and kind == TIMEOUT
    return False


def next_match(game_id: int) -> int:
    """A rematch: the game's match number goes up by one (a row this transaction has locked);
    the new number."""
    Game.objects.filter(pk=game_id).update(match_no=F("match_no") + 1)
    return int(Game.objects.values_list("match_no", flat=True).get(pk=game_id))


def at_table(game_id: int, user_id: int) -> bool:
    """Whether this user has a socket open at the table now (a presence row that counts)."""
    cutoff = timezone.now() - timedelta(seconds=settings.PRESENCE_EXPIRY)
    return TablePresence.objects.filter(game_id=game_id, user_id=user_id, seen__gte=cutoff).exists()


def seat_holders(
    game_ids: Sequence[int],
) -> dict[int, tuple[tuple[int | None, ...], tuple[str, ...]]]:
    """Each game's seated user ids and computer levels, seat by seat, in one query."""
    found: dict[int, tuple[list[int | None], list[str]]] = {}
    for game_id, number, user_id, computer in Seat.objects.filter(
        game_id__in=game_ids
    ).values_list("game_id", "number", "user_id", "computer"):
        users, levels = found.setdefault(game_id, ([None] * 4, [""] * 4))
        users[number], levels[number] = user_id, computer
    return {game_id: (tuple(u), tuple(c)) for game_id, (u, c) in found.items()}


def seated_versions(user_id: int) -> list[tuple[int, int]]:
    """The started games where this user holds a seat, each with its current version."""
    return list(
        Game.objects.filter(seated_in_id(user_id))
        .exclude(state="")
        .values_list("pk", "version")
    )


def _at_table(game_id: int, user_id: int) -> bool:
    return TablePresence.objects.filter(game_id=game_id, user_id=user_id).exists()


def mark_joined(game_id: int, user_id: int) -> bool:
    """The person seated here opened the table; whether that is new."""
    return bool(
        Seat.objects.filter(game_id=game_id, user_id=user_id, joined=False).update(joined=True)
    )


def leave_seats(game_id: int, user_id: int) -> bool:
    """Take this user out of any seat of the game (a computer player there stays); whether
    they held one."""
    seats = list(Seat.objects.filter(game_id=game_id, user_id=user_id).values_list(
        "number", flat=True))
    Seat.objects.filter(game_id=game_id, user_id=user_id).update(user=None, joined=False)
    _left_during_deal(game_id, {user_id: seats[0]} if seats else {})
    return bool(seats)


def spectators_may_chat(game_id: int) -> bool:
    """Whether the host lets spectators write in the table chat (``no_game`` if gone)."""
    try:
        return bool(Game.objects.values_list("spectator_chat", flat=True).get(pk=game_id))
    except Game.DoesNotExist:
        raise no_game(game_id) from None


def let_spectators_chat(game_id: int, host_id: int, allowed: bool) -> bool:
    """The host turns spectator chat on or off; False when ``host_id`` is not the host."""
    return bool(
        Game.objects.filter(pk=game_id, host_id=host_id).update(spectator_chat=allowed)
    )


# -- the invite link ---------------------------------------------------------------------


def set_invite(game_id: int, token: str | None, expires: datetime | None) -> None:
    """Give the game's invite link this token (None: no link) and expiry (None: never)."""
    Game.objects.filter(pk=game_id).update(invite_token=token, invite_expires=expires)


def renew_invite(game_id: int, token: str) -> bool:
    """Give the game's link this new token, keeping its expiry, if the link works now; whether
    it did (one guarded update: a link revoked or expired meanwhile is left as it is)."""
    return bool(
        Game.objects.filter(pk=game_id, invite_token__isnull=False)
        .exclude(invite_token="")
        .filter(_link_works(timezone.now()))
        .update(invite_token=token)
    )


def _link_works(now: datetime) -> Q:
    return Q(invite_expires__isnull=True) | Q(invite_expires__gt=now)


def game_by_token(token: str) -> Game | None:
    """The game whose invite link has this token and has not expired, with its host."""
    return (
        Game.objects.select_related("host")
        .filter(invite_token=token)
        .filter(_link_works(timezone.now()))
        .first()
    )


# -- a person's deals ---------------------------------------------------------------------

# What each deal record of a person gives their statistics (``game.stats``), in this order.
PLAYED_FIELDS = (
    "player_0_id", "player_1_id", "player_2_id", "player_3_id", "outcome",
    "summary__bidder", "summary__single_hand", "summary__made", "summary__new_sets",
    "summary__match_winner",
)


def deals_played(user_id: int) -> list[tuple[Any, ...]]:
    """Every recorded deal this person held a seat in as it ended, as ``PLAYED_FIELDS``
    tuples: one query (each seat's column is indexed), only the summary's keys it needs."""
    seated = Q(player_0_id=user_id) | Q(player_1_id=user_id) | Q(player_2_id=user_id) | Q(
        player_3_id=user_id
    )
    return list(DealRecord.objects.filter(seated).values_list(*PLAYED_FIELDS))


# -- reading a game ----------------------------------------------------------------------


def game_with_seats(game_id: int) -> tuple[Game, Seating]:
    """The game row and its seats (raises ``TableError('no_game')``)."""
    try:
        game = with_seats(Game.objects.all()).get(pk=game_id)
    except Game.DoesNotExist:
        raise no_game(game_id) from None
    return game, seating(game)


def locked(game_id: int) -> tuple[Game, Seating]:
    """The game row, locked until the transaction ends, and its seats (``no_game`` if gone)."""
    try:
        game = Game.objects.select_for_update().get(pk=game_id)
    except Game.DoesNotExist:
        raise no_game(game_id) from None
    return game, _seating(Seat.objects.filter(game_id=game_id).select_related("user"))


def hosted_by(host_id: int) -> Game | None:
    """The game this user hosts, locked until the transaction ends (None: they host none)."""
    return Game.objects.select_for_update().filter(host_id=host_id).first()


def match_of(game: Game) -> Match:
    """The saved match of a row: a copy of this process's parsed one when it holds that
    version, else parsed from the row."""
    known = table_cache.cached(game.pk, game.version)
    if known is not None and known.match is not None:
        return known.match.copy()
    return parse_match(game.state)


def snapshot_of(
    game: Game,
    players: Seating,
    match: Match | None,
    events: list[dict[str, Any]],
    recheck: frozenset[int] = frozenset(),
) -> Snapshot:
    """A snapshot of a game row with its seats, parsed match and latest events."""
    return Snapshot(
        game_id=game.pk,
        version=game.version,
        name=game.name,
        host_id=game.host_id,
        players=players,
        conference_link=game.conference_link,
        play_direction=game.play_direction,
        rules=table_cache.rules_of(game.rules),
        next_deal_at=game.next_deal_at,
        match=match,
        events=events,
        saved=game.state,
        recheck=recheck,
        since=game.turn_began,
        turn_timer=turn_timer.at_seating(game.turn_timer, players),
        play_to=game.play_to,
        match_no=game.match_no,
        bot_pace=game.bot_pace,
        hints=game.hints,
    )


def load(game: Game, players: Seating) -> Snapshot:
    """The snapshot of a row read with its seats, reusing the cached match of its version
    (and remembered in this process's cache)."""
    known = table_cache.cached(game.pk, game.version)
    if known is not None:
        latest = snapshot_of(game, players, known.match, known.events, known.recheck)
    else:
        match = parse_match(game.state) if game.state else None
        last = GameAction.objects.filter(game_id=game.pk, seq=game.version).first()
        events = last.events if last is not None else []
        recheck = frozenset(last.action.get("users", ())) if last is not None else frozenset()
        latest = snapshot_of(game, players, match, events, recheck)
    table_cache.remember(latest)
    return latest


def current(game_id: int) -> Snapshot:
    """The latest snapshot of a game, read from the database (``no_game`` if gone)."""
    return load(*game_with_seats(game_id))


def history(game_id: int, upto: int, limit: int = HISTORY_LIMIT) -> list[list[Any]]:
    """The changes of the current (or just finished) deal up to version ``upto``, as
    ``[version, events]`` pairs, oldest first: a socket that (re)connects fills its log from
    them. Earlier deals are left out: their played cards may lie in today's hidden hands."""
    rows = (
        GameAction.objects.filter(game_id=game_id, seq__lte=upto)
        .order_by("-seq")
        .values_list("seq", "events")[:limit]
    )
    deal: list[list[Any]] = []
    for seq, events in rows:
        if events:
            deal.append([seq, events])
        if starts_deal(events):
            return deal[::-1]
    return []


def deal_events(game_id: int, upto: int) -> list[list[dict[str, Any]]]:
    """The event lists of every change of the deal in progress at version ``upto``, oldest
    first, from the change that dealt it (none when no deal start is found)."""
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
                return newest_first[::-1]
            upto = seq - 1
        if len(chunk) < CHUNK_ROWS:
            break
    return []


# -- the analysis of finished deals --------------------------------------------------------

# The types of the engine's actions, as the log holds them (the rest are the table's own).
ENGINE_ACTIONS = frozenset({
    "bid", "pass", "trump", "seventh_card", "double", "redouble", "set_double",
    "single_hand", "show_trump", "play", "marriage",
})


@dataclass(frozen=True)
class AnalysisJob:
    """What the analysis of one finished deal reads: its rules, dealer, deck and actions
    (each ``(seat, action)``), and its public events."""

    rules: dict[str, Any]
    dealer: int
    deck: list[str]
    actions: list[tuple[int, dict[str, Any]]]
    events: list[dict[str, Any]]


def claim_analysis(game_id: int, number: int, now: float, stale_after: float) -> AnalysisJob | None:
    """Take on the analysis of deal ``number``: mark it as in progress (since ``now``) and
    return what it reads; None when it is not to be analysed, is done, or another process
    has been at it for less than ``stale_after`` seconds (one that took it longer ago is
    taken to have died). The one place that decides who analyses a deal."""
    with transaction.atomic():
        row = (
            DealRecord.objects.select_for_update()
            .filter(game_id=game_id, number=number)
            .select_related("game")
            .first()
        )
        if row is None or not row.private:
            return None
        begun = row.analysis
        if begun is not None and not (
            begun.get("status") == "analysing" and now - begun.get("since", 0) > stale_after
        ):
            return None
        row.analysis = {"status": "analysing", "since": now}
        row.save(update_fields=["analysis"])
        private, version, rules = row.private, row.version, row.game.rules
    return AnalysisJob(
        rules=rules,
        dealer=private["dealer"],
        deck=private["deck"],
        actions=_deal_actions(game_id, version),
        events=row.events,
    )


def _deal_actions(game_id: int, upto: int) -> list[tuple[int, dict[str, Any]]]:
    """The engine actions of the deal that ended at version ``upto``, oldest first (those
    the turn timer played included)."""
    newest_first: list[tuple[int, dict[str, Any]]] = []
    rows = (
        GameAction.objects.filter(game_id=game_id, seq__lte=upto)
        .order_by("-seq")
        .values_list("seat", "action", "events")
    )
    for seat, action, events in rows.iterator(chunk_size=CHUNK_ROWS):
        if action.get("type") == TIMEOUT:  # the decision the timer played for the person
            action = action.get("action") or {}
        if seat is not None and action.get("type") in ENGINE_ACTIONS:
            newest_first.append((seat, action))
        if starts_deal(events):
            break
    return newest_first[::-1]


def save_analysis(game_id: int, number: int, analysis: dict[str, Any]) -> None:
    """Keep the analysis of deal ``number`` with its record."""
    DealRecord.objects.filter(game_id=game_id, number=number).update(analysis=analysis)


def release_analysis(game_id: int, number: int, since: float) -> None:
    """Give back the claim on deal ``number`` taken at ``since`` (its analysis stopped
    unfinished), if it is still that claim: the next ``claim_analysis`` takes it at once."""
    with transaction.atomic():
        row = DealRecord.objects.select_for_update().filter(game_id=game_id, number=number).first()
        if row is None or row.analysis != {"status": "analysing", "since": since}:
            return
        row.analysis = None
        row.save(update_fields=["analysis"])
