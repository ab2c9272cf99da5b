"""The Django admin: staff change account types and see friendships, requests and games."""

from __future__ import annotations

import pytest

from accounts.models import AccountType, Friendship, User
from game.models import Game
from tests.seats import user_in
from tests.site.conftest import MakePerson, login


def test_it_lets_staff_change_an_account_type(
    make_person: MakePerson, owner: User, owner_game: Game
) -> None:
    staff = User.objects.create_superuser("staff@example.com", "staff-password-29")
    client = login(staff)
    for url in [
        "/admin/accounts/user/",
        "/admin/accounts/friendship/",
        "/admin/accounts/friendrequest/",
        "/admin/game/game/",
        f"/admin/game/game/{owner_game.pk}/change/",
        "/admin/accounts/user/add/",
    ]:
        assert client.get(url).status_code == 200, url
    page = client.get(f"/admin/accounts/user/{owner.pk}/change/")
    assert 'name="account_type"' in page.content.decode()
    form = page.context["adminform"].form
    data = {k: v for k, v in form.initial.items() if v is not None and k != "password"}
    data.update(
        {
            "account_type": AccountType.BASIC,
            "date_joined_0": "2026-01-01",
            "date_joined_1": "10:00:00",
            "groups": [],
            "user_permissions": [],
        }
    )
    data.pop("date_joined", None)
    data.pop("last_login", None)
    response = client.post(f"/admin/accounts/user/{owner.pk}/change/", data)
    assert response.status_code == 302, response.content.decode()[:3000]
    owner.refresh_from_db()
    assert owner.account_type == AccountType.BASIC


def test_it_keeps_the_admin_from_other_people(owner: User) -> None:
    assert login(owner).get("/admin/accounts/user/").status_code == 302


@pytest.mark.parametrize("how", ["delete page", "bulk action"])
def test_it_ends_a_friendship_deleted_in_the_admin_for_both_and_frees_the_seat(
    how: str, owner: User, friend: User, owner_game: Game
) -> None:
    staff = User.objects.create_superuser("staff@example.com", "staff-password-29")
    client = login(staff)
    row = Friendship.objects.get(user=owner, friend=friend)
    if how == "delete page":
        response = client.post(f"/admin/accounts/friendship/{row.pk}/delete/", {"post": "yes"})
    else:
        both = Friendship.objects.filter(user__in=[owner, friend]).values_list("pk", flat=True)
        response = client.post(
            "/admin/accounts/friendship/",
            {"action": "delete_selected", "_selected_action": list(both), "post": "yes"},
        )
    assert response.status_code == 302
    assert not Friendship.objects.filter(user__in=[owner, friend]).exists()
    owner_game.refresh_from_db()
    assert user_in(owner_game.pk, 1) is None
