"""The computer as coach: why the strong player makes a move, what each move is worth.

Small public functions beside ``choose_action`` (they do not reach into the strong
player's search): ``reason`` names a plain reason for a move from what the seat sees (a
call or a pass by the strong player's model of calls, ``bidding.py``),
``expectations`` values the seat's card moves over deals sampled from its Belief and
solved by the compiled solver (its public ``card_values``), and ``exact_values`` solves
a deal whose every hand is known. All of them take only what ``choose_action`` takes,
or (``exact_values``) a whole deal that the table has seen played out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.bots import bidding
from game.bots.inference import auction_weight
from game.bots.solver.position import POINT_SCALE, solved_values
from game.bots.solver.search import card_values
from game.engine.belief import Belief
from game.engine.cards import CODES, SUITS, TOTAL_POINTS, index, points_of, suit_of
from game.engine.match import Match, Move
from game.engine.play import trick_winner
from game.engine.rules import Rules

# Reason codes (the table words them: game.table.hints).
DRAWS_TRUMP = "draws_trump"
KEEPS_PARTNER = "keeps_partner"
FEEDS_PARTNER = "feeds_partner"
WINS_TRICK = "wins_trick"
SAVES_CARDS = "saves_cards"
ASKS_TRUMP = "asks_trump"
SHOWS_TRUMP = "shows_trump"  # the bidder, who knows the trump, shows it to play one
MAKES_CONTRACT = "makes_contract"
BREAKS_CONTRACT = "breaks_contract"
CALL_MAKES = "call_makes"
CALL_FAILS = "call_fails"
PARTNER_HOLDS = "partner_holds"
THEIRS_FAILS = "theirs_fails"
CONTESTS = "contests"
OPENS = "opens"
TRUMP_BEST = "trump_best"
SEVENTH = "seventh"

# A reason: (code, percent, call value); the percent and value only where the code has them.
Reason = tuple[str, int, int]


@dataclass(frozen=True)
class Expectation:
    """One move's worth over sampled deals, for the seat's team: the mean value in game
    points (card points count 1/64 each beside them) and the share of deals in which the
    contract is made."""

    value: float
    made: float


def belief_of(
    rules: Rules, seat: int, view: dict[str, Any], history: Sequence[dict[str, Any]]
) -> Belief:
    """The seat's Belief, weighted by the auction as ``choose_action`` weighs it."""
    return Belief(rules, seat, view, history, weigh=auction_weight)


def expectations(
    rules: Rules,
    seat: int,
    view: dict[str, Any],
    history: Sequence[dict[str, Any]],
    deals: int,
    seed: int | None = None,
) -> dict[str, Expectation]:
    """Each legal card move of the seat in its play phase (keyed ``"play KS"`` or
    ``"show_trump"``), valued over ``deals`` deals drawn from its Belief and solved exactly;
    {} outside the play phase."""
    rng = random.Random(seed)
    belief = belief_of(rules, seat, view, history)
    totals: dict[Move, float] = {}
    made: dict[Move, int] = {}
    solved = 0
    for _ in range(deals):
        sample = belief.sample(rng)
        r = sample.round
        if r is None or r.phase != "play":
            return {}
        values, _nodes = card_values(sample, seat)
        if values is None:
            continue
        solved += 1
        bidder_side = seat & 1 == (r.sh_caller if r.sh_caller >= 0 else r.bidder) & 1
        for move, value in values.items():
            totals[move] = totals.get(move, 0.0) + value
            for_bidder = value if bidder_side else -value
            made[move] = made.get(move, 0) + (for_bidder > 0)
    if not solved:
        return {}
    return {
        move_key(move): Expectation(totals[move] / solved, made[move] / solved)
        for move in totals
    }


def exact_values(m: Match, seat: int) -> dict[str, tuple[int, int]]:
    """Each legal card move of ``seat`` (the seat to play) in a deal with every hand known,
    solved exactly: (game points, card points) the seat's team ends with after it."""
    r = m.round
    assert r is not None
    bidder_team = (r.sh_caller if r.sh_caller >= 0 else r.bidder) & 1
    values, _nodes = solved_values(m)
    out: dict[str, tuple[int, int]] = {}
    for move, value in values:
        delta, points = divmod(value, POINT_SCALE)
        if seat & 1 != bidder_team:
            total = 8 if r.sh_caller >= 0 else TOTAL_POINTS + m.rules.last_trick_point
            delta, points = -delta, total - points
        out[move_key(move)] = (delta, points)
    return out


def move_key(move: Move) -> str:
    """A move as a short key: ``"play KS"``, ``"show_trump"``."""
    kind, arg = move
    return f"play {CODES[arg]}" if kind == "play" else kind


def action_key(action: dict[str, Any]) -> str:
    """An action dict as the key ``move_key`` makes."""
    if action["type"] == "play":
        return f"play {action['card']}"
    return str(action["type"])


def reason(
    rules: Rules,
    seat: int,
    view: dict[str, Any],
    history: Sequence[dict[str, Any]],
    action: dict[str, Any],
    expected: dict[str, Expectation] | None = None,
) -> Reason | None:
    """A plain reason for the seat's ``action``, as (code, percent, call value) (the percent
    only for the contract and call codes, the value only for the call codes), read from what
    the seat sees; None when there is none to give."""
    if action["type"] == "show_trump":
        bidder = (view.get("bid") or {}).get("seat")
        return (SHOWS_TRUMP if bidder == seat else ASKS_TRUMP), 0, 0
    if view.get("phase") == "bidding" and action["type"] in ("bid", "pass"):
        return _call_reason(rules, seat, view, history, action)
    if view.get("phase") == "trump":  # the strong player picks its trump by the rule-based worth
        return {"trump": (TRUMP_BEST, 0, 0), "seventh_card": (SEVENTH, 0, 0)}.get(action["type"])
    if action["type"] != "play" or view.get("phase") != "play":
        return None
    card = index(action["card"])
    trick = [(t["seat"], index(t["card"])) for t in view.get("trick", [])]
    trump = _known_trump(view)
    chance = _contract_chance(seat, view, action, expected)
    if not trick:
        if trump is not None and suit_of(card) == trump:
            return DRAWS_TRUMP, 0, 0
        return chance
    counted = trump if trump is not None and view.get("trump_shown") else -1
    best = trick_winner(trick, counted)
    winner = trick_winner([*trick, (seat, card)], counted)
    partner = (seat + 2) % 4
    if best == partner and winner == partner:
        return (FEEDS_PARTNER, 0, 0) if points_of(1 << card) else (KEEPS_PARTNER, 0, 0)
    if winner == seat:
        return WINS_TRICK, 0, 0
    if not points_of(1 << card):
        return SAVES_CARDS, 0, 0
    return chance


def _known_trump(view: dict[str, Any]) -> int | None:
    """The trump suit if the seat knows it (shown, or its own hidden trump), else None."""
    suit = view.get("trump")
    if isinstance(suit, str) and suit in SUITS:
        return SUITS.index(suit)
    return None


def _contract_chance(
    seat: int,
    view: dict[str, Any],
    action: dict[str, Any],
    expected: dict[str, Expectation] | None,
) -> Reason | None:
    """"Makes the contract in most sampled deals" (or breaks it), when the samples say so."""
    if not expected:
        return None
    found = expected.get(action_key(action))
    bidder = view.get("bidder")
    if found is None or bidder is None:
        return None
    percent = round(100 * found.made)
    if seat & 1 == bidder & 1:
        return (MAKES_CONTRACT, percent, 0) if percent > 50 else None  # "most": more than half
    return (BREAKS_CONTRACT, 100 - percent, 0) if percent < 50 else None


def _call_reason(
    rules: Rules,
    seat: int,
    view: dict[str, Any],
    history: Sequence[dict[str, Any]],
    action: dict[str, Any],
) -> Reason | None:
    """Why call or pass, by the strong player's model of calls: how often a call makes with
    four cards like the seat's (the call made, or the lowest one open), or that the partner
    holds the call, or how often the opponents' call makes against these cards (a call that
    seldom makes is still the lesser loss over an opponents' call that mostly makes)."""
    hand = 0
    for code in view.get("hand", []):
        hand |= 1 << index(code)
    if hand.bit_count() != 4:
        return None
    mine = bidding.features(hand, seat, int(view["first_hand"]))
    high = view.get("bid")
    theirs = None
    if high and high["seat"] & 1 != seat & 1:
        theirs = bidding.make_chance(mine, int(high["value"]), bidding.DEFENCE, bidding.STYLE.edge)
    if action["type"] == "bid":
        value = int(action["value"])
        chance = bidding.make_chance(mine, value)
        if chance < 0.5 and theirs is not None and high:  # the lesser loss
            return CONTESTS, round(100 * theirs), int(high["value"])
        if chance < 0.5 and not high:  # better than leaving the call to the others
            return OPENS, round(100 * chance), value
        return CALL_MAKES, round(100 * chance), value
    if high and high["seat"] == (seat + 2) % 4:
        return PARTNER_HOLDS, 0, int(high["value"])
    sample = belief_of(rules, seat, view, history).sample(random.Random(0))
    open_calls = sorted(int(arg) for kind, arg in sample.moves(seat) if kind == "bid")
    if open_calls:
        chance = bidding.make_chance(mine, open_calls[0])
        if chance < 0.5:
            return CALL_FAILS, round(100 * chance), open_calls[0]
    if theirs is not None and high and theirs < 0.5:
        return THEIRS_FAILS, round(100 * (1 - theirs)), int(high["value"])
    return None
