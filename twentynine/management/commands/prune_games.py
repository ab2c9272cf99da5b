"""Export, then delete, the games nobody has played for a while (README, "Housekeeping").

    manage.py prune_games --idle-days 180 --export old-games.jsonl [--dry-run]
    manage.py prune_games --idle-days 180 --export - > old-games.jsonl   (JSON lines on stdout)

A game is idle when its row has not changed (no action, deal, seating or option change) for
``--idle-days``. With ``--export`` each idle game is first written as one JSON line (the game,
its seats, its action log, its deals and its chat); nothing is deleted unless the whole
export was written. A deleted game's open sockets close (4404), as when its host deletes it.
"""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from game.models import Game


def idle_games(days: int) -> QuerySet[Game]:
    """The games whose row has not changed for ``days`` days, oldest first."""
    return Game.objects.filter(updated__lt=timezone.now() - timedelta(days=days)).order_by(
        "updated"
    )


def exported(game: Game) -> dict[str, Any]:
    """Everything kept about one game, as plain data."""
    return {
        "game": {
            "id": game.pk,
            "name": game.name,
            "host": game.host.email,
            "rules": game.rules,
            "play_direction": game.play_direction,
            "conference_link": game.conference_link,
            "version": game.version,
            "state": game.state,
            "created": game.created,
            "updated": game.updated,
        },
        "seats": list(
            game.seats.order_by("number").values("number", "user__email", "computer", "joined")
        ),
        "actions": list(
            game.actions.order_by("seq").values("seq", "seat", "action", "events", "created")
        ),
        "deals": list(
            game.deals.order_by("version").values(
                "number", "version", "outcome", "summary", "events", "created"
            )
        ),
        "chat": list(game.chat.order_by("pk").values("name", "seat", "text", "created")),
    }


class Command(BaseCommand):
    help = "Export, then delete, games nobody has played for --idle-days days."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--idle-days", type=int, required=True)
        parser.add_argument(
            "--export", help="write each game as a JSON line to this new file (- for stdout) first"
        )
        parser.add_argument("--dry-run", action="store_true", help="list them, delete nothing")

    def handle(self, *args: Any, **options: Any) -> None:
        days: int = options["idle_days"]
        if days < 1:
            raise CommandError("--idle-days must be at least 1.")
        export: str | None = options["export"]
        if export not in (None, "-") and Path(export).exists():
            raise CommandError(f"{export} exists already; choose a new file.")
        games = list(idle_games(days).select_related("host"))
        if options["dry_run"]:
            for game in games:
                self.stdout.write(f"{game.pk}\t{game.updated:%Y-%m-%d}\t{game.name}")
            self.stdout.write(f"{len(games)} games idle for {days} days (nothing deleted).")
            return
        lines = [json.dumps(exported(game), cls=DjangoJSONEncoder) + "\n" for game in games]
        if export == "-":
            self.stdout.write("".join(lines), ending="")
        elif export is not None:
            with Path(export).open("x") as out:
                out.writelines(lines)
        with transaction.atomic():
            for game in games:
                game.delete()
        where = f", exported to {export}" if export not in (None, "-") else ""
        # With the export on stdout, the summary goes to stderr.
        report = self.stderr if export == "-" else self.stdout
        report.write(f"Deleted {len(games)} games idle for {days} days{where}.")
