from django.urls import path, register_converter

from games.views import (
    awards,
    ending,
    exports,
    feed,
    games,
    groups,
    hands,
    nights,
    pictures,
    seasons,
    stats,
    tv,
)


class CodeConverter:
    """A key or code as the server makes them: letters and digits, 32 at most. Anything
    else (a NUL byte, a 5,000-character segment) is a 404 before any view or query runs;
    a NUL would make PostgreSQL refuse the query outright."""

    regex = "[0-9A-Za-z]{1,32}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(CodeConverter, "code")

urlpatterns = [
    path("", groups.home, name="home"),
    path("g/<code:key>/", groups.group_detail, name="group"),
    path("g/<code:key>/me/", groups.who, name="who"),
    path("g/<code:key>/links/", groups.replace_links, name="replace_links"),
    path("g/<code:key>/players/", groups.add_player, name="add_player"),
    path("g/<code:key>/players/<code:code>/", stats.player_detail, name="player"),
    path("g/<code:key>/stats/", stats.group_stats, name="stats"),
    path("g/<code:key>/seasons/", seasons.season_detail, name="seasons"),
    path("g/<code:key>/seasons/name/", seasons.season_name, name="season_name"),
    path("g/<code:key>/seasons/<code:season>/", seasons.season_detail, name="season"),
    path("g/<code:key>/seasons/<code:season>/remove/", seasons.season_forget, name="season_forget"),
    path("g/<code:key>/awards/", awards.awards, name="awards"),
    path("g/<code:key>/changes/", feed.feed, name="feed"),
    path("g/<code:key>/nights/<code:night>/", nights.night_detail, name="night"),
    path("g/<code:key>/nights/<code:night>/edit/", nights.night_edit, name="night_edit"),
    path(
        "g/<code:key>/nights/<code:night>/picture.png", pictures.night_picture, name="night_picture"
    ),
    path("g/<code:key>/new/", games.new_game, name="new_game"),
    path("g/<code:key>/new/<str:kind>/", games.new_game, name="new_game_of"),
    path("g/<code:key>/games/<code:code>/", games.game_detail, name="game"),
    path("g/<code:key>/games/<code:code>/live/", games.game_live, name="game_live"),
    path("g/<code:key>/games/<code:code>/chart/", games.game_chart, name="game_chart"),
    path("g/<code:key>/games/<code:code>/hands/", hands.hand_create, name="hand_create"),
    path(
        "g/<code:key>/games/<code:code>/adjustments/",
        hands.adjustment_create,
        name="adjustment_create",
    ),
    path("g/<code:key>/games/<code:code>/preview/", hands.hand_preview, name="hand_preview"),
    path("g/<code:key>/games/<code:code>/undo/", hands.undo, name="undo"),
    path("g/<code:key>/games/<code:code>/take-back/", hands.take_back, name="take_back"),
    path("g/<code:key>/games/<code:code>/again/", games.play_again, name="play_again"),
    path("g/<code:key>/games/<code:code>/note/", games.game_note, name="game_note"),
    path("g/<code:key>/games/<code:code>/history/", hands.history, name="history"),
    path(
        "g/<code:key>/games/<code:code>/totals/<int:seat>/", hands.side_totals, name="side_totals"
    ),
    path("g/<code:key>/tv/", tv.group_tv, name="group_tv"),
    path("g/<code:key>/games/<code:code>/tv/", tv.game_tv, name="game_tv"),
    path("g/<code:key>/games/<code:code>/picture.png", pictures.game_picture, name="game_picture"),
    path("g/<code:key>/games/<code:code>/tv/live/", tv.game_tv_live, name="game_tv_live"),
    path("g/<code:key>/games/<code:code>/end/", ending.game_end, name="game_end"),
    path("g/<code:key>/games/<code:code>/abandon/", ending.game_abandon, name="game_abandon"),
    path("g/<code:key>/games/<code:code>/take-up/", ending.game_take_up, name="game_take_up"),
    path("g/<code:key>/games/<code:code>/delete/", ending.game_delete, name="game_delete"),
    path(
        "g/<code:key>/games/<code:code>/history/<code:change>/restore/",
        hands.restore,
        name="restore",
    ),
    path("g/<code:key>/games/<code:code>/hands/<int:number>/", hands.hand_detail, name="hand"),
    path(
        "g/<code:key>/games/<code:code>/hands/<int:number>/edit/", hands.hand_edit, name="hand_edit"
    ),
    path(
        "g/<code:key>/games/<code:code>/hands/<int:number>/delete/",
        hands.hand_delete,
        name="hand_delete",
    ),
    path("g/<code:key>/games/<code:code>/export.json", exports.export_json, name="export_json"),
    path("g/<code:key>/games/<code:code>/export.csv", exports.export_csv, name="export_csv"),
    path("g/<code:key>/backup.json", exports.group_backup, name="backup"),
    path("g/<code:key>/import/", exports.import_game, name="import_game"),
]
