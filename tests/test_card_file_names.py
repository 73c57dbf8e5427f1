"""A card or chart file the Title Bout set-up cannot use is named by its file
name, as the user put it in the flash's titlebout/fighters or /charts: not by
the folders' path, which on the simulator is the host's and filled three of
the screen's five lines. The rest of the message is the box's, unchanged."""
import json

from test_titlebout_ui import REAL_CARD, REAL_CHARTS, open_item, pick, start, top

from dicebox import buttons as B
from host_sim.device import Device, Platform

BAD = REAL_CARD.replace("pl;60", "pl;fifty")  # line 4
WHY = "kid.csv:4: field 'pl': 'fifty' is not a whole number"


def _sim(tmp_path, card=None, charts=None):
    """The simulator on a flash folder, as `dicebox-sim sim --data`, with the user's files."""
    flash = tmp_path / "flash"
    (flash / "titlebout" / "fighters").mkdir(parents=True)
    (flash / "titlebout" / "charts").mkdir()
    if card is not None:
        (flash / "titlebout" / "fighters" / "kid.csv").write_text(card)
    if charts is not None:
        (flash / "titlebout" / "charts" / "ours.csv").write_text(charts)
    from host_sim.sim import make_store

    return Device(store=make_store(str(flash)), platform=Platform.on_flash(str(flash), b"\x00\x00\x00\x03")), flash


def _said(d):
    assert top(d) == "Message", top(d)
    return " ".join(d.app.top.lines)


def _to_home(d):
    while len(d.app.stack) > 1:
        d.press(B.BACK)


def test_the_bad_card_screen_names_the_file_not_the_hosts_folders(tmp_path):
    d, flash = _sim(tmp_path, BAD)
    open_item(d, "Title Bout")
    assert _said(d) == WHY and len(d.app.top.lines) <= 3
    assert "flash" not in _said(d) and d.app.top.title == "Bad card file"


def test_a_verdict_kept_by_an_older_loader_that_named_the_path_is_made_again(tmp_path):
    d, flash = _sim(tmp_path, BAD)
    open_item(d, "Title Bout")
    kept = json.loads(d.store.read_text("tbcards.json"))
    path = str(flash / "titlebout" / "fighters" / "kid.csv")
    [entry] = [e for e in kept["cards"] if e[0] == path]
    entry[3] = path + ":4: field 'pl': 'fifty' is not a whole number"  # as the list on a box before
    d.store.write_text("tbcards.json", json.dumps(kept))
    _to_home(d)
    open_item(d, "Title Bout")
    assert _said(d) == WHY


def test_at_start_a_chart_file_and_a_card_name_their_files(tmp_path):
    # a chart file read at Start
    d, flash = _sim(tmp_path, charts=REAL_CHARTS.replace("31,60,R-2", "31,61,R-2"))
    open_item(d, "Title Bout")
    open_item(d, "Charts")
    open_item(d, "ours")
    start(d)
    assert _said(d).replace(" ", "").startswith("ours.csv:field'punch[2]'(line6):range61-90overlaps"), _said(d)
    # a card that does not fit the built-in charts ("options.red" in the game's words)
    d, flash = _sim(tmp_path / "2", REAL_CARD)
    open_item(d, "Title Bout")
    pick(d, "Red", "Kid Real")
    start(d)
    assert _said(d).startswith("kid.csv: field 'punches': no entry for 'L-11'"), _said(d)
    # a card gone bad since the set-up listed it
    d.press(B.OK)
    (flash / "titlebout" / "fighters" / "kid.csv").write_text(BAD)
    start(d)
    assert _said(d) == WHY
