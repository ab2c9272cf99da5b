"""What the table does when something outside it changes: a friendship ends, a game is deleted.

Connected in ``GameConfig.ready``. ``accounts`` sends ``friendship_ended`` and
knows nothing of the table; the table takes the guest out of the host's seats
and re-checks their open sockets at once. A deleted game closes its sockets.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models.signals import post_delete
from django.dispatch import receiver

from accounts.models import User
from accounts.signals import friendship_ended
from game.models import Game
from game.table import service
from game.table.broadcast import close_table


@receiver(friendship_ended)
def _friendship_ended(sender: Any, user: User, friend: User, **kwargs: Any) -> None:
    """Each of the two loses their place at the other's table (seat and spectating)."""
    service.access_ended(host_id=user.pk, guest_id=friend.pk)
    service.access_ended(host_id=friend.pk, guest_id=user.pk)


@receiver(post_delete, sender=Game)
def _game_deleted(sender: Any, instance: Game, **kwargs: Any) -> None:
    """Every socket of the game closes with 4404 once the deletion is committed."""
    game_id = instance.pk
    transaction.on_commit(lambda: close_table(game_id))
