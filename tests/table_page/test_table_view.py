"""The table page: seated players and the host's friends see it, nobody else learns it exists."""

from __future__ import annotations

import html
import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from game.models import Game
from game.table.resets import RESETS
from game.table.store import create_game
from tests.people import befriend, logged_in, make_person


def person(email: str, name: str) -> User:
    return make_person(email, name)


@pytest.fixture
def owner(db: None) -> User:
    return person("owner@example.com", "Asha")


@pytest.fixture
def players(owner: User) -> list[User]:
    others = [person(f"{n.lower()}@example.com", n) for n in ("Bilal", "Chitra", "Dev")]
    for other in others:
        befriend(owner, other)
    return [owner, *others]


@pytest.fixture
def friend(owner: User) -> User:
    watcher = person("friend@example.com", "Farid")
    befriend(owner, watcher)
    return watcher


@pytest.fixture
def outsider(db: None) -> User:
    return person("outsider@example.com", "Oscar")


@pytest.fixture
def game(owner: User, players: list[User]) -> Game:
    return create_game(
        owner, "Friday 29", players, conference_link="https://meet.example.com/friday"
    )


def page_config(content: bytes) -> dict[str, Any]:
    """The JSON the page's script starts from (the json_script block)."""
    html = content.decode()
    start = html.index('<script id="table-config" type="application/json">')
    start = html.index(">", start) + 1
    config: dict[str, Any] = json.loads(html[start : html.index("</script>", start)])
    return config


def test_it_shows_a_seated_player_their_seat_and_the_players(
    game: Game, players: list[User]
) -> None:
    response = logged_in(players[1]).get(reverse("table", args=[game.pk]))
    assert response.status_code == 200
    assert [t.name for t in response.templates][:2] == ["game/table.html", "base.html"]
    config = page_config(response.content)
    assert config["game"] == game.pk
    assert config["seat"] == 1
    assert config["spectator"] is False
    assert config["host"] is False
    assert config["host_seat"] == 0
    assert config["players"] == ["Asha", "Bilal", "Chitra", "Dev"]
    assert config["ws_path"] == f"/ws/game/{game.pk}/"
    body = response.content.decode()
    assert "Friday 29" in body
    assert 'href="https://meet.example.com/friday"' in body
    assert "js/table.js" in body
    assert 'id="host-controls"' not in body


def test_it_gives_the_host_the_reset_buttons(game: Game, owner: User) -> None:
    response = logged_in(owner).get(reverse("table", args=[game.pk]))
    assert response.status_code == 200
    config = page_config(response.content)
    assert config["seat"] == 0
    assert config["host"] is True
    body = html.unescape(response.content.decode())
    for what, (name, does) in RESETS.items():
        # Named as on the dashboard, with the same words for what it does (its confirm).
        assert f'data-reset="{what}" title="{does}">{name}</button>' in body


def test_it_lets_a_friend_of_the_host_watch(game: Game, friend: User) -> None:
    response = logged_in(friend).get(f"/table/{game.pk}/")
    assert response.status_code == 200
    config = page_config(response.content)
    assert config["seat"] is None
    assert config["spectator"] is True
    assert config["host"] is False
    assert "Watching" in response.content.decode()


def test_it_hides_the_game_from_an_outsider(game: Game, outsider: User) -> None:
    response = logged_in(outsider).get(f"/table/{game.pk}/")
    assert response.status_code == 404
    body = response.content.decode()
    assert "Friday 29" not in body
    assert "Bilal" not in body


def test_it_answers_404_for_a_game_that_does_not_exist(game: Game, players: list[User]) -> None:
    response = logged_in(players[0]).get(f"/table/{game.pk + 100}/")
    assert response.status_code == 404


def test_it_sends_anonymous_visitors_to_the_login_page(game: Game) -> None:
    response = Client().get(f"/table/{game.pk}/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=")
    assert f"/table/{game.pk}/" in response["Location"]
