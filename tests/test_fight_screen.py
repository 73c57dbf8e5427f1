"""The shared fight screen: undo on long BACK, leaving keeps the fight, table dice."""
from dicebox import buttons as B
from dicebox.core import record
from dicebox.ui.fight import FightScreen
from host_sim.device import Device, Platform


def fight(ruleset="duel", table=False):
    d = Device(platform=Platform(b"\x00\x00\x00\x05"))
    if table:
        d.app.settings["dice_source"] = "table"
    screen = FightScreen(d.app, record.Record(ruleset, seed=11))
    d.app.push(screen)
    return d, screen


def test_long_back_asks_before_undoing_and_back_declines():
    d, s = fight()
    assert s.give(1)  # challenge accepted
    d.press(B.BACK, 900)  # long BACK: a question, nothing undone yet
    assert type(d.app.top).__name__ == "Confirm" and s.session.rec.inputs == [1]
    d.press(B.BACK)  # no
    assert d.app.top is s and s.session.rec.inputs == [1]
    d.press(B.BACK, 900)
    d.press(B.OK)  # yes
    assert d.app.top is s and s.session.rec.inputs == []
    assert d.store.current() is None  # undone to nothing: nothing kept for a power cut to resume


def test_a_stray_back_never_loses_an_unfinished_fight():
    d, s = fight()
    s.give(1)
    d.press(B.BACK)  # asks first
    assert type(d.app.top).__name__ == "Confirm"
    d.press(B.BACK)  # no: still fighting
    assert d.app.top is s
    d.press(B.BACK)
    d.press(B.OK)  # yes: leave, the fight stays saved for Resume, labelled
    (name, label), = d.store.unfinished()
    assert d.app.top is not s and d.store.current() is None and label == "duel, 1 inputs"
    assert record.loads(d.store.read_text(name).split("\n", 1)[1]).inputs == [1]
    assert d.store.history() == []


def test_leaving_an_untouched_fight_drops_it_without_asking():
    d, s = fight()
    d.press(B.BACK)
    assert d.app.top is not s and d.store.current() is None


def test_table_dice_are_asked_with_a_picker_and_become_forced_dice():
    d, s = fight(table=True)
    s.give(1)  # accept: the first cycle's dice are the players'
    assert s.give(0) is False
    picker = d.app.top
    assert type(picker).__name__ == "NumberPicker" and (picker.lo, picker.hi) == (1, 6)
    for _ in range(3):
        d.press(B.UP)  # 1 -> 4
    d.press(B.OK)
    assert s.session.rec.dice[0] == 4
    while type(d.app.top).__name__ == "NumberPicker":
        d.press(B.OK)  # the defender's die: 1
    assert d.app.top is s and len(s.session.rec.inputs) == 2
    assert record.loads(d.store.current()).dice == s.session.rec.dice


def test_a_finished_fight_goes_to_history_once():
    d, s = fight()
    s.give(1)
    while not s.session.over:
        p = s.game.prompt()
        s.give(p[1])
    assert d.store.current() is not None and d.store.history() == []  # written once the frame is out:
    d.app.settle()  # the loop settles after each frame
    assert d.store.current() is None and len(d.store.history()) == 1
    d.press(B.BACK, 900)  # no undo offered on a finished fight
    assert d.app.top is s
    d.press(B.BACK)
    assert d.app.top is not s and len(d.store.history()) == 1


def test_a_fight_saved_finished_but_not_filed_is_filed_on_resume(monkeypatch):
    # the power went after the last input was saved, before History had it
    d, s = fight()
    s.give(1)
    while not s.session.over:
        s.session.rec.inputs.append(s.game.prompt()[1])
        s.session.game = record.replay(s.session.rec)
    s.session.save()
    d.app.settle()  # the loop's pass
    assert d.store.history() == [] and d.store.current() is not None
    # a mode whose screen is the bare FightScreen plays duels
    from dicebox.larp import menu

    monkeypatch.setattr(menu, "screen_for", lambda app, rec: FightScreen(app, rec))
    d2 = Device(store=d.store, platform=Platform(b"\x00\x00\x00\x05"))
    assert isinstance(d2.app.top, FightScreen) and d2.app.top.done
    assert d2.store.current() is None and len(d2.store.history()) == 1
    d2.press(B.BACK)
    assert "Resume fight" not in [label for label, _ in d2.app.top.items]
