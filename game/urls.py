"""URL routes (being written)."""

urlpatterns: list[object] = []
