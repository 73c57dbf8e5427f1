"""Nothing the players made is lost: fights left unfinished are kept, each
with its label on Home; History keeps fights and folds small procedures; a
referee pins or deletes an entry. Through the real App on a real Store."""
from dicebox import buttons as B
from dicebox.core import record
from dicebox.store import Store
from host_sim.device import Device, Platform


def device(root):
    return Device(store=Store(str(root)), platform=Platform(b"\x00\x00\x00\x05"))


def top(d):
    return type(d.app.top).__name__


def labels(d):
    return [label for label, _ in d.app.top.items]


def select(d, label):
    menu = d.app.top
    for _ in range(len(menu.items)):
        if menu.items[menu.sel][0].startswith(label):
            return
        d.press(B.DOWN)
    raise AssertionError("no row %r in %r" % (label, labels(d)))


def open_item(d, label):
    select(d, label)
    d.press(B.OK)


def leave_a_bout(d):
    open_item(d, "Title Bout")
    open_item(d, "Start")
    assert top(d) == "TitleBoutScreen"
    for _ in range(8):  # seed 5: blue (Brandt, the second corner) leads 3-0 after the 8th
        d.press(B.OK)
    d.press(B.BACK)
    assert top(d) == "Confirm"  # "Leave the fight? It stays saved."
    d.press(B.OK)
    assert top(d) == "Home" and d.app.top.items[d.app.top.sel][0] == "Title Bout"  # the row it left from


def one_shot(d):
    open_item(d, "LARP judge")
    open_item(d, "Firearms")
    d.press(B.OK)  # participant
    while top(d) == "ShootScreen" and not d.app.top.done:
        d.press(B.OK)
    while top(d) != "Home":
        d.press(B.BACK)


def leave_a_duel(d):
    open_item(d, "LARP judge")
    open_item(d, "Duel")
    open_item(d, "Melee")
    assert top(d) == "DuelScreen"
    d.press(B.OK)  # the challenge taken
    d.press(B.OK)  # a cycle
    d.press(B.BACK)
    d.press(B.OK)  # leave: kept
    while top(d) != "Home":
        d.press(B.BACK)


def test_a_bout_left_then_a_shot_then_a_duel_left_keeps_both_fights(tmp_path):
    d = device(tmp_path)
    leave_a_bout(d)
    one_shot(d)
    leave_a_duel(d)
    kept = [label for label in labels(d) if label.startswith("\u25b6 ")]
    assert kept[0].startswith("\u25b6 Duel, cycle ")
    assert kept[1] == "\u25b6 TB R1 Antuof-Brand 0-3"  # both corners, red first: the row fits beside the others
    assert [s for _, s in d.store.history()] == ["Firearms -: left arm"]  # History's row in words
    # power off and on: still there, and the bout resumes where it was left
    d2 = device(tmp_path)
    assert top(d2) == "Home" and [lb for lb in labels(d2) if lb.startswith("\u25b6")] == kept
    open_item(d2, "\u25b6 TB")
    assert top(d2) == "TitleBoutScreen"
    inputs = list(d2.app.top.session.rec.inputs)
    assert inputs and d2.store.has_current() and len(d2.store.unfinished()) == 1
    d2.press(B.OK)
    d2.press(B.BACK)
    d2.press(B.OK)  # left again: one copy, with its new label
    assert [lb for _, lb in d2.store.unfinished()][0].startswith("TB R1 ")
    assert len(d2.store.unfinished()) == 2 and not d2.store.has_current()


def test_a_fight_a_power_cut_left_in_current_json_is_kept_when_another_starts(tmp_path):
    d = device(tmp_path)
    rec = record.Record("duel", {"weapon": "melee"}, 11, [1, 0])
    d.store.save_current(rec.dumps())
    d.app.stack[1:] = []  # the box came back on Home (say, a resume that found no room)
    one_shot(d)
    (name, label), = d.store.unfinished()
    assert label == "duel, 2 inputs" and d.store.read_text(name).split("\n", 1)[1] == rec.dumps()


def test_deleting_a_kept_fight_asks_first_naming_it(tmp_path):
    d = device(tmp_path)
    leave_a_bout(d)
    select(d, "\u25b6")
    d.press(B.OK, 900)  # long OK on its row
    assert top(d) == "Confirm" and d.app.top.note == "TB R1 Antuof-Brand 0-3"
    d.press(B.BACK)  # no
    assert len(d.store.unfinished()) == 1
    select(d, "\u25b6")
    d.press(B.OK, 900)
    d.press(B.OK)  # yes
    assert d.store.unfinished() == [] and not labels(d)[0].startswith("\u25b6")


def test_a_hundred_shots_leave_every_fight_in_history(tmp_path):
    d = device(tmp_path)
    st = d.store
    from dicebox.larp import fights as larp_fights

    for i in range(100):
        if i == 1:
            for k in range(12):
                st.add_history(record.Record("titlebout", {}, k, [0]).dumps(), "bout %d" % k)
        screen = larp_fights.screen_for(d.app, record.Record("shoot", {}, i))
        while not screen.done:
            p = screen.game.prompt()
            screen.give(p[1])
        d.app.settle()  # as the loop does once the frame is on the panel
    shown = [s for _, s in st.history()]
    assert shown[-1].endswith("\u00d7100") and shown[:-1] == ["bout %d" % i for i in range(11, -1, -1)]
    assert not st.has_current() and st.unfinished() == []


def test_a_referee_pins_and_deletes_from_history(tmp_path):
    d = device(tmp_path)
    a = d.store.add_history(record.Record("duel", {"weapon": "melee"}, 1, [0]).dumps(), "duel refused")
    d.store.add_history(record.Record("duel", {"weapon": "melee"}, 2, [0]).dumps(), "another duel")
    open_item(d, "History")
    assert labels(d) == ["another duel", "duel refused"]
    d.press(B.DOWN)
    d.press(B.OK, 900)
    assert labels(d) == ["Pin (never deleted)", "Delete this entry"]
    d.press(B.OK)  # pin
    assert top(d) == "History" and labels(d) == ["another duel", "\u2713duel refused"]
    assert d.store.entries()[1][2] and d.store.history_record(a)
    d.press(B.UP)
    d.press(B.OK, 900)
    d.press(B.DOWN)
    d.press(B.OK)  # delete: asked, naming it
    assert top(d) == "Confirm" and d.app.top.note == "another duel"
    d.press(B.OK)
    assert labels(d) == ["\u2713duel refused"] and len(d.store.history()) == 1


def test_a_fight_left_keeps_its_saved_record_as_written_and_one_not_yet_saved_as_it_is(tmp_path, monkeypatch):
    # the kept copy is current.json's text (the record's own save, not made into text again)
    d = device(tmp_path)
    open_item(d, "Title Bout")
    open_item(d, "Start")
    d.press(B.OK)
    d.press(B.OK)
    rec = d.app.top.session.rec
    assert d.app.top.session.saved
    made = []
    real = record.Record.parts
    monkeypatch.setattr(record.Record, "parts", lambda self: made.append(1) or real(self))
    d.press(B.BACK)
    d.press(B.OK)
    (name, _), = d.store.unfinished()
    assert d.store.read_text(name).split("\n", 1)[1] == rec.dumps() and not made and not d.store.has_current()
    # a save that did not land (current.json older than the record): the record itself is kept
    open_item(d, "Title Bout")
    open_item(d, "Start")
    d.press(B.OK)
    d.press(B.OK)
    session = d.app.top.session
    rec = session.rec
    session.saved = False
    d.press(B.BACK)
    d.press(B.OK)
    assert made and rec.dumps() in [d.store.read_text(n).split("\n", 1)[1] for n, _ in d.store.unfinished()]
