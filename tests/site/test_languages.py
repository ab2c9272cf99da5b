"""The site in four languages: the switcher (a cookie for the browser, a field for the
account), Accept-Language on a first visit, ``lang`` on <html>, the JavaScript catalogue,
the How to play page and the table's "?" with this game's rules."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.test import Client

from accounts.models import User
from game.engine import Rules
from game.table.store import create_game
from tests.site.conftest import MakePerson, login, text

SWITCH = "/learn/language/"
COOKIE = settings.LANGUAGE_COOKIE_NAME


def html_lang(page: str) -> str:
    found = re.search(r'<html lang="([^"]+)"', page)
    assert found, "no lang on <html>"
    return found.group(1)


@pytest.mark.parametrize(
    ("header", "lang"),
    [("bn-BD,bn;q=0.9,en;q=0.5", "bn"), ("hi-IN", "hi"), ("ne", "ne"), ("fr-FR,fr", "en")],
)
def test_a_first_visit_follows_the_browsers_languages(header: str, lang: str) -> None:
    page = text(Client(headers={"accept-language": header}).get("/"))
    assert html_lang(page) == lang


def test_the_switcher_sets_a_cookie_and_goes_back_to_the_page() -> None:
    client = Client()
    response = client.post(SWITCH, {"language": "bn", "next": "/learn/how-to-play/"})
    assert response.status_code == 302 and response["Location"] == "/learn/how-to-play/"
    assert response.cookies[COOKIE].value == "bn"
    page = text(client.get("/learn/how-to-play/"))
    assert html_lang(page) == "bn"
    assert "টোয়েন্টি-নাইন কীভাবে খেলবেন" in page


def test_every_page_offers_the_four_languages_in_their_own_words() -> None:
    page = text(Client(headers={"accept-language": "hi"}).get("/"))
    for name in ("English", "বাংলা", "हिन्दी", "नेपाली"):
        assert f">{name}</button>" in page


@pytest.mark.parametrize("bad", ["fr", "", "xx-yy"])
def test_a_language_the_site_does_not_speak_is_refused_and_changes_nothing(bad: str) -> None:
    response = Client().post(SWITCH, {"language": bad, "next": "/"})
    assert response.status_code == 400
    assert COOKIE not in response.cookies


def test_the_switcher_never_sends_anyone_to_another_site() -> None:
    response = Client().post(SWITCH, {"language": "ne", "next": "https://evil.example.com/"})
    assert response["Location"] == "/"


def test_the_switcher_takes_only_a_post() -> None:
    assert Client().get(SWITCH, {"language": "bn"}).status_code == 405


def test_an_account_remembers_its_language_in_every_browser(make_person: MakePerson) -> None:
    person = make_person("lang@example.com", "Lata")
    first = login(person)
    first.post(SWITCH, {"language": "hi", "next": "/"})
    person.refresh_from_db()
    assert person.language == "hi"
    # Another browser, with no cookie and an English Accept-Language: the account decides.
    other = login(person)
    page = text(other.get("/", headers={"accept-language": "en"}))
    assert html_lang(page) == "hi"
    assert "नमस्ते, Lata" in page


def test_an_account_with_no_language_keeps_the_one_of_the_browser_it_signs_in_from(
    make_person: MakePerson,
) -> None:
    person = make_person("new@example.com", "Nabin")
    client = Client()
    client.post(SWITCH, {"language": "ne", "next": "/"})
    response = client.post(
        "/accounts/login/", {"login": "new@example.com", "password": "a-long-table-password-29"}
    )
    assert response.status_code == 302
    assert User.objects.get(pk=person.pk).language == "ne"


def test_the_tables_javascript_gets_its_words_from_the_catalogue() -> None:
    client = Client(headers={"accept-language": "bn"})
    script = client.get("/jsi18n/").content.decode()
    assert '"Ask for trump": "\\u09a4\\u09c1\\u09b0\\u09c1\\u09aa \\u099a\\u09be\\u09a8"' in script


@pytest.mark.parametrize("lang", ["en", "bn", "hi", "ne"])
def test_how_to_play_draws_the_cards_as_the_table_does(lang: str) -> None:
    page = text(Client(headers={"accept-language": lang}).get("/learn/how-to-play/"))
    assert html_lang(page) == lang
    for code in ("JH", "9H", "AH", "TH", "KH", "QH", "8H", "7H"):
        assert f'data-card="{code}"' in page
    assert "<b>10</b><i>♥</i>" in page  # ranks stay J 9 A 10 K Q 8 7 in every language
    assert 'id="options"' in page


def test_the_welcome_page_and_the_dashboard_link_to_how_to_play(make_person: MakePerson) -> None:
    assert 'href="/learn/how-to-play/"' in text(Client().get("/"))
    page = text(login(make_person("d@example.com", "Dia")).get("/"))
    assert 'href="/learn/how-to-play/"' in page
    assert "one person and three computer players make a game" in page


def test_the_tables_question_mark_shows_this_games_rules(make_person: MakePerson) -> None:
    host = make_person("host@example.com", "Hema")
    rules = Rules(min_bid=15, must_ask_trump=True, marriage="off").to_dict()
    game = create_game(host, "Hema's", [host, None, None, None], rules=rules)
    page = text(login(host).get(f"/table/{game.pk}/"))
    assert 'id="help-toggle"' in page and '<dialog id="table-help"' in page
    assert "Bids go from 15 to 28." in page
    assert "A player who cannot follow suit must ask to see trump" in page
    assert "No marriage." in page
    assert 'href="/learn/how-to-play/"' in page


def test_the_fonts_for_bengali_and_devanagari_are_served_by_the_site() -> None:
    css = finders.find("css/fonts.css")
    assert css
    with open(css, encoding="utf-8") as sheet:
        files = re.findall(r'url\("\.\./fonts/([^"]+)"\)', sheet.read())
    assert {name.split("-")[2] for name in files} == {"bengali", "devanagari"}
    for name in files:
        assert finders.find(f"fonts/{name}"), name


def test_the_host_page_names_the_play_directions_in_the_chosen_language(owner: User) -> None:
    User.objects.filter(pk=owner.pk).update(language="hi")
    page = text(login(User.objects.get(pk=owner.pk)).get("/host/"))
    assert "घड़ी की उल्टी दिशा में" in page and "घड़ी की दिशा में" in page
    assert "Counter-clockwise" not in page and ">Clockwise<" not in page


def test_the_dashboards_game_card_names_teams_and_levels_in_the_chosen_language(
    owner: User,
) -> None:
    """"Asha ও Anu", not "Asha & Anu"; "(শক্তিশালী)", not "(strong)"."""
    create_game(owner, "Bengali card", [owner, "strong", "easy", "strong"])
    User.objects.filter(pk=owner.pk).update(language="bn")
    page = text(login(User.objects.get(pk=owner.pk)).get("/"))
    teams = page.split('<dl class="teams">')[1].split("</dl>")[0]
    assert re.search(r"Olive\s*ও\s*Charu", re.sub(r"<[^>]+>", " ", teams)), teams
    assert "কম্পিউটার খেলোয়াড় (শক্তিশালী)" in teams and "(strong)" not in teams
    assert " & " not in teams
