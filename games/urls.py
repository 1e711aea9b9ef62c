from django.urls import path

from games import views

urlpatterns = [
    path("", views.home, name="home"),
    path("g/<str:key>/", views.group_detail, name="group"),
    path("g/<str:key>/me/", views.who, name="who"),
    path("g/<str:key>/links/", views.replace_links, name="replace_links"),
    path("g/<str:key>/players/", views.add_player, name="add_player"),
    path("g/<str:key>/new/", views.new_game, name="new_game"),
    path("g/<str:key>/new/<str:kind>/", views.new_game, name="new_game_of"),
    path("g/<str:key>/games/<str:code>/", views.game_detail, name="game"),
    path("g/<str:key>/games/<str:code>/live/", views.game_live, name="game_live"),
    path("g/<str:key>/games/<str:code>/hands/", views.hand_create, name="hand_create"),
    path("g/<str:key>/games/<str:code>/preview/", views.hand_preview, name="hand_preview"),
    path("g/<str:key>/games/<str:code>/undo/", views.undo, name="undo"),
    path("g/<str:key>/games/<str:code>/again/", views.play_again, name="play_again"),
    path("g/<str:key>/games/<str:code>/history/", views.history, name="history"),
    path(
        "g/<str:key>/games/<str:code>/history/<str:change>/restore/", views.restore, name="restore"
    ),
    path("g/<str:key>/games/<str:code>/hands/<int:number>/", views.hand_detail, name="hand"),
    path(
        "g/<str:key>/games/<str:code>/hands/<int:number>/edit/", views.hand_edit, name="hand_edit"
    ),
    path(
        "g/<str:key>/games/<str:code>/hands/<int:number>/delete/",
        views.hand_delete,
        name="hand_delete",
    ),
]
