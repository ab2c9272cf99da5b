"""The email when a friend seats you (once per game, opt-out on the account page), and the
installable app's pieces: manifest, service worker, offline page, a favicon on every page."""

from __future__ import annotations

import json

from django.test import Client

from accounts.models import User
from game.engine import Rules
from game.engine.rules import OPTION_VALUES
from game.models import Game
from tests.site.conftest import MakePerson, befriend, login, text


def seat_form(game: Game, seats: list[str]) -> dict[str, str]:
    data = {"name": game.name, "conference_link": "", "play_direction": "ccw"}
    data.update({f"seat_{n}": value for n, value in enumerate(seats)})
    rules = Rules()
    data.update({f"rule_{name}": str(getattr(rules, name)) for name in OPTION_VALUES})
    return data


def test_a_friend_seated_gets_one_mail_per_game(
    mailoutbox: list, owner: User, friend: User, make_person: MakePerson, owner_game: Game
) -> None:
    third = make_person("third@example.com", "Tara")
    befriend(owner, third)
    client = login(owner)
    seats = [str(owner.pk), str(friend.pk), str(third.pk), ""]
    saved = client.post(f"/games/{owner_game.pk}/edit/", seat_form(owner_game, seats))
    assert saved.status_code == 302
    assert [m.to for m in mailoutbox] == [["third@example.com"]]
    assert mailoutbox[0].subject == "Olive gave you a seat at Olive's table"
    assert f"http://testserver/table/{owner_game.pk}/" in mailoutbox[0].body
    assert "http://testserver/account/" in mailoutbox[0].body
    seats_again = [str(owner.pk), str(friend.pk), "", ""]
    client.post(f"/games/{owner_game.pk}/edit/", seat_form(owner_game, seats_again))
    client.post(f"/games/{owner_game.pk}/edit/", seat_form(owner_game, seats))
    assert len(mailoutbox) == 1


def test_the_account_page_turns_the_mail_off(
    mailoutbox: list, owner: User, friend: User, make_person: MakePerson, owner_game: Game
) -> None:
    third = make_person("third@example.com", "Tara")
    befriend(owner, third)
    page = login(third).get("/account/")
    assert "Email me when a friend seats me" in text(page) and 'checked' in text(page)
    login(third).post("/account/", {})
    third.refresh_from_db()
    assert not third.email_when_seated
    seats = [str(owner.pk), str(friend.pk), str(third.pk), ""]
    login(owner).post(f"/games/{owner_game.pk}/edit/", seat_form(owner_game, seats))
    assert mailoutbox == []
    login(third).post("/account/", {"email_when_seated": "on"})
    third.refresh_from_db()
    assert third.email_when_seated


def test_the_manifest_is_valid_and_linked() -> None:
    response = Client().get("/manifest.webmanifest")
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#0f5132"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert Client().get(icon["src"]).status_code == 200
    page = text(Client().get("/"))
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert '<meta name="theme-color" content="#0f5132">' in page


def test_the_service_worker_lists_assets_that_exist() -> None:
    response = Client().get("/sw.js")
    assert response["Content-Type"] == "application/javascript"
    script = response.content.decode()
    assert "__ASSETS__" not in script and "__CACHE__" not in script
    listed = json.loads(script.split("const ASSETS = ", 1)[1].split(";", 1)[0])
    assert "/offline/" in listed and "/static/js/table.js" in listed
    for url in listed:
        assert Client().get(url).status_code == 200, url
    offline = text(Client().get("/offline/"))
    assert "TwentyNine needs the network" in offline


def test_every_page_has_the_favicon(owner: User, owner_game: Game) -> None:
    anonymous = Client()
    member = login(owner)
    pages = [
        (anonymous, "/"), (anonymous, "/accounts/login/"), (anonymous, "/accounts/signup/"),
        (anonymous, "/accounts/password/reset/"), (anonymous, "/offline/"),
        (anonymous, "/no-such-page/"), (member, "/"), (member, "/account/"),
        (member, "/host/"), (member, f"/table/{owner_game.pk}/"),
        (member, f"/table/{owner_game.pk}/deals/"), (member, f"/games/{owner_game.pk}/invite/"),
        (member, "/accounts/email/"), (member, "/accounts/password/change/"),
    ]
    for client, path in pages:
        response = client.get(path, follow=True)
        assert '<link rel="icon" href="/static/favicon.svg"' in text(response), path
    assert anonymous.get("/favicon.ico")["Location"] == "/static/favicon.svg"
