"""Making people for tests: verified accounts, friendships, logged-in clients."""

from __future__ import annotations

from allauth.account.models import EmailAddress
from django.test import Client

from accounts.models import AccountType, Friendship, User

PASSWORD = "a-long-table-password-29"


def make_person(
    email: str,
    first_name: str = "",
    *,
    verified: bool = True,
    account_type: str = AccountType.STANDARD,
) -> User:
    """An account with this email (verified unless told otherwise) and the shared password."""
    user = User.objects.create_user(
        email,
        PASSWORD,
        first_name=first_name or email.split("@")[0].title(),
        account_type=account_type,
    )
    EmailAddress.objects.create(user=user, email=email, verified=verified, primary=True)
    return user


def befriend(one: User, other: User) -> None:
    """Make two people friends (both rows)."""
    Friendship.objects.create(user=one, friend=other)
    Friendship.objects.create(user=other, friend=one)


def logged_in(user: User) -> Client:
    """A browser session logged in as this user."""
    client = Client()
    client.force_login(user)
    return client
