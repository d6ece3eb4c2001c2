"""纸面记录: a season's paper session, by form or by CSV file."""

from django.urls import path

from scoring.paper import views

urlpatterns = [
    path(
        "c/<slug:slug>/seasons/<int:season_id>/paper/",
        views.paper_session_new,
        name="paper-session-new",
    ),
    path(
        "c/<slug:slug>/seasons/<int:season_id>/paper/upload/",
        views.paper_session_upload,
        name="paper-session-upload",
    ),
]
