from django.contrib import admin

from leagues.models import Club, Invitation, Membership, Player, Ruleset, Season


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    raw_id_fields = ["user"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "is_public", "created_at"]
    list_filter = ["is_public"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [MembershipInline]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["club", "user", "role", "created_at"]
    list_filter = ["role", "club"]
    search_fields = ["user__username", "club__name"]
    raw_id_fields = ["user"]
    list_select_related = ["club", "user"]


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ["club", "role", "created_by", "created_at", "accepted_by", "accepted_at"]
    list_filter = ["role", "club"]
    raw_id_fields = ["created_by", "accepted_by"]
    readonly_fields = ["token"]
    list_select_related = ["club", "created_by", "accepted_by"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["display_name", "club", "user", "created_at"]
    list_filter = ["club"]
    search_fields = ["display_name", "user__username"]
    raw_id_fields = ["user"]
    list_select_related = ["club", "user"]


@admin.register(Ruleset)
class RulesetAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "created_at"]
    list_filter = ["club"]
    search_fields = ["name"]
    list_select_related = ["club"]


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "start_date", "end_date", "ruleset", "is_closed"]
    list_filter = ["is_closed", "club"]
    search_fields = ["name"]
    list_select_related = ["club", "ruleset"]
