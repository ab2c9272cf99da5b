"""What the table's history, chat and presence cost the server, in CPU time per call.

Usage: ``.venv/bin/python bench/together.py [deals]``

On a fresh SQLite database in a temporary folder, four players play ``deals``
deals through ``game.table.service.act`` (game-like random actions: most
Single Hand and stake questions passed). Figures are CPU time of this process
(``time.process_time``), so other load on the machine matters less:

* an ordinary action (``apply_action`` of a change that ends no deal);
* an action that ends a deal, which also writes its ``DealRecord``
  (``record_ended_deals``, also shown alone);
* ``deal_list`` and ``deal_detail`` as the history endpoints call them;
* ``record_past_deals``: rebuilding every record from the action log;
* ``chat.post`` and ``presence.arrive`` / ``at_table`` / ``leave``.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def setup(folder: str) -> None:
    os.environ["SQLITE_PATH"] = str(Path(folder) / "bench.sqlite3")
    os.environ.pop("DATABASE_URL", None)
    os.environ["NEXT_DEAL_DELAY"] = "0"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "twentynine.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def cpu_ms(call: Callable[[], Any]) -> tuple[float, Any]:
    start = time.process_time()
    result = call()
    return (time.process_time() - start) * 1000, result


def game_like(rng: random.Random, legal: list[dict[str, Any]]) -> dict[str, Any]:
    kinds = {a["type"] for a in legal}
    if kinds & {"single_hand", "double", "redouble", "set_double"} and rng.random() < 0.9:
        return {"type": "pass"}
    return rng.choice(legal)


def report(name: str, samples: list[float]) -> None:
    ordered = sorted(samples)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    print(
        f"{name:<42} n={len(samples):>5}  median={statistics.median(samples):7.3f} ms"
        f"  p90={p90:7.3f} ms"
    )


def main(deals: int) -> None:
    from accounts.models import User
    from game.engine import Match
    from game.models import DealRecord, Game
    from game.table import chat, deal_history, presence, service, store
    from game.table.events import ends_deal

    seated = [
        User.objects.create_user(f"p{s}@example.com", None, first_name=f"P{s}") for s in range(4)
    ]
    game = store.create_game(seated[0], "Bench", seated)
    for user in seated:
        service.open_table(game.pk, user)
    rng = random.Random(29)
    ordinary: list[float] = []
    ending: list[float] = []
    recording: list[float] = []
    real_record = deal_history.record_ended_deals

    def timed_record(*args: Any) -> None:
        spent, _ = cpu_ms(lambda: real_record(*args))
        if any(ends_deal(event) for event in args[2]):
            recording.append(spent)

    deal_history.record_ended_deals = timed_record  # type: ignore[assignment]
    while DealRecord.objects.filter(game=game).count() < deals:
        saved = Game.objects.get(pk=game.pk)
        match = Match.from_json(saved.state)
        if match.round is None:  # between deals (NEXT_DEAL_DELAY is 0 here)
            service.deal_next(game.pk, saved.version)
            continue
        seat = match.turn()[0]
        action = game_like(rng, match.legal_actions(seat))
        before = len(recording)
        spent, _ = cpu_ms(
            lambda s=seat, a=action, v=saved.version: service.act(
                game.pk, seated[s].pk, a, v
            )
        )
        (ending if len(recording) > before else ordinary).append(spent)
    deal_history.record_ended_deals = real_record  # type: ignore[assignment]

    numbers = list(DealRecord.objects.filter(game=game).values_list("number", flat=True))
    report("apply_action, no deal ends", ordinary)
    report("apply_action that ends a deal", ending)
    report("  of which record_ended_deals", recording)
    report("deal_list (all deals)", [cpu_ms(lambda: deal_history.deal_list(game.pk))[0]
                                     for _ in range(50)])
    report("deal_detail (one deal)", [cpu_ms(lambda n=n: deal_history.deal_detail(game.pk, n))[0]
                                      for n in numbers])
    DealRecord.objects.filter(game=game).delete()
    names = [u.first_name for u in seated]
    spent, made = cpu_ms(lambda: deal_history.record_past_deals(game.pk, names))
    print(f"record_past_deals: {made} deals from the log in {spent:.1f} ms")
    report("chat.post", [cpu_ms(lambda n=n: chat.post(game.pk, seated[n % 4], f"line {n}"))[0]
                         for n in range(200)])
    channels = [f"bench!{n}" for n in range(50)]
    report("presence.arrive", [cpu_ms(lambda c=c: presence.arrive(game.pk, seated[0].pk, c))[0]
                               for c in channels])
    report("presence.at_table", [cpu_ms(lambda: presence.at_table(game.pk))[0]
                                 for _ in range(50)])
    report("presence.leave", [cpu_ms(lambda c=c: presence.leave(game.pk, c))[0]
                              for c in channels])


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as folder:
        setup(folder)
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
