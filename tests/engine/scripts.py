"""Small helpers that drive a Match through scripted actions for the scenario tests.

A step is ``(seat, what)``; ``what`` is an int (a bid), a card code (a play), ``"trump:H"`` (trump
in hand), or one of ``pass``, ``seventh_card``, ``double``, ``redouble``, ``set_double``,
``single_hand``, ``show`` (show_trump), ``marriage``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

from game.engine import IllegalAction, Match, Rules
from tests.engine.decks import PACK, Cards, cards, deck_of_hands

Step = tuple[int, int | str]
CODE = re.compile(r"^[J9ATKQ87][CDHS]$")
WORDS = {"pass", "seventh_card", "double", "redouble", "set_double", "single_hand", "marriage"}


def action(what: int | str) -> dict[str, Any]:
    """The action dict a step names."""
    if isinstance(what, int):
        return {"type": "bid", "value": what}
    if what.startswith("trump:"):
        return {"type": "trump", "suit": what[len("trump:") :]}
    if what == "show":
        return {"type": "show_trump"}
    if what in WORDS:
        return {"type": what}
    assert CODE.match(what), f"unknown step {what!r}"
    return {"type": "play", "card": what}


def run(m: Match, steps: Iterable[Step]) -> list[dict[str, Any]]:
    """Apply the steps in order; returns every event. A refused step fails with the context."""
    events: list[dict[str, Any]] = []
    for index, (seat, what) in enumerate(steps):
        try:
            events.extend(m.apply(seat, action(what)))
        except IllegalAction as refused:
            pytest.fail(
                f"step {index} {(seat, what)} refused: {refused}; "
                f"turn={m.view(None)['turn']} legal={legal(m, seat)}"
            )
    return events


def legal(m: Match, seat: int) -> list[str]:
    """The seat's legal actions as sorted JSON strings, for exact comparison."""
    return sorted(json.dumps(a, sort_keys=True) for a in m.legal_actions(seat))


def as_json(whats: Iterable[int | str]) -> list[str]:
    """Steps as sorted JSON action strings, to compare with :func:`legal`."""
    return sorted(json.dumps(action(w), sort_keys=True) for w in whats)


def bids(low: int, high: int = 28) -> list[int]:
    """Every bid from low to high."""
    return list(range(low, high + 1))


def plays(spec: Cards) -> list[str]:
    """Play actions for these cards, as sorted JSON strings."""
    return as_json(cards(spec))


def new_match(
    hands: Mapping[int, Cards], rules: Rules | None = None, dealer: int = 0, seed: int = 7
) -> Match:
    """A match whose first deal gives these hands (8 cards each, in deal order)."""
    m = Match(rules or Rules(), dealer=dealer, seed=seed)
    m.deal(deck=deck_of_hands(dealer, hands))
    return m


def of_type(events: Iterable[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    """The events of one type, in order."""
    return [e for e in events if e.get("type") == kind]


def tricks(events: Iterable[dict[str, Any]]) -> list[tuple[int, int]]:
    """(winner, points) of every finished trick among the events."""
    return [(e["winner"], e["points"]) for e in of_type(events, "trick")]


def refused(m: Match, seat: int, act: Any) -> str:
    """Assert the action is refused with a message and leaves the match unchanged; the message."""
    before = m.to_json()
    with pytest.raises(IllegalAction) as caught:
        m.apply(seat, act)
    assert str(caught.value).strip(), "an IllegalAction must say what is wrong"
    assert m.to_json() == before, "a refused action changed the match"
    return str(caught.value)


def leaked(view: Any, hidden: Iterable[str]) -> list[str]:
    """The hidden codes that appear anywhere in the JSON text of a view (or of events)."""
    text = json.dumps(view)
    return [c for c in hidden if re.search(rf"(?<![A-Za-z0-9]){c}(?![A-Za-z0-9])", text)]


def others_cards(hands: Mapping[int, Cards], seat: int) -> set[str]:
    """Every dealt card not in that seat's hand."""
    return set(PACK) - set(cards(hands[seat]))


def hand_set(view: Mapping[str, Any]) -> set[str]:
    """The viewer's hand as a set."""
    return set(view["hand"])


def to_play(m: Match, bidder: int, bid: int, trump: str, order: Sequence[int]) -> None:
    """A plain auction (bidder calls, the rest pass), trump, no doubling, no Single Hand.

    ``order`` is the play order starting at first hand.
    """
    steps: list[Step] = [(s, bid) if s == bidder else (s, "pass") for s in order]
    steps.append((bidder, trump))
    run(m, steps)
    view = m.view(None)
    if view["phase"] == "doubling":
        for seat in sorted(view["turn"]):
            run(m, [(seat, "pass")])
    for seat in order:
        if m.view(None)["phase"] != "single_hand":
            break
        run(m, [(seat, "pass")])


def played(events: Iterable[dict[str, Any]]) -> set[str]:
    """Every card played among the events."""
    return {e["card"] for e in of_type(events, "play")}


# A plain auction after a dealer-0 deal: seat 1 calls 16, the others pass.
AUCTION_1_16: list[Step] = [(1, 16), (2, "pass"), (3, "pass"), (0, "pass")]
# Nobody raises the stake (seat 1 the bidder) and nobody calls Single Hand.
NO_DOUBLE_1: list[Step] = [(2, "pass"), (0, "pass")]
NO_SINGLE_HAND_0: list[Step] = [(1, "pass"), (2, "pass"), (3, "pass"), (0, "pass")]

# Deck A, seat 1 bids with hearts in hand: the eight tricks, trick by trick.
# Winners 1 1 3 0 1 1 1 2; points 5 4 4 3 3 2 2 5 (team 1: 20, team 0: 8).
TRICKS_A: list[list[Step]] = [
    [(1, "JC"), (2, "8C"), (3, "7C"), (0, "9C")],
    [(1, "JH"), (2, "QH"), (3, "TH"), (0, "7H")],
    [(1, "7S"), (2, "8S"), (3, "JS"), (0, "AS")],
    [(3, "KD"), (0, "show"), (0, "8H"), (1, "7D"), (2, "JD")],
    [(0, "KH"), (1, "9H"), (2, "AH"), (3, "QD")],
    [(1, "AC"), (2, "QC"), (3, "TD"), (0, "QS")],
    [(1, "TC"), (2, "KC"), (3, "AD"), (0, "KS")],
    [(1, "8D"), (2, "9D"), (3, "9S"), (0, "TS")],
]

# Deck C, seat 1 bids with hearts in hand and takes all eight tricks (seat 3 shows trump).
# Points 3 5 4 5 2 3 2 4 = 28, all to team 1.
TRICKS_C: list[list[Step]] = [
    [(1, "JH"), (2, "8H"), (3, "show"), (3, "KD"), (0, "7H")],
    [(1, "JC"), (2, "7C"), (3, "9D"), (0, "KC")],
    [(1, "9C"), (2, "8C"), (3, "AD"), (0, "AC")],
    [(1, "9H"), (2, "7D"), (3, "JD"), (0, "8S")],
    [(1, "AH"), (2, "QC"), (3, "TS"), (0, "7S")],
    [(1, "TH"), (2, "TD"), (3, "AS"), (0, "QS")],
    [(1, "KH"), (2, "QD"), (3, "9S"), (0, "KS")],
    [(1, "QH"), (2, "8D"), (3, "JS"), (0, "TC")],
]

# Deck S7, seat 1 with trump by the 7th card (QS): nobody asks, so at trick 8 the 7th card is
# seat 1's last card. Winners 1 1 1 1 1 2 2 1; points 5 1 3 3 8 2 3 3 (team 1: 23, team 0: 5).
TRICKS_S7_LAST: list[list[Step]] = [
    [(1, "JC"), (2, "KC"), (3, "7C"), (0, "9C")],
    [(1, "AC"), (2, "8S"), (3, "8C"), (0, "QC")],
    [(1, "TC"), (2, "9S"), (3, "7S"), (0, "7H")],
    [(1, "9H"), (2, "KS"), (3, "TS"), (0, "8H")],
    [(1, "JH"), (2, "JS"), (3, "AS"), (0, "TH")],
    [(1, "8D"), (2, "9D"), (3, "QD"), (0, "KH")],
    [(2, "JD"), (3, "KD"), (0, "QH"), (1, "7D")],
    [(2, "AD"), (3, "TD"), (0, "AH"), (1, "show"), (1, "QS")],
]


# Deck B, seat 1 bids with hearts in hand; seat 3 shows trump at trick 1 and team 1 takes the
# first five tricks (points 4 4 3 3 3 = 17); trick 6 goes to seat 2 (4 points).
TRICKS_B: list[list[Step]] = [
    [(1, "JC"), (2, "7C"), (3, "show"), (3, "TH"), (0, "8H")],
    [(3, "JS"), (0, "7S"), (1, "AC"), (2, "KC")],
    [(3, "9S"), (0, "8S"), (1, "TC"), (2, "QC")],
    [(3, "AS"), (0, "QS"), (1, "9C"), (2, "8C")],
    [(3, "TS"), (0, "KS"), (1, "8D"), (2, "9D")],
    [(3, "KD"), (0, "AD"), (1, "7D"), (2, "JD")],
]

# Deck SH2: seat 2 calls Single Hand and leads its diamonds, then 9S, winning all eight tricks.
TRICKS_SH2: list[list[Step]] = [
    [(2, "JD"), (3, "7D"), (1, "7H")],
    [(2, "9D"), (3, "QH"), (1, "KH")],
    [(2, "AD"), (3, "8H"), (1, "TH")],
    [(2, "TD"), (3, "AC"), (1, "AH")],
    [(2, "KD"), (3, "TC"), (1, "9H")],
    [(2, "QD"), (3, "KC"), (1, "JH")],
    [(2, "8D"), (3, "QC"), (1, "JC")],
    [(2, "9S"), (3, "8C"), (1, "8S")],
]


def flat(tricks_: Iterable[Sequence[Step]]) -> list[Step]:
    """The steps of several tricks in one list."""
    return [step for trick in tricks_ for step in trick]

# The annulment reason codes of the contract, by their number in RULES.md section 8.
REASONS = {
    1: "first_hand_no_points",
    2: "all_passed",
    3: "four_jacks",
    4: "no_points",
    5: "team_without_trump",
    6: "seventh_card_check",
    7: "trump_never_shown",
}
