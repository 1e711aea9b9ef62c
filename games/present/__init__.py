"""What the pages show, worked out from the models and the engine: a view asks here and
renders, and the template tags ask here too, never a view.

- `game`: the game page's kept parts (scoreboard, hands table, the big screen's board),
  its context around them, and a game's history;
- `night`: the nights as lists and the night page (games scored, standings);
- `season`: what the group page shows of the seasons;
- `picture`: what a result's picture and a page's preview say;
- `words`: an engine sentence in the reader's language.

Nothing is imported here, so that `forms` may ask `words` while `game` asks `forms`.
"""
