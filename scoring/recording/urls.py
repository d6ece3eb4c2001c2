"""Recording a round: the round form (new, correct), its save, preview and tile analysis,
undoing, voiding and a round's history."""

from django.urls import path

from scoring.recording import save_views, views

urlpatterns = [
    path(
        "c/<slug:slug>/sessions/<int:session_id>/rounds/new/",
        views.round_new,
        name="round-new",
    ),
    path(
        "c/<slug:slug>/sessions/<int:session_id>/rounds/save/",
        save_views.round_save,
        name="round-save",
    ),
    path(
        "c/<slug:slug>/sessions/<int:session_id>/preview/",
        views.round_preview,
        name="round-preview",
    ),
    path(
        "c/<slug:slug>/sessions/<int:session_id>/analyse/",
        views.tiles_analyse,
        name="tiles-analyse",
    ),
    path("c/<slug:slug>/sessions/<int:session_id>/undo/", views.round_undo, name="round-undo"),
    path(
        "c/<slug:slug>/sessions/<int:session_id>/rounds/<int:number>/",
        views.round_detail,
        name="round",
    ),
    path(
        "c/<slug:slug>/sessions/<int:session_id>/rounds/<int:number>/correct/",
        views.round_correct,
        name="round-correct",
    ),
    path(
        "c/<slug:slug>/sessions/<int:session_id>/rounds/<int:number>/void/",
        views.round_void,
        name="round-void",
    ),
]
