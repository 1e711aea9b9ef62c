"""Our own JavaScript stays small: htmx polls and swaps, the server draws what the page says,
and our scripts keep only what htmx cannot do (the offline queue, keep-awake, what the
phone says while it has no connection). Files of other projects (games/vendor/) do not count."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Non-blank lines, comments included, of all our scripts together, written one statement to a
#: line within 100 columns (as Prettier formats them): 434 today. 344 from 952 in the same
#: formatting once htmx took over the polls, the swaps and the ETag, and CSS the hand form's
#: inputs; then 31 for the live stream (htmx's sse extension connects and reconnects; the poll
#: waits while the stream works, and the stream is opened again when it falls silent); 13 for
#: the new games (the ± beside a typed score, as a phone's number keyboard may have no minus;
#: a preset's yes-or-no rule shown ticked; the last trick count left open filled in); 4 for a
#: save answered 5xx (the database out of reach) kept on the phone like an offline one; 10 for
#: a penalty kept offline like a hand (it deals nothing: the hand form keeps its taps); 1 for
#: a kept hand's answer read before the next kept hand may go (a poll between them sent it
#: past a conflict); 3 for the dealer's badge of a team game kept offline (moved to the team's
#: row, naming the dealer); 1 for the preview offline, which says so instead of an old outcome; 7
#: for a trick count filled in that goes on following the others' until it is tapped (it stayed,
#: and a count corrected after it was refused as adding up wrong); 1 for an undo sent without a
#: connection, which says it may not have been done (it said nothing); 1 for a preset whose
#: values the script showed in the rules' fields, which the server then reads (a rule changed
#: after the preset was ticked was played by the preset's value); 5 for one preset at a time
#: (Hearts ticked after Rummy kept Rummy ticked, and unticking Hearts then emptied the target); 2
#: for a poll that finds the game unchanged, which leaves the open form's outcome be (asked again,
#: it sent a player reading its reasons back to the first line) unless it was lost offline; 1
#: for a hand waiting on the phone listed by what each tap answers ("Bidder Bjørn, Bid 8", where
#: it said "Bjørn, 8"); 1 for an outcome the server could not give (503, 429), which no longer
#: leaves the one before standing; 6 for a trick count tapped for an opponent who then bids or
#: is called, which goes (it stayed, and the hand was refused as not adding up); 5 for a waiting
#: hand's bids told from its tricks ("Bids: Anne 4, …, Tricks: Anne 6, …"; each player was named
#: twice alike) and its "alone" named (it was left out); 3 for a hand kept unfinished, which
#: names what is still to tap ("Still to tap: Tricks taken: Anne, Cato"; it said only "finish it");
#: 5 for Save kept under the finger when a line comes above it at the form's end (it moved down);
#: 4 for an outcome asked again after a poll, the same, left where it was scrolled (a note written
#: on another phone sent a player reading its reasons back to the first line); 3 for a hand saved
#: on a replaced link, kept and sent by the new one (it was kept under the old link, never sent);
#: 3 for a form kept while its hand waited, on a game won since, which goes (it stayed, renumbered);
#: 4 for hands kept and sent by the full link's pages only (the view-only link's page dropped one
#: refused), a kept hand sent as the number its form said, and a page sent to its top staying there;
#: 4 for a score pasted or spoken (no key), which the outcome adds in as it comes (it waited for a
#: key, or for the box to be left, and showed a sum without it); 8 for a tap more on Save just
#: after it saved, which sends nothing (the next hand's empty form was refused, the saved line gone;
#: 1 of them for Points' typed scores, which make a form not empty); 1 for a button's own question
#: (a correction made a redeal in one tap, its hand's taps gone); 4 for the focus, gone with the
#: form a save or a refusal drew again, put back in the form (it fell to the page's foot, a dozen
#: Tabs from the next hand); 6 for the group, night, Why? and waiting big-screen pages asking
#: every 2 s while no stream is heard (they asked every 30 s, the game page and the big screen
#: every 2); 20 for the open form's taps, which come back after a reload of the page at the same
#: hand (a phone's browser drops a page left in the background, and they were gone); 7 for the
#: tricks the phone fills in from a hand's own total (Oh Hell's cards), and the zeros once the
#: counts make it up (offline, a hand of one card needed every player's count tapped); 1 for the
#: hands waiting listed in the page's language ("2 og 3"; it said "2, 3"); 11 for the taps kept
#: as the page goes out of sight (a page dropped in the background hears no pagehide), not when
#: the game changed or moved under them (a hand saved elsewhere came back as the next one), and
#: for the next hand's limit forgotten after a hand kept offline (its count filled in by the
#: last one's cards); 1 for the counts filled in known by name and count, so that a form drawn
#: again (a save refused) still fills in the one left (it took them for tapped); 3 for the rows
#: asked in turn put in the next dealer's turn after a hand kept offline (a keyboard and the
#: words "Still to tap" went in the last dealer's); 5 for the taps kept through a reload by
#: the game's tag at the form's first tap (a reload brought back taps a poll had heard the game
#: move under, at the newer tag); 8 for a refused form's taps kept through a reload, and taps
#: kept by the game's version rather than its tag (a change of language dropped them); 12 for
#: the hands waiting behind a conflict put after the taps saved as the next hand (they met the
#: phone's own hand as a conflict, "Leave them" offered); 2 for the queue's own save given up
#: after htmx's 15 s, as htmx's are (a server asleep left it "sending" for good); 4 for a
#: refusal the queue's own save draws keeping its taps too, and the next hand's form after a
#: refused one kept offline starting empty (it held the refused hand's taps again), and not
#: taken for refused again at the next answer (2).
MOST = 560
WIDEST = 100


def _own_scripts() -> list[Path]:
    return [
        *sorted((ROOT / "games" / "static" / "games").glob("*.js")),
        ROOT / "templates" / "sw.js",
    ]


def test_our_own_scripts_do_not_grow() -> None:
    lines = {
        path.name: sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.strip())
        for path in _own_scripts()
    }
    assert {"app.js", "table.js", "sw.js"} <= set(lines)
    assert sum(lines.values()) <= MOST, lines


def test_our_own_scripts_keep_to_100_columns() -> None:
    # A count of lines means something only while a line holds one statement of readable width.
    wide = [
        f"{path.name}:{number}"
        for path in _own_scripts()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if len(line) > WIDEST
    ]
    assert not wide


def test_no_template_inside_a_template() -> None:
    """rjsmin (games/storage.py) reads a template literal inside another's `${}` as code and
    takes the spaces out of it: a page said "Tricks:Anne 2"."""
    nested = re.compile(r"\$\{[^}`]*`")
    found = [
        f"{path.name}:{number}"
        for path in _own_scripts()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if nested.search(line)
    ]
    assert found == []
    assert nested.search("`${a ? `${b}: ` : ''}`")  # the check sees what it looks for
