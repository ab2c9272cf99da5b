"""Hypothesis profiles for the engine's property tests.

``engine`` (the default) keeps the whole property suite near 40 s on two cores;
``engine-long`` plays ten times as many deals. Pick one with
``ENGINE_PROFILE=engine-long .venv/bin/python -m pytest tests/engine/test_properties.py``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "engine",
    max_examples=240,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "engine-long",
    max_examples=2400,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

ENGINE_PROFILE = settings.get_profile(os.environ.get("ENGINE_PROFILE", "engine"))
