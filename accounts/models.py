"""Users (by email, with an account type) and their friendships."""

from __future__ import annotations

from typing import Any, ClassVar

from django.conf import settings
from django.contrib.auth.models import AbstractUser, BaseUserManager
from django.db import models
from django.utils.translation import gettext_lazy as _

# The longest email address stored (RFC 5321's path limit, and Django's EmailField's):
# longer ones are refused where they are typed, never cut or passed to the database.
EMAIL_MAX_LENGTH = 254


class AccountType(models.TextChoices):
    """What an account may do: how many friends it keeps and whether it hosts."""

    BASIC = "basic", _("Basic")
    STANDARD = "standard", _("Standard")
    STANDARD_GUEST = "standard_guest", _("Standard Guest")
    # Someone who came by a host's invite link with only a display name: plays at that one
    # table and nothing else (``game.invite``), until they turn it into a full account.
    GUEST = "guest", _("Guest")


FRIEND_LIMITS = {
    AccountType.BASIC: 10,
    AccountType.STANDARD: 50,
    AccountType.STANDARD_GUEST: 50,
    AccountType.GUEST: 0,
}


def default_account_type() -> str:
    """The type new accounts get: the DEFAULT_ACCOUNT_TYPE setting."""
    return str(settings.DEFAULT_ACCOUNT_TYPE)


class Theme(models.TextChoices):
    """The site's colours: as the device is set (``prefers-color-scheme``), light or dark."""

    AUTO = "auto", _("Auto")
    LIGHT = "light", _("Light")
    DARK = "dark", _("Dark")


def skips_questions_by_default(account_type: str) -> bool:
    """Whether a new account of this type skips the routine questions (no Double, no
    Redouble, no Single Hand): a guest does, so that it reaches its first card quickly; a
    member decides each question until they turn it on."""
    return account_type == AccountType.GUEST


class UserManager(BaseUserManager["User"]):
    """Creates users identified by email alone."""

    use_in_migrations = True

    def _create(self, email: str, password: str | None, **extra: Any) -> User:
        if not email:
            raise ValueError("An email address is required")
        extra.setdefault(
            "skip_questions",
            skips_questions_by_default(extra.get("account_type") or default_account_type()),
        )
        user = self.model(email=self.normalize_email(email).lower(), **extra)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_user(self, email: str, password: str | None = None, **extra: Any) -> User:
        extra.setdefault("is_staff", False)
        extra.setdefault("is_superuser", False)
        return self._create(email, password, **extra)

    def create_superuser(self, email: str, password: str | None = None, **extra: Any) -> User:
        extra["is_staff"] = True
        extra["is_superuser"] = True
        return self._create(email, password, **extra)


class User(AbstractUser):
    """A player, known by email; ``first_name`` is the name shown at the table."""

    username = None  # type: ignore[assignment]
    email = models.EmailField("email address", unique=True, max_length=EMAIL_MAX_LENGTH)
    account_type = models.CharField(
        max_length=20, choices=AccountType.choices, default=default_account_type
    )
    # The language the site speaks to this user (one of settings.LANGUAGES); blank until they
    # choose one, and until then the browser's cookie or Accept-Language decides.
    language = models.CharField(max_length=8, blank=True, default="")

    # Whether to send an email when a friend seats this user at their game (account page).
    email_when_seated = models.BooleanField(default=True)

    # Preferences (the account page and the table's Preferences dialog; accounts.preferences).
    # Tap a card to lift it, again to play it (against mis-taps).
    tap_to_lift = models.BooleanField(default=False)
    # Play a person's only legal card for them after a short pause.
    play_single_card = models.BooleanField(default=False)
    # The server passes for this person on a routine question (game.table.routine); new
    # accounts by ``skips_questions_by_default``.
    skip_questions = models.BooleanField(default=False)
    # Spades black, hearts red, diamonds blue, clubs green.
    four_colour = models.BooleanField(default=False)
    theme = models.CharField(max_length=5, choices=Theme.choices, default=Theme.AUTO)

    USERNAME_FIELD = "email"
    REQUIRED_FIELDS: ClassVar[list[str]] = ["first_name"]

    objects = UserManager()  # type: ignore[misc,assignment]

    def __str__(self) -> str:
        return self.display_name

    @property
    def display_name(self) -> str:
        """The name shown to other players: the first name, else the email's local part."""
        return self.first_name or self.email.split("@")[0]

    @property
    def friend_limit(self) -> int:
        """How many friends this account may have."""
        return FRIEND_LIMITS[AccountType(self.account_type)]

    @property
    def can_host(self) -> bool:
        """Standard and Standard Guest accounts may host one game."""
        return self.account_type not in (AccountType.BASIC, AccountType.GUEST)

    @property
    def is_guest(self) -> bool:
        """A guest of one game's invite link (no email, no friends, one table)."""
        return self.account_type == AccountType.GUEST

    def is_friend_of(self, other: User) -> bool:
        """True when the two users are friends."""
        return Friendship.objects.filter(user=self, friend=other).exists()


class Friendship(models.Model):
    """One direction of a friendship; every friendship is stored as two rows."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="friendships")
    friend = models.ForeignKey(User, on_delete=models.CASCADE, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["user", "friend"], name="unique_friendship"),
            models.CheckConstraint(
                condition=~models.Q(user=models.F("friend")), name="no_self_friendship"
            ),
        ]


class FriendRequest(models.Model):
    """A request from a user to an email address, which may not have an account yet."""

    sender = models.ForeignKey(User, on_delete=models.CASCADE, related_name="sent_requests")
    to_email = models.EmailField(max_length=EMAIL_MAX_LENGTH)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["sender", "to_email"], name="unique_friend_request"),
        ]
