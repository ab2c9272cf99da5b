"""The host's resets, named once: each one's button and what it does, for the dashboard,
its confirm page and the table's Host tab (whose confirm question is the same two)."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

RESETS: dict[str, tuple[Promise, Promise]] = {
    "score": (
        gettext_lazy("Reset score"),
        gettext_lazy("Both teams' scores and set tallies go back to 0."),
    ),
    "round": (
        gettext_lazy("Reset round"),
        gettext_lazy("The deal in play is abandoned; the same dealer deals again."),
    ),
    "deck": (
        gettext_lazy("Reset deck"),
        gettext_lazy("The next deal uses a fresh, thoroughly shuffled deck."),
    ),
    "all": (gettext_lazy("Reset all"), gettext_lazy("Score, round and deck resets together.")),
}
