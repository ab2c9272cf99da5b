"""Bots only ever return legal actions, in every phase and option, over thousands of deals."""

from __future__ import annotations

import random
from collections import Counter

from game.engine import Match
from tests.bots.conftest import SCALE
from tests.bots.tables import play_deal, random_rules

# Every (phase, action type) a bot must be able to return somewhere under some rules.
EVERY_SITUATION = {
    ("bidding", "bid"),
    ("bidding", "pass"),
    ("trump", "trump"),
    ("trump", "seventh_card"),
    ("doubling", "double"),
    ("doubling", "redouble"),
    ("doubling", "set_double"),
    ("doubling", "pass"),
    ("seventh_card", "redouble"),
    ("seventh_card", "pass"),
    ("single_hand", "single_hand"),
    ("single_hand", "pass"),
    ("single_hand_doubling", "double"),
    ("single_hand_doubling", "redouble"),
    ("single_hand_doubling", "pass"),
    ("play", "play"),
    ("play", "show_trump"),
    ("play", "marriage"),
}


def test_it_plays_thousands_of_deals_legally_reaching_every_situation() -> None:
    """Rule-based and easy bots with a random-legal seat now and then (so that the rare
    calls come up), under random combinations of every rule option."""
    rnd = random.Random(29)
    seen: Counter[tuple[str, str]] = Counter()
    endings: Counter[str] = Counter()
    deals = 1200 * SCALE
    for n in range(deals // 3):
        m = Match(random_rules(rnd), dealer=n % 4, seed=n)
        for _ in range(3):
            levels = {s: rnd.choice(["rule", "rule", "easy", "random"]) for s in range(4)}
            play_deal(m, rnd, levels, seen=seen)
            last = m.last_round
            assert last is not None
            endings[last["reason"] if last["annulled"] else last["kind"]] += 1
    assert set(seen) >= EVERY_SITUATION, EVERY_SITUATION - set(seen)
    assert endings["regular"] > deals // 2 and endings["single_hand"] > 0
