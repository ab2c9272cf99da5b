"""The host's resets (score, round, deck, all), from the table and from the dashboard."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from accounts.models import User
from game.engine import Match
from game.models import Game
from game.table import service
from tests.table.conftest import Open, TableClient, seat_everyone, settle


def give_score(game: Game, score: list[int]) -> None:
    """Pretend some rounds were played: the saved match now has this score."""
    saved = Game.objects.get(pk=game.pk)
    match = Match.from_json(saved.state)
    match.score = score
    Game.objects.filter(pk=game.pk).update(state=match.to_json())


async def reset_from_table(host: TableClient, clients: list[TableClient], what: str) -> None:
    version = host.state["version"]
    await host.send({"type": "reset", "what": what})
    await settle(clients, version + 1)


async def test_it_resets_the_score_for_everyone(
    open_table: Open, players: list[User], game: Game
) -> None:
    clients = await seat_everyone(open_table, players)
    await database_sync_to_async(give_score)(game, [3, -2])
    await reset_from_table(clients[0], clients, "score")
    for client in clients:
        assert client.state["view"]["score"] == [0, 0]
        assert {"type": "reset", "what": "score"} in client.state["events"]


async def test_it_redeals_at_once_with_the_same_dealer_after_a_round_reset(
    open_table: Open, players: list[User]
) -> None:
    clients = await seat_everyone(open_table, players)
    before = clients[1].state["view"]
    await reset_from_table(clients[0], clients, "round")
    after = clients[1].state
    assert after["view"]["round_no"] == before["round_no"] + 1
    assert after["view"]["dealer"] == before["dealer"]
    kinds = [event["type"] for event in after["events"]]
    assert kinds[:2] == ["reset", "deal"]
    assert after["view"]["phase"] == "bidding" or after["view"]["last_round"]["annulled"]


@pytest.mark.parametrize("what", ["deck", "all"])
async def test_it_does_the_deck_and_all_resets(
    open_table: Open, players: list[User], game: Game, what: str
) -> None:
    clients = await seat_everyone(open_table, players)
    await database_sync_to_async(give_score)(game, [2, 1])
    await reset_from_table(clients[0], clients, what)
    events = clients[2].state["events"]
    told_as_all = {"all": True} if what == "all" else {}
    assert {"type": "reset", "what": "deck", **told_as_all} in events
    score = clients[2].state["view"]["score"]
    assert score == ([0, 0] if what == "all" else [2, 1])


async def test_it_resets_from_the_dashboard_and_tells_every_socket(
    open_table: Open, players: list[User], game: Game, owner: User
) -> None:
    clients = await seat_everyone(open_table, players)
    version = clients[0].state["version"]
    await database_sync_to_async(service.reset_game)(game.pk, owner.pk, "round")
    await settle(clients, version + 1)
    assert clients[3].state["events"][0] == {
        "type": "reset", "what": "round"
    }


async def test_it_refuses_dashboard_resets_by_others_or_too_early(
    open_table: Open, players: list[User], game: Game, owner: User
) -> None:
    def attempts() -> None:
        with pytest.raises(service.TableError, match="not started") as early:
            service.reset_game(game.pk, owner.pk, "score")
        assert early.value.code == "not_started"
        with pytest.raises(service.TableError) as not_host:
            service.reset_game(game.pk, players[1].pk, "score")
        assert not_host.value.code == "not_host"

    await database_sync_to_async(attempts)()
    await seat_everyone(open_table, players)

    def bad_what() -> None:
        with pytest.raises(service.TableError, match="score, round, deck or all"):
            service.reset_game(game.pk, owner.pk, "everything")

    version = (await Game.objects.aget(pk=game.pk)).version
    await database_sync_to_async(bad_what)()
    assert (await Game.objects.aget(pk=game.pk)).version == version


async def test_a_second_round_reset_of_the_same_deal_resets_nothing(
    open_table: Open, players: list[User], game: Game
) -> None:
    clients = await seat_everyone(open_table, players)
    host = clients[0]
    seen = host.state["view"]["round_no"]
    version = host.state["version"]
    await host.send({"type": "reset", "what": "round", "deal": seen})
    await settle(clients, version + 1)
    # The same click again (a double click, or a second tab drawn before the first reset).
    await host.send({"type": "reset", "what": "all", "deal": seen})
    error = await host.next_error()
    assert error["code"] == "stale"
    assert f"Deal {seen} has ended already" in error["message"]
    for bad in ("1", 1.5, True, -1):
        await host.send({"type": "reset", "what": "round", "deal": bad})
        assert (await host.next_error())["code"] == "missing_field"
    saved = await Game.objects.aget(pk=game.pk)
    assert saved.version == version + 1
