"""Behaviours a user relies on that no other test held: each of these tests was
checked by breaking the behaviour on purpose (it fails then)."""
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_store import REC2, full_flash_open, shot
from test_titlebout import ANT, HAG, bout, events

from dicebox import buttons as B
from dicebox.larp import journal
from dicebox.core import record
from dicebox.larp import common as larp
from dicebox.larp import wounds as W
from dicebox.core.game import RecordError
from dicebox.store import Store
from host_sim.device import Device, Platform, feed

M = 60000


# --- Title Bout: three knockdowns are counted per round (docs/rules/title-bout.md 13) --------

# Antuofermo loses control, Hagler lands R-77 (KD), the d20 under his HP, K on the
# knockdown chart: Antuofermo is down, up at the count; then Hagler misses (90s)
DOWN = [13, 30, 26, 7, 14, 9, 46] + [90] * 9
AGAIN = [12, 30, 26, 7, 14, 9, 46] + [90] * 9  # Hagler keeps control and drops him again
TO_THE_BELL = [12, 90] * 12  # misses to round 1's 40th click


def test_three_knockdowns_over_two_rounds_are_no_stoppage():
    # once in round 1, twice in round 2: three in the bout, never three in a round
    g = bout(DOWN + TO_THE_BELL + AGAIN * 2, inputs=[0, 1, 0, 0], three_knockdowns=True)
    downs = [e for e in events(g) if e[0] in ("down", "round")]
    assert downs == [("down", 0, 5, 7), ("round", 1, 0, 7), ("down", 0, 5, 7), ("down", 0, 5, 7)]
    assert g.result() is None and g.round == 2 and g.knockdowns == [3, 0]
    # the third of round 2 stops it
    g = bout(DOWN + TO_THE_BELL + AGAIN * 3, inputs=[0, 1, 0, 0, 0], three_knockdowns=True)
    r = g.result()
    assert (r["method"], r["reason"], r["round"], r["knockdowns"]) == ("TKO", "three knockdowns", 2, [4, 0])


def _glass_jaw(kd_codes, kdr1, hp, pl):
    """A card whose chosen punches knock down (the demo charts read the card's marks)."""
    punches = {c: [v[0], v[1]] + (["KD"] if c in kd_codes else []) for c, v in HAG["punches"].items()}
    return dict(HAG, name="Glass Jaw", kdr1=kdr1, kor=5, hp=hp, pl=pl, punches=punches)


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 999999999), kd=st.sets(st.sampled_from(sorted(HAG["punches"]))),
       kdr1=st.integers(1, 5), hp=st.integers(5, 20), pl=st.integers(40, 98), other=st.sampled_from([ANT, HAG]),
       rule=st.booleans())
def test_a_three_knockdowns_stoppage_is_three_in_its_last_round(seed, kd, kdr1, hp, pl, other, rule):
    glass = _glass_jaw(kd, kdr1, hp, pl)
    rec = record.Record("titlebout", {"red": glass, "blue": dict(other, name="Other"), "charts": "demo",
                                      "three_knockdowns": rule}, seed, [2])
    g = record.replay(rec)
    r = g.result()
    rounds = [[0, 0]]  # each side's knockdowns he got up from, round by round ("round" ends one)
    kos = [0, 0]  # a knockout is a knockdown too
    for e in events(g):
        if e[0] == "round":
            rounds.append([0, 0])
        elif e[0] == "down":
            rounds[-1][e[1]] += 1
        elif e[0] == "ko":
            kos[e[1]] += 1
    assert [sum(x[s] for x in rounds) + kos[s] for s in (0, 1)] == r["knockdowns"]
    if r["reason"] == "three knockdowns":
        assert rule and r["method"] == "TKO"
        loser = 1 - ("red", "blue").index(r["side"])
        assert rounds[-1][loser] == 3 and len(rounds) == r["round"]
        assert all(max(x) < 3 for x in rounds[:-1])
    elif rule:
        assert all(max(x) < 3 for x in rounds), rounds  # three in a round would have stopped it


# --- History: a pinned entry is never deleted to make room (docs/hardware.md) -----------------

def test_a_full_flash_deletes_every_unpinned_entry_and_never_a_pinned_one(tmp_path):
    st = Store(str(tmp_path))
    fight = st.add_history(REC2, "pinned fight")  # the oldest entries of all, pinned
    fold = st.add_history(shot(1), "pinned shot", (), False, "shoot")
    st.pin(fight, True)
    st.pin(fold, True)
    for i in range(3):
        st.add_history(REC2, "newer %d" % i)
    st = Store(str(tmp_path))  # another power-on: its shots fold into an entry of their own
    st.add_history(shot(2), "a shot", (), False, "shoot")
    st.add_history(shot(3), "another shot", (), False, "shoot")
    pinned = {n: (tmp_path / n).read_bytes() for n in ("h%06d.pin" % fight, "f%06d.pin" % fold)}
    used = sum(p.stat().st_size for p in tmp_path.iterdir())
    st = Store(str(tmp_path), open_fn=full_flash_open(tmp_path, used + 10))
    big = "x" * (used - sum(len(v) for v in pinned.values()))  # room only once every unpinned entry is gone
    st.save_current(big)
    assert st.current() == big
    assert st.notices == ["storage full: deleted shoot (one power-on's)", "storage full: deleted newer 0",
                          "storage full: deleted newer 1", "storage full: deleted newer 2"]
    assert sorted(i for i, _ in st.history()) == [fight, fold]
    with pytest.raises(OSError):  # nothing unpinned is left: the error stands
        st.save_current(big + "x" * 100)
    assert sorted(i for i, _ in st.history()) == [fight, fold]
    assert {n: (tmp_path / n).read_bytes() for n in pinned} == pinned


# --- the wound list: undo after an escalation, help under a pending alert (docs/rules/larp.md) --

def _larp_device():
    from test_larp_ui import device

    return device(sleep_s=0)


def _lines(d):
    return list(journal.lines(d.app.store, "wounds.jnl"))


def test_undo_after_an_escalation_takes_back_the_wound_and_its_escalation_and_nothing_else():
    # U7: the judge's last input and the clock's TICKs after it. On the box the escalation's
    # alert takes only OK, and OK is an input (ACK): the undo here is the wound list's own
    # call (Tracker.undo, what its long BACK asks for), made before it
    from test_larp_ui import start_session, top, wound

    d = _larp_device()
    tr = start_session(d)
    wound(d, 5, larp.LIGHT)
    d.wait(30 * M + 1000)  # 5's wound turns heavy and alerts; acknowledged, then treated
    assert top(d) == "AlertScreen"
    d.press(B.OK)
    tr.give(W.MEDIC, 5, 0)
    before = _lines(d)
    assert [json.loads(x)[1] for x in before] == [W.WOUND, W.TICK, W.ACK, W.MEDIC]
    wound(d, 2, larp.LIGHT)
    d.wait(30 * M + 1000)  # 2's wound turns heavy and alerts
    assert [json.loads(x)[1:] for x in _lines(d)[len(before):]] == [[W.WOUND, 2, larp.LIGHT], [W.TICK, 0, 0]]
    assert tr.game.alerts() == [1] and tr.alerting
    assert tr.undo()
    assert _lines(d) == before  # the wound and its escalation are gone; 5's wound, escalation, OK and help stay
    assert list(tr.game.who) == [5] and list(tr.game.kind) == [larp.HEAVY] and tr.game.alerts() == []
    assert not tr.alerting and tr.due == -1  # nothing left to escalate
    d.wait(31 * M)
    assert _lines(d) == before


def _session(inputs, **options):
    return record.replay(record.Record("wounds", options, 0, inputs))


@pytest.mark.parametrize("help_op, first_aid", [(W.MEDIC, "light"), (W.AID, "any")])
def test_help_under_a_pending_alert_stops_the_timer_and_answers_that_alert_only(help_op, first_aid):
    # rule 29: an escalation alerts until acknowledged (one ACK for all), or until its wound is
    # helped or healed. (On the box the alert takes only OK: help before it comes from a record
    # or the command line.)
    base = [[0, W.WOUND, 1, larp.LIGHT], [0, W.WOUND, 2, larp.LIGHT], [31 * M, W.TICK, 0, 0]]
    g = _session(base, first_aid=first_aid)
    assert g.alerts() == [0, 1] and list(g.kind) == [larp.HEAVY, larp.HEAVY]
    g = _session(base + [[32 * M, help_op, 1, 0]], first_aid=first_aid)
    assert g.alerts() == [1]  # 1's alert gone, 2's still ringing
    assert list(g.due) == [-1, 45 * M] and list(g.kind) == [larp.HEAVY, larp.HEAVY]  # 1's timer stopped
    g = _session(base + [[32 * M, help_op, 1, 0], [33 * M, W.ACK, 0, 0]], first_aid=first_aid)
    assert g.alerts() == [] and g.next_due() == 45 * M


# --- History past one page ---------------------------------------------------------------------

def test_history_pages_through_61_entries_with_none_repeated_or_skipped(tmp_path):
    st = Store(str(tmp_path))
    ids = [st.add_history(REC2, "fight %d" % i) for i in range(61)]
    d = Device(store=Store(str(tmp_path)), platform=Platform(b"\x00\x00\x10\x00"))
    while d.app.top.items[d.app.top.sel][0] != "History":
        d.press(B.DOWN)
    d.press(B.OK)
    pages = []
    while True:
        page = d.app.top
        assert type(page).__name__ == "History"
        pages.append([e[0] for e in page.entries])
        labels = [label for label, _ in page.items]
        if labels[-1] != "Older entries\u2026":
            assert len(labels) == len(page.entries)
            break
        assert len(labels) == len(page.entries) + 1
        d.press(B.UP)  # from the first row up to the last: "Older entries..."
        d.press(B.OK)
        assert d.app.top is not page
    assert [len(p) for p in pages] == [30, 30, 1]
    assert sum(pages, []) == ids[::-1]  # newest first, each once
    d.press(B.BACK)
    d.press(B.BACK)
    assert [e[0] for e in d.app.top.entries] == pages[0]  # back on the first page


# --- the debounce at its exact edges (dicebox/buttons.py, docs/hardware.md "Buttons") -------------

def _events(changes, until):
    """Levels of OK [(ms, 1/0)] fed as the box feeds them (a change after the old level
    at its time), read every 5 ms up to `until`: [(event, ms)]."""
    b = B.Buttons(debounce_ms=20)
    at = dict(changes)
    level = 0
    for t in range(0, until + 1):
        if t in at:
            level = at[t]
        if t in at or t % 5 == 0:
            feed(b, level << B.OK, t)
    return [(e, ms) for _, e, ms in b.events]


def test_a_tap_held_exactly_the_debounce_time_clicks_at_its_release():
    P, R, C = B.PRESS, B.RELEASE, B.CLICK
    # held steady 20 ms: the release on its first edge, and a click
    assert _events([(100, 1), (120, 0)], 300) == [(P, 100), (R, 120), (C, 120)]
    # 19 ms: no click; the release is taken once up 20 ms, at the ms it happened
    assert _events([(100, 1), (119, 0)], 300) == [(P, 100), (R, 119)]


def test_contact_back_exactly_the_debounce_time_after_a_release_is_a_new_press():
    P, R, C = B.PRESS, B.RELEASE, B.CLICK
    # a tap, then the contact back 20 ms after it opened: a press of its own
    assert _events([(100, 1), (180, 0), (200, 1), (280, 0)], 400) == [
        (P, 100), (R, 180), (C, 180), (P, 200), (R, 280), (C, 280)]
    # 19 ms after: the release's bounce, no press
    assert _events([(100, 1), (180, 0), (199, 1), (280, 0)], 400) == [(P, 100), (R, 180), (C, 180)]
    # a 10 ms press whose contact opens and comes back exactly 20 ms later: a release
    # (no click: it did not hold 20 ms), then a new press
    assert _events([(100, 1), (110, 0), (130, 1), (230, 0)], 400) == [
        (P, 100), (R, 110), (P, 130), (R, 230), (C, 230)]
    assert _events([(100, 1), (110, 0), (129, 1), (230, 0)], 400) == [(P, 100), (R, 230), (C, 230)]


# --- sleep exactly on time ---------------------------------------------------------------------------

def test_sleep_after_one_second_comes_at_the_second_not_a_ms_before():
    d = Device(platform=Platform(b"\x00\x00\x10\x00"))
    s = dict(d.app.settings)
    s["sleep_s"] = 1
    d.app.apply_settings(s)
    d.press(B.DOWN)  # its last event (the release) is the last input
    last = d.app.last_input
    assert d.app.display_on and d.now - last < 1000
    d.now = last + 999
    d.step()
    assert d.app.display_on and d.panel.on
    d.now = last + 1000
    d.step()
    assert not d.app.display_on and not d.panel.on


# --- limits in files ----------------------------------------------------------------------------------

def test_a_record_of_100000_inputs_loads_and_one_more_is_refused():
    # docs/core-api.md: "any count a record allows (100,000 inputs)"
    head = '{"dicebox":1,"ruleset":"dice","seed":1,"dice":[],"inputs":['
    assert len(record.loads(head + ",".join(['"d6"'] * 100000) + "]}").inputs) == 100000
    with pytest.raises(RecordError, match="record: field 'inputs': more than 100000 inputs"):
        record.loads(head + ",".join(['"d6"'] * 100001) + "]}")


def test_the_boot_check_reads_the_20_newest_history_entries_and_no_more(tmp_path):
    st = Store(str(tmp_path))
    ids = [st.add_history(REC2, "fight %d" % i) for i in range(21)]
    for hid in ids[:2]:  # the 21st newest and the 20th (the oldest the check reads): damaged
        path = tmp_path / ("h%06d.rec" % hid)
        path.write_bytes(path.read_bytes()[:40])
    st = Store(str(tmp_path))
    twentieth = "h%06d.rec" % ids[1]
    assert [n.split(" ", 1)[0] for n in st.notices] == [twentieth]
    assert (tmp_path / (twentieth + ".bad")).exists() and not (tmp_path / twentieth).exists()
    assert (tmp_path / ("h%06d.rec" % ids[0])).exists()  # left to its reader
