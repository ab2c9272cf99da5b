"""Friend routes, under /friends/."""

from django.urls import path

from accounts import views

app_name = "friends"

urlpatterns = [
    path("", views.friends_page, name="list"),
    path("request/", views.send_request, name="send"),
    path("requests/<int:request_id>/accept/", views.accept_request, name="accept"),
    path("requests/<int:request_id>/decline/", views.decline_request, name="decline"),
    path("requests/<int:request_id>/cancel/", views.cancel_request, name="cancel"),
    path("<int:friend_id>/remove/", views.remove_friend, name="remove"),
]
