"""A person's statistics page: deals played, contracts bid and made, sets and matches won, and
the same with each friend as partner, from the deal records, in the same number of queries
however many deals there are."""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import User
from game.models import DealRecord, Game
from game.stats import statistics
from game.table.store import create_game
from tests.site.conftest import MakePerson, befriend, login, text


def _record(game: Game, number: int, seats: list[User | None], **summary: Any) -> None:
    """A deal record as the table writes it (only what the statistics read matters here)."""
    facts = {"bidder": None, "single_hand": None, "made": None, "new_sets": [],
             **summary}
    DealRecord.objects.create(
        game=game, number=number, version=number, outcome=summary.pop("outcome", "made"),
        summary=facts, events=[],
        **{f"player_{seat}": user for seat, user in enumerate(seats)},
    )


def _people(make_person: MakePerson) -> tuple[User, User, User, User]:
    olive = make_person("olive@example.com", "Olive")
    bilal = make_person("bilal@example.com", "Bilal")
    chitra = make_person("chitra@example.com", "Chitra")
    dev = make_person("dev@example.com", "Dev")
    befriend(olive, chitra)
    befriend(olive, bilal)
    return olive, bilal, chitra, dev


def test_it_counts_deals_contracts_sets_and_matches_with_each_partner(
    make_person: MakePerson,
) -> None:
    olive, bilal, chitra, dev = _people(make_person)
    game = create_game(olive, "Friday 29", [olive, bilal, chitra, dev])
    seats = [olive, bilal, chitra, dev]
    # Olive (seat 0) bids and makes; her team wins a red set.
    _record(game, 1, seats, bidder=0, made=True, outcome="made", new_sets=[[1, 0], [0, 0]])
    # Bilal bids and fails: his team takes a black set, a set won by Olive's team, which
    # ends the match (won by team 0).
    _record(game, 2, seats, bidder=1, made=False, outcome="lost", new_sets=[[0, 0], [0, 1]],
            match_winner=0)
    _record(game, 3, seats, bidder=2, made=False, outcome="lost")
    _record(game, 4, seats, outcome="annulled")
    _record(game, 5, seats, outcome="abandoned")  # a round reset: not counted
    # A Single Hand called by Olive, made; the auction's bidder was Bilal.
    _record(game, 6, seats, bidder=1, single_hand=0, made=True, outcome="made")
    # Seat 0 played by a computer player for Olive: not hers.
    _record(game, 7, [None, bilal, chitra, dev], bidder=0, made=True, outcome="made")
    # Olive with Dev (not a friend) as partner elsewhere: counted for her, no partner line.
    other = create_game(bilal, "Bilal's", [bilal, olive, chitra, dev])
    _record(other, 1, [bilal, olive, chitra, dev], bidder=3, made=True, outcome="made",
            new_sets=[[0, 0], [1, 0]])

    stats = statistics(olive)

    own = stats.own
    assert (own.deals, own.bid, own.made, own.sets, own.matches) == (6, 2, 2, 3, 1)
    assert [partner.display_name for partner, _ in stats.partners] == ["Chitra"]
    (_, with_chitra), = stats.partners
    assert (with_chitra.deals, with_chitra.bid, with_chitra.made) == (5, 3, 2)
    assert (with_chitra.sets, with_chitra.matches) == (2, 1)


def test_it_reads_the_page_in_the_same_queries_for_one_deal_or_forty(
    make_person: MakePerson,
) -> None:
    olive, bilal, chitra, dev = _people(make_person)
    game = create_game(olive, "Friday 29", [olive, bilal, chitra, dev])
    client = login(olive)
    _record(game, 1, [olive, bilal, chitra, dev], bidder=0, made=True)
    with CaptureQueriesContext(connection) as one:
        page = client.get("/stats/")
    assert page.status_code == 200
    for number in range(2, 41):
        _record(game, number, [olive, bilal, chitra, dev], bidder=0, made=True)
    with CaptureQueriesContext(connection) as forty:
        page = client.get("/stats/")
    assert len(forty.captured_queries) == len(one.captured_queries)
    deal_queries = [q for q in forty.captured_queries if "game_dealrecord" in q["sql"]]
    assert len(deal_queries) == 1
    words = text(page)
    assert "Olive's statistics" in words and "Chitra" in words
    assert '<td data-key="deals">40</td>' in page.content.decode()


def test_it_asks_a_visitor_to_log_in(client: Any) -> None:
    response = client.get("/stats/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
