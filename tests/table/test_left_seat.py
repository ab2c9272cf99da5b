"""Nobody sees every hand of a deal and plays in it: a player who leaves a seat during a deal
watches the rest of it from that seat (the host who took themselves out of their seat on the
host form and put themselves back saw every hand in between: a black-box attack on a live
server), and a spectator who was shown every hand takes no seat until the deal ends."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from allauth.account.models import EmailAddress
from channels.db import database_sync_to_async
from django.db import transaction

from accounts.models import User
from game.forms import GameForm, SeatingChanged
from game.models import Game
from game.table import seat_changes, service, store, watchers
from game.table.access import role_for
from game.table.broadcast import announce_from_sync
from game.table.errors import TableError
from game.table.seat_changes import seats_changed
from game.table.snapshot import Role
from tests.site.conftest import login, text
from tests.site.test_hosting import form_data
from tests.table.conftest import Open, seat_everyone


def reseat(game_id: int, chosen: list[tuple[int | None, str]]) -> None:
    """The host's form saved with these seats (as ``GameForm.save`` does)."""
    with transaction.atomic():
        _game, before = store.locked(game_id)
        store.save_seats(game_id, chosen)
    seats_changed(game_id, before)


def others_cards(game_id: int, seat: int) -> set[str]:
    """Every card the other three seats hold now."""
    match = store.current(game_id).match
    assert match is not None
    hands = match.view(None)["hands"]
    return {card for key, cards in hands.items() if int(key) != seat for card in cards}


def role(game_id: int, user: User) -> Role | None:
    game, players = store.game_with_seats(game_id)
    return role_for(game, user, players)


def cards_in(state: dict[str, Any]) -> set[str]:
    """Every card of a hand a state shows."""
    view = state.get("view") or {}
    shown = set(view.get("hand") or [])
    for cards in (view.get("hands") or {}).values():
        shown |= set(cards)
    return shown


async def test_the_host_out_of_their_seat_mid_deal_sees_only_that_seats_cards(
    open_table: Open, players: list[User], game: Game
) -> None:
    clients = await seat_everyone(open_table, players)
    olive = clients[0]
    people = [(p.pk, "") for p in players]
    await database_sync_to_async(reseat)(game.pk, [(None, "easy"), *people[1:]])
    out = await olive.until(lambda s: s["table"]["you"]["spectator"])
    assert out["legal"] == [] and not out["view"].get("hands")
    # Told so: the page says whose view it is, not "tap a player's cards".
    assert out["table"]["you"]["watching_from"] == 0
    assert out["table"]["you"]["sees_hands"] is False
    hidden = await database_sync_to_async(others_cards)(game.pk, 0)
    # Back in the seat, in the same deal: no state ever showed another seat's cards.
    await database_sync_to_async(reseat)(game.pk, people)
    await olive.until(lambda s: not s["table"]["you"]["spectator"])
    states = [json.loads(text) for text in olive.frames]
    assert not any(cards_in(s) & hidden for s in states if s["type"] == "state")


async def test_once_that_deal_is_over_they_watch_with_every_hand_again(
    open_table: Open, players: list[User], game: Game
) -> None:
    clients = await seat_everyone(open_table, players)
    await database_sync_to_async(reseat)(
        game.pk, [(None, "easy"), *[(p.pk, "") for p in players[1:]]]
    )
    out = await clients[0].until(lambda s: s["table"]["you"]["spectator"])
    deal = out["view"]["round_no"]
    assert (await Game.objects.aget(pk=game.pk)).left_seats == {str(players[0].pk): [1, deal, 0]}
    olive = await database_sync_to_async(role)(game.pk, players[0])
    assert olive is not None and olive.left_seat == (1, deal, 0)
    now = await database_sync_to_async(store.current)(game.pk)
    assert now.match is not None and now.view_seat(olive) == 0
    following = now.match.copy()
    following.round_no += 1  # the next deal: every hand again, as for any spectator
    assert replace(now, match=following).view_seat(olive) is None


async def test_a_spectator_who_saw_every_hand_cannot_be_seated_in_that_deal(
    open_table: Open, players: list[User], friend: User, game: Game
) -> None:
    """Farid watches with every hand shown; the host cannot seat him until the deal ends,
    neither on the host form nor by the invite link, and nothing changes."""
    await seat_everyone(open_table, players)
    farid = await open_table(friend)
    assert farid.state["view"].get("hands")  # he was sent every hand
    row = await Game.objects.aget(pk=game.pk)
    assert await database_sync_to_async(watchers.watched)(row, [friend.pk, players[1].pk]) == {
        friend.pk}

    def by_form() -> str:
        EmailAddress.objects.create(user=players[0], email=players[0].email, verified=True)
        data = form_data(**{f"seat_{s}": p.pk for s, p in enumerate(players)})
        data["seat_1"] = friend.pk
        response = login(players[0]).post(f"/games/{game.pk}/edit/", data)
        assert response.status_code == 200
        return text(response)

    page = await database_sync_to_async(by_form)()
    assert "Farid watched this deal with every hand shown" in page
    await database_sync_to_async(reseat)(
        game.pk, [(players[0].pk, ""), (None, "easy"), *[(p.pk, "") for p in players[2:]]]
    )

    def by_link() -> str:
        try:
            seat_changes.take_seat_by_link(game.pk, friend.pk, 1)
        except TableError as refused:
            return refused.code
        return "seated"

    assert await database_sync_to_async(by_link)() == "watched_deal"
    assert (await database_sync_to_async(store.current)(game.pk)).players[1].user_id is None


async def test_a_spectator_seated_as_a_new_deal_is_dealt_is_never_sent_its_every_hand(
    open_table: Open, players: list[User], friend: User, game: Game
) -> None:
    """The race a black-box attack won once: the host's round reset deals a new deal, and the
    watching Farid takes a seat by the link before his socket has sent that deal. His socket,
    still a spectator's, must not send every hand of it: it takes his seat instead."""
    await seat_everyone(open_table, players)
    people = [(p.pk, "") for p in players]
    await database_sync_to_async(reseat)(game.pk, [people[0], (None, "easy"), *people[2:]])
    farid = await open_table(friend)
    await farid.until(lambda s: bool(s["view"].get("hands")))

    def deal_then_seat() -> tuple[Any, set[str]]:
        dealt = service.reset(game.pk, players[0].pk, "round")  # committed, not yet announced
        with transaction.atomic():
            _game, before = store.locked(game.pk)
            store.save_seats(game.pk, [people[0], (friend.pk, ""), *people[2:]])
        return (dealt, before), others_cards(game.pk, 1)

    (dealt, before), hidden = await database_sync_to_async(deal_then_seat)()
    sent = len(farid.frames)
    await database_sync_to_async(announce_from_sync)(dealt)
    await database_sync_to_async(seats_changed)(game.pk, before)
    await farid.until(lambda s: s["table"]["you"]["seat"] == 1)
    states = [json.loads(text) for text in farid.frames[sent:]]
    assert not any(cards_in(s) & hidden for s in states if s["type"] == "state")
    row = await Game.objects.aget(pk=game.pk)
    assert await database_sync_to_async(watchers.watched)(row, [friend.pk]) == set()


async def test_a_player_of_the_deal_takes_no_other_seat_in_it(
    open_table: Open, players: list[User], game: Game
) -> None:
    """The host cannot swap two seated players mid-deal (each would know two hands); a player
    out of their seat takes no other by the link, and goes back to their own."""
    await seat_everyone(open_table, players)
    ids = [p.pk for p in players]

    def swap_by_form() -> str:
        EmailAddress.objects.create(user=players[0], email=players[0].email, verified=True)
        data = form_data(**{f"seat_{s}": user_id for s, user_id in enumerate(ids)})
        data["seat_1"], data["seat_2"] = ids[2], ids[1]
        response = login(players[0]).post(f"/games/{game.pk}/edit/", data)
        assert response.status_code == 200
        return text(response)

    page = await database_sync_to_async(swap_by_form)()
    for person in players[1:3]:
        assert f"{person.display_name} has held another seat in this deal" in page
    # The top of the page says so, each refused seat a link to its field.
    start = page.index('id="error-summary"')
    summary = page[start:page.index("</ul>", start)]
    assert "Nothing was saved" in summary and 'href="#id_seat_1"' in summary
    now = await database_sync_to_async(store.current)(game.pk)
    assert [p.user_id for p in now.players] == ids

    await database_sync_to_async(reseat)(
        game.pk, [(ids[0], ""), (None, "easy"), (ids[2], ""), (None, "easy")]
    )

    def by_link(seat: int) -> str:
        with transaction.atomic():
            store.open_to_link(game.pk, [1, 3])
        try:
            seat_changes.take_seat_by_link(game.pk, ids[1], seat)
        except TableError as refused:
            return refused.code
        return "seated"

    assert await database_sync_to_async(by_link)(3) == "held_elsewhere"
    assert (await database_sync_to_async(store.current)(game.pk)).players[3].user_id is None
    assert await database_sync_to_async(by_link)(1) == "seated"


def host_form(game_id: int, host: User, **seats: Any) -> GameForm:
    """The host form as read now, filled in with these seats (the others as they are) and
    checked, ready to save."""
    game = Game.objects.get(pk=game_id)
    now = store.seating(game)
    data = form_data(**{
        f"seat_{p.number}": (f"bot:{p.computer}" if p.user_id is None and p.computer
                             else p.user_id or "")
        for p in now
    })
    data.update(seats)
    form = GameForm(data, instance=game, host=host)
    assert form.is_valid(), form.errors
    return form


async def test_two_forms_open_at_once_cannot_seat_one_person_twice_in_a_deal(
    open_table: Open, players: list[User], friend: User, game: Game
) -> None:
    """Two of the host's tabs, read before either saves, each seat Farid (who watched
    nothing) in another seat mid-deal: the second save is refused and changes nothing (a
    black-box attack posted both at once and had him hold two seats of one deal)."""
    await seat_everyone(open_table, players)
    ids = [p.pk for p in players]
    await database_sync_to_async(reseat)(
        game.pk, [(ids[0], ""), (None, "easy"), (ids[2], ""), (None, "easy")]
    )

    def race() -> str:
        first = host_form(game.pk, players[0], seat_1=friend.pk)
        second = host_form(game.pk, players[0], seat_3=friend.pk)
        first.save()
        try:
            second.save()
        except SeatingChanged:
            return "refused"
        return "saved"

    assert await database_sync_to_async(race)() == "refused"
    now = await database_sync_to_async(store.current)(game.pk)
    assert [p.user_id for p in now.players] == [ids[0], friend.pk, ids[2], None]


async def test_a_form_read_before_a_link_join_keeps_the_joiner(
    players: list[User], friend: User, game: Game
) -> None:
    """The host renames the game in a form read before Farid took seat 4 by the invite link:
    the save keeps him there (it writes only the seats the host changed)."""
    ids = [p.pk for p in players]

    def rename_across_a_join() -> list[int | None]:
        with transaction.atomic():
            store.save_seats(game.pk, [(ids[0], ""), (ids[1], ""), (ids[2], ""), (None, "easy")])
            store.open_to_link(game.pk, [3])
        form = host_form(game.pk, players[0], name="Saturday 29")
        seat_changes.take_seat_by_link(game.pk, friend.pk, 3)
        form.save()
        return [p.user_id for p in store.current(game.pk).players]

    assert await database_sync_to_async(rename_across_a_join)() == [*ids[:3], friend.pk]
    assert (await Game.objects.aget(pk=game.pk)).name == "Saturday 29"


def as_drawn(game_id: int, host: User) -> dict[str, Any]:
    """What the host's form page, drawn now, posts back unchanged (its hidden field too)."""
    form = GameForm(instance=Game.objects.get(pk=game_id), host=host)
    data = form_data()
    for name in form.fields:
        value = form[name].value()
        if value is not None:
            data[name] = str(value)
    return data


async def test_a_save_from_a_page_drawn_before_a_link_join_keeps_the_joiner(
    players: list[User], friend: User, game: Game
) -> None:
    """The host opened the form before Farid took seat 4 by the invite link and renames the
    game from that page: the save (a new request, read after the join) keeps him there, as
    the page's hidden field says what it showed (a black-box attack saw such a save undo the
    join, leaving the seat empty)."""
    ids = [p.pk for p in players]

    def rename_from_an_old_page() -> list[int | None]:
        with transaction.atomic():
            store.save_seats(game.pk, [(ids[0], ""), (ids[1], ""), (ids[2], ""), (None, "")])
            store.open_to_link(game.pk, [3])
        page = as_drawn(game.pk, players[0])
        seat_changes.take_seat_by_link(game.pk, friend.pk, 3)
        page["name"] = "Saturday 29"
        form = GameForm(page, instance=Game.objects.get(pk=game.pk), host=players[0])
        assert form.is_valid(), form.errors
        form.save()
        return [p.user_id for p in store.current(game.pk).players]

    assert await database_sync_to_async(rename_from_an_old_page)() == [*ids[:3], friend.pk]
    assert (await Game.objects.aget(pk=game.pk)).name == "Saturday 29"


async def test_a_seat_changed_on_an_old_page_and_taken_meanwhile_saves_nothing(
    players: list[User], friend: User, game: Game
) -> None:
    """The host, on a page drawn before Farid took seat 4 by the link, puts a computer player
    there: the save is refused (SeatingChanged) and Farid keeps the seat."""
    ids = [p.pk for p in players]

    def change_from_an_old_page() -> str:
        with transaction.atomic():
            store.save_seats(game.pk, [(ids[0], ""), (ids[1], ""), (ids[2], ""), (None, "")])
            store.open_to_link(game.pk, [3])
        page = as_drawn(game.pk, players[0])
        seat_changes.take_seat_by_link(game.pk, friend.pk, 3)
        page["seat_3"] = "bot:easy"
        form = GameForm(page, instance=Game.objects.get(pk=game.pk), host=players[0])
        assert form.is_valid(), form.errors
        try:
            form.save()
        except SeatingChanged:
            return "refused"
        return "saved"

    assert await database_sync_to_async(change_from_an_old_page)() == "refused"
    now = await database_sync_to_async(store.current)(game.pk)
    assert now.players[3].user_id == friend.pk


async def test_a_page_drawn_before_a_link_join_cannot_seat_the_joiner_twice(
    players: list[User], friend: User, game: Game
) -> None:
    """Before the first deal, Farid takes seat 4 by the link after the host's page was drawn,
    and the host, from that page, puts him in seat 2 as well: nothing is saved (no deal's
    rule would catch one person in two seats; a black-box attack left such a table stuck)."""
    ids = [p.pk for p in players]

    def seat_him_again() -> str:
        with transaction.atomic():
            store.save_seats(game.pk, [(ids[0], ""), (None, "easy"), (ids[2], ""), (None, "")])
            store.open_to_link(game.pk, [3])
        page = as_drawn(game.pk, players[0])
        seat_changes.take_seat_by_link(game.pk, friend.pk, 3)
        page["seat_1"] = str(friend.pk)
        form = GameForm(page, instance=Game.objects.get(pk=game.pk), host=players[0])
        assert form.is_valid(), form.errors
        try:
            form.save()
        except SeatingChanged:
            return "refused"
        return "saved"

    assert await database_sync_to_async(seat_him_again)() == "refused"
    now = await database_sync_to_async(store.current)(game.pk)
    assert [p.user_id for p in now.players] == [ids[0], None, ids[2], friend.pk]
