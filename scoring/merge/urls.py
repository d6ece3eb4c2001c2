"""合并 and 删除: an organiser merges a player into a regular player of the club, or
deletes one who never played."""

from django.urls import path

from scoring.merge import views

urlpatterns = [
    path(
        "c/<slug:slug>/players/<int:player_id>/merge/",
        views.player_merge,
        name="player-merge",
    ),
    path(
        "c/<slug:slug>/players/<int:player_id>/delete/",
        views.player_delete,
        name="player-delete",
    ),
]
