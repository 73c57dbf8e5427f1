"""Power cuts at every single file-system step of every kind of save (the
fight after each input, undo, a finished fight into History with pruning,
settings, a boot that sets a damaged file aside), then a fresh boot on what
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


def scenario(tmp):
    setup = [["settings", dict(S.defaults(), contrast=2)]]
    for i in range(20):  # History full: the next finished fight prunes the oldest
        setup.append(["finish", Record("dice", {}, i, ["d6"]).dumps(), "old %d" % i])
    steps = []
    for ruleset in mode_rulesets() * size(1, 4):
        one, two = sample_record(ruleset, 1).dumps(), sample_record(ruleset, 2).dumps()
        steps += [["current", one], ["current", two], ["current", one],  # an input, another, undo
                  ["finish", one, "%s done" % ruleset]]
        steps += [["current", two], ["abandon"]]
    steps += [["settings", dict(S.defaults(), lang="ru", sound=False)]]
    first = sample_record(mode_rulesets()[0], 1).dumps()
    steps += [["current", first], ["damage", "current.json", first[:25]]]
    steps += [["damage", "settings.json", '{"contrast": 3, "lang": "en", "sou']]
    steps += [["damage", "h000021.rec", "x\n{}"]]
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


@pytest.mark.parametrize("mode", ["ops", "tear", "blocks", "blocks-tear"])
def test_every_cut_point_on_littlefs_under_micropython(mp, tmp_path, mode):
    scen = tmp_path / "scen.json"
    scen.write_text(json.dumps(scenario(tmp_path)))
    out = mp.run(SUPPORT / "powercut.py", scen, mode, 1, heap=size("4M", "16M"), timeout=3000).stdout.decode()
    bad = [line for line in out.splitlines() if "BAD" in line]
    assert bad == [], "\n".join(line[:600] for line in bad[:6])
    last = out.splitlines()[-1].split()
    assert last[0] == "SUMMARY" and last[3] == last[5]
    tried = int(last[3])
    assert tried >= 5
    figure("power cuts, MicroPython littlefs, %s" % mode, "%d cut points tried, %d recovered" % (tried, int(last[5])))
