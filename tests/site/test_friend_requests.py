"""Friend requests by email: send, accept, decline, cancel, remove, and what each person sees."""

from __future__ import annotations

from allauth.account.models import EmailAddress
from django.test import Client

from accounts.models import FriendRequest, Friendship, User
from game.models import Game
from tests.seats import seat_ids
from tests.site.conftest import MakePerson, befriend, login, text


def send(client: Client, email: str) -> str:
    """Send a request from the dashboard and return the page the sender lands on."""
    response = client.post("/friends/request/", {"email": email}, follow=True)
    assert response.redirect_chain[-1][0] == "/#friends"
    return text(response)


def are_friends(one: User, other: User) -> bool:
    return (
        Friendship.objects.filter(user=one, friend=other).exists()
        and Friendship.objects.filter(user=other, friend=one).exists()
    )


def test_it_sends_a_request_the_other_person_sees_and_accepts(owner: User, outsider: User) -> None:
    page = send(login(owner), "outsider@example.com")
    assert "Friend request sent to outsider@example.com" in page
    assert "Waiting for an answer" in page

    request = FriendRequest.objects.get(sender=owner)
    their_page = login(outsider).get("/").content.decode()
    assert "Asking to be your friend" in their_page
    assert "Olive" in their_page

    accepted = login(outsider).post(f"/friends/requests/{request.pk}/accept/", follow=True)
    assert "You and Olive are now friends." in text(accepted)
    assert are_friends(owner, outsider)
    assert not FriendRequest.objects.exists()
    assert "Oscar" in login(owner).get("/").content.decode()


def test_it_says_the_same_whether_or_not_the_email_has_an_account(
    owner: User, outsider: User
) -> None:
    client = login(owner)
    registered = send(client, "outsider@example.com")
    unregistered = send(client, "nobody-yet@example.com")

    def message(page: str, email: str) -> str:
        start = page.index(f"Friend request sent to {email}")
        return page[start : page.index("</li>", start)].replace(email, "EMAIL")

    assert message(registered, "outsider@example.com") == message(
        unregistered, "nobody-yet@example.com"
    )
    # Saying nothing of whether the address has an account, it says how to mend a typo.
    told = message(unregistered, "nobody-yet@example.com")
    assert "If the address is misspelt, cancel it under Waiting for an answer" in told


def test_it_matches_email_addresses_without_regard_to_case(owner: User, outsider: User) -> None:
    send(login(owner), "  OutSider@Example.COM ")
    assert FriendRequest.objects.get().to_email == "outsider@example.com"
    assert "Olive" in login(outsider).get("/").content.decode()
    assert "already sent" in send(login(owner), "OUTSIDER@example.com")
    assert FriendRequest.objects.count() == 1


def test_it_refuses_a_request_to_yourself(owner: User) -> None:
    page = send(login(owner), "Owner@Example.com")
    assert "You cannot send a friend request to yourself." in page
    assert not FriendRequest.objects.exists()


def test_it_refuses_a_duplicate_request(owner: User) -> None:
    send(login(owner), "someone@example.com")
    page = send(login(owner), "someone@example.com")
    assert "You have already sent a friend request to someone@example.com" in page
    assert FriendRequest.objects.count() == 1


def test_it_refuses_a_request_to_someone_already_a_friend(owner: User, friend: User) -> None:
    page = send(login(owner), "friend@example.com")
    assert "Farid (friend@example.com) is already your friend." in page
    assert not FriendRequest.objects.exists()


def test_it_refuses_a_malformed_email(owner: User) -> None:
    page = send(login(owner), "not-an-email")
    assert "Please enter a valid email address." in page
    assert not FriendRequest.objects.exists()


def test_it_treats_a_request_back_as_acceptance(owner: User, outsider: User) -> None:
    send(login(owner), "outsider@example.com")
    page = send(login(outsider), "owner@example.com")
    assert "Olive had already asked to be your friend" in page
    assert "you are now friends" in page
    assert are_friends(owner, outsider)
    assert not FriendRequest.objects.exists()


def test_it_lets_the_recipient_decline(owner: User, outsider: User) -> None:
    send(login(owner), "outsider@example.com")
    request = FriendRequest.objects.get()
    page = login(outsider).post(f"/friends/requests/{request.pk}/decline/", follow=True)
    assert "You declined Olive's friend request." in text(page)
    assert not FriendRequest.objects.exists()
    assert not are_friends(owner, outsider)


def test_it_lets_the_sender_cancel(owner: User) -> None:
    send(login(owner), "someone@example.com")
    request = FriendRequest.objects.get()
    page = login(owner).post(f"/friends/requests/{request.pk}/cancel/", follow=True)
    assert "Your friend request to someone@example.com is cancelled." in text(page)
    assert not FriendRequest.objects.exists()


def test_it_lets_nobody_else_answer_a_request(
    owner: User, outsider: User, make_person: MakePerson
) -> None:
    send(login(owner), "outsider@example.com")
    request = FriendRequest.objects.get()
    third = make_person("third@example.com")
    for action in ("accept", "decline", "cancel"):
        response = login(third).post(f"/friends/requests/{request.pk}/{action}/")
        assert response.status_code == 404
    assert login(owner).post(f"/friends/requests/{request.pk}/accept/").status_code == 404
    assert login(outsider).post(f"/friends/requests/{request.pk}/cancel/").status_code == 404
    assert FriendRequest.objects.count() == 1
    assert not are_friends(owner, outsider)


def test_it_removes_a_friendship_for_both(owner: User, friend: User) -> None:
    page = text(login(friend).post(f"/friends/{owner.pk}/remove/", follow=True))
    assert "Olive is no longer your friend." in page
    assert not Friendship.objects.exists()


def test_it_cannot_remove_someone_who_is_not_a_friend(owner: User, outsider: User) -> None:
    assert login(owner).post(f"/friends/{outsider.pk}/remove/").status_code == 404


def test_it_takes_a_removed_friend_out_of_the_hosts_seats(
    owner: User, friend: User, owner_game: Game
) -> None:
    login(owner).post(f"/friends/{friend.pk}/remove/")
    owner_game.refresh_from_db()
    assert seat_ids(owner_game.pk) == [owner.pk, None, None, None]
    assert "Olive's table" not in login(friend).get("/").content.decode()


def test_it_accepts_only_posts(owner: User, outsider: User) -> None:
    befriend(owner, outsider)
    assert login(owner).get(f"/friends/{outsider.pk}/remove/").status_code == 405
    assert Friendship.objects.count() == 2


def test_it_drops_a_request_that_would_make_someone_their_own_friend(
    owner: User, outsider: User
) -> None:
    # Oscar asked an address that later became Oscar's own (he changed his email to it).
    request = FriendRequest.objects.create(sender=outsider, to_email="new@example.com")
    User.objects.filter(pk=outsider.pk).update(email="new@example.com")
    EmailAddress.objects.create(user=outsider, email="new@example.com", verified=True)
    page = text(login(outsider).post(f"/friends/requests/{request.pk}/accept/", follow=True))
    assert "You cannot be your own friend." in page
    assert not FriendRequest.objects.exists()
    assert not Friendship.objects.exists()
