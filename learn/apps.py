"""App configuration for learn: the site's languages and the How to play page."""

from django.apps import AppConfig


class LearnConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "learn"

    def ready(self) -> None:
        """Connect the sign-in receiver that keeps the browser's language choice."""
        from learn import languages  # noqa: F401
