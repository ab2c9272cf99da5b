"""A match that ends: with "play to" set, the table stops dealing once a team has won that many
sets, every socket is told who won, the deal's record says so, and the host's rematch starts a
new match on the same seats and options that every socket moves to."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone
from pytest_django.fixtures import Settings

from accounts.models import User
from game.engine import Match, Rules
from game.models import DealRecord, Game
from game.table import match_end
from game.table.store import create_game
from game.table.wire import saved_match
from tests.table.test_bots import BOT_TIMEOUT, open_game, received_events


@pytest.fixture(autouse=True)
def _quick_bots(settings: Settings) -> None:
    settings.BOT_DELAY = 0


def _match(score: list[int], sets: list[list[int]]) -> Match:
    match = Match(Rules(), dealer=0, seed=3)
    match.score = list(score)
    match.sets = [list(s) for s in sets]
    return match


@pytest.mark.parametrize(
    ("sets", "play_to", "won"),
    [
        ([[0, 0], [0, 0]], 1, None),
        ([[1, 0], [0, 0]], 1, 0),
        ([[0, 0], [0, 1]], 1, 0),  # the other team's black set is a set won
        ([[0, 1], [2, 0]], 3, 1),  # 0 + 0 against 2 + 1
        ([[2, 0], [0, 0]], 3, None),
        ([[5, 0], [0, 0]], 0, None),  # no end
    ],
)
def test_it_names_the_winner_from_red_and_black_sets(
    sets: list[list[int]], play_to: int, won: int | None
) -> None:
    assert match_end.winner(_match([0, 0], sets), play_to) == won


def test_it_adds_the_match_end_only_to_a_deal_that_ends_the_match() -> None:
    over = _match([0, 0], [[1, 0], [0, 0]])
    round_end = [{"type": "round_end"}]
    assert match_end.with_match_end(round_end, over, 3, 1) == round_end
    assert match_end.with_match_end([{"type": "bid"}], over, 1, 1) == [{"type": "bid"}]
    assert match_end.with_match_end(round_end, over, 1, 2)[-1] == {
        "type": "match_end", "winner": 0, "sets_won": [1, 0], "score": [0, 0], "number": 2,
    }


def _near_the_end(owner: User) -> Game:
    """Four easy computer players, first to win one set, team 0 one point from a red set and
    team 1 one point from a black set: most scored deals end the match."""
    match = _match([5, -5], [[0, 0], [0, 0]])
    return create_game(
        owner, "Last deal", ["easy", "easy", "easy", "easy"],
        state=saved_match(match), next_deal_at=timezone.now(), play_to=1,
    )


def _over(state: dict[str, Any]) -> bool:
    return state["table"]["match"]["winner"] is not None


async def test_it_ends_the_match_and_the_host_starts_a_rematch(owner: User, friend: User) -> None:
    game = await database_sync_to_async(_near_the_end)(owner)
    olive = await open_game(game.pk, owner)  # the host, watching
    farid = await open_game(game.pk, friend)
    await olive.send({"type": "rematch"})
    assert (await olive.next_error())["code"] == "match_not_over"

    over = await olive.until(_over, BOT_TIMEOUT * 4)
    # Usually team 0 wins the first scored deal; the computer players' play is not seeded, so
    # team 1 may win a few deals first and then its set: either way one set ends the match.
    winner = over["table"]["match"]["winner"]
    sets_won = [1, 0] if winner == 0 else [0, 1]
    assert over["table"]["match"] == {"play_to": 1, "sets_won": sets_won, "winner": winner,
                                      "number": 1}
    assert over["view"]["phase"] == "deal"
    assert over["table"]["next_deal_in"] is None  # no next deal
    (end,) = [e for e in received_events(olive) if e["type"] == "match_end"]
    assert end["winner"] == winner and end["sets_won"] == sets_won and end["number"] == 1
    record = await DealRecord.objects.filter(game=game).order_by("-number").afirst()
    assert record is not None and record.summary["match_winner"] == winner
    assert record.match_no == 1
    await farid.until(_over)

    await farid.send({"type": "rematch"})
    assert (await farid.next_error())["code"] == "not_host"
    await olive.send({"type": "reset", "what": "round"})
    assert (await olive.next_error())["code"] == "match_over"

    await olive.send({"type": "rematch"})
    for client in (olive, farid):
        again = await client.until(lambda s: s["table"]["match"]["number"] == 2)
        assert again["table"]["match"] == {"play_to": 1, "sets_won": [0, 0], "winner": None,
                                           "number": 2}
        assert again["view"]["score"] == [0, 0]
        assert again["events"][0] == {"type": "rematch", "number": 2}
        # The old match's deciding deal is not this match's "Last deal" (unless the new
        # match's first deal was annulled as it was dealt).
        last = again["view"]["last_round"]
        if any(e["type"] in ("round_end", "annulled") for e in again["events"]):
            assert last["annulled"]
        else:
            assert last is None
        # Dealt at once (a deal may be annulled as it is dealt: its first packet is there).
        assert {"type": "deal", "dealer": again["events"][1]["dealer"], "packet": 1} in again[
            "events"
        ]
    saved = await Game.objects.aget(pk=game.pk)
    assert saved.match_no == 2 and saved.play_to == 1
    await olive.close()
    await farid.close()


async def test_a_score_reset_after_the_match_ends_starts_the_next_match(
    owner: User, friend: User
) -> None:
    game = await database_sync_to_async(_near_the_end)(owner)
    olive = await open_game(game.pk, owner)
    await olive.until(_over, BOT_TIMEOUT * 4)
    await olive.send({"type": "reset", "what": "score"})
    again = await olive.until(lambda s: s["table"]["match"]["number"] == 2)
    assert again["table"]["match"]["winner"] is None
    assert again["table"]["match"]["sets_won"] == [0, 0]
    assert again["events"][:2] == [
        {"type": "rematch", "number": 2},
        {"type": "reset", "what": "score"},
    ]
    saved = await Game.objects.aget(pk=game.pk)
    assert saved.match_no == 2
    await olive.close()
