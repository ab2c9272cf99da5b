"""Scores and sets (RULES.md section 9): only the team that won the call moves.

>>> move([4, 0], [[0, 0], [0, 0]], 0, 4, reset_after_set=False)
[[1, 0], [0, 0]]
>>> score = [0, 0]; move(score, [[0, 0], [0, 0]], 1, -12, reset_after_set=False); score
[[0, 0], [0, 2]]
[0, 0]
"""

from __future__ import annotations


def round_delta(*, made: bool, stake: int, bonus: bool) -> int:
    """The signed change to the moving team's score (a bonus makes +-1 into +-2)."""
    amount = 2 if bonus else stake
    return amount if made else -amount


def move(
    score: list[int], sets: list[list[int]], team: int, delta: int, *, reset_after_set: bool
) -> list[list[int]]:
    """Add ``delta`` to one team's score, turning every full 6 beyond +-5 into a
    red or black set; updates ``score`` and ``sets`` in place and returns the
    sets gained this round as [[red0, black0], [red1, black1]]."""
    gained = [[0, 0], [0, 0]]
    s = score[team] + delta
    while s > 5:
        s -= 6
        gained[team][0] += 1
    while s < -5:
        s += 6
        gained[team][1] += 1
    score[team] = s
    for t in (0, 1):
        sets[t][0] += gained[t][0]
        sets[t][1] += gained[t][1]
    if reset_after_set and (gained[team][0] or gained[team][1]):
        score[0] = score[1] = 0
    return gained
