"""The health endpoint answers when the database does."""

import pytest
from django.test import Client


@pytest.mark.django_db
def test_it_answers_ok(client: Client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok"
