"""Friend routes, under /friends/."""

from django.urls import path

from accounts import views
from twentynine import converters  # noqa: F401  (registers <id:...>)

app_name = "friends"

urlpatterns = [
    path("", views.friends_page, name="list"),
    path("request/", views.send_request, name="send"),
    path("requests/<id:request_id>/accept/", views.accept_request, name="accept"),
    path("requests/<id:request_id>/decline/", views.decline_request, name="decline"),
    path("requests/<id:request_id>/cancel/", views.cancel_request, name="cancel"),
    path("<id:friend_id>/remove/", views.remove_friend, name="remove"),
]
