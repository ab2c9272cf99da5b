"""A server restart while a computer player is about to move: after it, the bot moves once.

A real daphne (``BOT_DELAY`` 2 s) with one person and three computer players. The server
stops while a bot is in turn, before its pause is over; nobody has a socket open. When it
starts again, the person and a spectator reconnect, and the bot's move is made exactly
once: the next version is that bot's move, and the log has one row per version.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.live_site import LiveSite
from tests.table.live_tables import SEED_PRELUDE, LivePlayer

pytestmark = pytest.mark.server

SEED = SEED_PRELUDE + """
asha = User.objects.create_user("asha@example.com", None, first_name="Asha")
esha = User.objects.create_user("esha@example.com", None, first_name="Esha")
Friendship.objects.create(user=asha, friend=esha)
Friendship.objects.create(user=esha, friend=asha)
game = create_game(asha, "Asha and the bots", [asha, "strong", "easy", "strong"])
print(json.dumps({"game": game.pk, "asha": cookie(asha), "esha": cookie(esha)}))
"""

LOG = """
import json
from game.models import Game, GameAction
game = Game.objects.get(pk=GAME)
rows = GameAction.objects.filter(game=game).order_by("seq")
rows = list(rows.values_list("seq", "seat", "actor"))
print(json.dumps({"version": game.version, "rows": rows}))
"""


@pytest.fixture
def slow_bots(tmp_path: Path) -> Iterator[LiveSite]:
    with LiveSite.running(tmp_path, extra_env={"BOT_DELAY": "2"}) as site:
        yield site


def action_log(site: LiveSite, game: int) -> dict[str, Any]:
    output = site.shell(LOG.replace("GAME", str(game)))
    return dict(json.loads(output.strip().splitlines()[-1]))


def bot_in_turn(state: dict[str, Any]) -> bool:
    view = state["view"]
    return (
        view is not None
        and view["phase"] != "deal"
        and bool(view["turn"])
        and 0 not in view["turn"]
    )


async def test_it_makes_the_bots_move_once_after_a_restart(slow_bots: LiveSite) -> None:
    seeded = json.loads(slow_bots.shell(SEED).strip().splitlines()[-1])
    asha = LivePlayer(slow_bots, seeded["game"], seeded["asha"])
    await asha.open()
    await asha.until(lambda s: s["table"]["started"] and s["view"]["phase"] != "deal", 30)
    while not bot_in_turn(asha.state):
        if asha.state["legal"]:
            legal = asha.state["legal"]
            await asha.act(next((a for a in legal if a["type"] == "bid"), legal[0]))
        await asha.receive(30)
    waiting = asha.state
    seat = waiting["view"]["turn"][0]
    # A bot may answer a question put to both partners before Asha does: her answer is stale.
    assert {e["code"] for e in asha.errors} <= {"stale"}, asha.errors
    asha.errors.clear()

    slow_bots.stop()
    await asha.close()
    before = action_log(slow_bots, seeded["game"])
    assert before["version"] == waiting["version"], "the bot moved before its pause was over"

    slow_bots.start()
    esha = LivePlayer(slow_bots, seeded["game"], seeded["esha"])
    await asha.open()
    await esha.open()
    for player in (asha, esha):
        await player.until(lambda s: s["version"] > waiting["version"], 30)
    after = action_log(slow_bots, seeded["game"])
    moved = after["rows"][waiting["version"]]
    assert moved[0] == waiting["version"] + 1
    assert moved[1] in waiting["view"]["turn"] and moved[1] == seat
    assert moved[2] is None  # no person acted: the computer player did
    assert [row[0] for row in after["rows"]] == list(range(1, after["version"] + 1))
    # The bots play on until it is Asha's turn again or the deal is over.
    await asha.until(lambda s: bool(s["legal"]) or s["view"]["phase"] == "deal", 30)
    assert asha.errors == [] and esha.errors == [], (asha.errors, esha.errors)
    await asha.close()
    await esha.close()
