from django.contrib.auth import views as auth_views
from django.urls import path

from leagues import views

urlpatterns = [
    path("", views.home, name="home"),
    # accounts: django.contrib.auth views with the site's templates
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "accounts/password/",
        auth_views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "accounts/password/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("invite/<str:token>/", views.invite_accept, name="invite"),
    path("clubs/new/", views.club_new, name="club-new"),
    path("c/<slug:slug>/settings/", views.club_edit, name="club-edit"),
    path("c/<slug:slug>/seasons/new/", views.season_new, name="season-new"),
    path(
        "c/<slug:slug>/seasons/<int:season_id>/close/",
        views.season_close,
        name="season-close",
    ),
    path("c/<slug:slug>/players/", views.player_list, name="players"),
    path("c/<slug:slug>/players/new/", views.player_edit, name="player-new"),
    path("c/<slug:slug>/players/<int:player_id>/edit/", views.player_edit, name="player-edit"),
    path("c/<slug:slug>/rulesets/", views.ruleset_list, name="rulesets"),
    path("c/<slug:slug>/rulesets/new/", views.ruleset_edit, name="ruleset-new"),
    path("c/<slug:slug>/rulesets/<int:ruleset_id>/", views.ruleset_edit, name="ruleset-edit"),
    path("c/<slug:slug>/members/", views.members, name="members"),
    path("c/<slug:slug>/members/<int:user_id>/", views.member_role, name="member-role"),
    path("c/<slug:slug>/invitations/", views.invitation_new, name="invitation-new"),
    path(
        "c/<slug:slug>/invitations/<int:invitation_id>/revoke/",
        views.invitation_revoke,
        name="invitation-revoke",
    ),
]
