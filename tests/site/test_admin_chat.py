"""The admin shows a table's chat (as text) and recorded deals; staff may delete a chat line."""

from __future__ import annotations

from accounts.models import User
from game.models import ChatMessage, Game
from tests.site.conftest import login


def test_it_lets_staff_read_and_delete_a_chat_line_but_not_write_one(
    owner: User, owner_game: Game
) -> None:
    line = ChatMessage.objects.create(
        game=owner_game, author=owner, name="Olive", text="<script>alert(1)</script> hi"
    )
    staff = User.objects.create_superuser("staff@example.com", "staff-password-29")
    client = login(staff)
    listing = client.get("/admin/game/chatmessage/").content.decode()
    assert "&lt;script&gt;alert(1)&lt;/script&gt; hi" in listing
    assert "<script>alert(1)" not in listing
    assert client.get("/admin/game/chatmessage/add/").status_code == 403
    assert client.get("/admin/game/dealrecord/").status_code == 200
    response = client.post(f"/admin/game/chatmessage/{line.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    assert not ChatMessage.objects.filter(pk=line.pk).exists()
