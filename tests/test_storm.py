"""Button storms through every screen of every mode on the Home menu
(ui/home.MODES: a new mode is stormed without touching this file): random
presses, holds, chatter shorter than the debounce, several buttons at once,
idle sleeps and power cuts, with the App's invariants checked after every
action (Home at the bottom, every rule set's state in range, the record on
screen replays to the same state and is the one saved). Under MicroPython the
live heap is sampled once a simulated minute. The whole box, and each mode on a
Home of its own with a new interpreter at each power cut. Figures:
docs/reliability.md."""
import re
import subprocess
import sys

import pytest
from conftest import ROOT, SUPPORT
from hardening import SOAK, figure, size
from romfs import compiled, mplib, rom  # noqa: F401  (fixtures: the device's files in a ROMFS image)

from dicebox.ui import home

# The heap the storm runs in, with the device's code in ROM (tests/romfs.py: the
# .mpy files in a ROMFS image, as on a Pico whose firmware has a ROMFS partition;
# the storm's own code runs from the image too), every mode, a wound session in
# the background and power cuts, after which the App boots again in the same
# process. The target is 128k (issues 3, 8): one power-on through all four modes
# interns ~1,600 names, and MicroPython's qstr pool then doubles into one ~14 KB
# block that a heap this full has no room for (docs/reliability.md, "What is
# left"). 192k holds both 50,000-press storms, the pool kept from the first
# power-on; with a new interpreter at each cut, the pool is allocated again in
# each power-on that visits all four, and 224k is not always enough.
HEAPS = ("192k",)
TARGET_HEAP = "128k"
# A box whose Home menu offers one mode (storm.py --mode: a referee's power-on
# for one game), the rest as above: Dice and Arena hold 128k with 8k to spare
# (seeds 3, 4 and 11, 4,000 presses each: 112k, 120k); LARP holds 136k with a
# wound session in the background, Title Bout 160k (its fight and its table-dice
# rebuilds); each is given 8k more. docs/reliability.md has the figures.
MODE_HEAPS = {"dice_ui": "128k", "arena_ui": "128k", "larp_ui": "144k", "titlebout_setup": "168k"}
QSTR_POOL = re.compile(rb"qstr pool: n_pool=(\d+), n_qstr=(\d+)")


def run_mp(mp, rom, tmp_path, heap, *args, restart=False):  # noqa: F811
    """The storm under MicroPython. restart: a new interpreter after each power cut
    (a cut empties the Pico's heap: qstr pools, fragments and all); else the App
    boots again in the same process."""
    name = "-".join(str(a) for a in args).replace("-", "") + ("-restart" if restart else "")
    flash = tmp_path / ("flash-" + name)
    flash.mkdir()
    if not restart:
        return rom.run(mp, "storm", args[0], args[1], flash, *args[2:], target=heap, timeout=6000).stdout
    return rom.run_restarting(mp, "storm", args[0], args[1], flash, *args[2:], target=heap,
                              state=tmp_path / ("state-" + name), timeout=600)


def summary(out):
    lines = out.splitlines()
    bad = [x for x in lines if x.startswith("BAD")]
    last = lines[-1].split()
    assert last[0] == "SUMMARY", out[-2000:]
    fields = dict(zip(last[1::2], [int(v) for v in last[2::2]]))

    def words(tag):
        return [ln for ln in lines if ln.startswith(tag + " ") or ln == tag][0].split()[1:]

    screens = dict(x.split(":") for x in words("SCREENS"))
    return bad, fields, screens, words("RULESETS"), words("MODES")


def every_mode_was_stormed(rulesets, modes, fights_too):
    for _, mode_rulesets, module in home.MODES:
        assert module in modes, "mode %s never opened from Home" % module
        if fights_too:
            assert any(r in rulesets for r in mode_rulesets), "no %s fight played" % module


@pytest.mark.soak
def test_storm_on_cpython_matches_micropython_step_for_step(mp, rom, tmp_path):  # noqa: F811
    presses = size(250, 4000)
    flash = tmp_path / "cpython-flash"
    flash.mkdir()
    cp = subprocess.run([sys.executable, str(SUPPORT / "storm.py"), "11", str(presses), str(flash)], capture_output=True,
                        cwd=str(ROOT), env={"PYTHONPATH": "%s:%s" % (ROOT / "firmware", ROOT)})
    assert cp.returncode == 0, cp.stderr.decode()[-3000:]
    got = run_mp(mp, rom, tmp_path, HEAPS[0], "11", presses)
    assert got == cp.stdout  # the same storm, the same states and screens on both interpreters
    # and with a new interpreter at each power cut: a boot from the flash alone is the same
    # boot (in a big heap: the whole box in one power-on needs more then, "What is left")
    assert run_mp(mp, rom, tmp_path, "512k", "11", presses, restart=True) == cp.stdout
    bad, fields, screens, rulesets, modes = summary(got.decode())
    assert bad == []
    assert fields["presses"] >= presses
    figure("button storm, CPython = MicroPython parity", "%d presses, identical" % fields["presses"])


@pytest.mark.soak
@pytest.mark.parametrize("heap", HEAPS)
def test_storm_under_micropython_survives_and_reports_its_heap(mp, rom, tmp_path, heap):  # noqa: F811
    seeds = size(("3",), ("3", "4"))
    presses = size(1500, 50000)
    total = 0
    for seed in seeds:
        out = run_mp(mp, rom, tmp_path, heap, seed, presses, "--heap").decode()
        bad, fields, screens, rulesets, modes = summary(out)
        assert bad == [], "\n".join(bad[:10])
        every_mode_was_stormed(rulesets, modes, SOAK)  # a short storm may not get through every mode's setup
        assert fields["minutes"] >= 2 and fields["cuts"] >= 1
        # no leak: the bare-Home floor of the last quarter is that of the second (the first
        # is left out: each mode's names are interned on its first visit, never freed)
        if fields["home_start"] >= 0:
            assert fields["home_end"] - fields["home_start"] < 4096, fields
        total += fields["presses"]
        figure("button storm, MicroPython heap=%s, code in ROM, seed %s" % (heap, seed),
               "%d presses survived, %d actions, %d power cuts, %d simulated minutes; live-heap high-water "
               "first minutes %d B, last minutes %d B, peak %d B; bare-Home floor 2nd quarter %d B, last quarter %d B; screens: %s"
               % (fields["presses"], fields["actions"], fields["cuts"], fields["minutes"], fields["heap_start"],
                  fields["heap_end"], fields["heap_peak"], fields["home_start"], fields["home_end"],
                  " ".join(sorted(screens))))
    figure("button storm, MicroPython heap=%s, code in ROM, total" % heap, "%d presses survived, 0 broken invariants" % total)


def test_every_mode_has_a_storm_of_its_own():
    assert sorted(MODE_HEAPS) == sorted(m[2] for m in home.MODES)


@pytest.mark.soak
@pytest.mark.parametrize("mode", sorted(MODE_HEAPS))
def test_each_mode_alone_survives_a_storm_in_its_heap(mp, rom, tmp_path, mode):  # noqa: F811
    heap = MODE_HEAPS[mode]
    seed = "3"
    presses = size(1500, 25000)  # the four of them: 100,000 presses under make soak
    out = run_mp(mp, rom, tmp_path, heap, seed, presses, "--heap", "--mode", mode, restart=True)
    bad, fields, screens, rulesets, modes = summary(out.decode())
    assert bad == [], "\n".join(bad[:10])
    assert modes == [mode]
    if SOAK:  # a short storm may not get through the mode's set-up
        assert [r for r in rulesets if r in dict((m[2], m[1]) for m in home.MODES)[mode]], rulesets
    assert fields["minutes"] >= 2 and fields["cuts"] >= 1
    if fields["home_start"] >= 0:
        assert fields["home_end"] - fields["home_start"] < 4096, fields
    # a mode in 128k: no power-on interned past 1,260 names (the 7th qstr pool, one
    # ~14 KB block on this 64-bit port, is what fails when one power-on plays all four)
    pools = [(int(p), int(n)) for p, n in QSTR_POOL.findall(out)]
    assert len(pools) == fields["cuts"] + 1
    if heap == TARGET_HEAP:
        assert max(pools)[0] <= 6, max(pools)
    figure("button storm, one mode (%s), MicroPython heap=%s, code in ROM, seed %s" % (mode, heap, seed),
           "%d presses survived, %d power cuts (a new interpreter each), %d simulated minutes; live-heap high-water "
           "first minutes %d B, last minutes %d B, peak %d B; bare-Home floor 2nd quarter %d B, last quarter %d B; "
           "most names interned in a power-on %d; screens: %s"
           % (fields["presses"], fields["cuts"], fields["minutes"], fields["heap_start"], fields["heap_end"],
              fields["heap_peak"], fields["home_start"], fields["home_end"], max(n for _, n in pools),
              " ".join(sorted(screens))))


def vboard_storm(rnd, presses):
    """A scenario for the virtual board: the same kinds of presses, as pin levels."""
    names = ("UP", "DOWN", "OK", "BACK")
    steps = ["wait 200"]
    for _ in range(presses):
        k = rnd.randrange(100)
        b = names[rnd.randrange(4)] if rnd.randrange(3) else "OK"
        if k < 50:
            steps += ["press %s" % b, "wait %d" % rnd.randint(25, 250), "release %s" % b, "wait %d" % rnd.randint(20, 300)]
        elif k < 65:
            steps += ["press %s" % b, "wait %d" % rnd.randint(600, 1500), "release %s" % b, "wait 80"]
        elif k < 80:  # bounce: flips every 1..15 ms
            for _ in range(rnd.randint(3, 8)):
                steps += ["press %s" % b, "wait %d" % rnd.randint(1, 15), "release %s" % b, "wait %d" % rnd.randint(1, 15)]
            steps += ["wait 80"]
        else:
            other = names[rnd.randrange(4)]
            steps += ["press %s" % b, "wait 30", "press %s" % other, "wait %d" % rnd.randint(50, 800),
                      "release %s" % b, "release %s" % other, "wait 80"]
    return steps + ["wait 500", "state end", "cat current.json", "ls", "end"]


@pytest.mark.soak
def test_storm_on_the_virtual_board_with_littlefs(mp, tmp_path):
    """The unchanged main.py on the virtual board (timer-IRQ buttons, littlefs): a storm, then a power cut."""
    import random

    from vboard.harness import Board

    from dicebox.core.record import loads

    b = Board(mp, tmp_path)
    presses = size(250, 3000)
    _, states, lines = b.run(vboard_storm(random.Random(5), presses), timeout=3000)
    assert not [x for x in lines if "Error" in x or "Traceback" in x], lines[-20:]
    assert states["end"]["flash_bytes"] > 0 and [n for n in b.listing if n.startswith("h")], b.listing  # fights were saved
    assert not [n for n in b.listing if n.endswith((".tmp", ".bad"))], b.listing
    before = b.files.get("current.json")
    _, _, lines = b.run(["wait 300", "cat current.json", "ls", "end"])  # power back on
    assert not [x for x in lines if "Error" in x]
    assert b.files.get("current.json") == before
    if before is not None:
        loads(before)
    figure("button storm, virtual board (main.py, littlefs)", "%d presses, no error, the fight survives the power cut"
           % presses)
