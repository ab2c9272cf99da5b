"""The engine's sentences can be translated: every refusal and annulment reason is a
``Sentence`` whose template, filled with its parameters, is the English it says, and whose
template is a literal that ``makemessages`` collects (xgettext, keyword ``gettext_noop``,
as Django runs it), so the site's catalogues hold every one of them."""

from __future__ import annotations

import ast
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from game.engine import IllegalAction, Match, Rules, legal
from game.engine.annul import Reason
from game.engine.moves import BIDS, PLAYS, SIMPLE, TRUMPS, Move
from game.engine.rules import OPTION_VALUES
from game.engine.words import Sentence

ENGINE = Path(__file__).resolve().parents[2] / "game" / "engine"
EVERY_MOVE: list[Move] = [*PLAYS, *BIDS[14:], Move("bid", 29), *TRUMPS, *SIMPLE.values()]
MALFORMED: list[object] = [
    "pass",
    {},
    {"type": "fold"},
    {"type": "play"},
    {"type": "bid", "value": "17"},
    {"type": "trump", "suit": "X"},
    {"type": "pass", "extra": 1},
]


@pytest.fixture(scope="module")
def collected() -> set[str]:
    """The msgids xgettext finds in the engine's sources, as makemessages runs it."""
    if shutil.which("xgettext") is None:
        pytest.skip("Debian's gettext is not installed")
    sources = sorted(str(p) for p in ENGINE.glob("*.py"))
    result = subprocess.run(
        ["xgettext", "--language=Python", "--from-code=UTF-8", "--keyword=gettext_noop",
         "--omit-header", "--no-location", "-o", "-", *sources],
        capture_output=True, text=True, check=True,
    )
    return set(msgids(result.stdout))


def msgids(po: str) -> list[str]:
    """The msgids of a .po text (each may run over several quoted lines)."""
    found: list[str] = []
    current: list[str] | None = None
    for line in po.splitlines():
        if line.startswith("msgid "):
            current = [ast.literal_eval(line[6:])]
        elif line.startswith('"') and current is not None:
            current.append(ast.literal_eval(line))
        else:
            if current is not None:
                found.append("".join(current))
            current = None
    if current is not None:
        found.append("".join(current))
    return found


def check(sentence: str, collected: set[str]) -> str:
    """The sentence's template, once checked: it fills to the English and is collected."""
    assert isinstance(sentence, Sentence), repr(sentence)
    filled = sentence.template % sentence.params if sentence.params else sentence.template
    assert filled == sentence
    assert sentence.template in collected, sentence.template
    for value in sentence.params.values():
        if isinstance(value, Sentence):
            check(value, collected)
    return sentence.template


def test_every_annulment_reason_is_a_collected_sentence(collected: set[str]) -> None:
    for reason in Reason:
        check(reason.text, collected)


def test_every_malformed_action_is_refused_with_a_collected_sentence(
    collected: set[str],
) -> None:
    m = Match(Rules(), dealer=0, seed=1)
    m.deal()
    for action in MALFORMED:
        with pytest.raises(IllegalAction) as refused:
            m.apply(m.turn()[0], action)  # type: ignore[arg-type]
        assert str(refused.value) == refused.value.sentence
        check(refused.value.sentence, collected)


def test_every_refusal_met_in_random_play_is_a_collected_sentence(collected: set[str]) -> None:
    rng = random.Random(29)
    seen: set[str] = set()
    for game in range(60):
        options = {name: rng.choice(values) for name, values in OPTION_VALUES.items()}
        m = Match(Rules(**options), dealer=game % 4, seed=game)
        for _ in range(2):
            m.deal()
            while m.round is not None:
                for seat in range(4):
                    for move in rng.sample(EVERY_MOVE, 6):
                        allowed, why = legal.verdict(m.rules, m.round, seat, move)
                        if not allowed:
                            seen.add(check(why, collected))
                seat = rng.choice(m.turn())
                m.apply_move(seat, rng.choice(m.moves(seat)))
    assert len(seen) >= 35  # most of the rules' refusals, with their parameters
