"""Following a session: the secret follow link ``/f/<token>/`` with its state, and the
club's session follow."""

from django.urls import path

from scoring.follow import views

urlpatterns = [
    path("f/<str:token>/", views.follow_page, name="follow"),
    path("f/<str:token>/state/", views.follow_state, name="follow-state"),
    path(
        "c/<slug:slug>/sessions/<int:session_id>/follow/",
        views.session_follow,
        name="session-follow",
    ),
]
