"""App configuration for game."""

from django.apps import AppConfig


class GameConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "game"

    def ready(self) -> None:
        """Connect the table's signal receivers (game/table/receivers.py)."""
        from game.table import receivers  # noqa: F401
