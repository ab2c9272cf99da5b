"""The rule-based player plays sensibly: checked at every decision of many random deals.

The test watches the real Match (it may see every card); the bots only get their
seat's view and the public events.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from bench.sparring import choose_action
from game.bots.rule_based import hand_limit
from game.engine import Match
from game.engine.cards import INDEX, POINTS
from game.engine.deck import packet
from game.engine.play import trick_winner
from tests.bots.conftest import SCALE
from tests.bots.tables import random_rules


def winner_now(m: Match) -> tuple[int, list[list[int]]]:
    """The seat winning the current trick so far, and the trick."""
    r = m.round
    assert r is not None
    counting = r.trump if r.trump_shown and r.sh_caller < 0 else -1
    return trick_winner(r.trick, counting), r.trick


def check_play(m: Match, seat: int, action: dict[str, Any], legal: list[dict[str, Any]]) -> str:
    """Check one play decision of a regular round; returns the behaviour it showed."""
    r = m.round
    assert r is not None
    if {"type": "marriage"} in legal:
        assert action == {"type": "marriage"}, "a marriage is always declared"
        return "marriage"
    if not r.trick or r.sh_caller >= 0 or action["type"] != "play":
        if action["type"] == "show_trump" and r.trick:
            return "asked"
        return ""
    cards = [INDEX[a["card"]] for a in legal if a["type"] == "play"]
    card = INDEX[action["card"]]
    best, trick = winner_now(m)
    last = len(trick) == 3
    counting = r.trump if r.trump_shown else -1
    after = trick_winner([*trick, [seat, card]], counting)
    partner_winning = best % 2 == seat % 2
    if not partner_winning and after != seat and any(POINTS[c] == 0 for c in cards):
        assert POINTS[card] == 0, "points thrown onto the opponents' trick"
        return "no points thrown"
    if last and partner_winning and counting >= 0 and card >> 3 == counting != trick[0][1] >> 3:
        assert all(c >> 3 == counting for c in cards), "trumped the partner's winning trick"
    if last and not partner_winning:
        winners = [c for c in cards if trick_winner([*trick, [seat, c]], counting) == seat]
        if winners and sum(POINTS[c] for _, c in trick):
            assert after == seat, "let the opponents keep a trick with points it could take"
            return "took the trick"
    kept = r.trump if seat == r.bidder or r.trump_shown else -1  # trumps it may keep
    if last and partner_winning and any(POINTS[c] and c >> 3 != kept for c in cards):
        assert (
            POINTS[card]
            or card >> 3 == kept
            or all(POINTS[c] >= 2 for c in cards if POINTS[c] and c >> 3 != kept)
        ), "no points on the partner's trick"
        return "smeared"
    return ""


def test_it_bids_picks_trump_and_plays_like_a_club_player() -> None:
    rnd = random.Random(7)
    shown: Counter[str] = Counter()
    for n in range(150 * SCALE):
        m = Match(random_rules(rnd), dealer=n % 4, seed=n)
        history = m.deal()
        while m.round is not None:
            r = m.round
            seat = m.turn()[0]
            legal = m.legal_actions(seat)
            action = choose_action(m.rules, seat, m.view(seat), history, level="rule", seed=n)
            assert action is not None
            if r.phase == "bidding" and action["type"] == "bid" and {"type": "pass"} in legal:
                first_four = sum(1 << c for c in packet(r.deck, r.first, seat, False))
                assert action["value"] <= hand_limit(first_four), "called above its hand"
                shown["bid"] += 1
            elif r.phase == "trump" and action["type"] == "trump":
                held = {c[1] for c in m.view(seat)["hand"]}
                assert action["suit"] in held, "a trump it does not hold"
                shown["trump"] += 1
            elif r.phase == "play" and r.sh_caller < 0:
                shown[check_play(m, seat, action, legal)] += 1
                if (
                    action["type"] == "show_trump"
                    and seat != r.bidder
                    and [a for a in legal if a["type"] == "play"]
                ):
                    best, _ = winner_now(m)
                    assert best % 2 != seat % 2, "asked for trump on the partner's trick"
            history += m.apply(seat, action)
    for behaviour in ("bid", "trump", "no points thrown", "took the trick", "smeared", "asked"):
        assert shown[behaviour] > 0, behaviour
