from django.urls import path

from scoring import (
    app_shell_views,
    views,
)
from scoring.standings import views as standings_views

urlpatterns = [
    path("sw.js", app_shell_views.service_worker, name="service-worker"),
    path("manifest.webmanifest", app_shell_views.manifest, name="manifest"),
    path("favicon.ico", app_shell_views.favicon, name="favicon"),
    path("offline/", app_shell_views.offline, name="offline"),
    path("c/<slug:slug>/", standings_views.club_detail, name="club"),
    path("c/<slug:slug>/sessions/again/", views.session_again, name="session-again"),
    path("c/<slug:slug>/seasons/<int:season_id>/", standings_views.season_detail, name="season"),
    path(
        "c/<slug:slug>/seasons/<int:season_id>/standings.csv",
        standings_views.season_csv,
        name="season-csv",
    ),
    path(
        "c/<slug:slug>/seasons/<int:season_id>/rounds.csv",
        standings_views.season_rounds_csv,
        name="season-rounds-csv",
    ),
    path(
        "c/<slug:slug>/seasons/<int:season_id>/season.xlsx",
        standings_views.season_xlsx,
        name="season-xlsx",
    ),
    path(
        "c/<slug:slug>/seasons/<int:season_id>/print/",
        standings_views.season_print,
        name="season-print",
    ),
    path("c/<slug:slug>/players/<int:player_id>/", standings_views.player_detail, name="player"),
    path(
        "c/<slug:slug>/seasons/<int:season_id>/sessions/new/",
        views.session_new,
        name="session-new",
    ),
    path(
        "c/<slug:slug>/seasons/<int:season_id>/sessions/same/",
        views.session_same_table,
        name="session-same-table",
    ),
    path("c/<slug:slug>/sessions/<int:session_id>/", views.session_detail, name="session"),
    path(
        "c/<slug:slug>/sessions/<int:session_id>/result.png",
        views.session_image,
        name="session-image",
    ),
    path(
        "c/<slug:slug>/sessions/<int:session_id>/delete/",
        views.session_delete,
        name="session-delete",
    ),
    path(
        "c/<slug:slug>/sessions/<int:session_id>/table-fee/",
        views.session_table_fee,
        name="session-table-fee",
    ),
    path(
        "c/<slug:slug>/sessions/<int:session_id>/follow-link/",
        views.session_follow_link,
        name="session-follow-link",
    ),
    path(
        "c/<slug:slug>/sessions/<int:session_id>/finish/",
        views.session_finish,
        name="session-finish",
    ),
]
