"""Hypothesis profiles and sizes for the bot tests.

``bots`` (the default) keeps this directory near a minute of CPU; ``bots-long``
plays ten times as many deals and examples. Pick one with
``BOTS_PROFILE=bots-long .venv/bin/python -m pytest tests/bots``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "bots",
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
settings.register_profile(
    "bots-long",
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

PROFILE_NAME = os.environ.get("BOTS_PROFILE", "bots")
BOTS_PROFILE = settings.get_profile(PROFILE_NAME)
SCALE = 10 if PROFILE_NAME == "bots-long" else 1  # how many more deals the long profile plays
