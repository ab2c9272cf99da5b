"""``manage.py prune_games``: idle games are exported as JSON lines, then deleted; others stay."""

from __future__ import annotations

import json
from datetime import timedelta
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from accounts.models import User
from game.models import Game, GameAction
from game.table.store import create_game
from tests.site.conftest import MakePerson


@pytest.fixture
def old_and_new(make_person: MakePerson, owner: User, friend: User) -> tuple[Game, Game]:
    old = create_game(owner, "Last year's table", [owner, friend, None, None])
    GameAction.objects.create(game=old, seq=1, seat=0, action={"type": "bid", "value": 16})
    Game.objects.filter(pk=old.pk).update(updated=timezone.now() - timedelta(days=200))
    other = make_person("nadia@example.com", "Nadia")
    new = create_game(other, "Tonight's table", [other, None, None, None])
    return old, new


def run(*args: str) -> str:
    out = StringIO()
    call_command("prune_games", *args, stdout=out)
    return out.getvalue()


def test_it_exports_then_deletes_only_the_idle_games(
    tmp_path: Path, old_and_new: tuple[Game, Game]
) -> None:
    old, new = old_and_new
    export = tmp_path / "old.jsonl"
    assert "Deleted 1 games idle for 180 days" in run("--idle-days", "180", "--export", str(export))
    assert list(Game.objects.values_list("pk", flat=True)) == [new.pk]
    (line,) = export.read_text().splitlines()
    kept = json.loads(line)
    assert kept["game"]["id"] == old.pk
    assert kept["game"]["host"] == old.host.email
    assert [seat["user__email"] for seat in kept["seats"]] == [
        old.host.email, "friend@example.com", None, None
    ]
    assert kept["actions"][0]["action"] == {"type": "bid", "value": 16}


def test_a_dry_run_lists_and_deletes_nothing(old_and_new: tuple[Game, Game]) -> None:
    old, _ = old_and_new
    output = run("--idle-days", "180", "--dry-run")
    assert f"{old.pk}\t" in output and "Last year's table" in output
    assert Game.objects.count() == 2


@pytest.mark.parametrize("days", ["0", "-3"])
def test_it_refuses_a_bad_number_of_days(old_and_new: tuple[Game, Game], days: str) -> None:
    with pytest.raises(CommandError, match="at least 1"):
        run("--idle-days", days)
    assert Game.objects.count() == 2


def test_it_refuses_to_overwrite_an_export(tmp_path: Path, old_and_new: tuple[Game, Game]) -> None:
    export = tmp_path / "old.jsonl"
    export.write_text("earlier\n")
    with pytest.raises(CommandError, match="exists already"):
        run("--idle-days", "180", "--export", str(export))
    assert export.read_text() == "earlier\n"
    assert Game.objects.count() == 2


def test_it_can_export_to_stdout(old_and_new: tuple[Game, Game]) -> None:
    old, _ = old_and_new
    out, err = StringIO(), StringIO()
    call_command("prune_games", "--idle-days", "180", "--export", "-", stdout=out, stderr=err)
    (line,) = out.getvalue().splitlines()
    assert json.loads(line)["game"]["id"] == old.pk
    assert "Deleted 1 games" in err.getvalue()
    assert Game.objects.count() == 1
