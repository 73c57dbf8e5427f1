"""Power cuts at every single file-system step of every kind of save (the
fight after each input, undo, a finished fight into History, a small procedure
folded into its entry, a fight left and kept, one resumed from Home, a pin, a
delete, settings, a boot that sets a damaged file aside), then a fresh boot on what
survived: it must be exactly a boot after the step before or the step that
was cut. CPython on a host directory; MicroPython on littlefs, also cut at
every flash program. Figures: docs/reliability.md."""
import importlib.util
import json

import pytest
from conftest import SUPPORT
from hardening import figure, mode_rulesets, sample_record, size

from dicebox import settings as S
from dicebox.core.record import Record

pytestmark = pytest.mark.soak  # full size under make soak
_spec = importlib.util.spec_from_file_location("powercut", SUPPORT / "powercut.py")
powercut = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(powercut)


def resumable(ruleset):
    """Whether a saved fight of this rule set reopens from current.json (the wound
    session does not: it lives in its own files, power-cut below as a journal)."""
    from host_sim.device import Device
    from dicebox.ui import home

    try:
        home.open_fight(Device().app, sample_record(ruleset, 1))
        return True
    except Exception:  # noqa: BLE001  (larp_ui raises KeyError for "wounds": reported)
        return False


def wound_session():
    """A wound session as the tracker writes it: start, wounds, clock saves, an undo, the end."""
    from dicebox.larp import wounds as W

    header = Record("wounds", {"participants": 30}, 0).dumps()
    lines = ["[%d,%d,%d,%d]" % tuple(v) for v in ([5000, W.WOUND, 3, 1], [9000, W.WOUND, 7, 2], [20000, W.HELP, 3, 0],
                                           [21000, W.WOUND, 12, 3], [30000, W.CHOOSE, 12, W.STAYS])]
    steps = [["wounds_start", header]]
    for i, line in enumerate(lines):
        steps.append(["journal", line])
        if i == 2:
            steps.append(["journal_clock", "20000"])
    steps += [["journal_undo", 4], ["journal", lines[4]], ["journal_clock", "40000"]]
    steps += [["wounds_end", header, "[45000,%d,0,0]" % W.END, "wounds 0:00:45 dead 0 heavy-to-end 1"]]
    return steps


def kept_and_folded():
    """Small procedures folding into one entry, fights left and kept (from the
    screen and from current.json), one resumed from Home, a pin, a delete."""
    from dicebox.core import record

    shots = []
    for seed in (1, 2, 3):  # whole shots, each played with the lowest choice
        rec = Record("shoot", {}, seed, [])
        game = record.start(rec)
        while game.prompt() is not None:
            rec.inputs.append(game.prompt()[1])
            record.feed(game, rec, len(rec.inputs) - 1)
        shots.append(rec.dumps())
    bout, duel = sample_record("titlebout", 1).dumps(), sample_record("duel", 1).dumps()
    steps = []
    for i, shot in enumerate(shots):
        steps += [["current", shot], ["fold", shot, "shoot %d" % i, "shoot"]]
    steps += [["current", bout], ["park", "Title Bout R1 Hagler 0-1 Hearns", bout]]
    steps += [["current", duel], ["park", "duel, 2 inputs"]]
    steps += [["unpark", "u000001.rec"], ["current", sample_record("titlebout", 2).dumps()],
              ["park", "Title Bout R2", sample_record("titlebout", 2).dumps()]]
    steps += [["pin", -1, True], ["delete", 0], ["pin", -1, False]]
    return steps


def scenario(tmp):
    setup = [["settings", dict(S.defaults(), contrast=2)]]
    for i in range(20):  # History full: the next finished fight prunes the oldest
        setup.append(["finish", Record("dice", {}, i, ["d6"]).dumps(), "old %d" % i])
    steps = []
    for ruleset in [r for r in mode_rulesets() if resumable(r)] * size(1, 4):
        one, two = sample_record(ruleset, 1).dumps(), sample_record(ruleset, 2).dumps()
        steps += [["current", one], ["current", two], ["current", one],  # an input, another, undo
                  ["finish", one, "%s done" % ruleset]]
        steps += [["current", two], ["abandon"]]
    if "wounds" in mode_rulesets():
        steps += wound_session()
    steps += [["settings", dict(S.defaults(), lang="ru", sound=False)]]
    first = sample_record(mode_rulesets()[0], 1).dumps()
    if "wounds" in mode_rulesets():
        # a session whose header is found damaged: kept aside with its journal
        steps += wound_session()[:2] + [["damage", "wounds.rec", '{"ruleset":"wounds","se'], ["wounds_set_aside"]]
    steps += [["current", first], ["damage", "current.json", first[:25]]]
    steps += [["damage", "settings.json", '{"contrast": 3, "lang": "en", "sou']]
    steps += [["damage", "h000021.rec", "x\n{}"]]
    steps += kept_and_folded()
    return {"tmp": str(tmp), "setup": setup, "steps": steps}


def sweep_cpython(tmp_path, mode, capsys):
    scen = scenario(tmp_path)
    tried, recovered = powercut.sweep(powercut.HostDir(str(tmp_path)), scen, mode, 1)
    out = capsys.readouterr().out
    bad = [line for line in out.splitlines() if "BAD" in line]
    return tried, recovered, bad, out


@pytest.mark.parametrize("mode", ["ops", "tear"])
def test_every_cut_point_on_cpython_boots_to_the_old_or_the_new_state(tmp_path, mode, capsys):
    tried, recovered, bad, out = sweep_cpython(tmp_path, mode, capsys)
    assert bad == [], "\n".join(line[:600] for line in bad[:6])
    assert tried == recovered and tried >= len(scenario(tmp_path)["steps"]) * (3 if mode == "ops" else 1) // 2
    figure("power cuts, CPython, %s" % mode, "%d cut points tried, %d recovered" % (tried, recovered))


@pytest.mark.parametrize("mode", size(["ops", "blocks-tear"], ["ops", "tear", "blocks", "blocks-tear"]))
def test_every_cut_point_on_littlefs_under_micropython(mp, tmp_path, mode):
    scen = tmp_path / "scen.json"
    scen.write_text(json.dumps(scenario(tmp_path)))
    every = size(3 if mode == "tear" else 7, 1)  # make test: every 7th cut point (all on CPython above)
    # the harness keeps every step's files and allowed boots (a whole History each) for the
    # run: the soak's scenario, each mode's fights 4 times, needs more than 32M of them
    out = mp.run(SUPPORT / "powercut.py", scen, mode, every, heap=size("16M", "96M"), timeout=3000).stdout.decode()
    bad = [line for line in out.splitlines() if "BAD" in line]
    assert bad == [], "\n".join(line[:600] for line in bad[:6])
    last = out.splitlines()[-1].split()
    assert last[0] == "SUMMARY"
    tried, recovered = int(last[3]), int(last[5])
    assert tried == recovered and tried >= 5
    figure("power cuts, MicroPython littlefs, %s" % mode, "%d cut points tried (every %d), %d recovered" % (tried, every, recovered))
