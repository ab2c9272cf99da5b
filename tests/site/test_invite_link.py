"""The host's invite link: making, revoking and expiring it, the link page for every kind of
visitor, joining as a member or a guest, and what a guest may not reach."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from accounts import names
from accounts.models import AccountType, Friendship, User
from game.invite import guests, links
from game.models import Game, Guest, Seat
from game.table import store
from game.table.errors import TableError
from game.table.seat_changes import take_seat_by_link
from tests.seats import seat_ids
from tests.site.conftest import MakePerson, login, start, text


@pytest.fixture
def token(owner_game: Game) -> str:
    return links.make(owner_game.pk)


def link(token: str) -> str:
    return f"/i/{token}/"


def as_guest(token: str, name: str = "Mina", seat: str = "2") -> tuple[Client, User]:
    client = Client()
    response = client.post(link(token), {"name": name, "seat": seat})
    assert response.status_code == 302, text(response)
    user = User.objects.get(pk=client.session["_auth_user_id"])
    return client, user


def test_the_token_is_long_random_and_revocable(owner, owner_game: Game) -> None:
    client = login(owner)
    response = client.post(f"/games/{owner_game.pk}/invite/", {"action": "make", "expiry": ""})
    assert response.status_code == 302
    first = Game.objects.get(pk=owner_game.pk).invite_token
    assert first is not None and len(first) >= 43  # 32 bytes, base64: 256 bits
    page = client.get(f"/games/{owner_game.pk}/invite/")
    assert link(first) in text(page) and "wa.me" in text(page)
    client.post(f"/games/{owner_game.pk}/invite/", {"action": "revoke", "expiry": ""})
    second = Game.objects.get(pk=owner_game.pk).invite_token
    assert second != first
    assert Client().get(link(first)).status_code == 404
    assert Client().get(link(second)).status_code == 200
    client.post(f"/games/{owner_game.pk}/invite/", {"action": "off"})
    assert Client().get(link(second)).status_code == 404


def test_renewing_keeps_the_expiry_and_leaves_a_dead_link_dead(owner_game: Game) -> None:
    assert not links.renew(owner_game.pk)  # no link: none is made
    assert Game.objects.get(pk=owner_game.pk).invite_token is None
    first = links.make(owner_game.pk, "24")
    expires = Game.objects.get(pk=owner_game.pk).invite_expires
    assert links.renew(owner_game.pk)
    renewed = Game.objects.get(pk=owner_game.pk)
    assert renewed.invite_token not in (None, first) and renewed.invite_expires == expires
    past = timezone.now() - timedelta(minutes=1)
    Game.objects.filter(pk=owner_game.pk).update(invite_expires=past)
    assert not links.renew(owner_game.pk)  # expired: it stays the expired link it was
    assert Game.objects.get(pk=owner_game.pk).invite_token == renewed.invite_token


def test_only_the_host_manages_the_link(friend, outsider, owner_game: Game) -> None:
    assert login(friend).get(f"/games/{owner_game.pk}/invite/").status_code == 403
    assert login(outsider).get(f"/games/{owner_game.pk}/invite/").status_code == 404


def test_a_bad_revoked_or_expired_token_is_a_plain_404(owner_game: Game, token: str) -> None:
    for bad in ("nope", "x" * 200, token[:-1], token + "a"):
        response = Client().get(link(bad))
        assert response.status_code == 404
        assert owner_game.name not in text(response) and "Olive" not in text(response)
    Game.objects.filter(pk=owner_game.pk).update(invite_expires=timezone.now() - timedelta(1))
    assert Client().get(link(token)).status_code == 404
    assert Client().post(link(token), {"name": "Mina", "seat": "2"}).status_code == 404
    assert not User.objects.filter(account_type=AccountType.GUEST).exists()


def test_the_link_page_says_the_turn_timer_and_the_matchs_length(
    owner_game: Game, token: str
) -> None:
    assert "table-terms" not in text(Client().get(link(token)))  # neither is set
    Game.objects.filter(pk=owner_game.pk).update(turn_timer=30, play_to=3)
    page = text(Client().get(link(token)))
    assert "Turn timer: 30 seconds a decision; the computer decides for a player" in page
    assert "The match: First team to win 3 sets." in page
    # Automatic: the visitor who sits down makes two people at the table, so the minute runs.
    Game.objects.filter(pk=owner_game.pk).update(turn_timer=None)
    assert "Turn timer: 60 seconds a decision" in text(Client().get(link(token)))


def test_the_link_page_has_a_preview_for_chat_apps(token: str) -> None:
    page = text(Client().get(link(token)))
    assert '<meta property="og:title" content="Olive invites you to a game of 29">' in page
    image = re.search(r'<meta property="og:image" content="([^"]+)"', page)
    assert image and image[1].startswith("http://testserver/static/img/invite-card.png")
    assert 'name="twitter:card" content="summary_large_image"' in page
    assert Client().get("/static/img/invite-card.png").status_code == 200


def test_a_guest_plays_in_one_post_and_is_seated_live(owner_game: Game, token: str) -> None:
    page = text(Client().get(link(token)))
    assert "Play as a guest" in page and "Seat 3 (partner of Olive)" in page  # by name
    client, guest = as_guest(token)
    assert guest.is_guest and guest.display_name == "Mina" and not guest.has_usable_password()
    assert seat_ids(owner_game.pk)[2] == guest.pk
    assert Game.objects.get(pk=owner_game.pk).version == 1
    assert client.session.get_expiry_age() > 300 * 24 * 3600
    table = client.get(f"/table/{owner_game.pk}/")
    assert table.status_code == 200 and "Playing" in text(table)
    assert client.get(f"/table/{owner_game.pk}/deals.json").status_code == 200
    assert not Friendship.objects.filter(user=guest).exists()


def test_a_guest_reaches_nothing_else(
    make_person: MakePerson, owner_game: Game, token: str
) -> None:
    other_host = make_person("other@example.com", "Ravi")
    other = store.create_game(other_host, "Ravi's table", [other_host, None, None, None])
    client, _guest = as_guest(token)
    for path in (f"/table/{other.pk}/", f"/table/{other.pk}/deals/",
                 f"/table/{other.pk}/deals.json"):
        response = client.get(path)
        assert response.status_code == 403, path
        assert "Ravi" not in text(response)
    for path in ("/", "/host/", f"/games/{owner_game.pk}/edit/", "/friends/",
                 "/accounts/email/", "/accounts/password/change/", "/admin/"):
        response = client.get(path)
        assert response.status_code == 302 and response["Location"] == f"/table/{owner_game.pk}/"
    assert client.post("/friends/request/", {"email": "x@example.com"}).status_code == 302
    assert not Game.objects.filter(host__account_type=AccountType.GUEST).exists()


def test_a_guest_reads_the_rules_and_the_table_in_its_language(token: str) -> None:
    client, guest = as_guest(token)
    assert client.get("/learn/how-to-play/").status_code == 200
    catalogue = client.get("/jsi18n/", headers={"accept-language": "bn"})
    assert catalogue.status_code == 200 and "catalog" in catalogue.content.decode()
    response = client.post("/learn/language/", {"language": "hi", "next": "/learn/how-to-play/"})
    assert response.status_code == 302
    guest.refresh_from_db()
    assert guest.language == "hi"


def test_guest_names_are_trimmed_limited_unicode_safe_and_escaped(token: str) -> None:
    assert guests.clean_name("  অমিত   রায়  ") == "অমিত রায়"
    assert guests.clean_name("क्षत्रिय") == "क्षत्रिय"
    assert guests.clean_name("র\u200cয") == "র\u200cয"  # the joiner Bengali needs is kept
    # Drawn as nothing: joiners, Hangul fillers, blank Braille, the musical null notehead.
    blank = ("\u200d\u200d", "\u3164", "\u2800 \u2800", "\u115f\u1160", "\uffa0", "\U0001d159")
    for bad in ("", "   ", "a" * 31, "bad\u202ename", "tab\x07", None, *blank):
        with pytest.raises(names.BadName):
            guests.clean_name(bad)
    page = Client().post(link(token), {"name": "x" * 31, "seat": "2"})
    assert page.status_code == 200 and "at most 30 characters" in text(page)
    client, _guest = as_guest(token, name="<b>Bold</b>")
    assert "<b>Bold</b>" not in client.get("/guest/account/").content.decode()


def test_a_guest_may_not_pass_for_someone_at_the_table(owner: User, token: str) -> None:
    # The host, a computer player's name, and a guest already there, in another case or width.
    as_guest(token, name="Mina", seat="watch")
    for taken in (owner.display_name.upper(), "anu", "\uff2d\uff29\uff2e\uff21"):
        page = Client().post(link(token), {"name": taken, "seat": "2"})
        assert page.status_code == 200, taken
        assert "Someone at this table is already called" in text(page), taken
    assert Guest.objects.count() == 1
    as_guest(token, name="Mina Rai")  # a name of one's own is fine


def test_a_signed_in_user_joins_as_the_hosts_friend(
    outsider: User, owner_game: Game, token: str
) -> None:
    client = login(outsider)
    assert "Take seat 3" in text(client.get(link(token)))
    response = client.post(link(token), {"seat": "2"})
    assert response.status_code == 302 and response["Location"] == f"/table/{owner_game.pk}/"
    assert seat_ids(owner_game.pk)[2] == outsider.pk
    assert outsider.is_friend_of(owner_game.host)


def test_watching_by_link_makes_a_friend_and_no_seat(outsider: User, owner_game: Game,
                                                      token: str) -> None:
    client = login(outsider)
    assert client.post(link(token), {"seat": "watch"}).status_code == 302
    assert outsider.pk not in seat_ids(owner_game.pk)
    assert "Watching" in text(client.get(f"/table/{owner_game.pk}/"))


def test_over_a_friend_limit_nothing_changes(
    make_person: MakePerson, owner_game: Game, token: str
) -> None:
    basic = make_person("basic@example.com", "Basia", account_type=AccountType.BASIC)
    for n in range(10):
        other = make_person(f"f{n}@example.com")
        Friendship.objects.create(user=basic, friend=other)
        Friendship.objects.create(user=other, friend=basic)
    page = login(basic).post(link(token), {"seat": "2"})
    assert page.status_code == 200 and "You already have 10 friends" in text(page)
    assert seat_ids(owner_game.pk)[2] is None
    assert not basic.is_friend_of(owner_game.host)


def test_a_taken_seat_says_so_and_changes_nothing(
    outsider: User, owner_game: Game, token: str
) -> None:
    take_seat_by_link(owner_game.pk, outsider.pk, 2)
    version = Game.objects.get(pk=owner_game.pk).version
    page = Client().post(link(token), {"name": "Mina", "seat": "2"})
    assert "That seat was just taken." in text(page)
    assert not User.objects.filter(account_type=AccountType.GUEST).exists()
    assert Game.objects.get(pk=owner_game.pk).version == version
    with pytest.raises(TableError) as refused:
        take_seat_by_link(owner_game.pk, owner_game.host_id, 3)
    assert refused.value.code == "seated"


def test_closed_seats_and_computer_seats(owner, owner_game: Game, token: str) -> None:
    client = login(owner)
    client.post(f"/games/{owner_game.pk}/invite/", {"action": "seats", "open_3": "1"})
    assert [s.link_open for s in Seat.objects.filter(game=owner_game)] == [
        False, False, False, True]
    page = Client().post(link(token), {"name": "Mina", "seat": "2"})
    assert page.status_code == 200 and seat_ids(owner_game.pk)[2] is None
    Seat.objects.filter(game=owner_game, number=3).update(computer="easy")
    _client, guest = as_guest(token, seat="3")
    seat = Seat.objects.get(game=owner_game, number=3)
    assert (seat.user_id, seat.computer) == (guest.pk, "")


def test_joining_is_rate_limited_per_client(token: str) -> None:
    client = Client()
    for _ in range(settings.INVITE_JOINS_PER_WINDOW):
        client.post(link(token), {"name": "", "seat": "2"})
    response = client.post(link(token), {"name": "Mina", "seat": "2"})
    assert response.status_code == 429
    assert not User.objects.filter(account_type=AccountType.GUEST).exists()


def test_the_host_removes_a_guest(owner, owner_game: Game, token: str) -> None:
    client, _guest = as_guest(token)
    host = login(owner)
    page = text(host.get(f"/games/{owner_game.pk}/invite/"))
    assert "Remove the guest Mina from seat 3" in page
    host.post(f"/games/{owner_game.pk}/guests/2/remove/", {"level": "easy"})
    seat = Seat.objects.get(game=owner_game, number=2)
    assert (seat.user_id, seat.computer) == (None, "easy")
    # Its old table's page, and any other, lead to the page that says why and what next.
    assert client.get(f"/table/{owner_game.pk}/")["Location"] == "/guest/account/"
    assert client.get("/")["Location"] == "/guest/account/"
    taken_off = "The host has taken you off their table."
    assert taken_off in text(client.get("/guest/account/"))
    assert taken_off in text(client.get(link(token)))  # the invite link again


def test_the_host_removes_a_guest_and_changes_the_link_so_they_cannot_rejoin(
    owner, owner_game: Game, token: str
) -> None:
    """The box under each removal is ticked by default: the guest's way back by the old link
    is closed. Unticked, the link stays and the host is told how to close it."""
    as_guest(token, "Mina", "2")
    as_guest(token, "Nila", "3")
    host = login(owner)
    page = text(host.get(f"/games/{owner_game.pk}/invite/"))
    assert page.count('name="new_link" value="1" checked') == 2
    kept = text(host.post(
        f"/games/{owner_game.pk}/guests/3/remove/", {"level": "easy"}, follow=True
    ))
    assert "Anyone with your link can still join" in kept
    assert Client().get(link(token)).status_code == 200
    renewed = text(host.post(
        f"/games/{owner_game.pk}/guests/2/remove/", {"level": "", "new_link": "1"}, follow=True
    ))
    assert "Your link is new: they cannot join again by the old one." in renewed
    assert Client().get(link(token)).status_code == 404
    fresh = Game.objects.get(pk=owner_game.pk).invite_token
    assert fresh and fresh != token and Client().get(link(fresh)).status_code == 200


def test_only_a_guest_can_be_removed_so(owner, friend: User, owner_game: Game) -> None:
    response = login(owner).post(f"/games/{owner_game.pk}/guests/1/remove/", {"level": ""})
    assert response.status_code == 302
    assert seat_ids(owner_game.pk)[1] == friend.pk
    assert login(friend).post(f"/games/{owner_game.pk}/guests/1/remove/").status_code == 403


def test_a_guest_becomes_a_full_account_and_keeps_its_seat(
    mailoutbox: list, owner_game: Game, token: str
) -> None:
    client, guest = as_guest(token)
    response = client.post("/guest/account/", {
        "email": "Mina@Example.com", "password1": "a-long-table-password-29",
        "password2": "a-long-table-password-29",
    })
    # Nothing is claimed until the address's owner follows the link mailed to it.
    assert "We sent a link to mina@example.com" in text(response)
    guest.refresh_from_db()
    assert guest.is_guest and guest.email != "mina@example.com"
    assert len(mailoutbox) == 1 and "mina@example.com" in mailoutbox[0].to
    confirm = re.search(r"https?://[^/\s]+(/guest/account/confirm/\S+)", mailoutbox[0].body)
    assert confirm is not None
    assert client.post(confirm[1])["Location"] == f"/table/{owner_game.pk}/"
    guest.refresh_from_db()
    assert not guest.is_guest and guest.email == "mina@example.com"
    assert guest.display_name == "Mina" and seat_ids(owner_game.pk)[2] == guest.pk
    assert not Guest.objects.filter(user=guest).exists()
    assert guest.is_friend_of(owner_game.host)
    assert client.get(f"/table/{owner_game.pk}/").status_code == 200
    assert len(mailoutbox) == 1


def test_the_link_opened_in_another_browser_asks_before_it_binds_the_address(
    mailoutbox: list, owner_game: Game, token: str
) -> None:
    """A stranger typed someone's address: that person (or their mail scanner) opening the
    link binds nothing; the page names the guest and asks, and only a click confirms."""
    client, guest = as_guest(token, "Mallory")
    client.post("/guest/account/", {
        "email": "victim@example.com", "password1": "a-long-table-password-29",
        "password2": "a-long-table-password-29",
    })
    confirm = re.search(r"https?://[^/\s]+(/guest/account/confirm/\S+)", mailoutbox[0].body)
    assert confirm is not None
    elsewhere = Client()
    page = elsewhere.get(confirm[1])
    assert page.status_code == 200
    assert "The guest Mallory asked for a TwentyNine account with victim@example.com" in text(page)
    guest.refresh_from_db()
    assert guest.is_guest and guest.email != "victim@example.com"
    done = elsewhere.post(confirm[1])
    assert "Your account is ready" in text(done)
    guest.refresh_from_db()
    assert not guest.is_guest and guest.email == "victim@example.com"


def test_a_guest_account_never_takes_an_accounts_email(
    mailoutbox: list, owner: User, token: str
) -> None:
    client, guest = as_guest(token)
    page = client.post("/guest/account/", {
        "email": owner.email, "password1": "a-long-table-password-29",
        "password2": "a-long-table-password-29",
    })
    assert "exists already" not in text(page) and "We sent a link to" in text(page)
    guest.refresh_from_db()
    assert guest.is_guest
    assert [m.to for m in mailoutbox] == [[owner.email]]
    assert "/guest/account/confirm/" not in mailoutbox[0].body


def test_idle_unseated_guests_are_removed(owner, owner_game: Game, token: str) -> None:
    _c1, seated = as_guest(token, "Seated", "2")
    _c2, watcher = as_guest(token, "Watcher", "watch")
    _c3, fresh = as_guest(token, "Fresh", "watch")
    old = timezone.now() - timedelta(days=31)
    Guest.objects.filter(user__in=[seated, watcher]).update(seen=old)
    call_command("remove_idle_guests")
    guests_left = User.objects.filter(account_type=AccountType.GUEST)
    remaining = set(guests_left.values_list("pk", flat=True))
    assert remaining == {seated.pk, fresh.pk}


def test_a_started_game_takes_a_guest_mid_play(owner_game: Game, token: str) -> None:
    start(owner_game)
    _client, guest = as_guest(token, seat="3")
    assert seat_ids(owner_game.pk)[3] == guest.pk
    assert Game.objects.get(pk=owner_game.pk).version == 2


@pytest.mark.parametrize(
    ("seats", "checked"),
    [
        (["host", "easy", "easy", "easy"], "2"),  # the host's partner, over an opponent
        (["host", None, "easy", "easy"], "1"),  # an empty seat first: the table waits for it
        (["easy", "host", "easy", "strong"], "3"),
    ],
)
def test_a_guest_is_offered_the_seat_they_most_likely_want(
    owner: User, seats: list[str | None], checked: str
) -> None:
    Game.objects.filter(host=owner).delete()
    game = store.create_game(owner, "Seats", [owner if s == "host" else s for s in seats])
    page = text(Client().get(link(links.make(game.pk))))
    assert re.search(rf'<input type="radio" name="seat" value="{checked}" checked>', page)
    assert page.count(" checked>") == 1
