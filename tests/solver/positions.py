"""Random fully known play positions, and a brute-force minimax over the engine, for
checking the compiled solver against ``Match.moves()`` / ``apply_move()``."""

from __future__ import annotations

import random

from game.bots.solver.position import POINT_SCALE
from game.engine import Match, Rules
from game.engine.moves import Move
from game.engine.rules import OPTION_VALUES


def random_rules(rng: random.Random, **fixed: object) -> Rules:
    """Rules with every option drawn at random, except those given."""
    options = {name: rng.choice(values) for name, values in OPTION_VALUES.items()}
    options.update(fixed)
    return Rules(**options)  # type: ignore[arg-type]


def to_play(rules: Rules, rng: random.Random, single_hand_chance: float = 0.2) -> Match | None:
    """A match dealt from a random deck and taken by random calls into its play
    phase (a Single Hand now and then); None if the deal was annulled."""
    m = Match(rules, dealer=rng.randrange(4), seed=rng.randrange(1 << 30))
    m.deal()
    while m.round is not None and m.round.phase != "play":
        seat = m.turn()[0]
        moves = m.moves(seat)
        phase = m.round.phase
        if phase == "single_hand":
            wanted = "single_hand" if rng.random() < single_hand_chance else "pass"
            moves = [mv for mv in moves if mv[0] == wanted] or moves
        elif phase == "bidding":
            bids = [mv for mv in moves if mv[0] == "bid"]
            if bids and rng.random() < 0.6:
                moves = bids[:2]
        m.apply_move(seat, rng.choice(moves))
    return m if m.round is not None else None


def card_moves(m: Match) -> list[Move]:
    """The engine's legal plays and trump requests for the seat to play."""
    r = m.round
    assert r is not None
    return [mv for mv in m.moves(r.to_play) if mv[0] in ("play", "show_trump")]


def play_randomly(m: Match, rng: random.Random, cards_left: int) -> bool:
    """Random legal play until at most ``cards_left`` cards remain in the hands still in
    play (the set-aside 7th card included); False if the round ended first."""
    while m.round is not None:
        r = m.round
        out = (r.sh_caller + 2) % 4 if r.sh_caller >= 0 else -1
        held = sum(h.bit_count() for seat, h in enumerate(r.hands) if seat != out)
        held += 1 if r.aside else 0
        if held <= cards_left:
            return True
        if r.marriage_seat >= 0 and rng.random() < 0.5:
            m.apply_move(r.marriage_seat, ("marriage", -1))
            continue
        moves = card_moves(m)
        if r.sh_caller >= 0 and rng.random() < 0.8:
            # Let a Single Hand last: the caller plays high, the others low.
            pick = min if r.to_play == r.sh_caller else max
            m.apply_move(r.to_play, pick(moves, key=lambda mv: mv[1]))
            continue
        m.apply_move(r.to_play, rng.choice(moves))
    return False


def brute_value(m: Match) -> int:
    """The minimax value (64 * delta + points, the bidder's team maximising) over the engine."""
    r = m.round
    assert r is not None
    team = (r.sh_caller if r.sh_caller >= 0 else r.bidder) & 1
    values = [value_after(m, mv) for mv in card_moves(m)]
    return max(values) if r.to_play & 1 == team else min(values)


def value_after(m: Match, move: Move) -> int:
    """The minimax value once the seat to play has made ``move``."""
    r = m.round
    assert r is not None
    single = r.sh_caller >= 0
    team = (r.sh_caller if single else r.bidder) & 1
    taken = r.points[team]
    child = m.copy()
    events = child.apply_move(r.to_play, move)
    if child.round is not None:
        return brute_value(child)
    last = child.last_round
    assert last is not None
    if last["annulled"]:
        won = sum(e["points"] for e in events if e["type"] == "trick" and e["winner"] & 1 == team)
        return taken + won
    tally = last["tricks"][team] if single else last["points"][team]
    return int(POINT_SCALE * last["delta"] + tally)
