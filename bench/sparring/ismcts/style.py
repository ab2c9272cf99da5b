"""What sets the C++ bot's latest version (level ``ismcts``) apart from its older one
(level ``ismcts-old``), as read in abhigyan7/29 (docs/bots.md)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Style:
    """One version of the C++ bot."""

    jack: int  # call value per jack among the first four cards
    cap: int  # the highest call it makes
    older: bool  # the older search model: its follow rules, no 0.5 for a hidden trump
    voids: bool  # deals respect the suits a seat has shown it lacks
    last_point: bool  # its model counts one point for the last trick
    iterations: int  # fixed iterations per card; 0: what the budget buys (player.py)


LATEST = Style(jack=1, cap=17, older=False, voids=True, last_point=True, iterations=0)
OLDER = Style(jack=2, cap=28, older=True, voids=False, last_point=False, iterations=5000)
