"""The dashboard's socket: each game's card as it changes (whose turn, "your turn", the score),
who is at the table, and a refresh when the list itself changes; refused to guests."""

from __future__ import annotations

import json
from typing import Any

from allauth.account.models import EmailAddress
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator

from accounts import friends
from accounts.models import FriendRequest, User
from game.dashboard import consumer
from game.invite import join
from game.models import Game
from game.table.broadcast import group_name
from game.table.deal_review import ANALYSED_EVENT
from game.table.errors import CLOSE_FLOOD, CLOSE_FORBIDDEN
from game.table.hint_socket import HINT_EVENT
from game.table.store import create_game
from tests.people import befriend
from tests.table.conftest import (
    ORIGIN,
    TIMEOUT,
    Open,
    make_user,
    seat_everyone,
    session_cookie,
)
from twentynine.asgi import application


class Dashboard:
    """One open dashboard page's socket."""

    def __init__(self, cookie: str) -> None:
        self.communicator = WebsocketCommunicator(
            application, "/ws/dashboard/", [(b"origin", ORIGIN), (b"cookie", cookie.encode())]
        )
        self.cards: dict[int, dict[str, Any]] = {}
        self.here: dict[int, str] = {}
        self.refreshes = 0

    async def connect(self) -> None:
        connected, _ = await self.communicator.connect(timeout=TIMEOUT)
        assert connected

    async def next(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(await self.communicator.receive_from(TIMEOUT))
        if message["type"] == "game":
            self.cards[message["game"]] = message
        elif message["type"] == "presence":
            self.here[message["game"]] = message["here"]
        elif message["type"] == "refresh":
            self.refreshes += 1
        return message

    async def until(self, ready: Any) -> None:
        while not ready(self):
            await self.next()

    async def close_code(self) -> int:
        output = await self.communicator.receive_output(timeout=TIMEOUT)
        assert output["type"] == "websocket.close", output
        return int(output["code"])


async def open_dashboard(user: User) -> Dashboard:
    def verified_cookie() -> str:
        EmailAddress.objects.get_or_create(
            user=user, email=user.email, defaults={"verified": True, "primary": True}
        )
        return session_cookie(user)

    dashboard = Dashboard(await database_sync_to_async(verified_cookie)())
    await dashboard.connect()
    return dashboard


async def test_cards_follow_the_table_without_a_reload(
    open_table: Open, players: list[User], friend: User, game: Game
) -> None:
    clients = await seat_everyone(open_table, players)
    boards = {user.pk: await open_dashboard(user) for user in (*players, friend)}
    for board in boards.values():
        await board.until(lambda b: game.pk in b.cards)
    in_turn = next(c for c in clients if c.state["legal"])
    turn_user = players[in_turn.seat]
    version = in_turn.state["version"]
    assert boards[turn_user.pk].cards[game.pk]["your_turn"]
    assert boards[turn_user.pk].cards[game.pk]["status"].startswith("Your turn")
    assert not boards[friend.pk].cards[game.pk]["your_turn"]
    await in_turn.act(in_turn.state["legal"][0])
    for board in boards.values():
        await board.until(lambda b: b.cards[game.pk]["version"] >= version + 1)
    assert not boards[turn_user.pk].cards[game.pk]["your_turn"]
    card = boards[friend.pk].cards[game.pk]
    assert card["seats"] == ["Olive", "Bilal", "Chitra", "Dev"]
    assert len(card["score"]) == 2 and card["status"].startswith("Turn: ")
    await boards[friend.pk].until(lambda b: "At the table" in b.here.get(game.pk, ""))


async def test_each_dashboard_speaks_its_users_language(
    open_table: Open, players: list[User], friend: User, game: Game
) -> None:
    """The cards' words are built on the server: in Hindi for a user who chose Hindi, in
    English beside it for one who chose none."""
    await User.objects.filter(pk=friend.pk).aupdate(language="hi")
    await seat_everyone(open_table, players)
    hindi = await open_dashboard(await User.objects.aget(pk=friend.pk))
    english = await open_dashboard(players[0])
    for board in (hindi, english):
        await board.until(lambda b: game.pk in b.cards and game.pk in b.here)
    assert "की बारी (" in hindi.cards[game.pk]["status"]  # "Turn: ... (...)"
    assert (
        english.cards[game.pk]["status"].startswith("Your turn")
        or english.cards[game.pk]["status"].startswith("Turn: ")
    )
    assert hindi.here[game.pk].startswith("टेबल पर: ")
    assert english.here[game.pk].startswith("At the table: ")


async def test_a_game_hosted_by_a_friend_appears(friend: User) -> None:
    board = await open_dashboard(friend)
    other = await database_sync_to_async(make_user)("asha@example.com", "Asha")
    await database_sync_to_async(befriend)(other, friend)

    def host() -> Game:
        return create_game(other, "Asha's new table", [other, None, None, None])

    hosted = await database_sync_to_async(host)()
    # The card reaches the socket opened before the game existed: through a refresh, or in
    # the socket's first listing when that was read after the game was made (a busy server).
    await board.until(lambda b: hosted.pk in b.cards)
    assert board.cards[hosted.pk]["status"].startswith("Waiting for Asha")


async def test_a_friend_request_reaches_both_open_dashboards(friend: User) -> None:
    asking = await database_sync_to_async(make_user)("asha@example.com", "Asha")
    theirs, mine = await open_dashboard(friend), await open_dashboard(asking)

    def ask() -> None:
        friends.send_request(asking, friend.email.upper())

    await database_sync_to_async(ask)()
    await theirs.until(lambda b: b.refreshes >= 1)  # "Asha wants to be your friend"
    await mine.until(lambda b: b.refreshes >= 1)  # "Waiting for an answer"
    request = await FriendRequest.objects.aget(sender=asking)
    await database_sync_to_async(friends.cancel_request)(asking, request.pk)
    await theirs.until(lambda b: b.refreshes >= 2)  # gone again


async def test_being_seated_by_link_moves_the_game(owner: User, outsider: User) -> None:
    def setup() -> Game:
        Game.objects.filter(host=owner).delete()
        return create_game(owner, "Open seat", [owner, None, "easy", "easy"])

    game = await database_sync_to_async(setup)()
    board = await open_dashboard(outsider)
    host_board = await open_dashboard(owner)
    await host_board.until(lambda b: game.pk in b.cards)
    await database_sync_to_async(join.join_member)(game, outsider, 1)
    await board.until(lambda b: game.pk in b.cards)
    await host_board.until(lambda b: b.refreshes >= 1)


async def test_guests_get_no_dashboard(owner: User) -> None:
    def setup() -> str:
        game = create_game(owner, "Mine", [owner, None, None, None])
        return session_cookie(join.join_guest(game, "Mina", 1))

    board = Dashboard(await database_sync_to_async(setup)())
    await board.connect()
    assert await board.close_code() == CLOSE_FORBIDDEN


async def test_a_change_between_the_first_read_and_the_follow_is_not_lost(
    owner: User, monkeypatch: Any
) -> None:
    """The socket reads the games, then joins their hubs: a guest taking a seat in between
    (a busy server) still reaches the card."""

    def setup() -> Game:
        Game.objects.filter(host=owner).delete()
        return create_game(owner, "Open seat", [owner, None, "easy", "easy"])

    game = await database_sync_to_async(setup)()
    read = consumer._current
    reads = 0

    def read_then_change(user: User) -> Any:
        nonlocal reads
        reads += 1
        current = read(user)
        if reads == 1:
            join.join_guest(Game.objects.get(pk=game.pk), "Mina", 1)
        return current

    monkeypatch.setattr(consumer, "_current", read_then_change)
    board = await open_dashboard(owner)
    await board.until(lambda b: "Mina" in b.cards.get(game.pk, {}).get("seats", []))


async def test_a_flood_of_syncs_is_not_read_and_closes_the_socket(
    open_table: Open, players: list[User], game: Game
) -> None:
    """A page asks again after it reconnects; 5,000 asks at once read the games a few times,
    then the socket closes as the table's does (4408)."""
    await seat_everyone(open_table, players)
    board = await open_dashboard(players[0])
    await board.until(lambda b: game.pk in b.cards)
    before = len(board.cards)
    for _ in range(5000):
        await board.communicator.send_to(text_data='{"type": "sync"}')
    cards = 0
    while True:
        output = await board.communicator.receive_output(timeout=TIMEOUT)
        if output["type"] == "websocket.close":
            assert output["code"] == CLOSE_FLOOD
            break
        cards += json.loads(output["text"])["type"] == "game"
    assert before == 1 and cards <= 10


async def test_a_hint_or_an_analysed_deal_at_a_table_leaves_the_dashboard_open(
    open_table: Open, players: list[User], game: Game
) -> None:
    """The table's group also carries "a hint was asked" and "a deal was analysed", which the
    dashboard does not show: its socket stays open and goes on following the game (it used
    to fail on them and reconnect after every analysed deal)."""
    clients = await seat_everyone(open_table, players)
    board = await open_dashboard(players[1])
    await board.until(lambda b: game.pk in b.cards)
    layer = get_channel_layer()
    assert layer is not None
    await layer.group_send(group_name(game.pk), {"type": ANALYSED_EVENT, "number": 1})
    await layer.group_send(
        group_name(game.pk), {"type": HINT_EVENT, "seat": 0, "name": "Olive", "version": 1}
    )
    in_turn = next(c for c in clients if c.state["legal"])
    version = in_turn.state["version"]
    await in_turn.act(in_turn.state["legal"][0])
    await board.until(lambda b: b.cards[game.pk]["version"] >= version + 1)
    await board.communicator.disconnect()
    for client in clients:
        await client.close()
