"""Named people for the site tests: an owner who hosts, a friend of the owner, an outsider.

``make_person`` makes more (verified by default); ``befriend`` makes two people friends;
``login`` gives a test client logged in as someone.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any, Protocol

import pytest
from django.core.cache import cache

from accounts.models import User
from game.engine import Match, Rules
from game.models import Game
from game.table.store import create_game
from tests import people

PASSWORD = people.PASSWORD
befriend = people.befriend

MakePerson = Callable[..., User]


@pytest.fixture(autouse=True)
def _site(db: None, settings: Any) -> None:
    """Every site test uses the test database, a quick password hasher, and starts with
    allauth's rate limits clear."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    cache.clear()


@pytest.fixture
def make_person() -> MakePerson:
    return people.make_person


class Page(Protocol):
    """A response as the test client returns it."""

    content: bytes


def text(response: Page) -> str:
    """The page as a person reads it (HTML entities such as &#x27; turned back into text)."""
    return html.unescape(response.content.decode())


login = people.logged_in


@pytest.fixture
def owner(make_person: MakePerson) -> User:
    return make_person("owner@example.com", "Olive")


@pytest.fixture
def friend(make_person: MakePerson, owner: User) -> User:
    person = make_person("friend@example.com", "Farid")
    befriend(owner, person)
    return person


@pytest.fixture
def outsider(make_person: MakePerson) -> User:
    return make_person("outsider@example.com", "Oscar")


@pytest.fixture
def owner_game(owner: User, friend: User) -> Game:
    """The owner's game, not started: the owner in seat 0, the friend in seat 1."""
    return create_game(owner, "Olive's table", [owner, friend, None, None], rules=Rules().to_dict())


def start(game: Game) -> Game:
    """Start play the way the table does: a dealt match saved in ``state``."""
    match = Match(Rules.from_dict(game.rules), dealer=0, seed=29)
    match.deal()
    Game.objects.filter(pk=game.pk).update(state=match.to_json(), version=1)
    game.refresh_from_db()
    return game
