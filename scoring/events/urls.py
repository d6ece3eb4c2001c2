"""Pages of league nights, included by csmj_site.urls next to scoring's."""

from django.urls import path

from scoring.events import views

EVENT = "c/<slug:slug>/events/<int:event_id>/"

urlpatterns = [
    path("c/<slug:slug>/seasons/<int:season_id>/events/", views.event_list, name="event-list"),
    path(EVENT, views.event_detail, name="event"),
    path(f"{EVENT}board/", views.event_board, name="event-board"),
    path(f"{EVENT}follow/", views.event_follow, name="event-follow"),
    path(f"{EVENT}entrants/", views.entrant_add, name="event-entrant-add"),
    path(f"{EVENT}check-in/", views.entrant_check_in, name="event-check-in"),
    path(f"{EVENT}drop/", views.entrant_drop, name="event-drop"),
    path(f"{EVENT}return/", views.entrant_return, name="event-return"),
    path(f"{EVENT}draw/", views.round_draw, name="event-draw"),
    path(f"{EVENT}cancel-round/", views.round_cancel, name="event-round-cancel"),
    path(f"{EVENT}seat/", views.round_seat, name="event-seat"),
    path(f"{EVENT}final/", views.final_draw, name="event-final"),
    path(f"{EVENT}swap/", views.table_swap, name="event-swap"),
    path(f"{EVENT}start/", views.table_start, name="event-table-start"),
    path(f"{EVENT}timer/", views.timer_start, name="event-timer"),
    path(f"{EVENT}penalties/", views.penalty_give, name="event-penalty"),
    path(f"{EVENT}penalties/cancel/", views.penalty_cancel, name="event-penalty-cancel"),
    path(f"{EVENT}card.png", views.event_card, name="event-card"),
    path(f"{EVENT}players/<int:player_id>/card.png", views.player_card, name="event-player-card"),
    path(f"{EVENT}finish/", views.event_finish, name="event-finish"),
]
