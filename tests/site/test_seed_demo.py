"""``manage.py seed_demo``: four verified friends seated at Asha's game, Esha watching."""

from __future__ import annotations

from allauth.account.models import EmailAddress
from django.core.management import call_command
from django.test import Client

from accounts.models import Friendship, User
from game.models import Game
from tests.seats import seat_ids
from tests.site.conftest import text

PLAYERS = ["asha@example.com", "bilal@example.com", "chitra@example.com", "dev@example.com"]


def test_it_seats_four_verified_friends_at_ashas_game() -> None:
    call_command("seed_demo", "--password", "demo-password-29", stdout=None)
    players = [User.objects.get(email=email) for email in PLAYERS]
    game = Game.objects.get(host=players[0])
    assert seat_ids(game.pk) == [p.pk for p in players]
    assert EmailAddress.objects.filter(verified=True).count() == 5
    for one in players:
        for other in players:
            if one != other:
                assert one.is_friend_of(other)
    esha = User.objects.get(email="esha@example.com")
    assert esha.is_friend_of(players[0]) and not esha.is_friend_of(players[1])

    client = Client()
    assert client.login(email="esha@example.com", password="demo-password-29")
    page = text(client.get("/"))
    assert "Asha's table" in page[page.index('id="view"') :]


def test_it_can_run_twice() -> None:
    call_command("seed_demo", stdout=None)
    call_command("seed_demo", stdout=None)
    assert User.objects.count() == 5
    assert Game.objects.count() == 1
    assert Friendship.objects.count() == 2 * (6 + 1)
