"""``manage.py remove_idle_guests``: delete guest accounts no game seats that have been idle
for 30 days (run it daily, e.g. from cron)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from game.invite import guests


class Command(BaseCommand):
    help = (
        f"Delete guest accounts that hold no seat and have not opened their table for "
        f"{guests.IDLE_DAYS} days."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        removed = guests.remove_idle()
        self.stdout.write(f"Removed {removed} idle guest account(s).")
