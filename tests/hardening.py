"""Shared by the hardening tests (power cuts, bad data, button storms, long
sessions): one scale knob and the figures docs/reliability.md reports.

`make test` runs every hardening test at a small size; `make soak` runs the
same tests (marker `soak`) with DICEBOX_SOAK=1 at full size. Nothing is skipped.
DICEBOX_SOAK_PERCENT=N runs the soak at N% of full size (never below the test
size): CI's time-boxed slice.
"""
import os

SOAK = os.environ.get("DICEBOX_SOAK", "") not in ("", "0")
PERCENT = int(os.environ.get("DICEBOX_SOAK_PERCENT", "100"))
# The Pico in the 64-bit unix port's bytes, from one tour (host_sim/emu/tour.txt) with the code
# in ROM: make emu's "heap used max" on the ROMFS firmware is 69,232 B; the box's high-water of
# the same tour here is 110,496 B (tests/test_ui_parity.py -k real_target_tour), 0.63x.
# The rp2 port's heap is 245,888 B; the budget is 120,000 B live (half of it). PICO_HEAP is the
# whole heap, where a live high-water is held to PICO_BUDGET_HEAP; PICO_BUDGET_HEAP as the whole
# heap is harsher: the budget, fragments included.
PICO_TOUR, STANDIN_TOUR = 69232, 110496
PICO_BUDGET_HEAP = str(120000 * STANDIN_TOUR // PICO_TOUR)
PICO_HEAP = str(245888 * STANDIN_TOUR // PICO_TOUR)
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
    """Every rule set a mode on the Home menu plays (ui/home.MODES): new modes join by themselves."""
    from dicebox.ui import home

    out = []
    for _, rulesets, _, _ in home.MODES:
        for r in rulesets:
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
