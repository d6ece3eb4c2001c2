"""合并客人: an organiser merges a guest into a regular player of the club."""

from django.urls import path

from scoring.merge import views

urlpatterns = [
    path(
        "c/<slug:slug>/players/<int:player_id>/merge/",
        views.player_merge,
        name="player-merge",
    ),
]
