"""Liveness answers whatever the Host; readiness checks the database and Redis."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

PRODUCTION_HOSTS = ["play.example.org"]


def test_liveness_answers_a_probe_whose_host_is_not_allowed(settings: Any) -> None:
    # docker-compose's probe calls http://127.0.0.1:8000/healthz; production lists only its name.
    settings.ALLOWED_HOSTS = PRODUCTION_HOSTS
    probe = Client(HTTP_HOST="127.0.0.1:8000")
    response = probe.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok"
    assert response["Cache-Control"] == "no-store"
    # Everything else still refuses that Host.
    assert probe.get("/accounts/login/").status_code == 400


@pytest.mark.django_db
def test_readiness_answers_when_the_database_and_redis_do(settings: Any) -> None:
    settings.ALLOWED_HOSTS = PRODUCTION_HOSTS
    response = Client(HTTP_HOST="127.0.0.1:8000").get("/readyz")
    assert response.status_code == 200, response.content


@pytest.mark.django_db
def test_readiness_names_redis_when_it_does_not_answer(settings: Any) -> None:
    settings.REDIS_URL = "redis://127.0.0.1:9/0"  # the discard port: nothing listens
    response = Client().get("/readyz")
    assert response.status_code == 503
    assert response.content == b"unavailable: redis"


def test_liveness_does_not_touch_the_database() -> None:
    # No django_db mark: a database query here would fail the test.
    assert Client().get("/healthz").status_code == 200
