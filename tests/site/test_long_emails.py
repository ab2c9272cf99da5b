"""An email address longer than the column (254 characters) is refused where it is typed:
never cut, never a server error (PostgreSQL refuses to store it), nothing stored."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import EMAIL_MAX_LENGTH, FriendRequest, User
from tests.site.conftest import PASSWORD, login, text

# Valid by Django's validator (at most 320 characters, labels of at most 63).
LOCAL = "a" * 64


def address(length: int) -> str:
    """A syntactically valid address of exactly ``length`` characters (``length`` > 80)."""
    rest = length - len(LOCAL) - 1 - len(".org")  # the labels and the dots between them
    labels = []
    while rest > 64:
        labels.append("b" * 63)
        rest -= 64
    labels.append("b" * rest)
    result = f"{LOCAL}@{'.'.join(labels)}.org"
    assert len(result) == length, len(result)
    return result


@pytest.mark.parametrize("length", [255, 300, 320])
def test_a_friend_request_to_an_over_long_address_is_refused(owner: User, length: int) -> None:
    response = login(owner).post("/friends/request/", {"email": address(length)}, follow=True)
    assert response.status_code == 200
    assert f"at most {EMAIL_MAX_LENGTH} characters" in text(response)
    assert not FriendRequest.objects.exists()


def test_a_friend_request_to_the_longest_address_is_sent(owner: User) -> None:
    login(owner).post("/friends/request/", {"email": address(EMAIL_MAX_LENGTH)})
    assert FriendRequest.objects.get().to_email == address(EMAIL_MAX_LENGTH)


@pytest.mark.parametrize("length", [255, 300, 320])
def test_a_sign_up_with_an_over_long_address_is_refused_not_cut(length: int) -> None:
    # The cut address matches an existing account: the old code answered with a 500.
    long_address = address(length)
    User.objects.create_user(long_address[:EMAIL_MAX_LENGTH], PASSWORD, first_name="Cut")
    response = Client().post(
        "/accounts/signup/",
        {"first_name": "Long", "email": long_address, "password1": PASSWORD,
         "password2": PASSWORD},
    )
    assert response.status_code == 200
    assert f"at most {EMAIL_MAX_LENGTH} characters" in text(response)
    assert User.objects.count() == 1
