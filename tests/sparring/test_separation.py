"""The site's computer players load no sparring code: game.bots works with bench/ out of reach."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Run in a fresh interpreter, where any import of bench (the sparring partners) fails.
WITHOUT_BENCH = """
import sys

class NoBench:
    def find_spec(self, name, path=None, target=None):
        if name == "bench" or name.startswith("bench."):
            raise ImportError(f"{name}: bench is not part of the site")
        return None

sys.meta_path.insert(0, NoBench())

import game.bots
from game.engine import Match, Rules

m = Match(Rules(), dealer=0, seed=5)
history = m.deal()
while m.round is not None and m.round.phase == "bidding":
    seat = m.turn()[0]
    for level in ("easy", "strong"):
        action = game.bots.choose_action(m.rules, seat, m.view(seat), history, level, 0.01, 1)
        assert action in m.legal_actions(seat), (level, action)
    history += m.apply(seat, action)
loaded = [name for name in sys.modules if "sparring" in name or "ismcts" in name
          or name.split(".")[-1] in ("_mcts", "pimc", "random_player", "strong_variants")]
print(" ".join(loaded) or "none")
"""


def test_importing_the_computer_players_loads_no_sparring_module() -> None:
    run = subprocess.run(
        [sys.executable, "-c", WITHOUT_BENCH], cwd=ROOT, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["none"]


def test_the_sparring_partners_import_only_the_players_and_the_engine() -> None:
    """Like the site's players, they cannot reach a stored game."""
    import ast

    for path in (ROOT / "bench" / "sparring").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                if name.startswith(("game.", "bench.")):
                    assert name.startswith(("game.bots", "game.engine", "bench.sparring")), (
                        path,
                        name,
                    )
                assert not name.startswith(("django", "channels", "accounts")), (path, name)
