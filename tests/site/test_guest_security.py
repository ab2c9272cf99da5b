"""Guests and the invite link under attack: an address is claimed only once its owner confirms
it, the "Make a full account" form tells nobody which addresses have an account, friend
requests match only a verified address, the host removes a guest who watches, and a seat is
parsed strictly."""

from __future__ import annotations

import re
import time
from datetime import timedelta
from unittest import mock

import pytest
from allauth.account.models import EmailAddress
from django.core import signing
from django.test import Client

from accounts import friends
from accounts.models import AccountType, FriendRequest, Friendship, User
from game.invite import guests, links, membership
from game.models import Game, Guest
from game.table import store
from game.table.access import role_for
from tests.seats import seat_ids
from tests.site.conftest import PASSWORD, MakePerson, login, text

VICTIM = "victim@example.com"
GUEST_PASSWORD = "Gus-pass-12345!"
CONFIRM = re.compile(r"https?://[^/\s]+(/guest/account/confirm/\S+/)")
CSRF = re.compile(
    r'(name="csrfmiddlewaretoken" value=|"csrfToken": *|csrf[-_]token" content=)"[^"]*"'
)


@pytest.fixture
def token(owner_game: Game) -> str:
    return links.make(owner_game.pk)


def as_guest(token: str, name: str = "Gus", seat: str = "2") -> tuple[Client, User]:
    client = Client()
    response = client.post(f"/i/{token}/", {"name": name, "seat": seat})
    assert response.status_code == 302, text(response)
    return client, User.objects.get(pk=client.session["_auth_user_id"])


def ask_for_account(client: Client, email: str, password: str = GUEST_PASSWORD) -> str:
    response = client.post("/guest/account/", {
        "email": email, "password1": password, "password2": password,
    })
    assert response.status_code == 200, response.status_code
    return text(response)


def confirm_links(mailoutbox: list, to: str) -> list[str]:
    return [found for m in mailoutbox if to in m.to for found in CONFIRM.findall(str(m.body))]


def sign_up(client: Client, email: str, name: str) -> None:
    response = client.post("/accounts/signup/", {
        "first_name": name, "email": email, "password1": PASSWORD, "password2": PASSWORD,
    })
    assert response.status_code == 302, text(response)[:2000]


# -- 1. an address is claimed only once its owner confirms it ------------------------------


def test_a_guest_cannot_take_over_an_address_it_does_not_own(
    mailoutbox: list, make_person: MakePerson, owner_game: Game, token: str
) -> None:
    """The attack, end to end: Mallory asks victim@ (no account yet) to be a friend; the guest
    Gus "makes an account" with victim@, adds and verifies an address of his own, then looks
    for Mallory's request on his dashboard and accepts it. None of it may work, and the real
    victim must still be able to sign up."""
    mallory = make_person("mallory@example.com", "Mallory")
    login(mallory).post("/friends/request/", {"email": VICTIM})
    assert FriendRequest.objects.filter(sender=mallory, to_email=VICTIM).exists()
    gus_client, gus = as_guest(token)

    # The attacker's steps, as a browser would take them.
    answer = gus_client.post("/guest/account/", {
        "email": VICTIM, "password1": GUEST_PASSWORD, "password2": GUEST_PASSWORD,
    }, follow=True)
    gus_client.post("/accounts/email/", {"email": "gus-real@example.com", "action_add": "1"})
    own_links = re.findall(r"http://testserver(/accounts/confirm-email/\S+/)", " ".join(
        str(m.body) for m in mailoutbox if m.to == ["gus-real@example.com"]))
    for link in own_links:
        gus_client.post(link)
    dashboard = text(gus_client.get("/", follow=True))
    for request in FriendRequest.objects.all():
        gus_client.post(f"/friends/requests/{request.pk}/accept/")

    assert "Mallory" not in dashboard
    assert not Friendship.objects.filter(user=gus, friend=mallory).exists()
    gus.refresh_from_db()
    assert gus.is_guest and gus.email.lower() != VICTIM
    assert not User.objects.filter(email__iexact=VICTIM).exists()
    assert not EmailAddress.objects.filter(email__iexact=VICTIM).exists()
    assert f"We sent a link to {VICTIM}" in text(answer)
    assert seat_ids(owner_game.pk)[2] == gus.pk  # still seated, as a guest
    assert gus_client.get(f"/table/{owner_game.pk}/").status_code == 200
    # The only mail went to the victim's mailbox.
    assert [m.to for m in mailoutbox] == [[VICTIM]]

    # The real victim signs up with their address: a new account and a confirmation link,
    # not "an account already exists"; Mallory's request waits for them.
    mailoutbox.clear()
    victim_client = Client()
    sign_up(victim_client, VICTIM, "Vera")
    victim = User.objects.get(email__iexact=VICTIM)
    assert victim.pk != gus.pk and victim.first_name == "Vera"
    links_to_victim = re.findall(r"http://testserver(/accounts/confirm-email/\S+/)",
                                 " ".join(str(m.body) for m in mailoutbox))
    assert [m.to for m in mailoutbox] == [[VICTIM]] and links_to_victim
    victim_client.post(links_to_victim[0])
    assert "Mallory" in text(victim_client.get("/"))


def test_the_link_gus_asked_for_makes_nothing_once_the_owner_has_the_address(
    mailoutbox: list, token: str
) -> None:
    gus_client, gus = as_guest(token)
    ask_for_account(gus_client, VICTIM)
    [link] = confirm_links(mailoutbox, VICTIM)
    sign_up(Client(), VICTIM, "Vera")  # the owner signs up meanwhile (not yet confirmed)
    response = Client().post(link)
    assert response.status_code == 409
    assert "exists already" in text(response)
    gus.refresh_from_db()
    assert gus.is_guest and User.objects.get(email__iexact=VICTIM).first_name == "Vera"


def test_the_owner_confirms_from_another_browser(
    mailoutbox: list, owner_game: Game, token: str
) -> None:
    gus_client, gus = as_guest(token)
    ask_for_account(gus_client, "Gus@Example.com")
    [link] = confirm_links(mailoutbox, "gus@example.com")
    elsewhere = Client()
    asked = elsewhere.get(link)  # opening it elsewhere binds nothing: it names the guest
    assert asked.status_code == 200 and "The guest Gus asked for" in text(asked)
    gus.refresh_from_db()
    assert gus.is_guest
    page = elsewhere.post(link)
    assert page.status_code == 200 and "Your account is ready" in text(page)
    assert "_auth_user_id" not in elsewhere.session  # the link logs nobody in
    gus.refresh_from_db()
    assert not gus.is_guest and gus.email == "gus@example.com"
    assert gus.check_password(GUEST_PASSWORD)
    assert EmailAddress.objects.filter(user=gus, email="gus@example.com", verified=True,
                                       primary=True).exists()
    assert seat_ids(owner_game.pk)[2] == gus.pk and gus.is_friend_of(owner_game.host)
    # The guest's own browser is the member's now, and the password logs in.
    assert gus_client.get(f"/table/{owner_game.pk}/").status_code == 200
    assert Client().login(email="gus@example.com", password=GUEST_PASSWORD)
    # The same link again changes nothing and says it is done.
    assert "Your account is ready" in text(Client().get(link))


def test_a_newer_request_voids_the_older_link(mailoutbox: list, token: str) -> None:
    gus_client, gus = as_guest(token)
    ask_for_account(gus_client, "first@example.com")
    ask_for_account(gus_client, "second@example.com", "Another-pass-6789!")
    [old] = confirm_links(mailoutbox, "first@example.com")
    [new] = confirm_links(mailoutbox, "second@example.com")
    assert Client().get(old).status_code == 400
    gus.refresh_from_db()
    assert gus.is_guest
    gus_client.post(new)
    gus.refresh_from_db()
    assert not gus.is_guest and gus.email == "second@example.com"


def test_a_forged_or_expired_link_does_nothing(token: str) -> None:
    _client, gus = as_guest(token)
    forged = signing.dumps({"u": gus.pk, "e": VICTIM, "p": "0" * 32}, salt=membership.SALT)
    assert Client().get(f"/guest/account/confirm/{forged}/").status_code == 400
    other_salt = signing.dumps({"u": gus.pk, "e": VICTIM}, salt="elsewhere")
    assert Client().get(f"/guest/account/confirm/{other_salt}/").status_code == 400
    assert Client().get("/guest/account/confirm/nonsense/").status_code == 400
    # Each reader of a dead link is offered a way on: log in, the dashboard, or a new link.
    assert 'href="/accounts/login/"' in text(Client().get("/guest/account/confirm/nonsense/"))
    assert 'href="/guest/account/"' in text(_client.get("/guest/account/confirm/nonsense/"))
    real = membership.make_token(gus, VICTIM)
    assert membership.read_token(real) is not None
    later = time.time() + timedelta(days=30).total_seconds()
    with mock.patch.object(signing.time, "time", return_value=later):
        assert membership.read_token(real) is None
        assert Client().get(f"/guest/account/confirm/{real}/").status_code == 400
    gus.refresh_from_db()
    assert gus.is_guest


def test_a_removed_guest_can_still_make_an_account(
    mailoutbox: list, owner, owner_game: Game, token: str
) -> None:
    gus_client, gus = as_guest(token)
    login(owner).post(f"/games/{owner_game.pk}/guests/2/remove/", {"level": ""})
    ask_for_account(gus_client, "gus@example.com")
    [link] = confirm_links(mailoutbox, "gus@example.com")
    assert gus_client.post(link)["Location"] == "/"
    gus.refresh_from_db()
    assert not gus.is_guest and not gus.is_friend_of(owner)


def test_friend_requests_match_only_a_verified_address(
    make_person: MakePerson, owner: User
) -> None:
    """What the old conversion left behind: an account whose address was never confirmed
    (but which verified another one). Requests to that address are not its to see or
    accept, and a new request to it is not treated as reaching it."""
    squatter = make_person(VICTIM, "Sam", verified=False)
    EmailAddress.objects.create(user=squatter, email="sam@example.com", verified=True)
    request = FriendRequest.objects.create(sender=owner, to_email=VICTIM)
    client = login(squatter)
    assert "Olive" not in text(client.get("/"))
    assert list(friends.incoming_requests(squatter)) == []
    assert client.post(f"/friends/requests/{request.pk}/accept/").status_code == 404
    assert client.post(f"/friends/requests/{request.pk}/decline/").status_code == 404
    assert not Friendship.objects.exists() and FriendRequest.objects.filter(pk=request.pk).exists()
    # Sam asks Olive: it must not accept Olive's request to the address Sam never confirmed.
    FriendRequest.objects.create(sender=squatter, to_email="someone@example.com")
    outcome = friends.send_request(make_person("third@example.com", "Tara"), VICTIM)
    assert "Friend request sent" in outcome
    assert not Friendship.objects.exists()


# -- 2. the form tells nobody which addresses have an account -------------------------------


def _normalised(page: str, email: str) -> str:
    return CSRF.sub("CSRF", page).replace(email, "EMAIL")


def test_the_account_form_answers_alike_whether_or_not_the_address_has_an_account(
    mailoutbox: list, owner: User, token: str
) -> None:
    client, gus = as_guest(token)
    taken = client.post("/guest/account/", {
        "email": owner.email, "password1": GUEST_PASSWORD, "password2": GUEST_PASSWORD})
    free = client.post("/guest/account/", {
        "email": "free@example.com", "password1": GUEST_PASSWORD, "password2": GUEST_PASSWORD})
    assert taken.status_code == free.status_code == 200
    assert taken.get("Location") == free.get("Location")
    assert _normalised(text(taken), owner.email) == _normalised(text(free), "free@example.com")
    assert "exists already" not in text(taken)
    # The owner of the taken address hears that someone tried, with no link to confirm; the
    # free address gets the link.
    [to_owner] = [m for m in mailoutbox if m.to == [owner.email]]
    assert "already" in to_owner.subject and "/guest/account/confirm/" not in to_owner.body
    assert "/accounts/password/reset/" in to_owner.body and "/accounts/login/" in to_owner.body
    assert confirm_links(mailoutbox, "free@example.com")
    gus.refresh_from_db()
    owner.refresh_from_db()
    assert gus.is_guest and owner.email == "owner@example.com"


def test_asking_again_at_once_sends_no_second_mail_and_answers_the_same(
    mailoutbox: list, owner: User, token: str
) -> None:
    client, _gus = as_guest(token)
    first = ask_for_account(client, owner.email)
    second = ask_for_account(client, owner.email)
    assert _normalised(first, owner.email) == _normalised(second, owner.email)
    assert len(mailoutbox) == 1


# -- 3. the host removes a guest who watches ------------------------------------------------


def test_the_host_removes_a_guest_who_watches(owner: User, owner_game: Game, token: str) -> None:
    gus_client, gus = as_guest(token, "Gus", "watch")
    game = Game.objects.get(pk=owner_game.pk)
    assert role_for(game, gus) is not None  # Gus watches, with every hand
    host = login(owner)
    page = text(host.get(f"/games/{owner_game.pk}/invite/"))
    assert "The guest Gus watches your table." in page
    remove = f"/games/{owner_game.pk}/guests/watching/{gus.pk}/remove/"
    assert remove in page
    version = game.version
    response = host.post(remove, {"new_link": "1"}, follow=True)
    assert "The guest Gus no longer watches your table." in text(response)
    assert "Your link is new" in text(response)  # his way back by the old link is closed
    assert Game.objects.get(pk=owner_game.pk).invite_token != token
    assert "The guest Gus watches" not in text(host.get(f"/games/{owner_game.pk}/invite/"))
    assert guests.game_of(gus.pk) is None
    game, _players = store.game_with_seats(owner_game.pk)
    assert role_for(game, gus) is None
    assert game.version == version + 1  # a change whose recheck closes Gus's sockets
    # Gus lands where a removed seated guest lands.
    assert gus_client.get(f"/table/{owner_game.pk}/")["Location"] == "/guest/account/"
    assert "The host has taken you off their table." in text(gus_client.get("/guest/account/"))


def test_only_the_host_removes_a_watcher_and_only_a_watcher(
    make_person: MakePerson, owner: User, friend: User, owner_game: Game, token: str
) -> None:
    _c1, gus = as_guest(token, "Gus", "watch")
    _c2, mina = as_guest(token, "Mina", "2")
    watch = f"/games/{owner_game.pk}/guests/watching/%s/remove/"
    assert login(friend).post(watch % gus.pk).status_code == 403
    assert guests.game_of(gus.pk) == owner_game.pk
    host = login(owner)
    # A seated guest is removed from its seat (which says what becomes of it), a member or
    # someone else's guest not at all.
    other = make_person("host2@example.com", "Hari")
    other_game = store.create_game(other, "Hari's", [other, None, None, None])
    _c3, stranger = as_guest(links.make(other_game.pk), "Stan", "watch")
    for user in (mina, friend, stranger):
        page = text(host.post(watch % user.pk, follow=True))
        assert "That guest is not watching your table." in page
    assert guests.game_of(mina.pk) == owner_game.pk
    assert guests.game_of(stranger.pk) == other_game.pk
    assert host.get(watch % gus.pk).status_code == 405


# -- 4. the seat is parsed strictly ----------------------------------------------------------


@pytest.mark.parametrize("seat", ["²", "٣", "३", "৩", " 2", "2 ", "+2", "4", "-1", "02", ""])
def test_a_member_posting_an_odd_seat_is_told_and_nothing_changes(
    outsider: User, owner_game: Game, token: str, seat: str
) -> None:
    before = seat_ids(owner_game.pk)
    response = login(outsider).post(f"/i/{token}/", {"seat": seat})
    assert response.status_code == 200
    assert "Choose a seat, or watch." in text(response)
    assert seat_ids(owner_game.pk) == before
    assert not outsider.is_friend_of(owner_game.host)


@pytest.mark.parametrize("seat", ["²", "٣", "3 "])
def test_a_visitor_posting_an_odd_seat_is_told_and_no_guest_is_made(
    owner_game: Game, token: str, seat: str
) -> None:
    response = Client().post(f"/i/{token}/", {"name": "Gus", "seat": seat})
    assert response.status_code == 200
    assert not User.objects.filter(account_type=AccountType.GUEST).exists()
    assert not Guest.objects.exists()


def test_a_member_still_takes_a_seat_by_its_plain_number(
    outsider: User, owner_game: Game, token: str
) -> None:
    response = login(outsider).post(f"/i/{token}/", {"seat": "3"})
    assert response.status_code == 302
    assert seat_ids(owner_game.pk)[3] == outsider.pk

