from django.urls import path

from games.views import ending, exports, games, groups, hands, nights, stats, tv

urlpatterns = [
    path("", groups.home, name="home"),
    path("g/<str:key>/", groups.group_detail, name="group"),
    path("g/<str:key>/me/", groups.who, name="who"),
    path("g/<str:key>/links/", groups.replace_links, name="replace_links"),
    path("g/<str:key>/players/", groups.add_player, name="add_player"),
    path("g/<str:key>/players/<str:code>/", stats.player_detail, name="player"),
    path("g/<str:key>/stats/", stats.group_stats, name="stats"),
    path("g/<str:key>/nights/<str:night>/", nights.night_detail, name="night"),
    path("g/<str:key>/nights/<str:night>/edit/", nights.night_edit, name="night_edit"),
    path("g/<str:key>/new/", games.new_game, name="new_game"),
    path("g/<str:key>/new/<str:kind>/", games.new_game, name="new_game_of"),
    path("g/<str:key>/games/<str:code>/", games.game_detail, name="game"),
    path("g/<str:key>/games/<str:code>/live/", games.game_live, name="game_live"),
    path("g/<str:key>/games/<str:code>/chart/", games.game_chart, name="game_chart"),
    path("g/<str:key>/games/<str:code>/hands/", hands.hand_create, name="hand_create"),
    path("g/<str:key>/games/<str:code>/preview/", hands.hand_preview, name="hand_preview"),
    path("g/<str:key>/games/<str:code>/undo/", hands.undo, name="undo"),
    path("g/<str:key>/games/<str:code>/again/", games.play_again, name="play_again"),
    path("g/<str:key>/games/<str:code>/history/", hands.history, name="history"),
    path("g/<str:key>/games/<str:code>/totals/<int:seat>/", hands.side_totals, name="side_totals"),
    path("g/<str:key>/games/<str:code>/tv/", tv.game_tv, name="game_tv"),
    path("g/<str:key>/games/<str:code>/tv/live/", tv.game_tv_live, name="game_tv_live"),
    path("g/<str:key>/games/<str:code>/end/", ending.game_end, name="game_end"),
    path("g/<str:key>/games/<str:code>/abandon/", ending.game_abandon, name="game_abandon"),
    path("g/<str:key>/games/<str:code>/take-up/", ending.game_take_up, name="game_take_up"),
    path("g/<str:key>/games/<str:code>/delete/", ending.game_delete, name="game_delete"),
    path(
        "g/<str:key>/games/<str:code>/history/<str:change>/restore/", hands.restore, name="restore"
    ),
    path("g/<str:key>/games/<str:code>/hands/<int:number>/", hands.hand_detail, name="hand"),
    path(
        "g/<str:key>/games/<str:code>/hands/<int:number>/edit/", hands.hand_edit, name="hand_edit"
    ),
    path(
        "g/<str:key>/games/<str:code>/hands/<int:number>/delete/",
        hands.hand_delete,
        name="hand_delete",
    ),
    path("g/<str:key>/games/<str:code>/export.json", exports.export_json, name="export_json"),
    path("g/<str:key>/games/<str:code>/export.csv", exports.export_csv, name="export_csv"),
    path("g/<str:key>/backup.json", exports.group_backup, name="backup"),
    path("g/<str:key>/import/", exports.import_game, name="import_game"),
]
