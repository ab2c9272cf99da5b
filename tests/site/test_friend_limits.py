"""Friend limits (Basic 10, Standard and Standard Guest 50), at request and at acceptance."""

from __future__ import annotations

import pytest

from accounts.models import AccountType, FriendRequest, Friendship, User
from tests.site.conftest import MakePerson, befriend, login, text


def give_friends(person: User, count: int, make_person: MakePerson) -> None:
    for i in range(count):
        befriend(person, make_person(f"pal{i}-{person.pk}@example.com"))


def send(person: User, email: str) -> str:
    return text(login(person).post("/friends/request/", {"email": email}, follow=True))


@pytest.mark.parametrize(
    ("account_type", "limit"),
    [(AccountType.BASIC, 10), (AccountType.STANDARD, 50), (AccountType.STANDARD_GUEST, 50)],
)
def test_it_refuses_a_request_past_the_senders_limit(
    make_person: MakePerson, account_type: str, limit: int
) -> None:
    sender = make_person("sender@example.com", "Sami", account_type=account_type)
    give_friends(sender, limit - 1, make_person)
    assert "Friend request sent" in send(sender, "last@example.com")
    page = send(sender, "one-too-many@example.com")
    assert f"may have up to {limit} friends" in page
    assert f"you have {limit - 1} friends and 1 requests waiting" in page
    assert not FriendRequest.objects.filter(to_email="one-too-many@example.com").exists()


def test_it_shows_the_limit_on_the_dashboard(make_person: MakePerson) -> None:
    basic = make_person("basic@example.com", "Bina", account_type=AccountType.BASIC)
    assert "0 of 10" in text(login(basic).get("/"))


def test_it_refuses_to_accept_past_the_accepters_limit(make_person: MakePerson) -> None:
    basic = make_person("basic@example.com", "Bina", account_type=AccountType.BASIC)
    asker = make_person("asker@example.com", "Arun")
    give_friends(basic, 10, make_person)
    request = FriendRequest.objects.create(sender=asker, to_email="basic@example.com")
    page = text(login(basic).post(f"/friends/requests/{request.pk}/accept/", follow=True))
    assert "You already have 10 friends, the most a Basic account may have" in page
    assert not Friendship.objects.filter(user=basic, friend=asker).exists()
    assert FriendRequest.objects.filter(pk=request.pk).exists()


def test_it_refuses_to_accept_past_the_senders_limit(make_person: MakePerson) -> None:
    basic = make_person("basic@example.com", "Bina", account_type=AccountType.BASIC)
    accepter = make_person("accepter@example.com", "Aziz")
    request = FriendRequest.objects.create(sender=basic, to_email="accepter@example.com")
    give_friends(basic, 10, make_person)
    page = text(login(accepter).post(f"/friends/requests/{request.pk}/accept/", follow=True))
    assert "Bina already has 10 friends, the most their account allows" in page
    assert not Friendship.objects.filter(user=accepter).exists()


def test_it_refuses_a_request_back_past_a_limit(make_person: MakePerson) -> None:
    basic = make_person("basic@example.com", "Bina", account_type=AccountType.BASIC)
    asker = make_person("asker@example.com", "Arun")
    FriendRequest.objects.create(sender=asker, to_email="basic@example.com")
    give_friends(basic, 10, make_person)
    page = send(basic, "asker@example.com")
    assert "You already have 10 friends" in page
    assert not Friendship.objects.filter(user=basic, friend=asker).exists()


def test_it_frees_a_place_when_a_friend_is_removed(make_person: MakePerson) -> None:
    basic = make_person("basic@example.com", "Bina", account_type=AccountType.BASIC)
    give_friends(basic, 10, make_person)
    assert "may have up to 10 friends" in send(basic, "new@example.com")
    gone = Friendship.objects.filter(user=basic).values_list("friend_id", flat=True).first()
    login(basic).post(f"/friends/{gone}/remove/")
    assert "Friend request sent" in send(basic, "new@example.com")
