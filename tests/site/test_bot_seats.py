"""Computer players on the host's pages: bot seats with a level on the host form, a "computer"
badge wherever a seat is shown, and the host's hand-over of a seat and back."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from accounts.models import User
from game.engine import Match
from game.models import Game, GameAction
from game.table import cache, seat_changes, service, store
from game.table.errors import TableError
from game.table.seats import DealHistories
from game.table.store import create_game
from tests.seats import levels, seat_ids, user_in
from tests.site.conftest import MakePerson, befriend, login, start, text
from tests.site.test_hosting import form_data

BADGE = '<span class="badge computer"'


def test_it_offers_a_computer_player_of_either_level_in_every_seat(owner: User) -> None:
    page = text(login(owner).get("/host/"))
    for seat in range(4):
        field = page.split(f'name="seat_{seat}"')[1].split("</select>")[0]
        assert '<option value="bot:easy">Computer player - easy' in field
        assert '<option value="bot:strong">Computer player - strong' in field


def test_it_hosts_one_person_and_three_computer_players(owner: User, friend: User) -> None:
    data = form_data(seat_0=owner.pk, seat_1="bot:strong", seat_2="bot:easy", seat_3="bot:strong")
    response = login(owner).post("/host/", data)
    assert response.status_code == 302
    game = Game.objects.get(host=owner)
    assert seat_ids(game.pk) == [owner.pk, None, None, None]
    assert levels(game.pk) == ["", "strong", "easy", "strong"]

    host_page = text(login(owner).get("/"))
    assert "Olive & Charu" in host_page
    card = host_page.split('<article class="game-card"')[1].split("</article>")[0]
    assert card.count(BADGE) == 3
    assert 'title="Computer player (easy)"' in host_page
    friend_page = text(login(friend).get("/"))
    view = friend_page.split('id="view"')[1]
    assert "Bela" in view and BADGE in view

    edit = text(login(owner).get(f"/games/{game.pk}/edit/"))
    seat_2 = edit.split('name="seat_2"')[1].split("</select>")[0]
    assert '<option value="bot:easy" selected>' in seat_2


def test_a_new_games_timer_is_off_for_one_person_with_computers_unless_the_host_picks_one(
    owner: User, friend: User
) -> None:
    """Nobody waits on a person who plays alone with computer players: the new game's timer is
    automatic (a newcomer reading a deal's analysis had their call made for them, and their seat
    taken, by the default minute); with another person seated it is the minute, and a length
    the host picks is kept."""
    page = text(login(owner).get("/host/"))
    assert f'value="{owner.display_name}\'s game"' in page  # a name to start from
    field = page.split('name="turn_timer"')[1].split("</select>")[0]
    assert '<option value="" selected>Automatic</option>' in field
    alone = form_data(seat_0=owner.pk, seat_1="bot:strong", seat_2="bot:easy", seat_3="bot:strong")
    together = {**alone, "seat_2": friend.pk}
    for data, timer in ((alone, 0), ({**alone, "turn_timer": "60"}, 60), (together, 60),
                        ({**together, "turn_timer": "0"}, 0)):
        Game.objects.filter(host=owner).delete()
        done = login(owner).post("/host/", {**data, "turn_timer": data.get("turn_timer", "")},
                                 follow=True)
        game = Game.objects.get(host=owner)
        assert store.current(game.pk).turn_timer == timer, (data, timer)
        # Automatic stays automatic: it follows who sits at the table from then on.
        assert (game.turn_timer is None) == ("turn_timer" not in data)
        edit = text(login(owner).get(f"/games/{game.pk}/edit/"))
        chosen = "" if game.turn_timer is None else str(game.turn_timer)
        assert f'<option value="{chosen}" selected>' in edit.split('name="turn_timer"')[1]
        # The host has a friend (Farid), who sees the game on his dashboard.
        assert "Friday 29 is ready. Your friends see it on their dashboards." in text(done)


def test_a_host_without_friends_is_not_told_that_friends_see_the_game(owner: User) -> None:
    data = form_data(seat_0=owner.pk, seat_1="bot:easy", seat_2="bot:easy", seat_3="bot:easy")
    page = text(login(owner).post("/host/", data, follow=True))
    assert "Friday 29 is ready." in page and "Your friends see it" not in page


def test_it_changes_a_computer_players_level_and_seats_a_friend_instead(
    owner: User, friend: User
) -> None:
    game = create_game(owner, "Bots", [owner, "easy", None, None])
    data = form_data(seat_0=owner.pk, seat_1="bot:strong", seat_2="", seat_3="")
    assert login(owner).post(f"/games/{game.pk}/edit/", data).status_code == 302
    game.refresh_from_db()
    assert levels(game.pk) == ["", "strong", "", ""]
    data = form_data(seat_0=owner.pk, seat_1=friend.pk, seat_2="", seat_3="")
    assert login(owner).post(f"/games/{game.pk}/edit/", data).status_code == 302
    game.refresh_from_db()
    assert levels(game.pk) == ["", "", "", ""]
    assert seat_ids(game.pk) == [owner.pk, friend.pk, None, None]


def test_it_refuses_a_level_that_does_not_exist(owner: User) -> None:
    response = login(owner).post("/host/", form_data(seat_0=owner.pk, seat_1="bot:genius"))
    assert "Only you and your friends can take a seat." in text(response)
    assert not Game.objects.filter(host=owner).exists()


@pytest.fixture
def full_game(owner: User, friend: User, make_person: MakePerson) -> Game:
    """Olive, Farid, Gita and Hari seated, play started."""
    seated = [owner, friend]
    for email, name in (("gita@example.com", "Gita"), ("hari@example.com", "Hari")):
        person = make_person(email, name)
        befriend(owner, person)
        seated.append(person)
    game = create_game(owner, "Full table", seated)
    return start(game)


def test_it_hands_a_seat_to_a_computer_player_and_back_from_the_dashboard(
    owner: User, friend: User, full_game: Game
) -> None:
    host = login(owner)
    page = text(host.get("/"))
    assert f"/games/{full_game.pk}/seats/1/computer/" in page
    state_before = full_game.state

    response = host.post(f"/games/{full_game.pk}/seats/1/computer/", {"level": "easy"})
    assert response.status_code == 302
    full_game.refresh_from_db()
    assert levels(full_game.pk) == ["", "easy", "", ""]
    assert user_in(full_game.pk, 1) == friend.pk
    assert full_game.state == state_before  # the game goes on as it was
    logged = GameAction.objects.get(game=full_game, seq=full_game.version)
    assert logged.events == [
        {"type": "handover", "seat": 1, "to": "computer", "level": "easy",
         "name": "Bela", "player": "Farid"},
        {"type": "seated", "seat": 1, "name": "Bela", "computer": "easy",
         "was": "Farid", "was_computer": ""},
    ]
    page = text(host.get("/"))
    assert "Bela now plays seat 2." in page
    assert "Give back to Farid" in page
    assert "(for Farid)" in page
    # Farid still finds the game under Join, shown with the computer player in his seat.
    join = text(login(friend).get("/")).split('id="join"')[1]
    assert "Full table" in join and "Bela" in join and BADGE in join
    # The host form keeps the seat handed over while Farid stays in it.
    edit = text(host.get(f"/games/{full_game.pk}/edit/"))
    assert "A computer player (easy) plays this seat for now" in edit

    response = host.post(f"/games/{full_game.pk}/seats/1/back/")
    assert response.status_code == 302
    full_game.refresh_from_db()
    assert levels(full_game.pk) == ["", "", "", ""]
    assert full_game.state == state_before
    assert GameAction.objects.get(game=full_game, seq=full_game.version).events[0]["to"] == "player"


def test_it_lets_only_the_host_hand_seats_over(
    owner: User, friend: User, outsider: User, full_game: Game
) -> None:
    version = full_game.version
    seats = f"/games/{full_game.pk}/seats"
    for path in (f"{seats}/0/computer/", f"{seats}/0/back/"):
        assert login(friend).post(path, {"level": "strong"}).status_code == 403
        assert login(outsider).post(path, {"level": "strong"}).status_code == 404
        assert login(owner).get(path).status_code == 405
    full_game.refresh_from_db()
    assert full_game.version == version
    assert levels(full_game.pk) == ["", "", "", ""]
    assert "Hand to a computer player" not in text(login(friend).get("/"))


def test_it_explains_a_hand_over_that_cannot_be_done(owner: User, full_game: Game) -> None:
    host = login(owner)
    page = text(host.post(f"/games/{full_game.pk}/seats/2/computer/", {"level": "genius"},
                          follow=True))
    assert "Seat 3 not handed over: Choose a level: easy or strong." in page
    page = text(host.post(f"/games/{full_game.pk}/seats/2/back/", follow=True))
    assert "Seat 3 not given back: Seat 3 is not held by a computer player." in page
    page = text(host.post(f"/games/{full_game.pk}/seats/9/back/", follow=True))
    assert "There are four seats, 1 to 4." in page
    full_game.refresh_from_db()
    assert levels(full_game.pk) == ["", "", "", ""]


def test_it_refuses_the_replaced_persons_move_even_from_the_cached_table(
    owner: User, full_game: Game
) -> None:
    match = Match.from_json(full_game.state)
    seat = match.turn()[0]
    person = user_in(full_game.pk, seat)
    assert person is not None
    latest = seat_changes.hand_over(full_game.pk, owner.pk, seat, "strong")
    cache.remember(latest)  # as announcing it does: the quick path would start from it
    move = match.legal_actions(seat)[0]
    with pytest.raises(TableError) as refused:
        service.act(full_game.pk, person, move, latest.version)
    assert refused.value.code == "replaced"
    assert Game.objects.get(pk=full_game.pk).version == latest.version


def test_it_gives_bots_the_deals_events_from_the_log_and_from_memory_alike(
    owner_game: Game,
) -> None:
    first = {"type": "deal", "dealer": 0, "packet": 1}
    plays = [{"type": "play", "seat": n % 4, "card": f"C{n}"} for n in range(140)]
    changes: list[list[dict[str, Any]]] = [
        [{"type": "deal", "dealer": 3, "packet": 1}, {"type": "annulled", "reason": "x"}],
        [first],
        [{"type": "bid", "seat": 1, "value": 16, "match": False}],
        [{"type": "reset", "what": "score"}],
        *[[play] for play in plays],
        [{"type": "handover", "seat": 2, "to": "computer", "level": "easy",
          "name": "Charu", "player": None}],
        [{"type": "reset", "what": "round"}, {"type": "deal", "dealer": 0, "packet": 1}],
    ]
    GameAction.objects.bulk_create(
        GameAction(game=owner_game, seq=seq, action={"type": "x"}, events=events)
        for seq, events in enumerate(changes, start=1)
    )
    in_deal = len(changes) - 1  # the version of the hand-over, before the round reset
    expected = [first, changes[2][0], *plays]
    assert service.bot_history(owner_game.pk, in_deal) == expected
    assert service.bot_history(owner_game.pk, len(changes)) == [changes[-1][1]]
    assert service.bot_history(owner_game.pk, 1) == [changes[0][0], changes[0][1]]

    kept = DealHistories()
    for seq, events in enumerate(changes, start=1):
        kept.follow(SimpleNamespace(game_id=owner_game.pk, version=seq, events=events))
        assert kept.get(owner_game.pk, seq) == service.bot_history(owner_game.pk, seq)


def test_the_host_sets_the_computer_players_pace_and_hints_at_any_time(
    owner: User, friend: User, django_capture_on_commit_callbacks: Any
) -> None:
    data = form_data(seat_0=owner.pk, seat_1="bot:strong", seat_2="bot:easy", seat_3="bot:strong")
    login(owner).post("/host/", data)
    game = Game.objects.get(host=owner)
    assert (game.bot_pace, game.hints) == ("normal", "solo")  # the defaults
    start(game)
    edit = f"/games/{game.pk}/edit/"
    with django_capture_on_commit_callbacks(execute=True):  # the table is told on commit
        response = login(owner).post(edit, {**data, "bot_pace": "quick", "hints": "on"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert (game.bot_pace, game.hints) == ("quick", "on")
    latest = cache.cached(game.pk, game.version)
    assert latest is not None and (latest.bot_pace, latest.hints) == ("quick", "on")
    refused = login(owner).post(edit, {**data, "bot_pace": "sleepy"})
    assert refused.status_code == 200
    game.refresh_from_db()
    assert game.bot_pace == "quick"
