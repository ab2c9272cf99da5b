"""Hosting a game: seats, name, conference link, play direction and every rule option."""

from __future__ import annotations

import re
from typing import Any

import pytest

from accounts.models import User
from game.engine import Rules
from game.engine.rules import OPTION_VALUES
from game.models import Game
from game.rule_options import RULE_OPTIONS
from tests.seats import seat_ids
from tests.site.conftest import MakePerson, befriend, login, start, text


def form_data(**changes: Any) -> dict[str, Any]:
    """What the host form sends with every rule at its default, changed by ``changes``."""
    data: dict[str, Any] = {
        "name": "Friday 29",
        "conference_link": "",
        "play_direction": "ccw",
        "seat_0": "",
        "seat_1": "",
        "seat_2": "",
        "seat_3": "",
    }
    data.update({f"rule_{name}": str(values[0]) for name, values in OPTION_VALUES.items()})
    data.update(changes)
    return data


@pytest.fixture
def trio(owner: User, friend: User, make_person: MakePerson) -> list[User]:
    """The owner's friends: Farid and two more."""
    more = [make_person("gita@example.com", "Gita"), make_person("hari@example.com", "Hari")]
    for person in more:
        befriend(owner, person)
    return [friend, *more]


def test_it_offers_every_rule_option_with_its_default_and_help(owner: User) -> None:
    page = text(login(owner).get("/host/"))
    for name, values in OPTION_VALUES.items():
        assert f'name="rule_{name}"' in page
        assert str(RULE_OPTIONS[name].help) in page
        default = f'<option value="{values[0]}" selected>'
        assert default in page, name
    assert "Olive (you)" in page


def test_it_hosts_a_game_with_seats_rules_link_and_direction(owner: User, trio: list[User]) -> None:
    data = form_data(
        name="Friday 29",
        conference_link="https://meet.example.com/friday",
        play_direction="cw",
        seat_0=owner.pk,
        seat_1=trio[0].pk,
        seat_2=trio[1].pk,
        seat_3=trio[2].pk,
        rule_min_bid="15",
        rule_bidding="raise",
        rule_seventh_card="False",
        rule_single_hand_stake="6",
        rule_marriage="off",
    )
    page = text(login(owner).post("/host/", data, follow=True))
    assert "Friday 29 is ready" in page
    game = Game.objects.get(host=owner)
    assert seat_ids(game.pk) == [owner.pk, trio[0].pk, trio[1].pk, trio[2].pk]
    assert game.conference_link == "https://meet.example.com/friday"
    assert game.play_direction == "cw"
    rules = Rules.from_dict(game.rules)
    assert (rules.min_bid, rules.bidding, rules.seventh_card) == (15, "raise", False)
    assert (rules.single_hand_stake, rules.marriage) == (6, "off")
    assert rules.doubling is True
    assert not game.started


def test_it_saves_the_default_rules_when_nothing_is_changed(owner: User) -> None:
    login(owner).post("/host/", form_data(seat_0=owner.pk))
    assert Game.objects.get(host=owner).rules == Rules().to_dict()


@pytest.mark.parametrize(
    "link", ["javascript:alert(1)", "ftp://files.example.com/x", "data:text/html,hi", "not a url"]
)
def test_it_refuses_a_conference_link_that_is_not_http(owner: User, link: str) -> None:
    response = login(owner).post("/host/", form_data(conference_link=link))
    assert response.status_code == 200
    assert text(response).count("Enter a valid URL.") == 1
    assert not Game.objects.exists()


@pytest.mark.parametrize("link", ["https://evil.example/\u202egnp.exe", "https://a.example/\u200bx"])
def test_it_refuses_a_conference_link_that_reads_otherwise_than_written(
    owner: User, link: str
) -> None:
    response = login(owner).post("/host/", form_data(conference_link=link))
    assert response.status_code == 200
    assert "A link cannot hold invisible or direction characters." in text(response)
    assert not Game.objects.exists()


@pytest.mark.parametrize("name", ["\u200d\u200b", "\u3164\u3164", "\u2800", "  "])
def test_it_refuses_a_game_name_that_shows_nothing(owner: User, name: str) -> None:
    """A name of joiners, zero-width spaces or Hangul fillers is a blank card on dashboards."""
    response = login(owner).post("/host/", form_data(name=name))
    assert response.status_code == 200
    assert not Game.objects.exists()
    login(owner).post("/host/", form_data(name="  Friday   29 "))
    assert Game.objects.get().name == "Friday 29"


def test_it_refuses_an_unknown_rule_value(owner: User) -> None:
    response = login(owner).post("/host/", form_data(rule_min_bid="14"))
    assert response.status_code == 200
    assert not Game.objects.exists()


def test_it_seats_only_the_host_and_friends(owner: User, outsider: User) -> None:
    response = login(owner).post("/host/", form_data(seat_1=outsider.pk))
    assert "Only you and your friends can take a seat." in text(response)
    assert not Game.objects.exists()


def test_it_gives_each_person_one_seat(owner: User, friend: User) -> None:
    response = login(owner).post("/host/", form_data(seat_0=friend.pk, seat_2=friend.pk))
    assert "already sits in seat 1" in text(response)
    assert not Game.objects.exists()


def test_it_allows_empty_seats_for_now(owner: User) -> None:
    login(owner).post("/host/", form_data(seat_2=owner.pk))
    assert seat_ids(Game.objects.get(host=owner).pk) == [None, None, owner.pk, None]


def test_it_hosts_one_game_at_a_time(owner: User, owner_game: Game) -> None:
    response = login(owner).get("/host/")
    assert response.status_code == 302
    assert response["Location"] == f"/games/{owner_game.pk}/edit/"
    login(owner).post("/host/", form_data(name="Second"))
    assert Game.objects.filter(host=owner).count() == 1


def test_it_says_why_host_a_game_opens_the_game_already_hosted(
    owner: User, owner_game: Game
) -> None:
    page = text(login(owner).get("/host/", follow=True))
    assert "You already host Olive's table, and a host has one game at a time" in page
    assert "delete it to host a new one" in page


def test_it_lets_the_host_edit_rules_and_seats_before_play(
    owner: User, trio: list[User], owner_game: Game
) -> None:
    data = form_data(
        name="Renamed",
        seat_0=trio[1].pk,
        seat_1=owner.pk,
        seat_2="",
        seat_3=trio[0].pk,
        rule_last_trick_point="True",
    )
    page = text(login(owner).post(f"/games/{owner_game.pk}/edit/", data, follow=True))
    assert "Renamed is saved." in page
    owner_game.refresh_from_db()
    assert owner_game.name == "Renamed"
    assert seat_ids(owner_game.pk) == [trio[1].pk, owner.pk, None, trio[0].pk]
    assert Rules.from_dict(owner_game.rules).last_trick_point is True


def test_it_shows_the_rules_read_only_once_play_has_started(
    owner: User, trio: list[User], owner_game: Game
) -> None:
    game = start(owner_game)
    page = text(login(owner).get(f"/games/{game.pk}/edit/"))
    assert "the rules are fixed for this game" in page
    for name in OPTION_VALUES:
        assert re.search(rf'<select name="rule_{name}"[^>]* disabled', page), name
    assert not re.search(r'<select name="seat_0"[^>]* disabled', page)

    version_before = game.version
    data = form_data(
        name="Still editable",
        rule_min_bid="15",
        seat_0=owner.pk,
        seat_1=trio[0].pk,
        seat_2=trio[1].pk,
        seat_3=trio[2].pk,
    )
    login(owner).post(f"/games/{game.pk}/edit/", data)
    game.refresh_from_db()
    assert game.name == "Still editable"
    assert Rules.from_dict(game.rules).min_bid == 16
    assert seat_ids(game.pk) == [owner.pk, trio[0].pk, trio[1].pk, trio[2].pk]
    assert game.started
    assert game.version > version_before, "the table is told its seats changed"


def test_it_lets_the_host_delete_the_game_after_confirming(owner: User, owner_game: Game) -> None:
    client = login(owner)
    confirm = text(client.get(f"/games/{owner_game.pk}/delete/"))
    assert "Delete Olive's table?" in confirm
    assert Game.objects.exists()
    page = text(client.post(f"/games/{owner_game.pk}/delete/", follow=True))
    assert "Olive's table is deleted." in page
    assert not Game.objects.exists()
    assert "Host a game" in page


def test_it_shows_the_conference_link_to_the_players(
    owner: User, friend: User, owner_game: Game
) -> None:
    Game.objects.filter(pk=owner_game.pk).update(conference_link="https://meet.example.com/x")
    page = text(login(friend).get("/"))
    assert 'href="https://meet.example.com/x"' in page
