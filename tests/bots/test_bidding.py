"""The strong level's calls: a calibrated make chance weighed against what passing leaves."""

from __future__ import annotations

import pytest

from bench.sparring import REDUCED, choose_action
from game.bots import bidding
from game.bots.bidding import DEFENCE, features, make_chance, worth_calling
from game.engine import Match, Rules
from game.engine.cards import CODES


def mask(*codes: str) -> int:
    out = 0
    for code in codes:
        out |= 1 << CODES.index(code)
    return out


def second_call(four: list[str], rules: Rules, level: str = "strong") -> dict | None:
    """The ``level``'s call as the second hand holding ``four`` first, after the first
    hand (holding the ace of spades and three small spades) passed."""
    first = ["AS", "7S", "8S", "QS"]
    rest = [c for c in CODES if c not in four and c not in first]
    m = Match(rules, dealer=3, seed=1)  # seat 0 is the first hand
    history = m.deal(first + four + rest)
    history += m.apply(0, {"type": "pass"})
    assert m.turn() == [1]
    return choose_action(rules, 1, m.view(1), history, level=level, seed=3)


@pytest.mark.parametrize("rules", [REDUCED, Rules()], ids=["reduced", "default"])
def test_it_calls_with_the_top_trumps_and_passes_with_small_cards(rules: Rules) -> None:
    assert second_call(["JD", "9D", "AD", "TD"], rules) == {"type": "bid", "value": rules.min_bid}
    assert second_call(["7C", "8D", "7H", "TD"], rules) == {"type": "pass"}


@pytest.mark.parametrize(
    ("four", "strong", "rule"),
    [(["7C", "JS", "8D", "7D"], "bid", "pass"), (["JD", "9C", "TS", "QH"], "pass", "bid")],
)
def test_its_calls_are_the_models_not_the_rule_based_worth(
    four: list[str], strong: str, rule: str
) -> None:
    """Where the calibrated model and the rule-based worth disagree, the strong level
    follows the model (either way)."""
    assert second_call(four, REDUCED)["type"] == strong  # type: ignore[index]
    assert second_call(four, REDUCED, level="rule")["type"] == rule  # type: ignore[index]


def test_it_rates_better_cards_leading_and_lower_calls_likelier_to_make() -> None:
    top = features(mask("JH", "9H", "AH", "TH"), 0, 0)
    fair = features(mask("JH", "8H", "7H", "AC"), 0, 0)
    poor = features(mask("7C", "8D", "7S", "TD"), 0, 0)
    assert make_chance(top, 16) > make_chance(fair, 16) > make_chance(poor, 16)
    assert make_chance(fair, 16) > make_chance(fair, 19) > make_chance(fair, 23)
    not_leading = features(mask("JH", "8H", "7H", "AC"), 1, 0)
    assert make_chance(fair, 18) > make_chance(not_leading, 18)


def test_it_contests_a_likely_opponents_contract_and_defends_an_unlikely_one() -> None:
    # Seat 0: seats 1 and 3 are opponents, seat 2 the partner.
    assert worth_calling(0.42, 1, 0, theirs=0.75) and worth_calling(0.42, 3, 0, theirs=0.75)
    assert not worth_calling(0.42, 1, 0, theirs=0.4)
    assert not worth_calling(0.42, -1, 0)
    assert worth_calling(0.6, -1, 0) and not worth_calling(0.6, 2, 0)
    assert worth_calling(0.9, 2, 0)


def test_it_rates_an_opponents_contract_likelier_against_weaker_cards() -> None:
    strong = features(mask("JH", "JC", "9S", "AD"), 0, 1)
    weak = features(mask("7C", "8D", "7S", "KD"), 0, 1)
    assert make_chance(weak, 17, DEFENCE) > make_chance(strong, 17, DEFENCE)
    assert make_chance(weak, 17, DEFENCE, 0.3) > make_chance(weak, 17, DEFENCE)


def test_its_make_chance_in_play_is_the_solved_one_unless_a_style_maps_it() -> None:
    assert bidding.in_play(0.3) == 0.3
    flatter = bidding.Style(played=(0.264, 0.653))
    assert 0.3 < bidding.in_play(0.3, flatter) < 0.5 < bidding.in_play(0.9, flatter) < 0.9
    assert bidding.in_play(0.0, flatter) == 0.0 and bidding.in_play(1.0, flatter) == 1.0
