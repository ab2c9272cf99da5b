"""Create a demo table at once: four verified friends seated at Asha's game, and a spectator.

Running it again changes nothing but the passwords (it is idempotent).
"""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from allauth.account.models import EmailAddress
from django.core.management.base import BaseCommand
from django.db import transaction

from accounts.models import AccountType, Friendship, User
from game.engine import Rules
from game.models import Game
from game.table import store

PLAYERS = [
    ("asha@example.com", "Asha"),
    ("bilal@example.com", "Bilal"),
    ("chitra@example.com", "Chitra"),
    ("dev@example.com", "Dev"),
]
SPECTATOR = ("esha@example.com", "Esha")
GAME_NAME = "Asha's table"


class Command(BaseCommand):
    help = (
        "Create four verified demo accounts (all friends) seated at a game hosted by Asha, "
        "plus Esha, a friend of Asha's who can watch. Safe to run twice."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--password",
            default="twentynine-demo",
            help="password of every demo account (default: twentynine-demo)",
        )

    @transaction.atomic
    def handle(self, *args: Any, **options: Any) -> None:
        password: str = options["password"]
        players = [self._account(email, name, password) for email, name in PLAYERS]
        spectator = self._account(*SPECTATOR, password)
        for i, one in enumerate(players):
            for other in players[i + 1 :]:
                self._befriend(one, other)
        self._befriend(players[0], spectator)
        game = Game.objects.filter(host=players[0]).first()
        if game is None:
            game = store.create_game(players[0], GAME_NAME, players, rules=Rules().to_dict())
        elif not game.started:
            store.save_seats(game.pk, [(p.pk, "") for p in players])
        emails = ", ".join(email for email, _ in [*PLAYERS, SPECTATOR])
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo ready: {emails} (password {password!r}). "
                f"Asha hosts {game.name!r} at /table/{game.pk}/; Esha can watch."
            )
        )

    def _account(self, email: str, first_name: str, password: str) -> User:
        user = User.objects.filter(email__iexact=email).first()
        if user is None:
            user = User.objects.create_user(
                email, password, first_name=first_name, account_type=AccountType.STANDARD
            )
        else:
            user.set_password(password)
            user.save(update_fields=["password"])
        EmailAddress.objects.update_or_create(
            user=user, email=user.email, defaults={"verified": True, "primary": True}
        )
        return user

    def _befriend(self, one: User, other: User) -> None:
        Friendship.objects.get_or_create(user=one, friend=other)
        Friendship.objects.get_or_create(user=other, friend=one)
