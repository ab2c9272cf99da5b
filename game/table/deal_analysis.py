"""The analysis of one finished deal, decision by decision (run in the bot worker: no Django).

The deal is replayed from its deck, its dealer and its actions. For each decision with
a choice, the strong player (``choose_action``, seeded so the analysis is reproducible)
decides from that seat's view and the public events then, as it would have at the
table; in the play phase ``game.bots.coach.expectations`` values the played and the
suggested card over deals sampled from that seat's knowledge, and when every card of
the deal was played ``game.bots.coach.exact_values`` solves the real deal with every
hand known and says what each card cost. ``turning_points`` picks out the decisions
that mattered most. ``private`` marks an item that would reveal a card never played or
a trump never shown: ``game.table.deal_review`` sends it only to that seat's player.
"""

from __future__ import annotations

from typing import Any

from game.bots import choose_action
from game.bots.coach import action_key, exact_values, expectations, reason
from game.engine import Match, Rules

# The strong player's thinking per decision reviewed (seeded: counted work, not time).
REVIEW_BUDGET_S = 0.1
# CPU seconds of one piece of an analysis in the worker: a computer player's move waits at
# most about this long (plus one decision) behind it.
SLICE_S = 0.1
# Sampled deals valuing the played and the suggested card of one decision.
REVIEW_DEALS = 6
# Decisions shown as turning points: at most this many, and only ones that cost this much.
TURNING_POINTS = 3
TURNING_GAME_POINTS = 0.5
TURNING_SHARE = 0.25

Action = tuple[int, dict[str, Any]]


def replay(
    rules: Rules, dealer: int, deck: list[str], actions: list[Action], upto: int
) -> tuple[Match, list[dict[str, Any]]]:
    """The deal after its first ``upto`` actions, and its public events until then."""
    m = Match(rules, dealer=dealer)
    history = m.deal(deck)
    for seat, action in actions[:upto]:
        history += m.apply(seat, action)
    return m, history


def analyse_decision(
    rules: Rules,
    dealer: int,
    deck: list[str],
    actions: list[Action],
    at: int,
    played_out: list[str],
    trump_shown: bool,
) -> dict[str, Any] | None:
    """The analysis of action ``at`` of the deal (None when the seat had no choice).

    ``played_out``: the cards played in the deal (public; when all 32 were, the real deal
    is solved with every hand known); ``trump_shown``: whether the table saw the trump.
    """
    exact = len(played_out) == 32
    m, history = replay(rules, dealer, deck, actions, at)
    seat, played = actions[at]
    legal = m.legal_actions(seat)
    if len(legal) <= 1 or played["type"] == "marriage":
        return None
    r = m.round
    assert r is not None
    phase = r.phase
    view = m.view(seat)
    suggested = choose_action(
        rules, seat, view, history, level="strong", budget_s=REVIEW_BUDGET_S, seed=at
    )
    if suggested is None:
        return None
    item: dict[str, Any] = {
        "at": at,
        "seat": seat,
        "phase": phase,
        "trick": r.tricks_played + 1 if phase == "play" else None,
        "played": played,
        "suggested": suggested,
        "same": suggested == played,  # a call of 19 is not a call of 16
        "expected": None,
        "exact": None,
        # The call standing then: a call of the same value matches it (public, as every call).
        "high": r.auction.high if phase == "bidding" and r.auction.high_seat >= 0 else None,
    }
    if phase == "play" and played["type"] in ("play", "show_trump"):
        worth = expectations(rules, seat, view, history, REVIEW_DEALS, seed=at)
        mine, best = worth.get(action_key(played)), worth.get(action_key(suggested))
        if mine is not None and best is not None:
            item["expected"] = {
                "played": round(mine.value, 2),
                "suggested": round(best.value, 2),
                "made_played": round(mine.made, 2),
                "made_suggested": round(best.made, 2),
            }
        if exact and seat == r.to_play:
            item["exact"] = _exact(m, seat, played)
    if phase == "bidding" and not item["same"]:
        # Why the strong player would call otherwise, from the seat's four cards (so shown only
        # to the person who held them: ``deal_history.review_for``).
        why = reason(rules, seat, view, history, suggested)
        item["why"] = list(why) if why else None
    item["private"] = _private(item, set(played_out), trump_shown)
    return item


def _exact(m: Match, seat: int, played: dict[str, Any]) -> dict[str, Any] | None:
    """What the played card cost against the best with every hand known."""
    values = exact_values(m, seat)
    mine = values.get(action_key(played))
    if mine is None:
        return None
    top = max(values.values())
    best = sorted(key.removeprefix("play ") for key, value in values.items() if value == top)
    return {
        "played": list(mine),
        "best": list(top),
        "best_moves": best,
        "cost": [top[0] - mine[0], top[1] - mine[1]],
    }


def played_cards(events: list[dict[str, Any]]) -> list[str]:
    """The cards played in a deal, from its public events."""
    return [e["card"] for e in events if e["type"] == "play"]


def trump_shown(events: list[dict[str, Any]]) -> bool:
    """Whether the table saw the trump, from the deal's public events."""
    return any(e["type"] == "trump_shown" for e in events)


def _private(item: dict[str, Any], played_out: set[str], trump_shown: bool) -> bool:
    """Whether the item names a card never played or a trump never shown (a suit suggested as
    trump other than the one chosen and shown is one: it was picked from the bidder's hand)."""
    chosen = item["played"].get("suit") if item["played"]["type"] == "trump" else None
    for action in (item["played"], item["suggested"]):
        if action["type"] == "play" and action["card"] not in played_out:
            return True
        if action["type"] == "trump" and (not trump_shown or action["suit"] != chosen):
            return True
    exact = item["exact"]
    return bool(exact) and any(card not in played_out for card in exact["best_moves"]
                               if card != "show_trump")


def turning_points(items: list[dict[str, Any]]) -> list[int]:
    """The ``at`` of the decisions that cost the most (at most ``TURNING_POINTS``): by the
    exact solution when there is one, else by what the strong player expected."""
    scored: list[tuple[float, int]] = []
    for item in items:
        exact, expected = item.get("exact"), item.get("expected")
        if exact is not None:
            cost = exact["cost"][0] + exact["cost"][1] / 64
            if exact["cost"][0] >= 1:
                scored.append((cost, item["at"]))
        elif expected is not None and not item["same"]:
            gain = expected["suggested"] - expected["played"]
            swing = abs(expected["made_suggested"] - expected["made_played"])
            if gain >= TURNING_GAME_POINTS or swing >= TURNING_SHARE:
                scored.append((gain, item["at"]))
    scored.sort(reverse=True)
    return sorted(at for _cost, at in scored[:TURNING_POINTS])
