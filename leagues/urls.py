from django.urls import path

from leagues import link_views, ruleset_views, views, wizard

urlpatterns = [
    path("", views.home, name="home"),
    path("invite/<str:token>/", views.invite_accept, name="invite"),
    path("clubs/new/", wizard.club_wizard, name="club-new"),
    path("clubs/new/<slug:step>/", wizard.club_wizard, name="club-new-step"),
    path("c/<slug:slug>/settings/", views.club_edit, name="club-edit"),
    path("c/<slug:slug>/welcome/", wizard.club_welcome, name="club-welcome"),
    path("c/<slug:slug>/seasons/new/", views.season_new, name="season-new"),
    path(
        "c/<slug:slug>/seasons/<int:season_id>/close/",
        views.season_close,
        name="season-close",
    ),
    path("c/<slug:slug>/players/", views.player_list, name="players"),
    path("c/<slug:slug>/players/new/", views.player_edit, name="player-new"),
    path("c/<slug:slug>/players/<int:player_id>/edit/", views.player_edit, name="player-edit"),
    path("claim/<str:token>/", link_views.claim, name="player-claim"),
    path(
        "c/<slug:slug>/players/<int:player_id>/claim-qr/",
        link_views.claim_qr,
        name="player-claim-qr",
    ),
    path(
        "c/<slug:slug>/players/<int:player_id>/link-request/",
        link_views.link_request,
        name="player-link-request",
    ),
    path(
        "c/<slug:slug>/players/<int:player_id>/unlink/",
        link_views.unlink,
        name="player-unlink",
    ),
    path(
        "c/<slug:slug>/link-requests/<int:request_id>/",
        link_views.link_request_decide,
        name="player-link-decide",
    ),
    path("c/<slug:slug>/rulesets/", views.ruleset_list, name="rulesets"),
    path("c/<slug:slug>/rulesets/new/", ruleset_views.ruleset_edit, name="ruleset-new"),
    path(
        "c/<slug:slug>/rulesets/<int:ruleset_id>/",
        ruleset_views.ruleset_edit,
        name="ruleset-edit",
    ),
    path(
        "c/<slug:slug>/rulesets/<int:ruleset_id>/rules/",
        ruleset_views.ruleset_rules,
        name="ruleset-rules",
    ),
    path("c/<slug:slug>/members/", views.members, name="members"),
    path("c/<slug:slug>/members/<int:user_id>/", views.member_role, name="member-role"),
    path("c/<slug:slug>/invitations/", views.invitation_new, name="invitation-new"),
    path(
        "c/<slug:slug>/invitations/<int:invitation_id>/revoke/",
        views.invitation_revoke,
        name="invitation-revoke",
    ),
]
