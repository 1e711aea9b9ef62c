"""On SQLite, a game file of the most hands the spec allows goes in while another table
saves 20 hands: every save waits for the import's write, none fails "database is locked".

Two ``manage.py`` processes on one SQLite file with the app's own settings (WAL,
IMMEDIATE transactions, a 30 s wait), as two gunicorn workers would be.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from games.rules.limits import MOST_HANDS
from tests.factories import FOUR, endless_hands, game_file

ROOT = Path(__file__).resolve().parents[2]

SETUP = """
from games.models import Game, Group
from tests.factories import make_game, make_group
importing = Group.objects.create(name="importing")
playing = make_game(make_group(name="playing"))
print(importing.edit_key, playing.code)
"""

# Hands as a scorer enters them, one after another, from before the import starts until
# at least 20 are saved and the imported game has been seen: so the saves span the import.
SAVES = """
import time
from django.db import OperationalError
from games.models import Game
from tests.factories import endless_hands
game = Game.objects.get(code="CODE")
seen = False
for number, hand in enumerate(endless_hands(300), start=1):
    try:
        game.add_hand(number, hand, "Bjørn")
    except OperationalError as exc:
        print("failed", number, exc, flush=True)
    else:
        print("saved", number, flush=True)
    seen = seen or Game.objects.filter(group__name="importing").exists()
    if seen and number >= 20:
        break
    time.sleep(0.05)
"""


def _manage(env: dict[str, str], *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.slow  # 20 to 30 s: handed out first, so that no process waits on it at the end
def test_saves_wait_for_a_large_import_and_all_succeed(tmp_path: Path) -> None:
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env["PYTHONPATH"] = str(ROOT)
    big = tmp_path / "big.json"
    big.write_text(json.dumps(game_file("amerikaner", FOUR, endless_hands(MOST_HANDS))))
    migrate = _manage(env, "migrate", "--noinput")
    assert migrate.communicate()[0] is not None
    assert migrate.returncode == 0
    setup = _manage(env, "shell", "-v0", "-c", SETUP)
    out, err = setup.communicate()
    assert setup.returncode == 0, err
    key, code = out.split()[-2:]

    saving = _manage(env, "shell", "-v0", "-c", SAVES.replace("CODE", code))
    assert saving.stdout is not None
    first = saving.stdout.readline()  # a hand is saved: the scorer is at work
    importing = _manage(env, "import_game", str(big), f"--group={key}")
    imported, import_errors = importing.communicate(timeout=120)
    rest, save_errors = saving.communicate(timeout=120)

    assert importing.returncode == 0, import_errors
    assert "imported game" in imported
    assert saving.returncode == 0, save_errors
    lines = [first, *rest.splitlines()]
    assert len(lines) >= 20
    assert [line.split()[:2] for line in lines] == [
        ["saved", str(n)] for n in range(1, len(lines) + 1)
    ]
