"""A live table seeded at a chosen moment of a deal, for the browser tests of the table page.

``seed_table`` runs inside Django (``manage.py shell``): it makes five verified friends, seats
four of them at Asha's game (Vikram, a long name, in seat 1), lets the engine play a seeded
deal up to the asked-for moment with a simple policy, and saves every change as the site
does (the game's state and version, one ``GameAction`` row per change), so the page opens
exactly there, its log included. It prints the game id and a logged-in session per name.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from allauth.account.models import EmailAddress
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore

from accounts.models import Friendship, User
from game.engine import Match, Rules
from game.models import Game, GameAction
from game.table.store import create_game

NAMES = ["Asha", "Vikramaditya", "Chitra", "Dev", "Esha"]
PASSWORD = "a-long-table-password-29"

Stop = Callable[[Match], bool]


def _stopped_at(moment: str) -> Stop:
    """When to stop: before the named decision is taken."""
    def phase(m: Match) -> str:
        return m.round.phase if m.round is not None else "deal"

    stops: dict[str, Stop] = {
        "bidding": lambda m: phase(m) == "bidding",
        "trump": lambda m: phase(m) == "trump",
        "doubling": lambda m: phase(m) == "doubling",
        "single_hand": lambda m: phase(m) == "single_hand",
        "mid_trick": lambda m: phase(m) == "play" and m.round is not None
        and m.round.tricks_played >= 1 and len(m.round.trick) == 2,
        "last_card": lambda m: phase(m) == "play" and m.round is not None
        and m.round.tricks_played == 7 and len(m.round.trick) == 3,
        "show_trump": lambda m: phase(m) == "play"
        and {"type": "show_trump"} in m.legal_actions(m.turn()[0]),
    }
    return stops[moment]


def _choose(m: Match, rng: random.Random, show_trump: bool) -> tuple[int, dict[str, Any]]:
    """One move of the simple policy: the first hand bids the minimum and everyone else
    passes; the bidder names the first suit; nobody raises the stake; trump is asked for at
    the first chance only when ``show_trump``; cards are picked at random."""
    seat = m.turn()[0]
    legal = m.legal_actions(seat)
    kinds = [a["type"] for a in legal]
    if "bid" in kinds and m.round is not None and m.round.auction.high_seat < 0:
        return seat, min((a for a in legal if a["type"] == "bid"), key=lambda a: a["value"])
    if "trump" in kinds:
        return seat, next(a for a in legal if a["type"] == "trump")
    if "show_trump" in kinds and show_trump:
        return seat, {"type": "show_trump"}
    plays = [a for a in legal if a["type"] == "play"]
    if plays:
        return seat, rng.choice(plays)
    return seat, {"type": "pass"}


def _session(user: User) -> str:
    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return str(store.session_key)


def _people(tag: str, **preferences: Any) -> list[User]:
    """The five verified friends of Asha (the first), their emails kept apart by ``tag``,
    each with ``preferences`` (such as ``four_colour=True``)."""
    people = []
    for name in NAMES:
        email = f"{name.lower()}{tag}@example.com"
        user = User.objects.create_user(email, PASSWORD, first_name=name, **preferences)
        EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
        people.append(user)
    for other in people[1:]:
        Friendship.objects.create(user=people[0], friend=other)
        Friendship.objects.create(user=other, friend=people[0])
    return people


def seed_waiting(tag: str = "", computers: int = 0) -> None:
    """Print {"game", "sessions"} for a game nobody has opened yet: Asha hosts, the last
    ``computers`` seats hold computer players, her friends the others."""
    people = _people(tag)
    seats: list[User | str] = [*people[: 4 - computers], *["easy"] * computers]
    game = create_game(people[0], "Friday 29", seats)
    print(json.dumps({"game": game.pk, "sessions": {p.first_name: _session(p) for p in people}}))


def seed_with_computers(name: str, levels: list[str], tag: str = "", **fields: Any) -> None:
    """Print {"game", "sessions"} for Asha's game ``name`` nobody has opened yet: Asha in
    seat 1, computer players of ``levels`` in the other three, Esha (her friend) free to
    watch; ``fields``: other columns of the game (such as ``turn_timer=30``)."""
    people = _people(tag)
    asha, esha = people[0], people[4]
    game = create_game(asha, name, [asha, *levels], **fields)
    print(json.dumps({
        "game": game.pk, "sessions": {p.first_name: _session(p) for p in (asha, esha)},
    }))


def seed_table(
    moment: str,
    seed: int = 0,
    show_trump: bool = True,
    tag: str = "",
    score: tuple[int, int] = (0, 0),
    deals_before: int = 0,
    hints: str = "solo",
    **preferences: Any,
) -> None:
    """Print {"game", "sessions", "turn"} for a table stopped at ``moment``: one of bidding,
    trump, doubling, single_hand, mid_trick, last_card (the deal's last card is still to be played),
    show_trump (the seat to play may ask for trump; use ``show_trump=False``).
    ``tag`` keeps the emails of several seeded tables on one site apart; ``score`` is the
    score before the first deal, ``deals_before`` how many whole deals are played first;
    ``hints``: the host's option (``"on"`` offers the Hint button to everyone);
    ``preferences``: everyone's (such as ``four_colour=True``)."""
    people = _people(tag, **preferences)
    game = create_game(
        people[0], "Friday 29", people[:4], joined=True,
        conference_link="https://meet.example.com/29", hints=hints,
    )
    match = Match(Rules(), dealer=0, seed=seed)
    match.score = list(score)
    rng = random.Random(seed)
    changes: list[tuple[int | None, dict[str, Any], list[dict[str, Any]]]] = []
    for _ in range(deals_before):
        changes.append((None, {"type": "deal"}, match.deal()))
        while match.round is not None:
            seat, action = _choose(match, rng, show_trump)
            changes.append((seat, action, match.apply(seat, action)))
    changes.append((None, {"type": "deal"}, match.deal()))
    stop = _stopped_at(moment)
    while not stop(match):
        assert match.round is not None, f"seed {seed} ended the deal before {moment}"
        seat, action = _choose(match, rng, show_trump)
        changes.append((seat, action, match.apply(seat, action)))
    for seq, (by, action, events) in enumerate(changes, start=1):
        actor = people[by] if by is not None else None
        GameAction.objects.create(game=game, seq=seq, seat=by, actor=actor,
                                  action=action, events=events)
    Game.objects.filter(pk=game.pk).update(state=match.to_json(), version=len(changes))
    print(json.dumps({
        "game": game.pk,
        "sessions": {p.first_name: _session(p) for p in people},
        "turn": match.turn(),
    }))


def seed_deciding_card(seed: int = 0, tag: str = "") -> None:
    """Print {"game", "sessions", "winner"} for a match to one set among four computer players whose
    last card decides it: Asha hosts and Esha, her friend, may watch; the deal stands before
    its last card, and the bidding team's score is +5 when that card makes the contract, -5
    when it fails, so the card ends the match with a set either way. ``tag`` keeps the emails
    of several such games on one site apart."""
    asha, esha = _people(f"-deciding-{seed}{tag}")[::4]
    match = Match(Rules(), dealer=0, seed=seed)
    rng = random.Random(seed)
    changes: list[tuple[int | None, dict[str, Any], list[dict[str, Any]]]] = [
        (None, {"type": "deal"}, match.deal())
    ]
    stop = _stopped_at("last_card")
    while not stop(match):
        assert match.round is not None, f"seed {seed} ended the deal before its last card"
        seat, action = _choose(match, rng, show_trump=True)
        changes.append((seat, action, match.apply(seat, action)))
    ahead = Match.from_json(match.to_json())
    seat = ahead.turn()[0]
    ahead.apply(seat, ahead.legal_actions(seat)[0])
    bidders = 0 if ahead.score[0] != 0 else 1
    made = ahead.score[bidders] > 0
    match.score[bidders] = 5 if made else -5
    game = create_game(asha, "Asha's last set", ["easy"] * 4, play_to=1)
    for seq, (by, action, events) in enumerate(changes, start=1):
        GameAction.objects.create(game=game, seq=seq, seat=by, actor=None,
                                  action=action, events=events)
    Game.objects.filter(pk=game.pk).update(state=match.to_json(), version=len(changes))
    print(json.dumps({
        "game": game.pk, "sessions": {p.first_name: _session(p) for p in (asha, esha)},
        "winner": bidders if made else 1 - bidders,
    }))
