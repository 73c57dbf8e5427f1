"""Wound tracker: escalation timers, help, the mortal choice, alerts, roster,
session clock (ticks_ms wrap), power cut, and a 4-hour session of 30 on both
interpreters."""
import json
import random

import pytest
from conftest import FIRMWARE, SUPPORT
from larp_helpers import events

from dicebox.larp import roster
from dicebox.core import record
from dicebox.larp import common as larp
from dicebox.larp import wounds as W
from dicebox.core.game import RecordError

M = 60000


def session(inputs, **options):
    rec = record.Record("wounds", options, 0, inputs)
    return record.replay(rec)


def esc(g):
    return [(n, g.who[a], b * M + c * 1000) for n, a, b, c in events(g, "became heavy", "became mortal")]


def test_light_becomes_heavy_after_30_minutes_and_mortal_15_later():
    g = session([[5000, W.WOUND, 3, 1], [100 * M, W.TICK, 0, 0]])
    assert esc(g) == [("became heavy", 3, 30 * M + 5000), ("became mortal", 3, 45 * M + 5000)]
    g = session([[0, W.WOUND, 3, 1], [30 * M - 1, W.TICK, 0, 0]])
    assert esc(g) == [] and g.kind[0] == larp.LIGHT
    g = session([[0, W.WOUND, 3, 1], [30 * M, W.TICK, 0, 0]])
    assert esc(g) == [("became heavy", 3, 30 * M)]


def test_heavy_becomes_mortal_after_15_minutes_and_times_are_options():
    g = session([[0, W.WOUND, 1, 2], [15 * M, W.TICK, 0, 0]])
    assert esc(g) == [("became mortal", 1, 15 * M)]
    g = session([[0, W.WOUND, 1, 1], [60 * M, W.TICK, 0, 0]], light_min=10, heavy_min=5)
    assert esc(g) == [("became heavy", 1, 10 * M), ("became mortal", 1, 15 * M)]


def test_escalations_are_logged_in_time_order_across_participants():
    g = session([[0, W.WOUND, 1, 1], [1000, W.WOUND, 2, 2], [2 * 3600 * 1000, W.TICK, 0, 0]])
    assert esc(g) == [("became mortal", 2, 15 * M + 1000), ("became heavy", 1, 30 * M), ("became mortal", 1, 45 * M)]


def test_help_stops_escalation_but_help_at_the_due_instant_is_too_late():
    g = session([[0, W.WOUND, 1, 1], [30 * M - 1, W.HELP, 1, 0], [300 * M, W.TICK, 0, 0]])
    assert esc(g) == [] and g.kind[0] == larp.LIGHT
    g = session([[0, W.WOUND, 1, 1], [30 * M, W.HELP, 1, 0], [300 * M, W.TICK, 0, 0]])
    assert esc(g) == [("became heavy", 1, 30 * M)] and g.kind[0] == larp.HEAVY  # helped once heavy: stops there
    g = session([[0, W.WOUND, 1, 1], [10 * M, W.HELP, 1, 0], [11 * M, W.WOUND, 1, 1], [100 * M, W.TICK, 0, 0]])
    assert [w for w in esc(g)] == [("became heavy", 1, 41 * M), ("became mortal", 1, 56 * M)]  # the new wound has its own timer


def test_first_aid_stops_a_light_wound_and_medical_help_a_heavy_one():
    # a light wound bandaged in time stays light; a heavy one needs medical help
    g = session([[0, W.WOUND, 1, 1], [29 * M, W.AID, 1, 0], [300 * M, W.TICK, 0, 0]])
    assert esc(g) == [] and g.kind[0] == larp.LIGHT and g.flags[0] & W.AIDED
    g = session([[0, W.WOUND, 1, 2], [14 * M, W.MEDIC, 1, 0], [300 * M, W.TICK, 0, 0]])
    assert esc(g) == [] and g.kind[0] == larp.HEAVY and g.flags[0] & W.TREATED
    # medical help is more than first aid: it stops a light wound too
    g = session([[0, W.WOUND, 1, 1], [M, W.MEDIC, 1, 0], [300 * M, W.TICK, 0, 0]])
    assert esc(g) == [] and g.kind[0] == larp.LIGHT
    # a light wound aided too late has become heavy: first aid no longer stops it
    with pytest.raises(RecordError, match="input 2: first aid does not stop a heavy wound: medical help does"):
        session([[0, W.WOUND, 1, 1], [30 * M, W.AID, 1, 0]])


def test_first_aid_on_a_heavy_wound_follows_the_option():
    with pytest.raises(RecordError, match="first aid does not stop a heavy wound: medical help does"):
        session([[0, W.WOUND, 1, 2], [M, W.AID, 1, 1]])
    g = session([[0, W.WOUND, 1, 2], [M, W.AID, 1, 1], [300 * M, W.TICK, 0, 0]], first_aid="any")
    assert esc(g) == [] and g.kind[0] == larp.HEAVY
    with pytest.raises(RecordError, match="first_aid: 'some' is not one of light, any"):
        session([], first_aid="some")


def test_first_aid_to_one_participant_with_two_wounds_stops_only_the_light_one():
    g = session([[0, W.WOUND, 2, 1], [0, W.WOUND, 2, 2], [M, W.AID, 2, 0], [100 * M, W.TICK, 0, 0]])
    assert esc(g) == [("became mortal", 2, 15 * M)] and g.kind[0] == larp.LIGHT
    assert [n for n, a, b, c in events(g, "first aid: light", "first aid: heavy")] == ["first aid: light"]


def test_help_to_one_wound_leaves_his_other_wounds_running():
    g = session([[0, W.WOUND, 3, 1], [M, W.WOUND, 3, 1], [2 * M, W.AID, 3, 2], [100 * M, W.TICK, 0, 0]])
    assert esc(g) == [("became heavy", 3, 30 * M), ("became mortal", 3, 45 * M)]  # wound 1 ran on
    assert g.kind[1] == larp.LIGHT and g.due[1] == -1
    with pytest.raises(RecordError, match="input 3: wound 1 is not participant 4's"):
        session([[0, W.WOUND, 3, 1], [0, W.WOUND, 4, 1], [M, W.AID, 4, 1]])
    with pytest.raises(RecordError, match="input 3: wound 1 is not a running light or heavy wound"):
        session([[0, W.WOUND, 3, 1], [M, W.AID, 3, 1], [2 * M, W.MEDIC, 3, 1]])
    with pytest.raises(RecordError, match="input 2: participant 3 has no running light or heavy wound"):
        session([[0, W.WOUND, 3, 3], [M, W.MEDIC, 3, 0]])


def test_the_transcript_names_the_help_the_participant_and_the_wound():
    rec = record.Record("wounds", {"roster": ["Anna", "Boris"]}, 0,
                        [[0, W.WOUND, 2, 1], [0, W.WOUND, 2, 2], [90000, W.AID, 2, 0], [120000, W.MEDIC, 2, 2]])
    text = "\n".join(record.lines(record.replay(rec), rec))
    assert "0:01:30 first aid to 2 Boris: light wound 1 stops" in text
    assert "0:02:00 medical help to 2 Boris: heavy wound 2 stops" in text


def test_mortal_wound_waits_for_the_players_choice_and_records_it():
    g = session([[0, W.WOUND, 4, 3]])
    assert g.choices() == [0] and g.kind[0] == larp.MORTAL
    g = session([[0, W.WOUND, 4, 3], [M, W.CHOOSE, 4, W.DIES]])
    assert g.kind[0] == larp.DEAD and events(g, "dies") == [("dies", 0, 1, 0)]
    with pytest.raises(RecordError, match="input 3: participant 4 .* is dead"):
        session([[0, W.WOUND, 4, 3], [M, W.CHOOSE, 4, W.DIES], [2 * M, W.WOUND, 4, 1]])
    g = session([[0, W.WOUND, 4, 3], [M, W.CHOOSE, 4, W.STAYS], [300 * M, W.TICK, 0, 0]])
    assert g.kind[0] == larp.KEPT and esc(g) == []  # heavy to the end: no timer
    with pytest.raises(RecordError, match="no mortal wound"):
        session([[0, W.WOUND, 4, 2], [M, W.CHOOSE, 4, W.DIES]])
    g = session([[0, W.WOUND, 4, 2], [15 * M, W.CHOOSE, 4, W.DIES]])  # escalated to mortal at that very time
    assert g.kind[0] == larp.DEAD


def test_alerts_stay_pending_until_acknowledged():
    g = session([[0, W.WOUND, 1, 1], [0, W.WOUND, 2, 1], [31 * M, W.TICK, 0, 0]])
    assert g.alerts() == [0, 1]
    g = session([[0, W.WOUND, 1, 1], [0, W.WOUND, 2, 1], [31 * M, W.TICK, 0, 0], [40 * M, W.TICK, 0, 0]])
    assert g.alerts() == [0, 1]  # still ringing: nobody pressed OK
    g = session([[0, W.WOUND, 1, 1], [0, W.WOUND, 2, 1], [31 * M, W.ACK, 0, 0]])
    assert g.alerts() == [] and g.next_due() == 45 * M


def test_list_is_sorted_nearest_escalation_first_with_minutes_and_seconds():
    g = session([[0, W.WOUND, 7, 1], [60000, W.WOUND, 3, 2], [90000, W.WOUND, 9, 3], [120000, W.WOUND, 5, 1],
                 [150000, W.HELP, 5, 0], [200000, W.WOUND, 7, 2]], roster=["A%d" % i for i in range(1, 11)])
    rows = g.views(10 * M)
    assert [r[1] for r in rows] == [3, 7, 5, 9]
    assert rows[0] == (6 * M, 3, larp.HEAVY, 1) and larp.mmss(rows[0][0]) == "06:00"
    assert rows[1] == (200000 + 15 * M - 10 * M, 7, larp.HEAVY, 2) and larp.mmss(rows[1][0]) == "08:20"
    assert rows[2][0] == -1 and rows[3] == (-1, 9, larp.MORTAL, 1)
    assert g.name(3) == "A3"
    # a pure view: asking for a later time changes nothing
    later = g.views(16 * M)
    assert later[0][1] == 7 and (3 in [r[1] for r in later if r[2] == larp.MORTAL]) and g.kind[1] == larp.HEAVY
    assert larp.mmss(1) == "00:01" and larp.mmss(0) == "00:00" and larp.mmss(61001) == "01:02"


def test_heal_removes_light_and_heavy_but_not_a_pending_mortal():
    g = session([[0, W.WOUND, 2, 1], [0, W.WOUND, 2, 2], [M, W.HEAL, 2, 0]])
    assert g.wounds_of(2) == [] and g.next_due() == -1
    with pytest.raises(RecordError, match="no light or heavy wound"):
        session([[0, W.WOUND, 2, 3], [M, W.HEAL, 2, 0]])


@pytest.mark.parametrize("value,needle", [
    ([5, 1, 1], "[t, op, participant, arg]"), ([0, 1, 31, 1], "participant 31 is not 1..30"),
    ([0, 1, 1, 4], "wound kind 4"), ([0, 9, 1, 1], "op 9"), ([0, 3, 1, 0], "takes no participant"),
    ([2 ** 30, 0, 0, 0], "session limit"), ([0, 1, 1, True], "whole numbers"), ("x", "[t, op")])
def test_bad_inputs_name_the_problem(value, needle):
    with pytest.raises(RecordError) as e:
        session([value])
    assert needle in str(e.value) and "input 1" in str(e.value)


def test_time_never_goes_back_and_open_wounds_are_capped():
    with pytest.raises(RecordError, match="before the last event"):
        session([[M, W.TICK, 0, 0], [M - 1, W.TICK, 0, 0]])
    with pytest.raises(RecordError, match="input 9: participant 1 has 8 open wounds"):
        session([[0, W.WOUND, 1, 1]] * 9)


def test_session_end():
    g = session([[0, W.WOUND, 1, 1], [0, W.WOUND, 2, 3], [M, W.CHOOSE, 2, W.STAYS], [2 * M, W.END, 0, 0]])
    assert g.prompt() is None
    assert g.result()["summary"] == {"light": [1], "heavy": [], "mortal": [], "dead": [], "heavy to end": [2]}


# --- roster -------------------------------------------------------------------
def test_roster_parses_names_forgiving_bom_crlf_and_trailing_blank_lines():
    assert larp.parse_roster("\ufeffАнна\r\n Boris \r\nВера\n\n".encode()) == ("Анна", "Boris", "Вера")


@pytest.mark.parametrize("data,needle", [
    (b"Anna\n\nBoris\n", "r.txt line 2: empty line"),
    (b"Anna\nBoris\nanna\n", "r.txt line 3: 'anna' is already on line 1"),
    (b"Anna\nAlexandrovich-K\n", "r.txt line 2: name 'Alexandrovich-K' is 15 characters, more than 12"),
    (b"Anna\n\xff\xfe\n", "r.txt line 2: not UTF-8"),
    (b"\n\n", "r.txt: no names"),
    (b"A\tB\n", "control character"),
    (b"".join(b"n%d\n" % i for i in range(100)), "100 names, more than 99"),
])
def test_roster_errors_name_the_file_and_line(data, needle):
    with pytest.raises(larp.RosterError) as e:
        larp.parse_roster(data, "r.txt")
    assert needle in str(e.value)


def test_roster_file_reader(tmp_path):
    p = tmp_path / "roster.txt"
    p.write_bytes("Иван\nПётр\n".encode())
    assert roster.load(str(p)) == ("Иван", "Пётр")
    with pytest.raises(larp.RosterError, match="cannot read"):
        roster.load(str(tmp_path / "missing.txt"))


def test_roster_in_a_record_is_checked():
    with pytest.raises(RecordError, match="options.roster: roster line 2: 'a' is already on line 1"):
        session([], roster=["A", "a"])
    g = session([[0, W.WOUND, 2, 1]], roster=["A", "B"])
    assert g.count == 2 and g.name(2) == "B"


# --- session clock ----------------------------------------------------------------
def session_times(readings, resume_ms=0):
    """Session ms for each of a sequence of raw ticks_ms readings (the first is 0 + resume_ms)."""
    clock = larp.SessionClock(readings[0], resume_ms)
    return [clock.ms] + [clock.update(raw) for raw in readings[1:]]


def test_session_clock_crosses_the_ticks_wrap():
    top = 2 ** 30
    readings = [top - 3000, top - 1, 0, 5, 2000, 1500000]
    assert session_times(readings) == [0, 2999, 3000, 3005, 5000, 1503000]
    assert session_times([10, 20], resume_ms=7000) == [7000, 7010]
    c = larp.SessionClock(0, larp.SESSION_MAX - 5)
    assert c.update(100) == larp.SESSION_MAX  # stops at the cap, never wraps


def test_timers_near_the_session_cap_never_overflow():
    t = larp.SESSION_MAX - M
    g = session([[t, W.WOUND, 1, 1]])
    assert g.due[0] == -1 and g.next_due() == -1  # would be due after the cap: it never escalates


def _schedule(seed):
    rnd = random.Random(seed)
    out = []
    t = 0
    for _ in range(140):
        t += rnd.randrange(20, 180) * 1000
        p = rnd.randrange(1, 31)
        r = rnd.random()
        if r < 0.55:
            out.append([t, W.WOUND, p, rnd.choice([1, 1, 2, 3])])
        elif r < 0.8:
            out.append([t, W.HELP, p, 0])
    return [x for x in out if x[0] < 4 * 3600 * 1000]


def _model(sched):
    """Independent model: what escalates when, for a schedule that the device fed on the second."""
    wounds = []  # [p, kind, due]
    dead = set()
    want = []
    accepted = []
    for t, op, p, arg in sched:
        for w in wounds:
            while w[2] is not None and w[2] <= t:
                if w[1] == 1:
                    want.append(("became heavy", w[0], w[2]))
                    w[1], w[2] = 2, w[2] + 15 * M
                else:
                    want.append(("became mortal", w[0], w[2]))
                    w[1], w[2] = 3, None
        want.sort(key=lambda e: e[2])
        if op == W.WOUND:
            if sum(1 for w in wounds if w[0] == p and w[1] in (1, 2, 3)) >= 8:
                continue
            wounds.append([p, arg, t + (30 * M if arg == 1 else 15 * M) if arg < 3 else None])
            accepted.append(t)
        elif op == W.HELP:
            live = [w for w in wounds if w[0] == p and w[1] in (1, 2)]
            if not live:
                continue
            for w in live:
                w[2] = None
            accepted.append(t)
    return want, accepted


def _valid(sched):
    """Drop inputs the tracker would refuse (help without a wound, a ninth wound)."""
    _, ok = _model(sched)
    out = []
    for x in sched:
        if x[0] in ok:
            out.append(x)
            ok.remove(x[0])
    return out


def _events(text):
    out = []
    for line in text.splitlines():
        parts = line.split()
        if parts and parts[0] == "became":
            out.append(("became " + parts[1], int(parts[2]), int(parts[3]) * M + int(parts[4]) * 1000))
    return out


def test_four_hour_session_of_30_with_a_ticks_wrap_on_both_interpreters(mp, tmp_path):
    sched = _valid(_schedule(6))
    assert len(sched) > 60
    path = tmp_path / "sched.json"
    path.write_text(json.dumps(sched))
    start_raw = 2 ** 30 - 2 * 3600 * 1000  # ticks_ms wraps two hours in
    import subprocess
    import sys
    import os
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(FIRMWARE), str(SUPPORT)]))
    args = [str(path), str(start_raw), "4", "0"]
    cp = subprocess.run([sys.executable, str(SUPPORT / "larp_session.py")] + args, capture_output=True, text=True, env=env)
    assert cp.returncode == 0, cp.stderr
    got = mp.run(SUPPORT / "larp_session.py", *args, heap="192k").stdout.decode()  # compiled from source: the Pico loads .mpy
    assert got == cp.stdout
    want, _ = _model(sched + [[4 * 3600 * 1000, W.TICK, 0, 0]])
    # wound ids in the events map to participants; compare (name, participant, time)
    who = json.loads([l for l in got.splitlines() if l.startswith("who ")][0][4:])
    seen = [(n, who[a], t) for n, a, t in _events(got)]
    assert sorted(seen, key=lambda e: (e[2], e[1])) == sorted(want, key=lambda e: (e[2], e[1]))
    assert len(seen) > 20
    assert "now 14400000" in got


def test_power_cut_resumes_the_timers_losing_at_most_the_save_interval(tmp_path):
    import subprocess
    import sys
    import os
    sched = _valid(_schedule(9))
    path = tmp_path / "sched.json"
    path.write_text(json.dumps(sched))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(FIRMWARE), str(SUPPORT)]))
    base = [sys.executable, str(SUPPORT / "larp_session.py"), str(path), str(2 ** 30 - 5000), "4"]
    whole = subprocess.run(base + ["0"], capture_output=True, text=True, env=env).stdout
    cut = subprocess.run(base + [str(100 * M + 7000)], capture_output=True, text=True, env=env).stdout
    resumed = int([l for l in cut.splitlines() if l.startswith("resumed at")][0].split()[-1])
    assert 100 * M + 7000 - 10000 <= resumed <= 100 * M + 7000  # lost at most the save interval
    # the escalations keep their exact due times: those before the cut are identical, later ones
    # are stamped by the wounds' own timers (session time, which paused while the box was off)
    before = [e for e in _events(whole) if e[2] <= resumed]
    assert [e for e in _events(cut) if e[2] <= resumed] == before
    assert len(_events(cut)) >= len(before) > 0
