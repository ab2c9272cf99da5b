"""The host's resets from the dashboard: score, round, deck and all, each confirmed first."""

from __future__ import annotations

import pytest

from accounts.models import User
from game.engine import Match
from game.models import Game, GameAction
from tests.site.conftest import login, start, text


@pytest.fixture
def game_in_play(owner_game: Game) -> Game:
    return start(owner_game)


def test_it_offers_the_resets_once_play_has_started(owner: User, owner_game: Game) -> None:
    assert "Resets become available once play has started" in text(login(owner).get("/"))
    start(owner_game)
    page = text(login(owner).get("/"))
    for what in ("score", "round", "deck", "all"):
        assert f"/games/{owner_game.pk}/reset/{what}/" in page


@pytest.mark.parametrize("what", ["score", "round", "deck", "all"])
def test_it_asks_before_resetting(owner: User, game_in_play: Game, what: str) -> None:
    page = text(login(owner).get(f"/games/{game_in_play.pk}/reset/{what}/"))
    assert f"for {game_in_play.name}?" in page
    assert '<form method="post">' in page
    assert not GameAction.objects.filter(game=game_in_play).exists()
    assert Game.objects.get(pk=game_in_play.pk).version == game_in_play.version


@pytest.mark.parametrize(
    ("what", "title"),
    [
        ("score", "Reset score"),
        ("round", "Reset round"),
        ("deck", "Reset deck"),
        ("all", "Reset all"),
    ],
)
def test_it_resets_when_the_host_confirms(
    owner: User, game_in_play: Game, what: str, title: str
) -> None:
    page = text(login(owner).post(f"/games/{game_in_play.pk}/reset/{what}/", follow=True))
    assert f"{title} done for Olive's table." in page
    game = Game.objects.get(pk=game_in_play.pk)
    assert game.version > game_in_play.version
    logged = GameAction.objects.get(game=game, seq=game.version)
    assert logged.action == {"type": "reset", "what": what}
    assert logged.actor_id == owner.pk


def test_it_zeroes_the_score_on_a_score_reset(owner: User, game_in_play: Game) -> None:
    login(owner).post(f"/games/{game_in_play.pk}/reset/score/")
    view = Match.from_json(Game.objects.get(pk=game_in_play.pk).state).view(None)
    assert view["score"] == [0, 0]
    assert view["sets"] == [[0, 0], [0, 0]]


def test_it_says_why_a_game_not_started_cannot_be_reset(owner: User, owner_game: Game) -> None:
    page = text(login(owner).post(f"/games/{owner_game.pk}/reset/all/", follow=True))
    assert "Reset all not done: The game has not started yet" in page
    assert Game.objects.get(pk=owner_game.pk).version == owner_game.version


def test_it_refuses_a_reset_to_anyone_but_the_host(
    friend: User, outsider: User, game_in_play: Game
) -> None:
    assert login(friend).post(f"/games/{game_in_play.pk}/reset/score/").status_code == 403
    assert login(outsider).post(f"/games/{game_in_play.pk}/reset/score/").status_code == 404
    assert Game.objects.get(pk=game_in_play.pk).version == game_in_play.version


def test_it_knows_only_the_four_resets(owner: User, game_in_play: Game) -> None:
    assert login(owner).post(f"/games/{game_in_play.pk}/reset/everything/").status_code == 404
    assert Game.objects.get(pk=game_in_play.pk).version == game_in_play.version


def test_the_dashboards_rematch_waits_for_the_matchs_end_and_is_the_hosts(
    owner: User, friend: User, game_in_play: Game
) -> None:
    url = f"/games/{game_in_play.pk}/rematch/"
    page = text(login(owner).post(url, follow=True))
    assert "Rematch not started: The match is not over yet" in page
    assert login(friend).post(url).status_code == 403
    assert login(owner).get(url).status_code == 405
    saved = Game.objects.get(pk=game_in_play.pk)
    assert (saved.version, saved.match_no) == (game_in_play.version, 1)


def test_the_confirm_page_resets_only_the_deal_it_showed(owner: User, game_in_play: Game) -> None:
    client = login(owner)
    page = text(client.get(f"/games/{game_in_play.pk}/reset/round/"))
    deal = Match.from_json(game_in_play.state).round_no
    assert f'name="deal" value="{deal}"' in page
    url = f"/games/{game_in_play.pk}/reset/round/"
    assert "Reset round done" in text(client.post(url, {"deal": str(deal)}, follow=True))
    # Submitted again (a double click, or the page left open): the next deal stays.
    again = text(client.post(url, {"deal": str(deal)}, follow=True))
    assert f"Reset round not done: Deal {deal} has ended already" in again
    assert GameAction.objects.filter(game=game_in_play, action__type="reset").count() == 1


def test_a_malformed_deal_number_resets_nothing(owner: User, game_in_play: Game) -> None:
    url = f"/games/{game_in_play.pk}/reset/round/"
    for posted in ("abc", "-1", "1e3", "99999999999"):
        page = text(login(owner).post(url, {"deal": posted}, follow=True))
        assert "Reset round not done: the deal this page was drawn for is not a deal number." in (
            page), posted
    assert not GameAction.objects.filter(game=game_in_play, action__type="reset").exists()
    assert Game.objects.get(pk=game_in_play.pk).version == game_in_play.version
