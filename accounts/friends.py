"""Friends: requests by email, acceptance within each account's limit, removal.

A request names an email address, which may have no account yet; it waits and
shows up on that person's dashboard once they sign up. It matches an account only by the
account's address once verified (``verified_email``): an address someone typed but never
confirmed is nobody's. The sender is told the same thing whether or not the address has an
account, so nobody can probe which addresses are registered. Two people who ask each other
become friends: the second request counts as accepting the first. Email addresses match
without regard to case.

Every function raises ``FriendshipRefused`` with a message for the person
asking when it refuses, and then changes nothing.
"""

from __future__ import annotations

from allauth.account.models import EmailAddress
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from accounts.adapter import too_long_email_message
from accounts.models import EMAIL_MAX_LENGTH, AccountType, FriendRequest, Friendship, User
from accounts.signals import friendship_began, friendship_ended


class FriendshipRefused(ValueError):
    """A friend action that is not allowed; the message says why in plain words."""


def friends_of(user: User) -> QuerySet[User]:
    """The user's friends, by first name."""
    friend_ids = Friendship.objects.filter(user=user).values("friend_id")
    return User.objects.filter(pk__in=friend_ids).order_by("first_name", "email")


def friend_count(user: User) -> int:
    """How many friends the user has."""
    return Friendship.objects.filter(user=user).count()


def verified_email(user: User) -> str | None:
    """The user's address if they have verified it (None: not yet, or a guest's)."""
    verified = EmailAddress.objects.filter(user_id=user.pk, email__iexact=user.email,
                                           verified=True).exists()
    return user.email if verified else None


def verified_owner(email: str) -> User | None:
    """The account whose verified address this is, if any."""
    return User.objects.filter(
        email__iexact=email, emailaddress__email__iexact=email, emailaddress__verified=True
    ).first()


def incoming_requests(user: User) -> QuerySet[FriendRequest]:
    """Requests other people sent to this user's verified email address, oldest first."""
    email = verified_email(user)
    if email is None:
        return FriendRequest.objects.none()
    return (
        FriendRequest.objects.filter(to_email__iexact=email)
        .select_related("sender")
        .order_by("created")
    )


def outgoing_requests(user: User) -> QuerySet[FriendRequest]:
    """Requests this user sent that are still waiting, oldest first."""
    return FriendRequest.objects.filter(sender=user).order_by("created")


def _account_name(user: User) -> str:
    return str(AccountType(user.account_type).label)


def _lock(*users: User) -> None:
    """Serialise friend changes of these users (PostgreSQL row locks; SQLite locks at BEGIN)."""
    ids = sorted(u.pk for u in users)
    list(User.objects.select_for_update().filter(pk__in=ids).order_by("pk").values("pk"))


def send_request(sender: User, raw_email: str) -> str:
    """Ask the person with this email to be a friend; return what to tell the sender."""
    email = raw_email.strip().lower()
    if len(email) > EMAIL_MAX_LENGTH:
        raise FriendshipRefused(too_long_email_message())
    try:
        validate_email(email)
    except ValidationError:
        raise FriendshipRefused(_("Please enter a valid email address.")) from None
    if email == sender.email.lower():
        raise FriendshipRefused(_("You cannot send a friend request to yourself."))
    with transaction.atomic():
        _lock(sender)
        target = verified_owner(email)
        if target is not None and sender.is_friend_of(target):
            raise FriendshipRefused(
                _("%(name)s (%(email)s) is already your friend.")
                % {"name": target.display_name, "email": email}
            )
        if FriendRequest.objects.filter(sender=sender, to_email__iexact=email).exists():
            raise FriendshipRefused(
                _(
                    "You have already sent a friend request to %(email)s; "
                    "it is waiting for an answer."
                )
                % {"email": email}
            )
        if target is not None:
            theirs = FriendRequest.objects.filter(
                sender=target, to_email__iexact=sender.email
            ).first()
            if theirs is not None:
                accept_request(sender, theirs.pk)
                return _(
                    "%(name)s had already asked to be your friend, "
                    "so your request accepted theirs: you are now friends."
                ) % {"name": target.display_name}
        friends = friend_count(sender)
        waiting = FriendRequest.objects.filter(sender=sender).count()
        if friends + waiting >= sender.friend_limit:
            raise FriendshipRefused(
                _(
                    "Your %(kind)s account may have up to %(limit)s friends, and you have "
                    "%(friends)s friends and %(waiting)s requests waiting. "
                    "Remove a friend or cancel a request first."
                )
                % {
                    "kind": _account_name(sender),
                    "limit": sender.friend_limit,
                    "friends": friends,
                    "waiting": waiting,
                }
            )
        FriendRequest.objects.create(sender=sender, to_email=email)
    return _(
        "Friend request sent to %(email)s. They will see it on their dashboard, "
        "or as soon as they sign up with that address. If the address is misspelt, "
        "cancel it under Waiting for an answer and send it again."
    ) % {"email": email}


def accept_request(user: User, request_id: int) -> str:
    """Accept a request sent to this user; both become friends if both are under their limit.

    Raises ``FriendRequest.DoesNotExist`` when no such request was sent to this user.
    """
    request = incoming_requests(user).get(pk=request_id)
    sender = request.sender
    if sender.pk == user.pk:  # sent to an address this user took later: drop it, and refuse
        request.delete()
        raise FriendshipRefused(_("You cannot be your own friend."))
    with transaction.atomic():
        _lock(user, sender)
        if not user.is_friend_of(sender):
            if friend_count(user) >= user.friend_limit:
                raise FriendshipRefused(
                    _(
                        "You already have %(limit)s friends, the most a %(kind)s account may "
                        "have. Remove a friend before accepting."
                    )
                    % {"limit": user.friend_limit, "kind": _account_name(user)}
                )
            if friend_count(sender) >= sender.friend_limit:
                raise FriendshipRefused(
                    _(
                        "%(name)s already has %(limit)s friends, the most their account "
                        "allows; they must remove one before you can be friends."
                    )
                    % {"name": sender.display_name, "limit": sender.friend_limit}
                )
            Friendship.objects.bulk_create(
                [Friendship(user=user, friend=sender), Friendship(user=sender, friend=user)]
            )
            friendship_began.send(sender=User, user=user, friend=sender)
        FriendRequest.objects.filter(
            Q(pk=request.pk) | Q(sender=user, to_email__iexact=sender.email)
        ).delete()
    return _("You and %(name)s are now friends.") % {"name": sender.display_name}


def decline_request(user: User, request_id: int) -> str:
    """Decline a request sent to this user (raises DoesNotExist for anyone else's)."""
    request = incoming_requests(user).get(pk=request_id)
    request.delete()
    return _("You declined %(name)s's friend request.") % {"name": request.sender.display_name}


def cancel_request(user: User, request_id: int) -> str:
    """Withdraw a request this user sent (raises DoesNotExist for anyone else's)."""
    request = FriendRequest.objects.get(pk=request_id, sender=user)
    request.delete()
    return _("Your friend request to %(email)s is cancelled.") % {"email": request.to_email}


def remove_friend(user: User, friend_id: int) -> str:
    """End a friendship, for both; each leaves the other's table at once (``friendship_ended``:
    the live table takes them out of its seats and closes their sockets there).

    Raises ``User.DoesNotExist`` when ``friend_id`` is not a friend of this user.
    """
    with transaction.atomic():
        friend = friends_of(user).get(pk=friend_id)
        _lock(user, friend)
        Friendship.objects.filter(
            Q(user=user, friend=friend) | Q(user=friend, friend=user)
        ).delete()
        friendship_ended.send(sender=User, user=user, friend=friend)
    return f"{friend.display_name} is no longer your friend."


def befriend_by_link(host: User, user: User) -> bool:
    """``user`` opened ``host``'s invite link and joined: the two become friends (the link is
    the host's consent), within both accounts' limits. Whether they became friends now
    (False: they already were, or ``user`` is the host). Raises ``FriendshipRefused`` over
    a limit, changing nothing; runs in the caller's transaction."""
    if host.pk == user.pk:
        return False
    with transaction.atomic():
        _lock(host, user)
        if user.is_friend_of(host):
            return False
        if friend_count(user) >= user.friend_limit:
            raise FriendshipRefused(
                _("You already have %(limit)s friends, the most a %(type)s account may have. "
                  "Remove a friend before joining %(host)s's game.")
                % {"limit": user.friend_limit, "type": _account_name(user),
                   "host": host.display_name}
            )
        if friend_count(host) >= host.friend_limit:
            raise FriendshipRefused(
                _("%(host)s already has %(limit)s friends, the most their account allows, "
                  "so you cannot join by the link; ask them to remove a friend first.")
                % {"host": host.display_name, "limit": host.friend_limit}
            )
        Friendship.objects.bulk_create(
            [Friendship(user=user, friend=host), Friendship(user=host, friend=user)]
        )
        friendship_began.send(sender=User, user=user, friend=host)
        FriendRequest.objects.filter(
            Q(sender=user, to_email__iexact=host.email)
            | Q(sender=host, to_email__iexact=user.email)
        ).delete()
    return True
