"""Seats become rows: ``Seat`` (game, number, user, computer, joined) replaces the four
``seat_N`` columns and the ``bots`` and ``joined`` lists of ``Game``. Every game keeps its
seating, its computer players and who has opened the table, so a game mid-deal resumes
as it was (tests/table/test_seat_migration.py)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

LEVELS = ("easy", "strong")


def seats_to_rows(apps, schema_editor):
    Game = apps.get_model("game", "Game")
    Seat = apps.get_model("game", "Seat")
    rows = []
    for game in Game.objects.all().iterator():
        bots = list(game.bots or [])
        joined = set(game.joined or [])
        for number in range(4):
            user_id = getattr(game, f"seat_{number}_id")
            level = bots[number] if number < len(bots) and bots[number] in LEVELS else ""
            rows.append(
                Seat(
                    game_id=game.pk,
                    number=number,
                    user_id=user_id,
                    computer=level,
                    joined=user_id is not None and user_id in joined,
                )
            )
    Seat.objects.bulk_create(rows, batch_size=500)


def rows_to_seats(apps, schema_editor):
    Game = apps.get_model("game", "Game")
    Seat = apps.get_model("game", "Seat")
    for game in Game.objects.all().iterator():
        seats = {seat.number: seat for seat in Seat.objects.filter(game_id=game.pk)}
        for number in range(4):
            setattr(game, f"seat_{number}_id", seats[number].user_id if number in seats else None)
        game.bots = [seats[n].computer if n in seats else "" for n in range(4)]
        game.joined = [s.user_id for s in seats.values() if s.joined and s.user_id is not None]
        game.save()


class Migration(migrations.Migration):

    dependencies = [
        ("game", "0005_bot_turn"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="Seat",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("number", models.PositiveSmallIntegerField()),
                ("computer", models.CharField(blank=True, choices=[("", "-"), ("easy", "easy"), ("strong", "strong")], default="", max_length=10)),
                ("joined", models.BooleanField(default=False)),
                ("game", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="seats", to="game.game")),
                ("user", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name="seats", to=settings.AUTH_USER_MODEL)),
            ],
            options={
                "ordering": ["game", "number"],
                "constraints": [
                    models.UniqueConstraint(fields=("game", "number"), name="unique_seat_number"),
                    models.CheckConstraint(condition=models.Q(("number__lte", 3)), name="seat_number_0_to_3"),
                ],
            },
        ),
        migrations.RunPython(seats_to_rows, rows_to_seats),
        migrations.RemoveField(model_name="game", name="seat_0"),
        migrations.RemoveField(model_name="game", name="seat_1"),
        migrations.RemoveField(model_name="game", name="seat_2"),
        migrations.RemoveField(model_name="game", name="seat_3"),
        migrations.RemoveField(model_name="game", name="bots"),
        migrations.RemoveField(model_name="game", name="joined"),
    ]
