"""The site's own pages where Django would show its own: 404 under DEBUG, the favicon, the
log-in and sign-up pages in the site's words with each error under its field, log lines once."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from django.test import Client

from accounts.models import User
from game.models import Game
from tests.site.conftest import login, text

ROOT = Path(__file__).resolve().parents[2]


def test_it_shows_a_stranger_the_sites_404_page_for_a_table_under_debug(
    settings: Any, owner_game: Game, outsider: User
) -> None:
    settings.DEBUG = True
    response = login(outsider).get(f"/table/{owner_game.pk}/")
    assert response.status_code == 404
    assert [t.name for t in response.templates][:2] == ["404.html", "base.html"]
    page = text(response)
    assert "Not found" in page and "Back to the dashboard" in page
    assert "URLconf" not in page and "table_views" not in page and "No such game" not in page
    assert "Olive's table" not in page


def test_it_shows_the_sites_404_page_for_an_unknown_address_under_debug(
    settings: Any, outsider: User
) -> None:
    settings.DEBUG = True
    response = login(outsider).get("/no/such/page/")
    assert response.status_code == 404
    page = text(response)
    assert "Not found" in page
    assert "URLconf" not in page and "admin/" not in page


def test_a_visitor_who_is_not_signed_in_is_offered_the_home_page_not_a_dashboard(
    settings: Any,
) -> None:
    settings.DEBUG = True
    page = text(Client().get("/no/such/page/"))
    assert "Go to the home page" in page and "Back to the dashboard" not in page


def test_it_still_adds_the_missing_slash_under_debug(settings: Any, outsider: User) -> None:
    settings.DEBUG = True
    response = login(outsider).get("/friends")
    assert response.status_code == 301
    assert response["Location"] == "/friends/"


def test_it_shows_djangos_debug_page_when_asked_to(settings: Any, outsider: User) -> None:
    settings.DEBUG = True
    settings.SITE_ERROR_PAGES = False
    assert "URLconf" in text(login(outsider).get("/no/such/page/"))


def test_it_shows_the_sites_403_page_to_an_unverified_user_under_debug(
    settings: Any, make_person: Any
) -> None:
    settings.DEBUG = True
    unverified = make_person("new@example.com", "Nadia", verified=False)
    response = login(unverified).get("/host/")
    assert response.status_code == 403
    assert "Not allowed" in text(response) and "verify your email" in text(response)


def test_it_answers_favicon_ico_with_the_sites_icon() -> None:
    response = Client().get("/favicon.ico")
    assert response.status_code == 302  # temporary: the hashed name changes with the icon
    icon = Client().get(response["Location"])
    assert icon.status_code == 200
    assert b"<svg" in b"".join(icon.streaming_content)  # type: ignore[attr-defined]
    assert 'rel="icon"' in text(Client().get("/"))


def test_it_says_log_in_and_sign_up_on_the_entrance_pages() -> None:
    for url in ("/accounts/login/", "/accounts/signup/"):
        page = text(Client().get(url))
        assert "Log in" in page and "Sign up" in page, url
        for other in ("Sign In", "Sign Up", "sign in", "Signup", "Sign Out"):
            assert other not in page, (url, other)


def test_it_shows_a_password_error_under_the_password_field(make_person: Any) -> None:
    page = text(Client().post("/accounts/signup/", {
        "first_name": "Nadia", "email": "nadia@example.com",
        "password1": "abc", "password2": "abc",
    }))
    email_at = page.index('name="email"')
    password_at = page.index('name="password1"')
    error_at = page.index("This password is too short")
    assert email_at < password_at < error_at < page.index('name="password2"')


def test_it_prints_each_server_log_line_once() -> None:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    env["DEBUG"] = "true"
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c",
         "import logging; logging.getLogger('django.request').warning('Not Found: /x29')"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stderr
    assert (result.stdout + result.stderr).count("Not Found: /x29") == 1


def test_how_to_play_says_where_a_marriage_stops_moving_the_target() -> None:
    """A newcomer read "4 points fewer" and then saw a call of 17 need 16 (the engine keeps the
    target within the lowest call allowed and 28): the page says so."""
    page = text(Client().get("/learn/how-to-play/"))
    rule = "The target never goes below the lowest call allowed (16 by default) nor above 28"
    assert rule in page


def test_a_post_refused_for_its_csrf_token_gets_the_sites_page_in_the_readers_language() -> None:
    """Two tabs on the log-in form, one logs in, the other posts its stale token: Django's
    bare English page used to answer (with an inline style the site's policy refuses)."""
    client = Client(enforce_csrf_checks=True)
    client.get("/accounts/login/")
    answer = client.post("/accounts/login/", {"login": "a@example.com", "password": "x"})
    page = text(answer)
    assert answer.status_code == 403
    assert "Please try again" in page and "Reload the form" in page
    assert "DEBUG" not in page and "style=" not in page
    bengali = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE="bn")
    assert "Please try again" not in text(bengali.post("/accounts/login/", {}))
