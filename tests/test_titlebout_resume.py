"""A Title Bout left unfinished, or cut off by the power, comes back on the
frame the referee saw (docs/rules/title-bout.md ruling 17): stepping roll by
roll is a view of whole inputs, and one input (an answer in a round played
on) may hold several exchanges the screen had not shown yet."""
from test_titlebout_ui import ANT, HAG, device, new_bout, open_item, top

from dicebox import buttons as B
from dicebox.core.log import INPUT, ROLL
from dicebox.titlebout import memo
from dicebox.titlebout import rules as tb
from host_sim.memstore import memory_store


def assisted_round_under_way(store, step="roll"):
    """Own cards, assisted, a round held OK: the first answer plays on through
    exchanges the screen then shows one OK at a time; two of them stepped."""
    d = device(store=store, step=step)
    new_bout(d, red=None, blue=None, assisted=True)
    f = d.app.stack[1]
    while top(d) == "NumberPicker":
        d.press(B.OK)  # the ratings as the pickers start
    d.press(B.OK, 900)  # hold: the rest of the round
    assert top(d) == "NumberPicker"
    d.press(B.UP)
    d.press(B.OK)
    d.press(B.OK)
    assert top(d) == "TitleBoutScreen" and f.shown < len(f.game.log)
    return d, f


def exchanges_after(f, at):
    """The exchanges that start in the log after entry `at`."""
    log = f.game.log
    return sum(1 for k in range(at, len(log)) if log.entry(k)[0] == ROLL and log.entry(k)[1] in tb.W_CF)


def leave_and_resume(d):
    d.press(B.BACK)
    assert top(d) == "Confirm"
    d.press(B.OK)  # leave: kept for Home
    assert top(d) == "Home"
    open_item(d, "\u25b6 TB")
    assert top(d) == "TitleBoutScreen"
    return d.app.top


def test_a_bout_left_mid_round_comes_back_on_the_frame_it_showed():
    store = memory_store()
    d, f = assisted_round_under_way(store)
    assert exchanges_after(f, f.shown) >= 1  # the game is ahead of the glass
    before = (f.shown, f.shown_state(), f.panel, d.glass())
    g = leave_and_resume(d)
    assert (g.shown, g.shown_state(), g.panel, d.glass()) == before
    d.press(B.OK)  # and steps on from there, a roll at a time
    assert g.shown > before[0] and g.shown_state()[1] == before[1][1] + 1


def test_a_bout_of_demo_cards_left_mid_exchange_comes_back_on_that_roll():
    store = memory_store()
    d = device(store=store, step="roll")
    f = new_bout(d, [10, 36, 63, 13, 90])
    d.press(B.OK)
    d.press(B.OK)  # the first exchange, two of its rolls shown
    assert f.shown < len(f.game.log)
    before = (f.shown, f.shown_state(), f.panel, d.glass())
    g = leave_and_resume(d)
    assert (g.shown, g.shown_state(), g.panel, d.glass()) == before


def test_after_a_power_cut_only_the_last_exchange_comes_back_whole():
    store = memory_store()
    d, f = assisted_round_under_way(store)
    d2 = device(store=store, step="roll")  # the power back on
    g = d2.app.top
    assert top(d2) == "TitleBoutScreen" and g.session.rec.dumps() == f.session.rec.dumps()
    log = g.game.log
    last_input = max(k for k in range(len(log)) if log.entry(k)[0] == INPUT)
    assert exchanges_after(g, last_input + 2) >= 2  # the answer played on past its exchange
    assert f.shown > g.shown > last_input and exchanges_after(g, last_input + 2) == exchanges_after(g, g.shown)
    while g.shown < len(log):
        d2.press(B.OK)  # the rest, one roll an OK, to the next question
    assert top(d2) == "NumberPicker" and g.shown_state() == (g.game.round, g.game.click, g.game.totals()[0],
                                                             g.game.totals()[1], g.game.control)


def test_the_frame_belongs_to_its_record_only():
    store = memory_store()
    d, f = assisted_round_under_way(store)
    shown = f.shown
    d.press(B.BACK)
    d.press(B.OK)
    assert memo.shown(store, f.session.rec) == shown
    f.session.rec.inputs.append(0)
    assert memo.shown(store, f.session.rec) == -1  # another record: no frame of its own


def test_a_damaged_memo_file_resumes_as_after_a_power_cut():
    store = memory_store()
    d, f = assisted_round_under_way(store)
    d.press(B.BACK)
    d.press(B.OK)
    store.write_text(memo.NAME, "{not json")
    open_item(d, "\u25b6 TB")
    g = d.app.top
    assert top(d) == "TitleBoutScreen" and not store.notices
    assert g.shown == g._last_exchange_end() < f.shown  # as after a power cut: a step back, none skipped


def test_exchange_steps_and_a_bout_shown_whole_keep_no_frame():
    store = memory_store()
    d = device(store=store, step="exchange")
    new_bout(d, [10, 36, 63], red=ANT, blue=HAG)
    d.press(B.OK)
    d.press(B.BACK)
    d.press(B.OK)
    assert store.read_text(memo.NAME) is None  # all shown: a resume shows it all anyway


def test_with_ok_stepping_exchanges_a_power_cut_shows_all_the_screen_showed():
    store = memory_store()
    d = device(store=store, step="exchange")
    new_bout(d, red=None, blue=None, assisted=True)
    f = d.app.stack[1]
    while top(d) == "NumberPicker":
        d.press(B.OK)
    d.press(B.OK, 900)
    d.press(B.UP)
    d.press(B.OK)  # the answer: the round plays on to the next question, all of it shown
    assert top(d) == "NumberPicker" and f.shown == len(f.game.log)
    log = f.game.log
    last_input = max(k for k in range(len(log)) if log.entry(k)[0] == INPUT)
    assert exchanges_after(f, last_input + 2) >= 1
    d2 = device(store=store, step="exchange")
    g = d2.app.top
    assert top(d2) == "TitleBoutScreen" and (g.shown, g.shown_state()) == (f.shown, f.shown_state())
