"""The Title Bout set-up opens on the last bout's choices (fighters, chart
set, rounds, rulings), kept in the mode's own file; a card or chart file gone
since, or a damaged file, is the default again, with no error."""
import json
import sys

from test_titlebout_ui import device, open_item, pick, setup, start, top

from dicebox import buttons as B
from dicebox.titlebout import memo
from dicebox.titlebout import setup as tbsetup
from host_sim.device import DEMO_CARDS, DEMO_CHARTS
from host_sim.memstore import memory_store


def rows(s):
    return [label for label, _ in s.items][:5]


DEFAULT = ["Red: Vito Antuofermo", "Blue: Tomasz Brandt", "Charts: dicebox", "Rounds: 12", "Rules: as documented"]


def choose_and_start(d):
    s = setup(d)
    assert rows(s) == DEFAULT
    pick(d, "Red", "Rocco Valdez")
    pick(d, "Blue", "Marvin Hagler")
    open_item(d, "Charts")
    open_item(d, "demo")
    open_item(d, "Rounds")
    for _ in range(7):
        d.press(B.DOWN)  # 12 -> 5
    d.press(B.OK)
    open_item(d, "Rules")
    open_item(d, "Decision")  # rounds -> points
    d.press(B.BACK)
    start(d)
    assert top(d) == "TitleBoutScreen"
    return d.app.top.session.rec.options


def finish(d):
    while not d.app.top.done:
        d.press(B.OK, 900)
    while top(d) != "Home":
        d.press(B.BACK)


def test_the_next_set_up_offers_the_last_bouts_choices():
    store = memory_store()
    d = device(store=store)
    opts = choose_and_start(d)
    finish(d)
    s = setup(d)
    assert rows(s) == ["Red: Rocco Valdez", "Blue: Marvin Hagler", "Charts: demo", "Rounds: 5", "Rules: 1 changed"]
    start(d)
    again = d.app.top.session.rec.options
    assert again == opts  # the same bout's choices, whole
    d = device(store=store)  # and after a power-off
    assert rows(setup(d))[:4] == ["Red: Rocco Valdez", "Blue: Marvin Hagler", "Charts: demo", "Rounds: 5"]


def test_a_card_gone_since_is_the_default_corner_without_an_error(tmp_path):
    cards = tmp_path / "cards"
    cards.mkdir()
    for name in ("antuofermo", "brandt", "hagler", "valdez"):
        (cards / (name + ".json")).write_text(open("%s/%s.json" % (DEMO_CARDS, name)).read())
    store = memory_store()
    d = device(store=store, card_dirs=(str(cards),), chart_dirs=(DEMO_CHARTS,))
    choose_and_start(d)
    finish(d)
    (cards / "valdez.json").unlink()
    s = setup(d)
    assert top(d) == "Setup" and not store.notices
    assert rows(s) == ["Red: Vito Antuofermo", "Blue: Marvin Hagler", "Charts: demo", "Rounds: 5", "Rules: 1 changed"]


def test_a_damaged_or_strange_memo_is_the_defaults():
    store = memory_store()
    d = device(store=store)
    for text in ("{not json", "[1, 2]", json.dumps({"setup": {"red": 7, "blue": None, "charts": "nope", "rounds": 99,
                                                              "rules": {"decision": "dice", "ki_clock": "yes"}}}),
                 json.dumps({"setup": {"rounds": True, "rules": []}})):
        store.write_text(memo.NAME, text)
        s = setup(d)
        assert top(d) == "Setup" and rows(s) == DEFAULT and not store.notices
        d.press(B.BACK)


def test_the_same_choices_again_write_nothing():
    store = memory_store()
    d = device(store=store)
    setup(d)
    start(d)
    written = store.bytes_written
    finish(d)
    written = store.bytes_written - written  # the bout's own saves
    before = store.bytes_written
    setup(d)
    start(d)
    assert json.loads(store.read_text(memo.NAME))["setup"]["rounds"] == 12
    finish(d)
    assert store.bytes_written - before == written


def test_a_second_opening_in_the_same_power_on_reads_no_memo_file(monkeypatch):
    # the last Start's choices stay in App.memo: the opening reads neither the file nor loads memo.py
    store = memory_store()
    d = device(store=store)
    choose_and_start(d)
    finish(d)
    read = []
    real = store.read_text
    monkeypatch.setattr(store, "read_text", lambda name, *a: read.append(name) or real(name, *a))
    s = setup(d)
    assert memo.NAME not in read
    assert rows(s) == ["Red: Rocco Valdez", "Blue: Marvin Hagler", "Charts: demo", "Rounds: 5", "Rules: 1 changed"]


def test_the_set_up_loads_the_fights_code_while_it_waits_one_module_a_pass(monkeypatch):
    for name in tbsetup._PRELOAD:  # as on a box, where Home dropped them; put back after the test
        package, attr = name.rsplit(".", 1)
        monkeypatch.delitem(sys.modules, name)
        monkeypatch.delattr(sys.modules[package], attr)
    loaded = lambda: [name for name in tbsetup._PRELOAD if name in sys.modules]  # noqa: E731
    d = device()
    setup(d)
    opened = loaded()  # the card code's own imports
    assert len(opened) < len(tbsetup._PRELOAD) - 1
    d.press(B.DOWN)
    d.wait(100)
    assert loaded() == opened  # a user still pressing: nothing loads
    d.wait(150)  # 300 ms since the press's last event
    assert len(loaded()) == len(opened) + 1  # a module a loop pass: a press meets one import at most
    d.wait(1000)
    assert loaded() == list(tbsetup._PRELOAD)
