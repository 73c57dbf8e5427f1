"""Pixel parity: the same button script under MicroPython (native framebuf) and
CPython (adafruit_framebuf) leaves identical display RAM in the
panel model after every frame."""
import subprocess
import sys

import pytest
from conftest import ROOT, SUPPORT
from hardening import PICO_BUDGET_HEAP, PICO_HEAP, STANDIN_TOUR
from romfs import compiled, mplib, rom  # noqa: F401  (fixtures)

SCRIPTS = sorted((ROOT / "docs" / "scripts").glob("*.txt"))
TOUR = ROOT / "docs" / "scripts" / "tour.txt"  # by name: other scripts sort before it


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.stem)
def test_display_ram_identical_at_every_frame(mp, mplib, path):
    cp = subprocess.run([sys.executable, str(SUPPORT / "ui_parity.py"), str(path)], capture_output=True, cwd=str(ROOT))
    assert cp.returncode == 0, cp.stderr.decode()
    got = mp.run(SUPPORT / "ui_parity.py", path, path=[mplib, ROOT]).stdout
    frames = cp.stdout.decode().splitlines()
    assert int(frames[-1].split()[1]) >= 10  # the script really drew screens
    assert got == cp.stdout


# Every script in the Pico's heap in this port's bytes (unix port, 64-bit, .mpy
# modules) and the box's live-heap high-water (gc.collect + gc.mem_alloc after
# each frame, the harness taken off) held to the Pico's budget (tests/hardening.py).
# docs/benchmarks.md has the figures; the real target's own are make emu's.
#
# Code in ROM (a Pico whose firmware has a ROMFS partition, `make deploy`'s
# default where the board has one; tests/romfs.py): bytecode runs from flash.
# Code in RAM (stock firmware: the .mpy files on the flash filesystem, loaded
# into the heap at import): every script runs in the Pico's heap in this port's
# bytes and the box's live high-water (the harness taken off) stays in the Pico's
# budget (hardening); the real target's own figures are make emu's. HEAPS names the scripts.
HEAPS = ("tour", "arena", "arena-ru", "arena-story", "firearms", "larp", "titlebout", "wounds")


def script_high_water(proc, frames=10, box=False):
    """The live-heap high-water; box: without the harness (the script runner and
    the panel model's code), which no Pico holds."""
    last = proc.stdout.decode().splitlines()[-1].split()
    assert last[0] == "frames" and int(last[1]) >= frames, last
    return int(last[5]) - (int(last[7]) if box else 0)


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.stem)
def test_script_heap_high_water_with_code_in_rom(mp, rom, path, monkeypatch):
    monkeypatch.chdir(ROOT)  # the simulator finds the demo cards from the repository root
    high_water = script_high_water(rom.run(mp, "ui_parity", path, "--heap", target=PICO_HEAP), box=True)
    print("%s live heap high-water, code in ROM: %d bytes" % (path.stem, high_water))
    assert 64 * 1024 < high_water < int(PICO_BUDGET_HEAP), high_water


def test_the_real_target_tour_heap_high_water_with_code_in_rom(mp, rom, monkeypatch):  # noqa: F811
    """make emu's tour in this port: the stand-in's half of the ratio the heap budgets
    come from (host_sim/bench/mpytree.py; the Pico's half is make emu's on the ROMFS firmware)."""
    monkeypatch.chdir(ROOT)
    tour = ROOT / "host_sim" / "emu" / "tour.txt"
    high_water = script_high_water(rom.run(mp, "ui_parity", tour, "--heap", target=PICO_HEAP), frames=40, box=True)
    print("make emu's tour live heap high-water, code in ROM: %d bytes (hardening.STANDIN_TOUR: %d)" % (high_water, STANDIN_TOUR))
    assert 64 * 1024 < high_water < int(PICO_BUDGET_HEAP), high_water


def test_every_script_has_a_heap_budget():
    assert sorted(HEAPS) == sorted(p.stem for p in SCRIPTS)


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.stem)
def test_script_heap_high_water(mp, compiled, path, monkeypatch):
    monkeypatch.chdir(ROOT)  # the simulator finds the demo cards from the repository root
    proc = mp.run(SUPPORT / "ui_parity.py", path, "--heap", path=[compiled], heap=PICO_HEAP)
    high_water = script_high_water(proc, box=True)
    print("%s live heap high-water, code in RAM: %d bytes" % (path.stem, high_water))
    assert 64 * 1024 < high_water < int(PICO_BUDGET_HEAP), high_water


# A whole 12-round Title Bout through the UI (hold OK: a round a press), then
# the scoresheet: Home, set-up, the fight screen and its log on the heap.
_BOUT = "press DOWN\npress OK\n" + "press DOWN\n" * 5 + "press OK\n" + "press OK 900\n" * 14 + "press OK\npress DOWN\n"


def test_titlebout_bout_heap_high_water_with_code_in_rom(mp, rom, tmp_path, monkeypatch):
    # The same bout with code in ROM (tests/romfs.py). docs/rules/title-bout.md has the figures.
    script = tmp_path / "bout.txt"
    script.write_text(_BOUT)
    monkeypatch.chdir(ROOT)
    high_water = script_high_water(rom.run(mp, "ui_parity", script, "--heap", target=PICO_HEAP), frames=20, box=True)
    print("12-round bout live heap high-water, code in ROM: %d bytes" % high_water)
    assert 64 * 1024 < high_water < int(PICO_BUDGET_HEAP), high_water


def test_titlebout_bout_heap_high_water(mp, compiled, tmp_path, monkeypatch):
    # 64-bit unix port figure (pointers twice the Pico's); docs/rules/title-bout.md has it
    script = tmp_path / "bout.txt"
    script.write_text(_BOUT)
    monkeypatch.chdir(ROOT)  # MicroPython's simulator finds the demo cards from the repository root
    proc = mp.run(SUPPORT / "ui_parity.py", script, "--heap", path=[compiled], heap=PICO_HEAP)
    high_water = script_high_water(proc, frames=20, box=True)  # set-up, 12 rounds, the scoresheet drawn
    print("12-round bout live heap high-water, code in RAM: %d bytes" % high_water)
    assert 128 * 1024 < high_water < int(PICO_BUDGET_HEAP), high_water
