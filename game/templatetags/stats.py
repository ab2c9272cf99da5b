"""``{% statistics_of user %}``: a person's statistics (``game.stats``) where a page shows them,
such as the account page."""

from __future__ import annotations

from typing import Any

from django import template

from accounts.models import User
from game.stats import statistics

register = template.Library()


@register.inclusion_tag("game/stats_tables.html", takes_context=True)
def statistics_of(context: dict[str, Any], user: User) -> dict[str, Any]:
    """The statistics tables of ``user`` (their own figures and with each friend as partner)."""
    return {"stats": statistics(user), "user": user}
