"""The Django admin, for whoever runs the server."""

from django.contrib import admin

from games.models import Change, Game, Group, Hand, Player, Seat


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0


@admin.register(Group)
class GroupAdmin(admin.ModelAdmin):
    list_display = ["name", "created_at"]
    search_fields = ["name"]
    readonly_fields = ["edit_key", "view_key", "created_at"]
    inlines = [PlayerInline]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0


class HandInline(admin.TabularInline):
    model = Hand
    extra = 0
    readonly_fields = ["number", "data", "revision", "entered_by", "created_at", "updated_at"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["kind", "group", "created_at", "version"]
    list_filter = ["kind"]
    list_select_related = ["group"]
    readonly_fields = ["code", "version", "created_at"]
    inlines = [SeatInline, HandInline]


@admin.register(Change)
class ChangeAdmin(admin.ModelAdmin):
    list_display = ["game", "number", "action", "by", "at"]
    list_select_related = ["game"]
    readonly_fields = ["game", "code", "number", "action", "before", "after", "by", "at"]
