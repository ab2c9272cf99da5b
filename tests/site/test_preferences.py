"""A person's preferences, kept on the account: their defaults (a guest skips the routine
questions, a member decides them), the account page's form, the script's partial saves (the
table's dialog, the header's theme button), refusals that change nothing, and the page
drawn with them (theme and four-colour deck)."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client

from accounts import preferences
from accounts.models import User
from game.invite import guests, links
from game.models import Game
from tests.site.conftest import MakePerson, login, text

SAVE = "/account/preferences/"


def saved(user: User) -> dict[str, object]:
    user.refresh_from_db()
    return preferences.of(user)


DEFAULTS = {
    "tap_to_lift": False,
    "play_single_card": False,
    "skip_questions": False,
    "four_colour": False,
    "theme": "auto",
}


def test_a_member_decides_the_routine_questions_and_a_guest_skips_them(
    owner: User, owner_game: Game
) -> None:
    assert preferences.of(owner) == DEFAULTS
    guest = guests.create("Mina", owner_game.pk)
    assert saved(guest) == DEFAULTS | {"skip_questions": True}


def test_a_member_who_signs_up_decides_the_routine_questions() -> None:
    Client().post("/accounts/signup/", {
        "first_name": "Nadia", "email": "nadia@example.com",
        "password1": "a-long-table-password-29", "password2": "a-long-table-password-29",
    })
    assert not User.objects.get(email="nadia@example.com").skip_questions


def test_a_script_saves_only_what_it_sends(owner: User) -> None:
    client = login(owner)
    answer = client.post(SAVE, {"theme": "dark", "four_colour": "true"})
    assert answer.status_code == 200
    assert json.loads(answer.content)["preferences"] == DEFAULTS | {
        "theme": "dark", "four_colour": True,
    }
    client.post(SAVE, {"tap_to_lift": "true"})
    assert saved(owner) == DEFAULTS | {"theme": "dark", "four_colour": True, "tap_to_lift": True}
    client.post(SAVE, {"four_colour": "false"})
    assert saved(owner)["four_colour"] is False


@pytest.mark.parametrize(
    ("given", "says"),
    [
        ({"theme": "purple"}, "Not an allowed value for: Colours."),
        ({"sound": "true"}, "There is no preference called sound."),
        ({"tap_to_lift": "maybe"},
         "Not an allowed value for: Tap to lift, tap again to play."),
    ],
)
def test_bad_input_is_refused_and_changes_nothing(
    owner: User, given: dict[str, str], says: str
) -> None:
    client = login(owner)
    client.post(SAVE, {"tap_to_lift": "true"})
    answer = client.post(SAVE, {"four_colour": "true", **given})
    assert answer.status_code == 400
    assert json.loads(answer.content) == {"error": says}
    assert saved(owner) == DEFAULTS | {"tap_to_lift": True}


def test_only_a_signed_in_person_saves_and_only_by_post(owner: User) -> None:
    answer = Client().post(SAVE, {"theme": "dark"})
    assert answer.status_code == 403
    assert login(owner).get(SAVE).status_code == 405
    assert saved(owner)["theme"] == "auto"


def test_the_account_page_saves_the_whole_form(owner: User) -> None:
    client = login(owner)
    client.post(SAVE, {"tap_to_lift": "true", "skip_questions": "true"})
    page = text(client.get("/account/"))
    assert "Tap to lift, tap again to play" in page and "Skip routine questions" in page
    assert 'name="skip_questions"' in page
    # Ticked boxes on, unticked ones off.
    answer = client.post("/account/", {
        "form": "preferences", "play_single_card": "on", "four_colour": "on", "theme": "light",
    })
    assert answer.status_code == 302
    assert saved(owner) == {
        "tap_to_lift": False, "play_single_card": True, "skip_questions": False,
        "four_colour": True, "theme": "light",
    }
    assert "Your preferences are saved." in text(client.get("/account/"))
    # The email form beside it leaves the preferences alone, and they leave it alone.
    client.post("/account/", {})
    assert saved(owner)["four_colour"] is True
    owner.refresh_from_db()
    assert not owner.email_when_seated


def test_the_account_page_refuses_a_bad_theme(owner: User) -> None:
    client = login(owner)
    client.post("/account/", {"form": "preferences", "four_colour": "on", "theme": "neon"})
    assert saved(owner) == DEFAULTS
    assert "Not an allowed value for" in text(client.get("/account/"))


def test_every_page_is_drawn_with_the_accounts_theme_and_deck(
    owner: User, make_person: MakePerson
) -> None:
    client = login(owner)
    page = text(client.get("/account/"))
    assert 'data-account="auto"' in page and "data-deck" not in page.split(">")[1]
    assert 'id="theme-toggle"' in page and 'data-save="/account/preferences/"' in page
    client.post(SAVE, {"theme": "dark", "four_colour": "true"})
    page = text(client.get("/learn/how-to-play/"))
    assert 'data-account="dark"' in page
    assert '<html lang="en" data-theme="auto" data-deck="four">' in page
    # Someone not signed in: this browser's choice, and no account to save it to.
    visitor = text(Client().get("/learn/how-to-play/"))
    assert 'data-account=""' in visitor and "data-save" not in visitor
    assert 'id="theme-toggle"' in visitor


def test_a_guest_saves_its_preferences_from_the_table(owner_game: Game) -> None:
    client = Client()
    client.post(f"/i/{links.make(owner_game.pk)}/", {"name": "Mina", "seat": "2"})
    answer = client.post(SAVE, {"skip_questions": "false", "four_colour": "true"})
    assert answer.status_code == 200, answer
    guest = User.objects.get(first_name="Mina")
    assert saved(guest) == DEFAULTS | {"four_colour": True}


@pytest.mark.django_db(transaction=True)
def test_the_migration_makes_the_guests_there_already_skip_the_questions() -> None:
    before = [("accounts", "0004_guest_type_and_mail_opt_out")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps.get_model("accounts", "User")
    guest = old.objects.create(email="g@guests.invalid", first_name="Mina", account_type="guest")
    member = old.objects.create(email="m@example.com", first_name="Meera", account_type="basic")
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    assert User.objects.get(pk=guest.pk).skip_questions
    assert not User.objects.get(pk=member.pk).skip_questions
    assert User.objects.get(pk=member.pk).theme == "auto"
