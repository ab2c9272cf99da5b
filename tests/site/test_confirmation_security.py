"""Sign-up confirmation under attack (s35 findings 1 and 2): nobody can hold someone else's
address with a second address of their own, "Send the link again" mails only the link of the
account that signed up with the address, and only so often; a confirmation link confirms on a
click, not when a mail scanner opens it."""

from __future__ import annotations

import importlib
import re

from allauth.account.models import EmailAddress
from django.apps import apps
from django.core import mail
from django.core.cache import cache
from django.test import Client

from accounts.models import FriendRequest, User
from tests.site.conftest import PASSWORD, MakePerson, login, text

SAM = "sam@example.com"
RESEND = "/accounts/resend-confirmation/"
LINK = re.compile(r"http://testserver(/accounts/confirm-email/\S+/)")


def sign_up(client: Client, email: str, name: str) -> None:
    response = client.post("/accounts/signup/", {
        "first_name": name, "email": email, "password1": PASSWORD, "password2": PASSWORD,
    })
    assert response.status_code == 302, text(response)[:2000]


def links_to(email: str) -> list[str]:
    return [found for m in mail.outbox if m.to == [email] for found in LINK.findall(str(m.body))]


def resend(client: Client, email: str) -> None:
    answer = client.post(RESEND, {"email": email})
    assert answer.status_code == 200 and 'id="resend-sent"' in text(answer)


def squat(eve: User, email: str = SAM) -> EmailAddress:
    """Eve's unconfirmed second address, as allauth's address page made it before the fix."""
    return EmailAddress.objects.create(user=eve, email=email, verified=False, primary=False)


# -- 1. nobody holds someone else's address -------------------------------------------------


def test_a_member_cannot_add_a_second_address_that_holds_a_newcomers(
    make_person: MakePerson,
) -> None:
    """Eve adds Sam's address on allauth's address page; Sam then signs up, gets his own
    link and, once he confirms, the friend request Asha sent to his address."""
    eve = make_person("eve@example.com", "Eve")
    asha = make_person("asha@example.com", "Asha")
    login(asha).post("/friends/request/", {"email": SAM})
    eve_client = login(eve)
    eve_client.post("/accounts/email/", {"email": SAM, "action_add": "1"})
    assert not EmailAddress.objects.filter(email__iexact=SAM).exists()
    assert links_to(SAM) == []

    sam_client = Client()
    sign_up(sam_client, SAM, "Sam")
    sam = User.objects.get(email__iexact=SAM)
    [link] = links_to(SAM)
    assert "Hello Sam" in str(mail.outbox[-1].body)
    sam_client.post(link)
    assert EmailAddress.objects.get(email__iexact=SAM).user_id == sam.pk
    assert EmailAddress.objects.get(email__iexact=SAM).verified
    assert "Asha" in text(sam_client.get("/"))
    assert "Asha" not in text(eve_client.get("/"))
    assert FriendRequest.objects.filter(to_email=SAM).exists()


def test_the_migration_drops_unconfirmed_second_addresses_only(make_person: MakePerson) -> None:
    eve = make_person("eve@example.com", "Eve")
    squat(eve)
    kept = EmailAddress.objects.create(user=eve, email="eve2@example.com", verified=True)
    waiting = make_person("new@example.com", "Nadia", verified=False)
    migration = importlib.import_module(
        "accounts.migrations.0006_drop_unconfirmed_second_addresses"
    )
    migration.drop_unconfirmed_second_addresses(apps, None)
    assert not EmailAddress.objects.filter(email=SAM).exists()
    assert EmailAddress.objects.filter(pk=kept.pk).exists()
    assert EmailAddress.objects.filter(user=waiting, primary=True, verified=False).exists()
    assert EmailAddress.objects.filter(user=eve, email="eve@example.com").exists()


# -- 2. the link again: only the account's own, and only so often ---------------------------


def test_the_resend_never_mails_another_accounts_confirmation(make_person: MakePerson) -> None:
    """Eve's unconfirmed second address (one made before the fix) is not an account waiting
    for Sam's address: asking for the link again sends nothing, and says the same."""
    eve = make_person("eve@example.com", "Eve")
    squat(eve)
    resend(Client(), SAM)
    resend(Client(), "SAM@example.com")
    assert mail.outbox == []
    assert not EmailAddress.objects.get(email=SAM).verified


def test_the_resend_mails_nothing_for_an_address_confirmed_elsewhere(
    make_person: MakePerson,
) -> None:
    make_person("asha@example.com", "Asha")
    eve = make_person("eve@example.com", "Eve")
    squat(eve, "asha@example.com")
    resend(Client(), "asha@example.com")
    assert mail.outbox == []


def test_repeated_resends_for_one_address_send_one_mail() -> None:
    sign_up(Client(), "flood@example.com", "Flo")
    assert len(links_to("flood@example.com")) == 1
    cache.clear()  # a few minutes later
    for _ in range(20):
        resend(Client(), "flood@example.com")
    assert len(links_to("flood@example.com")) == 2
    assert "Hello Flo" in str(mail.outbox[-1].body)


def test_one_client_cannot_ask_for_link_after_link(make_person: MakePerson) -> None:
    waiting = [f"new{n}@example.com" for n in range(8)]
    for email in waiting:
        make_person(email, verified=False)
    visitor = Client()
    for email in waiting:
        resend(visitor, email)
    assert len(mail.outbox) == 5  # ACCOUNT_RATE_LIMITS["resend_confirmation"], per minute


# -- 3. a link confirms on a click ----------------------------------------------------------


def test_opening_a_link_confirms_nothing_until_the_button_is_clicked() -> None:
    client = Client()
    sign_up(client, SAM, "Sam")
    [link] = links_to(SAM)
    scanner = Client().get(link)
    assert scanner.status_code == 200
    page = text(scanner)
    assert "Sam signed up to TwentyNine with" in page and SAM in page
    assert f'action="{link}"' in page and ">Confirm</button>" in page
    assert not EmailAddress.objects.get(email=SAM).verified
    done = client.post(link)
    assert done.status_code == 302
    assert EmailAddress.objects.get(email=SAM).verified
    assert "Hello, Sam" in text(client.get("/"))  # confirmed in the sign-up's browser: logged in
    again = text(Client().get(link))
    assert "This link does not work any more" in again
