"""A forgotten password, end to end, in the visitor's language: the page, the email, the link's
page, the new password; an unknown address is told apart only by email, never on the page."""

from __future__ import annotations

import re

from django.core import mail
from django.test import Client

from accounts.models import User
from tests.site.conftest import MakePerson, text

NEW_PASSWORD = "a-brand-new-table-password-29"


def test_a_person_resets_a_forgotten_password_in_hindi(make_person: MakePerson) -> None:
    make_person("ravi@example.com", "Ravi")
    client = Client(headers={"accept-language": "hi"})
    page = text(client.get("/accounts/password/reset/"))
    assert "अपना पासवर्ड रीसेट करें" in page and "Password Reset" not in page
    response = client.post("/accounts/password/reset/", {"email": "ravi@example.com"})
    assert response.status_code == 302
    assert "अपना ईमेल देखें" in text(client.get(response["Location"]))
    (sent,) = mail.outbox
    assert sent.subject.endswith("TwentyNine: नया पासवर्ड चुनें")
    link = re.search(r"https?://\S+", sent.body)
    assert link is not None and "नया पासवर्ड चुनने के लिए" in sent.body
    opened = client.get(link[0], follow=True)
    assert "नया पासवर्ड चुनें" in text(opened)
    form_url = opened.redirect_chain[-1][0] if opened.redirect_chain else link[0]
    saved = client.post(form_url, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD})
    assert saved.status_code == 302
    assert "आपका पासवर्ड बदल गया है" in text(client.get(saved["Location"]))
    assert User.objects.get(email="ravi@example.com").check_password(NEW_PASSWORD)
    # The link works once.
    again = client.get(link[0], follow=True)
    assert "यह लिंक अब काम नहीं करता" in text(again)


def test_an_unknown_address_gets_the_same_page_and_an_email_saying_so() -> None:
    client = Client()
    response = client.post("/accounts/password/reset/", {"email": "nobody@example.com"})
    assert response.status_code == 302
    assert "If an account uses that address" in text(client.get(response["Location"]))
    (sent,) = mail.outbox
    assert sent.subject.endswith("TwentyNine: no account uses this address")
    assert "nobody@example.com" in sent.body and "/accounts/signup/" in sent.body
