"""The dashboard: a welcome for visitors; Friends, Host, Join and View for members."""

from __future__ import annotations

from django.test import Client

from accounts.models import AccountType, User
from game.models import Game
from tests.site.conftest import MakePerson, befriend, login, text


def section(page: str, name: str) -> str:
    start = page.index(f'id="{name}"')
    return page[start : page.index("</section>", start)]


def test_it_welcomes_a_visitor_with_log_in_and_sign_up_links() -> None:
    page = text(Client().get("/"))
    assert "Play Twenty-Nine with your friends" in page
    assert 'href="/accounts/login/"' in page
    assert 'href="/accounts/signup/"' in page


def test_it_says_plainly_when_every_list_is_empty(owner: User) -> None:
    page = text(login(owner).get("/"))
    assert "You have no friends here yet" in section(page, "friends")
    assert "You are not hosting a game" in section(page, "host")
    assert "No friend has given you a seat yet" in section(page, "join")
    assert "None of your friends is hosting a game" in section(page, "view")


def test_it_shows_the_hosts_game_under_host_with_its_table(owner: User, owner_game: Game) -> None:
    host = section(text(login(owner).get("/")), "host")
    assert "Olive's table" in host
    assert f'href="/table/{owner_game.pk}/"' in host
    assert f"/games/{owner_game.pk}/edit/" in host
    assert "Olive & empty seat" in host
    assert "Farid & empty seat" in host


def test_it_shows_a_seated_friend_the_game_under_join(
    owner: User, friend: User, owner_game: Game
) -> None:
    page = text(login(friend).get("/"))
    assert "Olive's table" in section(page, "join")
    assert f'href="/table/{owner_game.pk}/"' in section(page, "join")
    assert "Olive's table" not in section(page, "view")
    assert "Olive's table" not in section(page, "host")


def test_it_shows_a_friend_who_is_not_seated_the_game_under_view(
    owner: User, owner_game: Game, make_person: MakePerson
) -> None:
    watcher = make_person("watcher@example.com", "Wali")
    befriend(owner, watcher)
    page = text(login(watcher).get("/"))
    assert "Olive's table" in section(page, "view")
    assert "Watch" in section(page, "view")
    assert "Olive's table" not in section(page, "join")


def test_it_shows_a_basic_account_why_it_cannot_host(make_person: MakePerson) -> None:
    basic = make_person("basic@example.com", "Bina", account_type=AccountType.BASIC)
    host = section(text(login(basic).get("/")), "host")
    assert "A Basic account cannot host a game" in host
    assert "/host/" not in host


def test_it_lists_friends_and_requests_both_ways(
    owner: User, friend: User, make_person: MakePerson
) -> None:
    asker = make_person("asker@example.com", "Arun")
    login(asker).post("/friends/request/", {"email": "owner@example.com"})
    login(owner).post("/friends/request/", {"email": "later@example.com"})
    friends = section(text(login(owner).get("/")), "friends")
    assert "Farid" in friends
    assert "Arun" in friends and "Accept" in friends and "Decline" in friends
    assert "later@example.com" in friends and "Cancel" in friends
    assert "1 of 50" in friends


def test_it_sends_the_friends_address_to_the_dashboards_friends(owner: User) -> None:
    response = login(owner).get("/friends/")
    assert response.status_code == 302
    assert response["Location"] == "/#friends"


def test_a_card_names_its_seat_holders_as_the_socket_does(owner: User, owner_game: Game) -> None:
    """The page compares a card's ``data-seats`` with the socket's newer ``game`` messages
    to know when the card is out of date (static/js/dashboard.js): for a card drawn now the
    two agree, so no needless fetch follows."""
    import html
    import json
    import re

    from game.dashboard.summary import for_viewer
    from game.table import store

    page = login(owner).get("/").content.decode()  # the attribute as sent, still escaped
    card = rf'data-game="{owner_game.pk}" data-rendered="(\d+)" data-seats="([^"]*)"'
    found = re.search(card, page)
    assert found is not None
    owner_game.refresh_from_db()
    assert int(found.group(1)) == owner_game.version
    message = for_viewer(store.load(owner_game, store.seating(owner_game)), owner.pk)
    holders = [list(pair) for pair in zip(message["seats"], message["computers"], strict=True)]
    assert json.loads(html.unescape(found.group(2))) == holders
    assert holders[0][0] == "Olive"


def test_it_points_newcomers_to_how_to_play_until_they_host(
    owner: User, owner_game: Game, friend: User
) -> None:
    assert "New to 29?" in text(login(friend).get("/"))
    assert "New to 29?" not in text(login(owner).get("/"))
