"""Admin for league nights: viewable and searchable, never edited by hand (every change
of a night goes through ``scoring.events.services``, audited; a penalty is cancelled
there, never deleted)."""

from typing import Any

from django.contrib import admin

from scoring.events.models import Entrant, Event, SeatingRound, Table
from scoring.standings.models import Penalty


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return False


@admin.register(Event)
class EventAdmin(ReadOnlyAdmin):
    list_display = ["name", "date", "season", "seating_mode", "remainder", "finished_at"]
    list_filter = ["season__club", "season"]
    search_fields = ["name"]
    list_select_related = ["season"]


@admin.register(Entrant)
class EntrantAdmin(ReadOnlyAdmin):
    list_display = ["event", "player", "checked_in", "joined_round", "dropped_after_round"]
    list_select_related = ["event", "player"]


@admin.register(SeatingRound)
class SeatingRoundAdmin(ReadOnlyAdmin):
    list_display = ["event", "number", "mode", "seed", "is_final", "drawn_at"]
    list_select_related = ["event"]


@admin.register(Table)
class TableAdmin(ReadOnlyAdmin):
    list_display = ["round", "number", "seats", "session"]
    list_select_related = ["round__event"]


@admin.register(Penalty)
class PenaltyAdmin(ReadOnlyAdmin):
    list_display = ["player", "amount", "reason", "season", "event", "created_at", "cancelled_at"]
    list_filter = ["season__club", "season"]
    search_fields = ["reason", "player__display_name"]
    list_select_related = ["player", "season", "event"]
