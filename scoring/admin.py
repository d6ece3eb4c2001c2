"""Admin for recorded play. Rounds are history: the admin shows them read-only; record,
correct and void through the site, which goes through scoring.services."""

from django.contrib import admin
from django.db.models import Model
from django.http import HttpRequest

from scoring.models import Round, RoundHand, RoundKong, RoundPlayer, Session, SessionSeat, Transfer


class ReadOnlyAdmin(admin.ModelAdmin):
    """History rows: viewable and searchable, never edited by hand."""

    def has_add_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


class SessionSeatInline(ReadOnlyInline):
    model = SessionSeat
    fields = readonly_fields = ("seat", "player", "started_at")


@admin.register(Session)
class SessionAdmin(admin.ModelAdmin):
    list_display = ["id", "season", "started_at", "table_label", "first_dealer", "created_by"]
    list_filter = ["season__club", "season"]
    date_hierarchy = "started_at"
    raw_id_fields = ["created_by"]
    list_select_related = ["season", "created_by"]
    # The seats, and the start their rows and the stat rows copy, change on the site
    # (session_update moves the copies with the start), not here.
    readonly_fields = ["started_at"]
    inlines = [SessionSeatInline]


@admin.register(SessionSeat)
class SessionSeatAdmin(ReadOnlyAdmin):
    list_display = ["session", "seat", "player", "started_at"]
    list_select_related = ["session__season", "player"]


class TransferInline(ReadOnlyInline):
    model = Transfer
    fields = readonly_fields = (
        "event",
        "payer_seat",
        "payer",
        "payee_seat",
        "payee",
        "amount",
        "winner_seat",
    )


class RoundPlayerInline(ReadOnlyInline):
    model = RoundPlayer
    fields = readonly_fields = (
        "seat",
        "player",
        "net",
        "is_dealer",
        "won",
        "self_draw",
        "dealt_in",
        "big_win",
        "opening_wins",
        "hands",
        "birds_hit",
    )


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = [
        "id",
        "session",
        "number",
        "version",
        "is_current",
        "is_void",
        "recorded_by",
        "recorded_at",
    ]
    list_filter = ["is_current", "is_void", "session__season"]
    list_select_related = ["session__season", "recorded_by"]
    inlines = [RoundPlayerInline, TransferInline]


@admin.register(Transfer)
class TransferAdmin(ReadOnlyAdmin):
    list_display = ["round", "event", "payer", "payee", "amount"]
    list_filter = ["event"]
    list_select_related = ["round", "payer", "payee"]


@admin.register(RoundPlayer)
class RoundPlayerAdmin(ReadOnlyAdmin):
    list_display = ["round", "seat", "player", "net", "won", "self_draw", "dealt_in", "big_win"]
    list_select_related = ["round", "player"]


@admin.register(RoundHand)
class RoundHandAdmin(ReadOnlyAdmin):
    list_display = ["round", "seat", "player", "code", "is_opening"]
    list_filter = ["is_opening", "code"]
    list_select_related = ["round", "player"]


@admin.register(RoundKong)
class RoundKongAdmin(ReadOnlyAdmin):
    list_display = ["round", "seat", "player", "kind"]
    list_filter = ["kind"]
    list_select_related = ["round", "player"]
