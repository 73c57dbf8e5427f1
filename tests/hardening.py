"""Shared by the hardening tests (power cuts, bad data, button storms, long
sessions): one scale knob and the figures docs/reliability.md reports.

`make test` runs every hardening test at a small size; `make soak` runs the
same tests (marker `soak`) with DICEBOX_SOAK=1 at full size. Nothing is skipped.
DICEBOX_SOAK_PERCENT=N runs the soak at N% of full size (never below the test
size): CI's time-boxed slice.
"""
import os

# the Pico's heap and budget in the stand-in's bytes, from the ratio measured there
from host_sim.bench.mpytree import PICO_BUDGET_HEAP, PICO_HEAP, STANDIN_TOUR  # noqa: F401

SOAK = os.environ.get("DICEBOX_SOAK", "") not in ("", "0")
PERCENT = int(os.environ.get("DICEBOX_SOAK_PERCENT", "100"))
FIGURES = {}  # name -> text, printed at the end of the run (tests/conftest.py)


def size(small, full):
    """small under `make test`, full under `make soak`. Below 100%
    DICEBOX_SOAK_PERCENT scales a count (never under the test's); a stride
    (every 7th cut point at test size, every one at full) stays the test's, and
    anything else (the cases to run, a heap like "32M") is the soak's whole."""
    if not SOAK:
        return small
    if PERCENT >= 100 or type(full) is not int:
        return full
    return max(small, full * PERCENT // 100) if full >= small else small


def figure(name, text):
    FIGURES[name] = text


def mode_rulesets():
    """Every rule set a mode on the Home menu plays (dicebox/modes.py): new modes join by themselves."""
    from dicebox import modes

    out = []
    for mode in modes.MODES:
        for r in modes.rulesets(mode):
            if r not in out:
                out.append(r)
    return out


def sample_record(ruleset, inputs):
    """A real record of the rule set cut to `inputs` inputs (tests/records when
    one exists, else played from the defaults with the lowest input each time)."""
    import json
    from pathlib import Path

    from dicebox.core import record

    for path in sorted((Path(__file__).parent / "records").glob("*.json")):
        obj = json.loads(path.read_text())
        if obj.get("ruleset") == ruleset and len(obj.get("inputs", ())) >= inputs:
            rec = record.from_obj(obj)
            rec.inputs = rec.inputs[:inputs]
            record.replay(rec)
            return rec
    rec = record.Record(ruleset, {}, 1, [])
    game = record.start(rec)
    while len(rec.inputs) < inputs and game.prompt() is not None:
        rec.inputs.append(game.prompt()[1])
        record.feed(game, rec, len(rec.inputs) - 1)
    return rec
