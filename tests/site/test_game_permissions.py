"""Who may do what: verified users only, Standard accounts host, only the host edits or
resets, seated players join, friends of the host view; everyone else gets 403 or 404."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import AccountType, FriendRequest, User
from game.models import Game
from tests.site.conftest import MakePerson, befriend, login, text

HOST_PAGES = ["edit", "delete", "reset/score", "reset/all"]


def test_it_sends_visitors_to_log_in(owner_game: Game) -> None:
    for url in ["/host/", f"/games/{owner_game.pk}/edit/", f"/games/{owner_game.pk}/delete/"]:
        response = Client().get(url)
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/")
    assert Client().post("/friends/request/", {"email": "x@example.com"}).status_code == 302
    assert not FriendRequest.objects.exists()


def test_it_refuses_an_unverified_user_everything_but_the_reminder(
    make_person: MakePerson,
) -> None:
    unverified = make_person("unverified@example.com", "Uma", verified=False)
    client = login(unverified)
    page = text(client.get("/"))
    assert "Please confirm your email address" in page
    assert "Host a game" not in page
    assert client.get("/host/").status_code == 403
    assert "verify your email address" in text(client.get("/host/"))
    assert client.post("/friends/request/", {"email": "x@example.com"}).status_code == 403
    assert not FriendRequest.objects.exists()


def test_it_hides_friends_games_from_an_unverified_friend(
    owner_game: Game, owner: User, make_person: MakePerson
) -> None:
    unverified = make_person("unverified@example.com", "Uma", verified=False)
    befriend(owner, unverified)
    assert "Olive's table" not in text(login(unverified).get("/"))


def test_it_lets_only_standard_accounts_host(make_person: MakePerson) -> None:
    basic = make_person("basic@example.com", "Bina", account_type=AccountType.BASIC)
    client = login(basic)
    response = client.get("/host/")
    assert response.status_code == 403
    assert "A Basic account cannot host a game" in text(response)
    assert client.post("/host/", {"name": "Sneaky"}).status_code == 403
    assert not Game.objects.exists()
    assert "A Basic account cannot host a game" in text(client.get("/"))


def test_it_lets_a_standard_guest_host(make_person: MakePerson) -> None:
    guest = make_person("guest@example.com", "Gul", account_type=AccountType.STANDARD_GUEST)
    assert login(guest).get("/host/").status_code == 200


@pytest.mark.parametrize("page", HOST_PAGES)
def test_it_refuses_the_hosts_pages_to_a_seated_friend(
    owner_game: Game, friend: User, page: str
) -> None:
    client = login(friend)
    assert client.get(f"/games/{owner_game.pk}/{page}/").status_code == 403
    assert client.post(f"/games/{owner_game.pk}/{page}/", {"name": "Taken"}).status_code == 403
    owner_game.refresh_from_db()
    assert owner_game.name == "Olive's table"


@pytest.mark.parametrize("page", HOST_PAGES)
def test_it_refuses_the_hosts_pages_to_a_watching_friend(
    owner_game: Game, owner: User, make_person: MakePerson, page: str
) -> None:
    watcher = make_person("watcher@example.com", "Wali")
    befriend(owner, watcher)
    client = login(watcher)
    assert client.get(f"/games/{owner_game.pk}/{page}/").status_code == 403
    assert client.post(f"/games/{owner_game.pk}/{page}/").status_code == 403
    assert Game.objects.filter(pk=owner_game.pk).exists()


@pytest.mark.parametrize("page", HOST_PAGES)
def test_it_hides_a_game_from_an_outsider(owner_game: Game, outsider: User, page: str) -> None:
    client = login(outsider)
    for response in (
        client.get(f"/games/{owner_game.pk}/{page}/"),
        client.post(f"/games/{owner_game.pk}/{page}/"),
    ):
        assert response.status_code == 404
        assert "Olive" not in text(response)
    assert Game.objects.filter(pk=owner_game.pk, name="Olive's table").exists()


def test_it_answers_404_for_a_game_that_does_not_exist(owner: User) -> None:
    assert login(owner).get("/games/999/edit/").status_code == 404


def test_an_id_too_long_for_any_row_is_no_such_page(owner: User, owner_game: Game) -> None:
    """Twenty digits in place of a row's id answer 404, never a database error (a black-box
    attack had the host's "remove a watching guest" answer 500)."""
    huge = "9" * 20
    client = login(owner)
    for url in [f"/games/{owner_game.pk}/guests/watching/{huge}/remove/",
                f"/friends/{huge}/remove/", f"/friends/requests/{huge}/accept/",
                f"/games/{huge}/edit/", f"/table/{owner_game.pk}/deals/{huge}.json"]:
        assert client.post(url).status_code == 404, url
    longest = f"/games/{owner_game.pk}/guests/watching/{'9' * 18}/remove/"
    assert client.post(longest).status_code == 302  # "That guest is not watching your table."


def test_it_lists_a_game_only_for_its_players_and_the_hosts_friends(
    owner_game: Game, owner: User, friend: User, outsider: User, make_person: MakePerson
) -> None:
    watcher = make_person("watcher@example.com", "Wali")
    befriend(owner, watcher)
    befriend(friend, outsider)  # a friend of a player, not of the host
    assert "Olive's table" in text(login(friend).get("/"))
    assert "Olive's table" in text(login(watcher).get("/"))
    assert "Olive's table" not in text(login(outsider).get("/"))


def test_it_keeps_another_persons_friends_and_requests_private(
    owner: User, friend: User, outsider: User
) -> None:
    FriendRequest.objects.create(sender=owner, to_email="secret@example.com")
    page = text(login(outsider).get("/"))
    assert "Farid" not in page
    assert "friend@example.com" not in page
    assert "secret@example.com" not in page
