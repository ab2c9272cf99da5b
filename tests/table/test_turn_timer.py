"""The turn timer at the live table, through the real consumer: a person who lets the time run
out has that decision played for them by the easy computer player (logged as such); a second
timeout in a row, or being gone, hands the seat to a computer player, which the person takes
back with "I'm back"; the decision is played once however often the timer is seen to run out;
computer players are never timed. ``TURN_TIMER_SCALE`` makes the host's 30 seconds last 0.9 s.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.db import transaction
from django.utils import timezone
from pytest_django.fixtures import Settings

from accounts.models import User
from game.engine import Rules
from game.models import DealRecord, Game, GameAction, Seat
from game.table import changes, seat_changes, service, store, turn_timer
from game.table.deal_analysis import replay
from game.table.deal_history import ANALYSED
from game.table.seats import bot_name
from game.table.store import create_game
from game.table.wire import saved_match
from tests.table.conftest import Open, TableClient, seat_everyone
from tests.table.stages import match_in, simple_choice
from tests.table.test_bots import BOT_TIMEOUT, open_game, received_events
from tests.table.test_left_seat import host_form

SCALE = 0.03  # 30 s -> 0.9 s, a minute away -> 1.8 s


@pytest.fixture(autouse=True)
def _quick_timer(settings: Settings) -> None:
    settings.TURN_TIMER_SCALE = SCALE
    settings.BOT_DELAY = 0


def _set_timer(game: Game, seconds: int) -> None:
    Game.objects.filter(pk=game.pk).update(turn_timer=seconds)


async def _timed(
    open_table: Open, players: list[User], game: Game, seconds: int = 30
) -> list[TableClient]:
    await database_sync_to_async(_set_timer)(game, seconds)
    return await seat_everyone(open_table, players)


async def test_it_plays_one_decision_for_a_person_whose_time_ran_out(
    open_table: Open, players: list[User], game: Game
) -> None:
    clients = await _timed(open_table, players, game)
    state = clients[0].state
    timer = state["table"]["timer"]
    assert timer is not None
    (seat,) = timer["seats"]
    assert timer["seconds"] == pytest.approx(30 * SCALE)
    assert 0 < timer["ends_in"] <= timer["seconds"]
    assert timer["warn"] == pytest.approx(15 * SCALE)
    version = state["version"]

    after = await clients[0].until(lambda s: s["version"] > version, BOT_TIMEOUT)
    assert after["version"] == version + 1
    timeout, *played = after["events"]
    name = players[seat].first_name
    assert timeout == {"type": "timeout", "seat": seat, "player": name,
                       "name": timeout["name"]}
    assert timeout["name"] == bot_name(seat)
    assert played and played[0]["seat"] == seat
    row = await GameAction.objects.aget(game=game, seq=version + 1)
    assert row.action["type"] == "timeout" and row.seat == seat and row.actor_id is None
    # One timeout: the person keeps the seat.
    assert after["table"]["players"][seat]["computer"] is None
    for client in clients:
        await client.close()


async def test_it_hands_the_seat_over_after_two_timeouts_in_a_row_and_back_on_im_back(
    open_table: Open, players: list[User], game: Game
) -> None:
    clients = await _timed(open_table, players, game)

    def handed(state: dict[str, Any]) -> bool:
        return any(p["auto"] for p in state["table"]["players"])

    state = await clients[0].until(handed, BOT_TIMEOUT * 2)
    (seat,) = [p["seat"] for p in state["table"]["players"] if p["auto"]]
    handover = [e for e in received_events(clients[0]) if e["type"] == "handover"][-1]
    assert handover["why"] == "timeout" and handover["to"] == "computer"
    assert handover["player"] == players[seat].first_name
    timeouts = [e["seat"] for e in received_events(clients[0]) if e["type"] == "timeout"]
    assert timeouts.count(seat) >= 2
    person = clients[seat]
    mine = await person.until(lambda s: s["table"]["you"]["replaced"], BOT_TIMEOUT)
    assert mine["legal"] == []
    assert mine["table"]["players"][seat]["computer"] == "strong"

    await person.send({"type": "im_back"})
    back = await person.until(lambda s: not s["table"]["you"]["replaced"], BOT_TIMEOUT)
    assert back["table"]["players"][seat]["auto"] is False
    assert back["table"]["players"][seat]["computer"] is None
    returned = [e for e in received_events(person) if e["type"] == "handover"][-1]
    assert returned == {"type": "handover", "seat": seat, "to": "player",
                        "name": returned["name"], "player": players[seat].first_name,
                        "why": "back"}
    for client in clients:
        await client.close()


async def test_it_hands_over_the_seat_of_a_person_gone_a_minute_on_their_turn(
    open_table: Open, players: list[User], game: Game
) -> None:
    clients = await _timed(open_table, players, game, seconds=120)
    (seat,) = clients[0].state["table"]["timer"]["seats"]
    version = clients[0].state["version"]
    watcher = clients[(seat + 1) % 4]
    await clients[seat].close()

    after = await watcher.until(lambda s: s["version"] > version, BOT_TIMEOUT)
    (handover,) = [e for e in after["events"] if e["type"] == "handover"]
    assert handover["why"] == "away" and handover["seat"] == seat
    assert after["version"] == version + 1  # handed over before any timeout: nothing played
    assert after["table"]["players"][seat]["auto"] is True
    for client in clients:
        if client is not clients[seat]:
            await client.close()


async def test_it_refuses_im_back_for_a_seat_the_host_handed_over(
    open_table: Open, players: list[User], game: Game
) -> None:
    clients = await seat_everyone(open_table, players)
    await clients[0].send({"type": "hand_over", "seat": 2, "level": "easy"})
    await clients[2].until(lambda s: s["table"]["you"]["replaced"])
    await clients[2].send({"type": "im_back"})
    error = await clients[2].next_error()  # the bot given the seat may already have moved
    assert error["code"] == "not_replaced"
    for client in clients:
        await client.close()


def _stage(game: Game) -> tuple[int, int, dict[str, Any]]:
    """A game whose timer has run out for the person in turn: (version, seat, their action)."""
    latest = store.current(game.pk)
    assert latest.match is not None
    (seat,) = [s for s in latest.match.turn() if latest.match.legal_actions(s)]
    Game.objects.filter(pk=game.pk).update(
        turn_timer=30, turn_began=timezone.now() - timedelta(seconds=60)
    )
    return latest.version, seat, latest.match.legal_actions(seat)[0]


async def test_it_plays_a_timed_out_decision_once_however_often_it_is_seen(
    open_table: Open, players: list[User], game: Game
) -> None:
    clients = await seat_everyone(open_table, players)
    version, seat, action = await database_sync_to_async(_stage)(game)

    first = await database_sync_to_async(seat_changes.time_out)(game.pk, version, {seat: action})
    second = await database_sync_to_async(seat_changes.time_out)(game.pk, version, {seat: action})

    assert [s.version for s in first] == [version + 1]
    assert second == []
    assert await GameAction.objects.filter(game=game, action__type="timeout").acount() == 1
    for client in clients:
        await client.close()


async def test_it_does_not_play_before_the_time_has_run_out(
    open_table: Open, players: list[User], game: Game
) -> None:
    clients = await seat_everyone(open_table, players)
    version, seat, action = await database_sync_to_async(_stage)(game)
    await Game.objects.filter(pk=game.pk).aupdate(turn_began=timezone.now())

    time_out = database_sync_to_async(seat_changes.time_out)
    assert await time_out(game.pk, version, {seat: action}) == []
    assert await time_out(game.pk, version + 1, {seat: action}) == []
    assert (await Game.objects.aget(pk=game.pk)).version == version
    for client in clients:
        await client.close()


async def test_it_never_times_a_computer_player(owner: User) -> None:
    game = await database_sync_to_async(create_game)(
        owner, "Olive and the bots", [owner, "easy", "easy", "easy"], turn_timer=30
    )
    olive = await open_game(game.pk, owner)
    seen = [olive.state]
    for _ in range(12):
        seen.append(await olive.receive(BOT_TIMEOUT))
        if olive.state["legal"]:
            break
    for state in seen:
        if state["type"] != "state" or state["view"] is None:
            continue
        timer = state["table"]["timer"]
        if timer is not None:
            assert timer["seats"] == [0]
            assert state["view"]["turn"] and 0 in state["view"]["turn"]
    assert not await Seat.objects.filter(game=game, auto=True).aexists()
    await olive.close()


async def test_a_decision_made_in_time_ends_its_timer(
    open_table: Open, players: list[User], game: Game, caplog: pytest.LogCaptureFixture
) -> None:
    clients = await _timed(open_table, players, game, seconds=120)  # 3.6 s, gone after 1.8 s
    caplog.set_level(logging.INFO, logger="game.table.turn_watch")
    state = clients[0].state
    (seat,) = state["table"]["timer"]["seats"]
    version = state["version"]
    await clients[seat].act(clients[seat].state["legal"][0], version)
    await clients[seat].state_at(version + 1)
    await asyncio.sleep(120 * SCALE + 0.5)  # past the first decision's deadline

    ran_out = [r.getMessage() for r in caplog.records if "ran out" in r.getMessage()]
    assert f"Turn timer ran out: game {game.pk}, version {version}" not in ran_out
    row = await GameAction.objects.aget(game=game, seq=version + 1)
    assert row.actor_id == players[seat].pk  # the person's own decision
    for client in clients:
        await client.close()


def _asked_about_a_double(owner: User, players: list[User]) -> tuple[Game, list[int]]:
    """Four people, both opponents of the bidder asked whether they Double, their time run
    out: the game and the two seats asked."""
    match = match_in("doubling")
    game = create_game(
        owner, "Doubling", players, joined=True, state=saved_match(match), turn_timer=30,
    )
    Game.objects.filter(pk=game.pk).update(turn_began=timezone.now() - timedelta(seconds=60))
    return game, match.turn()


@pytest.mark.django_db(transaction=True)
def test_both_partners_asked_about_a_double_share_one_timer(
    owner: User, players: list[User]
) -> None:
    game, asked = _asked_about_a_double(owner, players)
    assert len(asked) == 2
    version = game.version

    moved = seat_changes.time_out(game.pk, version, {seat: {"type": "pass"} for seat in asked})

    # Nobody has a socket open here: each answer is followed by the seat's hand-over.
    assert [s.version for s in moved] == [version + 1, version + 2, version + 3, version + 4]
    latest = store.current(game.pk)
    assert latest.match is not None and latest.match.round is not None
    assert latest.match.round.phase != "doubling"  # nobody is left waiting on a second timer
    timeouts = GameAction.objects.filter(game=game, action__type="timeout")
    assert sorted(timeouts.values_list("seat", flat=True)) == asked
    assert seat_changes.time_out(game.pk, version, {asked[0]: {"type": "pass"}}) == []


Timed = tuple[int, dict[str, Any]]


def _a_deal_with_a_timed_decision(owner: User, players: list[User]) -> tuple[Game, Timed | None]:
    """A new game's first deal played to its end, its first real decision played by the
    timer; the game and that decision (None when the deal was annulled as it was dealt)."""
    game = create_game(owner, "Timed", players, joined=True, turn_timer=30)
    seat_changes.seats_changed(game.pk)  # everyone is there: the first deal
    latest = store.current(game.pk)
    timed: Timed | None = None
    while latest.match is not None and latest.match.round is not None:
        seat = latest.match.turn()[0]
        legal = latest.match.legal_actions(seat)
        action = simple_choice(latest.match, seat)
        holder = latest.players[seat]
        if timed is None and len(legal) > 1:  # the first real decision: its time runs out
            ago = timezone.now() - timedelta(seconds=60)
            Game.objects.filter(pk=game.pk).update(turn_began=ago)
            moved = seat_changes.time_out(game.pk, latest.version, {seat: action})
            assert moved, "the timer played nothing"
            timed = (seat, action)
        elif holder.computer:
            played = service.play_for_bot(game.pk, seat, holder.computer, action, latest.version)
            assert played is not None
        else:
            assert holder.user_id is not None
            service.act(game.pk, holder.user_id, action, latest.version)
        latest = store.current(game.pk)
    return game, timed


@pytest.mark.django_db(transaction=True)
def test_the_deal_analysis_replays_a_decision_the_timer_played(
    owner: User, players: list[User]
) -> None:
    # Only a scored deal is analysed; the shuffle is random and a deal may be annulled (as it
    # is dealt, or later: a team without trump, trump never shown): then another game.
    for _ in range(20):
        game, timed = _a_deal_with_a_timed_decision(owner, players)
        record = DealRecord.objects.filter(game=game).first()
        if timed is not None and record is not None and record.outcome in ANALYSED:
            break
        game.delete()  # the host may host one game: make room for the next
    assert timed is not None and record is not None
    number = record.number

    job = store.claim_analysis(game.pk, number, now=0.0, stale_after=60.0)

    assert job is not None and timed in job.actions
    replayed, _events = replay(Rules.from_dict(job.rules), job.dealer, job.deck, job.actions,
                               len(job.actions))
    assert replayed.round is None  # every decision of the deal, the timed one included


def test_a_run_of_timeouts_is_the_same_persons_since_the_seat_last_changed_hands(
    game: Game,
) -> None:
    """A timeout counts as the first of a run after the host gives the seat back, or seats
    someone there (a black-box attack saw a seat given back handed over again at its first
    timeout); another seat's change, or a change of the game's name, leaves the run alone (a
    newcomer saw a rename let a third timeout in a row pass)."""
    seq = 100

    def log(by: int | None, events: list[dict[str, Any]] | None = None, **action: Any) -> None:
        nonlocal seq
        seq += 1
        GameAction.objects.create(game=game, seq=seq, seat=by, action=action, events=events or [])

    def handover(seat: int) -> list[dict[str, Any]]:
        return [{"type": "handover", "seat": seat, "to": "computer", "level": "easy"}]

    log(1, type="timeout", seat=1, action={"type": "pass"})
    assert store.timed_out_last(game.pk, 1)
    log(0, handover(2), type="handover", seat=2, level="easy")  # the host hands seat 3 over
    assert store.timed_out_last(game.pk, 1)
    log(0, handover(1), type="handover", seat=1, level="")  # and gives seat 2 back
    assert not store.timed_out_last(game.pk, 1)
    log(1, type="timeout", seat=1, action={"type": "pass"})
    assert store.timed_out_last(game.pk, 1)
    log(None, type="seats")  # the host's form renames the game
    assert store.timed_out_last(game.pk, 1)
    seated = {"type": "seated", "seat": 1, "name": "Farid", "computer": "", "was": "Bilal",
              "was_computer": ""}
    log(None, [seated], type="seats")  # the host's form seats Farid in seat 2
    assert not store.timed_out_last(game.pk, 1)
    log(2, type="pass")
    assert not store.timed_out_last(game.pk, 2)


async def test_a_host_form_saved_unchanged_mid_turn_keeps_the_turn_timer(
    open_table: Open, players: list[User], game: Game
) -> None:
    """The host saves the form without changing anything while a person is on the clock:
    no new version, so the person's timer runs on and still plays their decision when it
    runs out (a black-box attack saw such a save stop the timer for good)."""
    clients = await _timed(open_table, players, game)
    state = clients[0].state
    (seat,) = state["table"]["timer"]["seats"]
    version = state["version"]

    def save_unchanged() -> int:
        row = Game.objects.get(pk=game.pk)
        form = host_form(game.pk, players[0], name=row.name, turn_timer=str(row.turn_timer),
                         play_direction=row.play_direction)
        form.save()
        return Game.objects.get(pk=game.pk).version

    await asyncio.sleep(30 * SCALE / 3)  # a third of the person's time gone
    assert await database_sync_to_async(save_unchanged)() == version
    after = await clients[0].until(lambda s: s["version"] > version, BOT_TIMEOUT)
    assert after["events"][0] == {"type": "timeout", "seat": seat,
                                  "player": players[seat].first_name, "name": bot_name(seat)}
    for client in clients:
        await client.close()


async def test_a_change_of_name_or_other_seats_keeps_the_turn_timer_running(
    open_table: Open, players: list[User], game: Game
) -> None:
    """Renaming the game mid-turn makes a new version but not a new turn: the person's time
    keeps running from the turn's start (a black-box attack kept a turn alive by renaming the
    game every 25 s)."""
    clients = await _timed(open_table, players, game, seconds=120)  # 3.6 s
    state = clients[0].state
    assert state["table"]["timer"]["seats"]
    began = (await Game.objects.aget(pk=game.pk)).turn_began
    await asyncio.sleep(120 * SCALE / 3)

    def rename() -> None:
        host_form(game.pk, players[0], name="Renamed mid-turn", turn_timer="120").save()

    await database_sync_to_async(rename)()
    after = await clients[0].until(lambda s: s["table"]["name"] == "Renamed mid-turn")
    assert after["version"] == state["version"] + 1
    assert (await Game.objects.aget(pk=game.pk)).turn_began == began
    assert after["table"]["timer"]["ends_in"] < 120 * SCALE * 0.75  # not a fresh 3.6 s

    for client in clients:
        await client.close()


def test_a_turn_begins_with_a_move_or_a_new_holder_of_a_seat_in_turn() -> None:
    """``changes.turn_began``: a change that moves the match, or seats someone else in a seat
    whose decision is asked for, begins the turn now; a change of another seat keeps it."""
    match = match_in("doubling")
    (in_turn, *_), other = match.turn(), next(s for s in range(4) if s not in match.turn())
    then, now = timezone.now() - timedelta(seconds=20), timezone.now()
    state = saved_match(match)
    game = Game(state=state, turn_began=then)

    def seated(seat: int) -> list[dict[str, Any]]:
        return [{"type": "seated", "seat": seat, "name": "Farid", "computer": "",
                 "was": "Asha", "was_computer": ""}]

    assert changes.turn_began(game, match, state, [], now) == then
    assert changes.turn_began(game, match, state, seated(other), now) == then
    assert changes.turn_began(game, match, state, seated(in_turn), now) == now
    handover = [{"type": "handover", "seat": in_turn, "to": "player"}]
    assert changes.turn_began(game, match, state, handover, now) == now
    assert changes.turn_began(game, match, state + " ", [], now) == now  # the match moved


async def test_a_timer_turned_on_mid_turn_counts_from_then(
    open_table: Open, players: list[User], game: Game
) -> None:
    """A person has been deciding for a minute with no timer; the host turns a 30-second one
    on: it runs from then (a black-box attack saw the decision played at once)."""
    clients = await seat_everyone(open_table, players)
    state = clients[0].state
    assert state["table"]["timer"] is None
    ago = timezone.now() - timedelta(seconds=60)
    await Game.objects.filter(pk=game.pk).aupdate(turn_began=ago)

    def timer_on() -> None:
        host_form(game.pk, players[0], name=game.name, turn_timer="30").save()

    await database_sync_to_async(timer_on)()
    after = await clients[0].until(lambda s: s["table"]["timer"] is not None)
    assert after["version"] == state["version"] + 1
    assert after["table"]["timer"]["ends_in"] > 30 * SCALE * 0.5
    assert (await Game.objects.aget(pk=game.pk)).turn_began > ago
    for client in clients:
        await client.close()


def test_an_automatic_timer_times_nobody_alone_and_a_minute_once_two_people_sit() -> None:
    assert turn_timer.length(None, 1) == 0 and turn_timer.length(None, 0) == 0
    assert turn_timer.length(None, 2) == turn_timer.DEFAULT == 60
    assert turn_timer.length(30, 1) == 30 and turn_timer.length(0, 4) == 0


@pytest.mark.django_db(transaction=True)
def test_a_guest_joining_a_host_alone_with_computers_starts_the_automatic_timer_from_now(
    players: list[User],
) -> None:
    """A host plays alone with computer players (automatic timer: none), then leaves mid-turn;
    a guest who takes a seat by the link must not wait on them for ever: the timer is on from
    the moment the second person sits down, the decision under way timed from then (not from
    when it began, an hour ago)."""
    host, visitor = players[0], players[1]
    game = create_game(host, "Alone", [host, "easy", "easy", "easy"], joined=True,
                       turn_timer=None)
    with transaction.atomic():
        changes.first_deal(*store.locked(game.pk))
    alone = store.current(game.pk)
    assert alone.turn_timer == 0 and turn_timer.timer_message(alone) is None
    long_ago = timezone.now() - timedelta(hours=1)
    Game.objects.filter(pk=game.pk).update(turn_began=long_ago)
    store.open_to_link(game.pk, [2])

    together = seat_changes.take_seat_by_link(game.pk, visitor.pk, 2)

    assert together.turn_timer == turn_timer.DEFAULT
    began = Game.objects.get(pk=game.pk).turn_began
    assert began > long_ago + timedelta(minutes=59)
    assert not turn_timer.ran_out(began, together.turn_timer, timezone.now())
    # A host who fixed the timer off keeps it off with two people.
    Game.objects.filter(pk=game.pk).update(turn_timer=0)
    assert store.current(game.pk).turn_timer == 0
