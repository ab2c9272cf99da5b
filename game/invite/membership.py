"""A guest's full account, claimed only once its email address is confirmed.

The guest gives an address and a password (``GuestAccountForm``). Nothing about the address
is written then: the user stays a guest (its seat, chat and history unchanged), its
``User.email`` stays its own placeholder and no ``EmailAddress`` row names the address, so
until the owner of the address answers, the address counts nowhere (friend requests,
sign-up, another guest's request). The password is kept on the guest at once (a guest cannot
log in with it: it has no address of its own), and a link is mailed to the address:

- when no account uses it, a link back to ``confirm_url``, signed (``django.core.signing``,
  valid ``ACCOUNT_EMAIL_CONFIRMATION_EXPIRE_DAYS``) with the user, the address and a tag of
  the password hash, so that a later request (a new password) voids the earlier links;
- when an account uses it already, a short mail saying someone tried to make an account with
  it (as sign-up does, allauth's ``account_already_exists``).

The guest is told the same either way, so the page says nobody which addresses have an
account; and both mails count toward a per-address limit (allauth's on confirmation mails,
one every few minutes, counted apart from sign-up's: over it nothing is sent or changed, and
the page still says the same).
Following the link makes the guest a full account (``confirm``): the address, verified, is
then its own, as at sign-up.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from allauth.account import app_settings as allauth_settings
from allauth.account import signals as allauth_signals
from allauth.account.adapter import get_adapter
from allauth.account.models import EmailAddress
from allauth.account.utils import filter_users_by_email
from allauth.core import ratelimit
from django.contrib.auth import update_session_auth_hash
from django.core import signing
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.urls import reverse
from django.utils.crypto import constant_time_compare, salted_hmac

from accounts.friends import FriendshipRefused, befriend_by_link
from accounts.models import User, default_account_type
from game.invite import guests
from game.models import Game

SALT = "twentynine.invite.guest-account"
CONFIRM_MAIL = "invite/email/guest_account_confirm"
EXISTS_MAIL = "invite/email/guest_account_exists"


def _password_tag(user: User) -> str:
    """A tag of the user's password hash: a new password voids the links sent before it."""
    return salted_hmac(SALT, user.password, algorithm="sha256").hexdigest()[:32]


def make_token(user: User, email: str) -> str:
    """The signed part of the confirmation link for ``user`` claiming ``email``."""
    return signing.dumps({"u": user.pk, "e": email, "p": _password_tag(user)}, salt=SALT)


@dataclass(frozen=True)
class Claim:
    """A confirmation link that checked out: this user asked for this address."""

    user: User
    email: str


def read_token(token: str) -> Claim | None:
    """The claim a link carries (None: forged, expired, or voided by a newer request)."""
    max_age = timedelta(days=allauth_settings.EMAIL_CONFIRMATION_EXPIRE_DAYS)
    try:
        data: Any = signing.loads(token, salt=SALT, max_age=max_age)
    except signing.BadSignature:
        return None
    if not isinstance(data, dict):
        return None
    user_id, email, tag = data.get("u"), data.get("e"), data.get("p")
    if not (isinstance(user_id, int) and isinstance(email, str) and isinstance(tag, str)):
        return None
    user = User.objects.filter(pk=user_id).first()
    if user is None or not constant_time_compare(tag, _password_tag(user)):
        return None
    return Claim(user, email)


def _taken(email: str, user: User) -> bool:
    """Whether another account uses this address (as allauth's sign-up decides it: its
    address, or an address row of it, verified or not)."""
    return any(other.pk != user.pk for other in filter_users_by_email(email))


def request_account(request: HttpRequest, user: User, email: str, password: str) -> None:
    """The guest ``user`` asks for a full account with ``email`` (cleaned, lower case) and
    ``password`` (validated): mail the link, or the "already has an account" note (see the
    module). The user stays a guest; the caller answers the same whatever happened."""
    # allauth's limit on confirmation mails per address, counted apart from sign-up's, so
    # that a guest's request never holds back the owner's own sign-up mail.
    if not ratelimit.consume(request, action="confirm_email", key=f"guest:{email.lower()}"):
        return  # a mail went to this address moments ago: its link still works
    user.set_password(password)
    user.save(update_fields=["password"])
    update_session_auth_hash(request, user)
    adapter = get_adapter(request)
    if _taken(email, user):
        adapter.send_mail(EXISTS_MAIL, email, {
            "login_url": request.build_absolute_uri(reverse("account_login")),
            "password_reset_url": request.build_absolute_uri(reverse("account_reset_password")),
        })
        return
    link = reverse("invite:guest_confirm", args=[make_token(user, email)])
    adapter.send_mail(CONFIRM_MAIL, email, {"confirm_url": request.build_absolute_uri(link)})


# What following a link did.
DONE = "done"  # the guest is a full account now (or was already, by this link)
TAKEN = "taken"  # another account took the address meanwhile: nothing changed
INVALID = "invalid"  # the link no longer applies to this user


def confirm(request: HttpRequest, claim: Claim) -> tuple[str, int | None]:
    """The owner of the address followed the link: the guest becomes a full account, the
    same user (seat, chat and deal history kept), its address verified, and the host's
    friend when within both friend limits (the seat is kept either way). What happened
    (``DONE``, ``TAKEN``, ``INVALID``) and the game the guest was bound to."""
    email = claim.email
    try:
        with transaction.atomic():
            user = User.objects.select_for_update().get(pk=claim.user.pk)
            if not user.is_guest:
                return (DONE if user.email.lower() == email.lower() else INVALID), None
            if _taken(email, user):
                return TAKEN, None
            game_id = guests.game_of(user.pk)
            user.email = email
            user.account_type = default_account_type()
            user.save(update_fields=["email", "account_type"])
            EmailAddress.objects.filter(user=user).delete()
            address = EmailAddress.objects.create(
                user=user, email=email, primary=True, verified=True
            )
            guests.become_member(user)
            if game_id is not None:
                host = Game.objects.select_related("host").get(pk=game_id).host
                # The seat is kept either way; watching needs the friendship, which may
                # come later.
                with suppress(FriendshipRefused):
                    befriend_by_link(host, user)
    except IntegrityError:  # another account took the address at the same moment
        return TAKEN, None
    allauth_signals.email_confirmed.send(
        sender=EmailAddress, request=request, email_address=address
    )
    if request.user.is_authenticated and request.user.pk == user.pk:
        request.session.set_expiry(None)  # a member's session, no longer a guest's year
    return DONE, game_id
