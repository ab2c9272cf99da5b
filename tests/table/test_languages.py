"""The table's websocket speaks each player's language: a refusal in Bengali for a player
whose account chose Bengali, in English for the others; a browser's cookie or
Accept-Language decides for an account that chose none."""

from __future__ import annotations

from accounts.models import User
from learn.languages import scope_language
from tests.table.conftest import Open, seat_everyone


async def test_a_refusal_comes_in_each_players_language(
    open_table: Open, players: list[User]
) -> None:
    await User.objects.filter(pk__in=[p.pk for p in players[::2]]).aupdate(language="bn")
    clients = await seat_everyone(open_table, players)
    heard = set()
    for number, client in enumerate(clients):
        if client.state["legal"]:
            continue
        await client.act({"type": "pass"})
        error = await client.receive()
        assert error["code"] == "not_your_turn"
        expected = "এখন আপনার পালা নয়।" if number % 2 == 0 else "It is not your turn."
        assert error["message"] == expected
        heard.add(number % 2)
    assert heard == {0, 1}


class Someone:
    """A user as a websocket's scope holds it."""

    def __init__(self, language: str) -> None:
        self.language = language


def scope(language: str = "", **headers: str) -> dict[str, object]:
    raw = [(name.replace("_", "-").encode(), value.encode()) for name, value in headers.items()]
    return {"user": Someone(language), "headers": raw}


def test_the_account_decides_then_the_cookie_then_accept_language() -> None:
    assert scope_language(scope("hi", cookie="django_language=bn", accept_language="ne")) == "hi"
    assert scope_language(scope("", cookie="sessionid=x; django_language=bn")) == "bn"
    assert scope_language(scope("", cookie="django_language=fr", accept_language="ne-NP")) == "ne"
    assert scope_language(scope("", accept_language="fr, en;q=0.5")) == "en"
    assert scope_language(scope("xx")) == "en"
