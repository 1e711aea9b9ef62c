"""The Django admin, for whoever runs the server.

Games, their seats and hands, and the change history are shown read-only: a hand is
changed only through the game's methods (`Game.add_hand`, `edit_hand`, ...), which keep
the change log, bump the version the phones watch and rewrite the statistics. A whole
game may still be deleted.
"""

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from games.models import Change, Game, Group, Hand, Player, Seat


class ReadOnly:
    """An admin (or inline) that shows its rows and changes none of them."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0


@admin.register(Group)
class GroupAdmin(admin.ModelAdmin):
    list_display = ["name", "created_at"]
    search_fields = ["name"]
    readonly_fields = ["edit_key", "view_key", "created_at"]
    inlines = [PlayerInline]


class SeatInline(ReadOnly, admin.TabularInline):
    model = Seat
    extra = 0

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class HandInline(ReadOnly, admin.TabularInline):
    model = Hand
    extra = 0
    fields = ("number", "data", "revision", "entered_by", "created_at", "updated_at")
    readonly_fields = fields

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["kind", "group", "created_at", "version"]
    list_filter = ["kind"]
    list_select_related = ["group"]
    inlines = [SeatInline, HandInline]


@admin.register(Change)
class ChangeAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["game", "number", "action", "by", "at"]
    list_select_related = ["game"]

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
