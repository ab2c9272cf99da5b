"""Four players and a spectator play whole deals at the live table."""

from __future__ import annotations

import random

from accounts.models import User
from game.models import Game, GameAction
from tests.table.conftest import Open, deal_in_progress, play_random_step, seat_everyone, settle


async def test_it_deals_once_all_four_players_have_opened_the_table(
    open_table: Open, players: list[User]
) -> None:
    first = await open_table(players[0])
    assert first.state["view"] is None
    assert first.state["legal"] == []
    assert first.state["table"]["waiting_for"] == ["Bilal", "Chitra", "Dev"]
    assert first.state["table"]["started"] is False
    others = [await open_table(user) for user in players[1:3]]
    state = await first.until(lambda s: s["table"]["waiting_for"] == ["Dev"])
    assert state["view"] is None
    last = await open_table(players[3])
    for client in [first, *others, last]:
        state = await client.until(lambda s: s["table"]["started"])
        assert state["table"]["waiting_for"] == []
        if state["view"]["phase"] == "deal":  # annulled at once: the reason is on show
            assert state["view"]["last_round"]["annulled"] is True
        else:
            assert state["view"]["phase"] == "bidding"
            assert len(state["view"]["hand"]) == 4


async def test_it_plays_whole_deals_with_a_spectator_watching(
    open_table: Open, players: list[User], friend: User, game: Game
) -> None:
    rng = random.Random(29)
    clients = await seat_everyone(open_table, players)
    spectator = await open_table(friend)
    everyone = [*clients, spectator]
    deals_finished = 0
    while deals_finished < 3:
        version = clients[0].state["version"]
        action = await play_random_step(clients, rng)
        if action is None:
            # Between deals: the next one starts by itself after NEXT_DEAL_DELAY.
            assert clients[0].state["table"]["next_deal_in"] is not None
            deals_finished += 1
        await settle(everyone, version + 1)
    await deal_in_progress(everyone)  # the last deal that came by itself may be annulled at once
    assert spectator.state["legal"] == []
    assert set(spectator.state["view"]["hands"]) == {"0", "1", "2", "3"}
    saved = await Game.objects.aget(pk=game.pk)
    assert saved.version == spectator.state["version"]
    assert await GameAction.objects.filter(game=game).acount() == saved.version
