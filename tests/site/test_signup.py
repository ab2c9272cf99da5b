"""Signing up by email with a first name, verifying by the emailed link, logging in and out."""

from __future__ import annotations

import re
from typing import Any

import pytest
from allauth.account.models import EmailAddress
from django.contrib.sites.models import Site
from django.core import mail
from django.core.cache import cache
from django.test import Client

from accounts.models import AccountType, FriendRequest, User
from tests.site.conftest import PASSWORD, MakePerson, text

SIGNUP = "/accounts/signup/"


def sign_up(client: Client, email: str = "Newcomer@Example.com", name: str = "Nadia") -> None:
    response = client.post(
        SIGNUP,
        {"first_name": name, "email": email, "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302, response.content.decode()[:2000]


def confirmation_link() -> str:
    found = re.search(r"http://testserver(/accounts/confirm-email/\S+/)", str(mail.outbox[-1].body))
    assert found, mail.outbox[-1].body
    return found.group(1)


def test_it_asks_for_a_first_name_email_and_password() -> None:
    page = Client().get(SIGNUP).content.decode()
    assert 'name="first_name"' in page
    assert 'name="email"' in page
    assert 'name="password1"' in page
    assert 'name="username"' not in page
    assert page.index('name="first_name"') < page.index('name="email"')


def test_it_refuses_a_sign_up_without_a_first_name() -> None:
    response = Client().post(
        SIGNUP,
        {"first_name": " ", "email": "a@example.com", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 200
    assert not User.objects.filter(email="a@example.com").exists()


def test_it_refuses_a_first_name_drawn_as_nothing_and_tidies_a_real_one() -> None:
    """A name of zero-width joiners or Hangul fillers shows as a blank plate at the table."""
    for n, blank in enumerate(("\u200d\u200d", "\u3164\u3164", "\u2800", "a\u202eb")):
        email = f"blank{n}@example.com"
        response = Client().post(SIGNUP, {"first_name": blank, "email": email,
                                          "password1": PASSWORD, "password2": PASSWORD})
        assert response.status_code == 200, blank
        assert not User.objects.filter(email=email).exists()
    sign_up(Client(), "spaced@example.com", "  Nadia   Rani ")
    assert User.objects.get(email="spaced@example.com").first_name == "Nadia Rani"


def test_it_creates_a_standard_account_with_the_first_name_and_mails_a_link() -> None:
    sign_up(Client())
    user = User.objects.get(email__iexact="newcomer@example.com")
    assert user.first_name == "Nadia"
    assert user.account_type == AccountType.STANDARD
    assert not EmailAddress.objects.get(user=user).verified
    assert len(mail.outbox) == 1
    assert "/accounts/confirm-email/" in mail.outbox[0].body


def test_it_gives_new_accounts_the_configured_default_type(settings: Any) -> None:
    settings.DEFAULT_ACCOUNT_TYPE = "basic"
    sign_up(Client())
    assert User.objects.get(email__iexact="newcomer@example.com").account_type == "basic"


def test_it_keeps_an_unverified_user_out_until_the_link_is_followed() -> None:
    sign_up(Client())
    visitor = Client()
    refused = visitor.post(
        "/accounts/login/", {"login": "newcomer@example.com", "password": PASSWORD}
    )
    assert refused.status_code == 302
    assert refused["Location"].startswith("/accounts/confirm-email/")
    assert "_auth_user_id" not in visitor.session

    visitor.post(confirmation_link())
    assert EmailAddress.objects.get(email__iexact="newcomer@example.com").verified
    welcome = Client()
    logged_in = welcome.post(
        "/accounts/login/", {"login": "NEWCOMER@example.com", "password": PASSWORD}
    )
    assert logged_in.status_code == 302
    page = welcome.get("/").content.decode()
    assert "Hello, Nadia" in page


def test_it_tells_a_local_user_that_emails_are_printed_on_the_console(settings: Any) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
    client = Client()
    response = client.post(
        SIGNUP,
        {
            "first_name": "Nadia",
            "email": "n@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
        follow=True,
    )
    assert "Confirm your email address" in text(response)
    assert 'id="console-email-hint"' in text(response)


def test_it_says_nothing_of_the_console_when_emails_are_really_sent() -> None:
    response = Client().post(
        SIGNUP,
        {
            "first_name": "Nadia",
            "email": "n@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
        follow=True,
    )
    assert "Confirm your email address" in text(response)
    assert "console-email-hint" not in text(response)


def test_it_logs_out(make_person: MakePerson) -> None:
    person = make_person("leaver@example.com", "Lena")
    client = Client()
    client.force_login(person)
    client.post("/accounts/logout/")
    assert "Log in" in client.get("/").content.decode()


def test_it_mails_a_password_reset_link(make_person: MakePerson) -> None:
    make_person("forgetful@example.com", "Farah")
    response = Client().post("/accounts/password/reset/", {"email": "forgetful@example.com"})
    assert response.status_code == 302
    assert "/accounts/password/reset/key/" in mail.outbox[-1].body


def test_it_shows_a_waiting_request_to_someone_who_signs_up_later(
    make_person: MakePerson,
) -> None:
    asker = make_person("asker@example.com", "Arun")
    FriendRequest.objects.create(sender=asker, to_email="newcomer@example.com")
    client = Client()
    sign_up(client, email="NewComer@example.com")
    client.post(confirmation_link())
    page = client.get("/").content.decode()
    assert "Asking to be your friend" in page
    assert "Arun" in page


@pytest.mark.parametrize("email", ["owner@example.com", "OWNER@example.com"])
def test_it_refuses_a_second_account_for_the_same_email(
    make_person: MakePerson, email: str
) -> None:
    make_person("owner@example.com")
    Client().post(
        SIGNUP,
        {"first_name": "Twin", "email": email, "password1": PASSWORD, "password2": PASSWORD},
    )
    assert User.objects.filter(email__iexact="owner@example.com").count() == 1


def test_it_names_the_site_twentynine() -> None:
    site = Site.objects.get_current()
    assert (site.name, site.domain) == ("TwentyNine", "127.0.0.1:8000")


def test_it_mails_a_link_to_the_host_the_person_signed_up_at(settings: Any) -> None:
    settings.ALLOWED_HOSTS = ["play.example.org"]
    sign_up(Client(HTTP_HOST="play.example.org"))
    body = str(mail.outbox[-1].body)
    assert "http://play.example.org/accounts/confirm-email/" in body
    assert Site.objects.get_current().domain not in body  # not the development host
    assert mail.outbox[-1].subject == "[TwentyNine] Confirm your email address"


def test_it_says_the_link_logs_you_in_instead_of_then_log_in() -> None:
    client = Client()
    sign_up(client)
    page = text(client.get("/accounts/confirm-email/"))
    assert "the link also logs you in" in page
    assert "then log in" not in page
    assert 'href="/accounts/resend-confirmation/"' in page


def test_it_sends_the_link_again_to_someone_not_logged_in() -> None:
    sign_up(Client())
    first = confirmation_link()
    cache.clear()  # allauth lets a few minutes pass between two mails to one address
    visitor = Client()
    assert 'href="/accounts/resend-confirmation/"' in text(visitor.get("/accounts/login/"))
    form = visitor.get("/accounts/resend-confirmation/")
    assert form.status_code == 200 and 'name="email"' in text(form)
    answer = visitor.post("/accounts/resend-confirmation/", {"email": "NEWCOMER@example.com"})
    assert 'id="resend-sent"' in text(answer)
    assert len(mail.outbox) == 2
    again = confirmation_link()
    visitor.post(again)
    assert EmailAddress.objects.get(email__iexact="newcomer@example.com").verified
    assert first.startswith("/accounts/confirm-email/")


def test_it_answers_alike_for_an_unknown_or_confirmed_address(make_person: MakePerson) -> None:
    make_person("known@example.com", "Kiran")  # verified
    visitor = Client()
    for email in ("nobody@example.com", "known@example.com"):
        answer = visitor.post("/accounts/resend-confirmation/", {"email": email})
        assert 'id="resend-sent"' in text(answer)
    assert mail.outbox == []
    bad = visitor.post("/accounts/resend-confirmation/", {"email": "not an address"})
    assert 'id="resend-sent"' not in text(bad) and bad.status_code == 200


def test_signing_up_with_a_taken_address_mails_its_owner_in_the_sites_words(
    settings: Any, make_person: MakePerson
) -> None:
    make_person("known@example.com", "Kiran")
    settings.ALLOWED_HOSTS = ["play.example.org"]
    client = Client(HTTP_HOST="play.example.org")
    client.post(SIGNUP, {"first_name": "Kay", "email": "known@example.com",
                         "password1": PASSWORD, "password2": PASSWORD})
    (sent,) = mail.outbox
    assert sent.to == ["known@example.com"]
    assert sent.subject == "[TwentyNine] This address already has an account"
    assert "tried to sign up to TwentyNine with the address known@example.com" in sent.body
    assert "http://play.example.org/accounts/password/reset/" in str(sent.body)
    assert Site.objects.get_current().domain not in str(sent.body)  # not the development host
