"""What the table and the dashboards do when something outside them changes: a friendship
begins or ends, a friend request comes or goes, a game is hosted or deleted, a person chooses
to skip routine questions.

Connected in ``GameConfig.ready``. ``accounts`` sends ``friendship_ended`` and
knows nothing of the table; the table takes the guest out of the host's seats
and re-checks their open sockets at once. A deleted game closes its sockets.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from accounts.friends import verified_owner
from accounts.models import FriendRequest, Friendship, User
from accounts.signals import friendship_began, friendship_ended, preferences_saved
from game.dashboard import notify
from game.models import Game
from game.table import memory, seat_changes, service
from game.table.broadcast import announce_from_sync, close_table


@receiver(friendship_ended)
def _friendship_ended(sender: Any, user: User, friend: User, **kwargs: Any) -> None:
    """Each of the two loses their place at the other's table (seat and spectating)."""
    seat_changes.access_ended(host_id=user.pk, guest_id=friend.pk)
    seat_changes.access_ended(host_id=friend.pk, guest_id=user.pk)
    notify.refresh([user.pk, friend.pk])


@receiver(friendship_began)
def _friendship_began(sender: Any, user: User, friend: User, **kwargs: Any) -> None:
    """Each now sees the other's game on the dashboard."""
    notify.refresh([user.pk, friend.pk])


@receiver(post_save, sender=FriendRequest)
@receiver(post_delete, sender=FriendRequest)
def _friend_request_changed(sender: Any, instance: FriendRequest, **kwargs: Any) -> None:
    """A request sent, accepted, declined or cancelled shows on both open dashboards at once:
    the sender's "Waiting for an answer" and the addressee's requests."""
    owner = verified_owner(instance.to_email)
    notify.refresh([instance.sender_id, *([owner.pk] if owner is not None else [])])


@receiver(post_save, sender=Game)
def _game_hosted(sender: Any, instance: Game, created: bool, **kwargs: Any) -> None:
    """A new game shows up on the dashboards of the host's friends at once."""
    if created:
        friend_ids = Friendship.objects.filter(user_id=instance.host_id).values_list(
            "friend_id", flat=True
        )
        notify.refresh([instance.host_id, *friend_ids])


@receiver(post_delete, sender=Game)
def _game_deleted(sender: Any, instance: Game, **kwargs: Any) -> None:
    """Every socket of the game closes with 4404 once the deletion is committed, and this
    process forgets what it remembers of the game (another process forgets its snapshots
    as its sockets close)."""
    game_id = instance.pk

    def gone() -> None:
        memory.forget(game_id)
        close_table(game_id)

    transaction.on_commit(gone)


@receiver(preferences_saved)
def _preferences_saved(sender: Any, user: User, changed: list[str], **kwargs: Any) -> None:
    """A person who has just chosen to skip routine questions is not kept waiting by one
    that is asked of them now: it is passed at once."""
    if "skip_questions" in changed and user.skip_questions:
        for latest in service.skipped_questions(user.pk):
            announce_from_sync(latest)
