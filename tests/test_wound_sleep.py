"""A LARP wound session asleep (larp/timer.py): while another mode is played
only its clock and its next timer stay on the heap; it wakes to ring an alert on
time, and sleeps again once the judge has acknowledged it."""
import sys

from dicebox import buttons as B
from dicebox import forget
from dicebox.larp import common as larp
from dicebox.larp import journal
from dicebox.larp import wounds as W
from dicebox.larp.journal import FILES as WOUNDS
from dicebox.larp import timer as larp_timer
from test_larp_ui import boxing, device, inputs, start_session, top, wound
from test_mode_switch import MODE_AT, back_home, open_row, screens

M = 60000
JOURNAL, CLOCK = WOUNDS[1], WOUNDS[2]
# what the whole session loads beyond a bare Home and the Timer
SESSION = ("dicebox.larp.tracker", "dicebox.larp.wounds", "dicebox.larp.common")


LARP = ("dicebox.larp.",)


def drop_modules(*more):
    for name in [n for n in sys.modules if (n.startswith(LARP) and n != larp_timer.__name__) or n in more]:
        forget(name)


def heavy_wound_then_dice(sleep_s=60):
    """A session with participant 4 heavily wounded at 0:05 (mortal at 15:05),
    then Dice opened in the same power-on: the session falls asleep."""
    drop_modules()  # as on a Pico: a boot loads no LARP code (this process has imported it)
    d = device(sleep_s=sleep_s)
    tr = start_session(d)
    d.wait(5000)
    wound(d, 4, larp.HEAVY)
    back_home(d)
    open_row(d, MODE_AT["dicebox.dice.screen"])
    assert d.restarts == 0 and screens(d) == ["Home", "DiceScreen"]
    return d, tr


def task(d):
    (only,) = d.app.stack[0].tasks
    return only


def test_another_mode_holds_the_session_asleep_without_its_rules():
    d, tr = heavy_wound_then_dice()
    timer = task(d)
    assert type(timer) is larp_timer.Timer and timer.ms >= tr.ms > 5000  # no time lost
    assert not [n for n in SESSION if n in sys.modules]
    assert timer.stamp == [tr.due, 0, journal.size(d.store, JOURNAL)]


def test_it_wakes_on_time_rings_over_the_mode_and_sleeps_again_after_ok():
    d, tr = heavy_wound_then_dice(sleep_s=15)
    d.wait(10 * M)
    assert type(task(d)) is larp_timer.Timer and not d.app.display_on
    d.wait(6 * M)
    assert screens(d) == ["Home", "DiceScreen", "AlertScreen"] and d.app.display_on
    woken = task(d)
    assert woken.game.kind[0] == larp.MORTAL and woken.woken
    d.press(B.OK)
    assert screens(d) == ["Home", "DiceScreen"]
    assert type(task(d)) is larp_timer.Timer
    assert not [n for n in SESSION if n in sys.modules]  # the rules left the heap again
    ins = inputs(d)
    assert [v[1] for v in ins] == [W.WOUND, W.TICK, W.ACK]
    assert ins[1][0] == ins[0][0] + 15 * M  # the escalation at its exact session ms
    d.wait(20 * M)  # mortal: no timer runs; nothing more rings
    assert top(d) == "DiceScreen" and type(task(d)) is larp_timer.Timer


def test_the_larp_mode_wakes_it_and_a_boxing_bout_lets_it_sleep():
    d, tr = heavy_wound_then_dice()
    back_home(d)
    open_row(d, MODE_AT["dicebox.larp.menu"])  # a restart again, into LARP: woken before its screens load
    awake = task(d)
    assert type(awake).__name__ == "Tracker" and not awake.woken and awake.game.kind[0] == larp.HEAVY
    d.press(B.OK)  # Boxing: it gives no wound to the list, the session sleeps
    assert top(d) == "BoxingSetup" and type(task(d)) is larp_timer.Timer
    assert not [n for n in SESSION if n != "dicebox.larp.common" and n in sys.modules]
    assert "dicebox.larp.common" in sys.modules  # the bout's own import
    d.press(B.BACK)
    assert top(d) == "LarpMenu" and type(task(d)) is larp_timer.Timer
    for _ in range(4):
        d.press(B.DOWN)
    d.press(B.OK)  # Wounds: woken for good, before its screens load
    again = task(d)
    assert type(again).__name__ == "Tracker" and not again.woken and again.game.kind[0] == larp.HEAVY
    assert top(d) == "TrackerScreen" and d.app.top.tr is again
    d.wait(16 * M)
    d.press(B.OK)  # acknowledged: it stays awake under its screen
    assert task(d) is again and again.game.kind[0] == larp.MORTAL
    d.press(B.BACK)
    assert top(d) == "LarpMenu" and task(d) is again  # the menu keeps it awake: the list opens at once


def test_a_bout_resumed_after_a_power_cut_plays_with_the_session_asleep():
    d = device(sleep_s=0)
    start_session(d)
    wound(d, 4, larp.HEAVY)
    back_home(d)
    boxing(d)
    d.press(B.BACK)
    d.press(B.OK)  # the first blow: saved
    assert type(task(d)) is larp_timer.Timer
    drop_modules()  # a power cut: a new interpreter, whose boot resumes the bout
    d = device(store=d.store, sleep_s=0)
    if top(d) == "Home":
        open_row(d, 0)  # Resume
    assert top(d) == "BoxingScreen" and len(d.app.top.session.rec.inputs) == 1
    assert type(task(d)) is larp_timer.Timer and "dicebox.larp.tracker" not in sys.modules
    d.wait(16 * M)  # the heavy wound turns mortal: it rings over the bout
    assert top(d) == "AlertScreen"
    d.press(B.OK)
    assert top(d) == "BoxingScreen" and type(task(d)) is larp_timer.Timer


def test_a_duel_resumed_after_a_power_cut_sits_on_the_larp_menu_and_offers_its_wounds():
    # resumed as if opened from the LARP menu: its wounds go to the session, BACK leads there
    from test_larp_ui import name_duellists

    d = device()
    start_session(d)
    d.press(B.BACK)
    d.press(B.UP)
    d.press(B.UP)
    d.press(B.UP)  # Duel
    d.press(B.OK)
    d.press(B.OK)  # melee
    d.press(B.OK)  # accepted
    d.press(B.OK)  # the first cycle rolled: saved (the answer alone is not, U6a)
    assert top(d) == "DuelScreen" and not d.app.top.done and type(task(d)) is larp_timer.Timer
    drop_modules()  # a power cut: a new interpreter, whose boot resumes the duel
    d = device(store=d.store)
    if top(d) == "Home":
        open_row(d, 0)  # Resume
    assert screens(d) == ["Home", "LarpMenu", "DuelScreen"] and type(task(d)) is larp_timer.Timer
    screen = d.app.top
    while not screen.done:
        d.press(B.OK)
    wounds = screen.game.result()["wounds"]
    assert screens(d)[:3] == ["Home", "LarpMenu", "DuelScreen"]
    name_duellists(d, wounds)
    assert screens(d) == ["Home", "LarpMenu", "DuelScreen"]
    d.press(B.BACK)
    d.press(B.BACK)
    assert screens(d) == ["Home"]


def test_a_journal_changed_since_the_stamp_loads_the_whole_session():
    d, tr = heavy_wound_then_dice()
    journal.add(d.store, JOURNAL, "[70000,%d,5,%d]" % (W.WOUND, larp.LIGHT))  # not in the stamp
    d.on_restart = None
    d.restart()
    whole = task(d)
    assert type(whole).__name__ == "Tracker" and whole.game.kind[1] == larp.LIGHT


def test_the_first_input_after_a_stamp_takes_it_back():
    """A power cut after the journal changed must not find the old stamp."""
    d, tr = heavy_wound_then_dice()
    back_home(d)
    open_row(d, MODE_AT["dicebox.larp.menu"])
    for _ in range(4):
        d.press(B.DOWN)
    d.press(B.OK)
    assert journal.read_clock(d.store)[1] is not None  # woken, not yet changed
    wound(d, 7, larp.LIGHT)
    assert journal.read_clock(d.store)[1] is None


def test_clock_file_forms():
    class Files:
        def __init__(self, text):
            self.text = text

        def read_text(self, name):
            return self.text

    assert journal.read_clock(Files("12345")) == (12345, None)
    assert journal.read_clock(Files("12345 -1 0 88")) == (12345, [-1, 0, 88])
    assert journal.read_clock(Files("12345 900 1 88")) == (12345, [900, 1, 88])
    for bad in (None, "", "12x", "1 2", "1 2 3 4 5", "1 2 x 4", "--5", "1 2 --3 4"):
        assert journal.read_clock(Files(bad))[1] is None
    # out of a session's range is damage (found by the fuzz: a clock of 99999999999
    # ms moved the session on by 12 days at boot, every wound mortal, in big ints)
    for bad in ("99999999999", "-5", "1073741824", "5 1073741824 0 1", "5 -2 0 1", "5 9 2 1", "5 9 0 -2"):
        assert journal.read_clock(Files(bad)) == (0, None), bad
    assert journal.read_clock(Files("1073741823 1073741822 1 0")) == (1073741823, [1073741822, 1, 0])


def test_a_clock_save_with_no_heap_for_its_file_waits_for_the_next_one(tmp_path):
    # Littlefs's file cache may find no room on a broken-up heap; the
    # session clock, saved every SAVE_MS, skips that save instead of the error
    # screen, and leaves nothing for the loop to write after an error
    import builtins

    from dicebox.store import Store

    short = [True]

    def open_short_of_heap(path, mode="r"):
        if mode == "wb" and short[0]:
            short[0] = False
            raise MemoryError("memory allocation failed, allocating 1200 bytes")
        return builtins.open(path, mode)

    st = Store(str(tmp_path), open_fn=open_short_of_heap)
    journal.write_clock(st, 10000, [900, 0, 88])
    assert journal.read_clock(st) == (0, None) and st.unsaved_save is None
    journal.write_clock(st, 20000, [900, 0, 88])
    assert journal.read_clock(st) == (20000, [900, 0, 88])


def test_the_first_mode_after_a_power_cut_puts_the_whole_session_to_sleep():
    d = device()
    start_session(d)
    wound(d, 4, larp.HEAVY)
    assert journal.read_clock(d.store)[1] is None  # the wound took the stamp back
    d = device(store=d.store)  # a power cut on the wound list: the boot loads the whole session
    assert type(task(d)).__name__ == "Tracker"
    no_time_off(d)
    open_row(d, MODE_AT["dicebox.dice.screen"])  # this power-on's mode: no restart
    assert d.restarts == 0 and screens(d) == ["Home", "DiceScreen"]
    assert type(task(d)) is larp_timer.Timer and journal.read_clock(d.store)[1] == task(d).stamp


def no_time_off(d):
    """After a power cut (no clock chip), the boot asks for the time off: none."""
    assert top(d) == "PausedScreen"
    d.press(B.BACK)


def alert_on_home():
    """Participant 4 heavily wounded; 16 minutes later his alert rings on Home, not yet acknowledged."""
    d = device(sleep_s=0)
    start_session(d)
    wound(d, 4, larp.HEAVY)
    back_home(d)
    d.wait(16 * M)
    assert top(d) == "AlertScreen"
    return d


def test_an_alert_waiting_at_boot_rings_on_home_and_the_first_mode_puts_the_session_to_sleep():
    d = alert_on_home()
    d = device(store=d.store, sleep_s=0)  # a power cut before OK: the alert waits
    d.wait(100)
    assert top(d) == "AlertScreen" and type(task(d)).__name__ == "Tracker"
    d.press(B.OK)
    open_row(d, MODE_AT["dicebox.dice.screen"])  # this power-on's mode: the session may sleep
    assert screens(d) == ["Home", "DiceScreen"] and type(task(d)) is larp_timer.Timer
    assert "dicebox.dice.screen" in sys.modules


def test_a_cut_after_the_larp_mode_woke_the_session_loses_at_most_the_save_interval():
    d, tr = heavy_wound_then_dice()
    d.on_restart = None
    d = device(store=d.store)  # a power cut in Dice: the next power-on boots asleep
    assert type(task(d)) is larp_timer.Timer
    no_time_off(d)
    d.wait(15000)  # the Timer saves its clock at +10 s
    asleep_ms = task(d).ms
    open_row(d, MODE_AT["dicebox.larp.menu"])  # the first mode of this power-on: no restart
    for _ in range(4):
        d.press(B.DOWN)
    d.press(B.OK)  # Wounds: woken for good
    assert d.restarts == 0 and type(task(d)).__name__ == "Tracker"
    d.wait(9900)
    true_ms = task(d).ms
    assert true_ms >= asleep_ms + 9900
    d = device(store=d.store)  # cut
    resumed = task(d)
    assert true_ms - resumed.ms <= journal.SAVE_MS


def test_an_alert_that_comes_up_under_a_press_is_not_acknowledged_by_its_click():
    """The judge's click meant for the screen below acknowledged an alert that
    rang between its press and its release: the escalation went unread."""
    d, tr = heavy_wound_then_dice(sleep_s=0)  # the display stays on: the press is not a wake-up
    timer = task(d)
    d.wait(timer.stamp[0] - timer.ms - 30)  # 30 ms before it rings
    assert top(d) == "DiceScreen"
    d.press(B.OK, 200)
    assert screens(d) == ["Home", "DiceScreen", "AlertScreen"]
    assert [v[1] for v in inputs(d)] == [W.WOUND, W.TICK]  # rung, not acknowledged
    d.press(B.OK)  # a click of its own
    assert screens(d) == ["Home", "DiceScreen"] and [v[1] for v in inputs(d)] == [W.WOUND, W.TICK, W.ACK]
