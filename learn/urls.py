"""Routes of the learn app: the language switcher and How to play."""

from django.urls import path

from learn import views

app_name = "learn"

urlpatterns = [
    path("language/", views.set_language, name="set_language"),
    path("how-to-play/", views.how_to_play, name="how_to_play"),
]
