"""The UNCHANGED firmware/main.py booting on a virtual board under real
MicroPython: the deployed .mpy file set, a stand-in machine/time, the panel
model on I2C, and real littlefs on a flash image that survives a kill -9."""
import json
import os
from pathlib import Path

import pytest

from dicebox.core.record import loads
from hardening import PICO_BUDGET_HEAP
import vboard.harness as H
from vboard.harness import Board, lit

HEAPS = [None, "128k"]


def rolls(board):
    text = board.files.get("current.json")
    return None if text is None else len(loads(text).inputs)


@pytest.mark.parametrize("heap", HEAPS)
def test_session_power_cut_and_resume(mp, tmp_path, heap):
    b = Board(mp, tmp_path)
    taps = ["tap OK"] * 3
    frames, states, _ = b.run(["wait 100", "state boot"] + taps + ["state after", "frame before", "cat current.json", "cut"],
                              heap=heap, fake_app=True)
    assert states["boot"]["on"] == 1 and states["boot"]["contrast"] == 160  # settings default: level 3
    assert states["after"]["beeps"] == 3  # one per roll, on the piezo's PWM
    assert rolls(b) == 3
    assert states["after"]["flash_bytes"] > 0
    assert lit(frames["before"]) > 50
    # power back on, same flash: the fight and the screen come back
    frames2, states2, _ = b.run(["wait 100", "frame after", "tap OK", "cat current.json", "ls", "end"], heap=heap, fake_app=True)
    assert frames2["after"] == frames["before"]
    assert rolls(b) == 4
    assert b.listing == ["current.json"]


def test_power_cut_in_the_middle_of_a_save_loses_nothing(mp, tmp_path):
    b = Board(mp, tmp_path)
    b.run(["wait 100", "tap OK", "tap OK", "end"], fake_app=True)
    # the third save is cut after each possible number of flash programs
    seen = set()
    for n in range(0, 6):
        c = Board(mp, tmp_path / ("c%d" % n) if (tmp_path / ("c%d" % n)).mkdir() is None else None)
        c.image.write_bytes(b.image.read_bytes())
        c.run(["wait 100", "tap OK", "wait 100", "end"], fake_app=True, cut_after=n)
        c.run(["wait 100", "cat current.json", "ls", "end"], fake_app=True)
        assert rolls(c) in (2, 3), (n, c.files)
        assert c.listing == ["current.json"], (n, c.listing)  # no .tmp left, nothing set aside
        seen.add(rolls(c))
    assert seen == {2, 3}  # early cuts keep the old save, late ones the new


def test_error_in_the_loop_shows_a_screen_and_ok_resumes(mp, tmp_path):
    b = Board(mp, tmp_path)
    frames, _, lines = b.run(["wait 100", "tap OK", "tap OK", "frame two", "hold BACK 800", "frame error",
                              "tap OK", "wait 50", "frame back", "tap OK", "cat current.json", "end"], fake_app=True)
    assert any("RuntimeError: test fault" in line for line in lines)  # on the USB console
    assert len([x for x in lines if x.startswith("SOFT_RESET")]) == 1  # OK: a fresh interpreter
    assert frames["error"] != frames["two"] and lit(frames["error"]) > 128 * 9 - 10  # title bar
    assert frames["back"] == frames["two"]
    assert rolls(b) == 3


def test_a_save_the_heap_had_no_room_for_is_written_once_the_app_is_gone(mp, tmp_path):
    # On a broken-up heap littlefs's file cache (one block) may not
    # fit; the input is in the record, so the loop drops the App and saves then
    b = Board(mp, tmp_path)
    frames, _, lines = b.run(["wait 100", "tap OK", "tap OK", "frame two", "tap OK", "frame error",
                              "cat current.json", "ls", "end"], fake_app=True, save_short_of_heap=3)
    assert any("MemoryError" in line for line in lines)
    assert frames["error"] != frames["two"]  # the error screen: OK restarts the box
    assert rolls(b) == 3  # the third roll's save, written with the App gone
    assert b.listing == ["current.json"]  # no .tmp left behind


def test_ticks_wrap_does_not_lose_presses(mp, tmp_path):
    b = Board(mp, tmp_path)
    b.run(["wait 100"] + ["tap OK"] * 20 + ["cat current.json", "end"], fake_app=True, start=(1 << 30) - 1500)
    assert rolls(b) == 20


def test_short_bounce_is_not_a_press(mp, tmp_path):
    b = Board(mp, tmp_path)
    b.run(["wait 100", "press OK", "wait 8", "release OK", "wait 100", "press OK", "wait 6", "release OK", "wait 100",
           "cat current.json", "end"], fake_app=True)
    assert rolls(b) is None  # nothing was saved: no roll happened


def test_damaged_fight_file_is_set_aside_and_the_box_boots(mp, tmp_path):
    b = Board(mp, tmp_path)
    b.run(["wait 100", "tap OK", "end"], fake_app=True)
    # damage the file on the littlefs image from MicroPython itself
    # (a record cut in the middle by something other than our atomic write)
    script = tmp_path / "damage.py"
    script.write_text(
        "import os, vb\nf = vb.FileFlash(%r, 128)\nos.mount(os.VfsLfs2(f, progsize=256), '/data')\n"
        "with open('/data/current.json', 'w') as g:\n    g.write('{\"dicebox\":1,\"rul')\n" % str(b.image)
    )
    mp.run(script, path=[H.HERE])
    frames, _, _ = b.run(["wait 100", "frame boot", "ls", "end"], fake_app=True)
    assert b.listing == ["current.json.bad"]
    assert lit(frames["boot"]) > 0  # the fake App shows "notice" for store.notices


def test_real_app_boots_navigates_sleeps_and_wakes(mp, tmp_path):
    b = Board(mp, tmp_path)
    frames, states, lines = b.run(["wait 200", "state boot", "frame home", "tap DOWN", "frame down", "wait 61000",
                                   "state asleep", "tap DOWN", "state woke", "frame woke", "end"])
    assert not [x for x in lines if "Error" in x]
    assert states["boot"]["on"] == 1 and states["boot"]["contrast"] == 160
    assert lit(frames["home"]) > 200 and frames["down"] != frames["home"]
    assert states["asleep"]["on"] == 0  # settings sleep_s default 60
    assert states["woke"]["on"] == 1
    assert frames["woke"] == frames["down"]  # the waking press did nothing else


def test_sh1106_board_shows_the_same_image(mp, tmp_path):
    a = Board(mp, tmp_path / "a" if (tmp_path / "a").mkdir() is None else None)
    fa, _, _ = a.run(["wait 100", "tap OK", "frame f", "end"], fake_app=True, start=0)
    sh = json.loads((a.work / "board.json").read_text())
    sh["display"]["controller"] = "sh1106"
    c = Board(mp, tmp_path / "c" if (tmp_path / "c").mkdir() is None else None, board_json=json.dumps(sh))
    c.image.write_bytes(a.image.read_bytes())
    fc, _, _ = c.run(["wait 100", "frame f", "end"], fake_app=True)
    assert fc["f"] == fa["f"]


# The real App, a dice session, a power cut and the resume, the
# vboard's own ~10 KB (stand-in machine/time, flash device, step runner)
# included. Code in ROM (make deploy on ROMFS firmware) in 128k: ~48 KB free
# after boot. Code in RAM (stock firmware, .mpy files on the flash) in the
# stand-in heap that holds the Pico's budget (hardening.py): the stand-in's
# least heap is a benchmark (make bench, b_boot), not the Pico's limit.
@pytest.mark.parametrize("layout,heap", [("files", None), ("files", PICO_BUDGET_HEAP), ("rom", "128k")])
def test_real_app_dice_session_power_cut_and_resume(mp, tmp_path, layout, heap):
    b = Board(mp, tmp_path, rom=layout == "rom")
    # Home -> Dice (first item) -> roll the preset three times, then the power goes
    frames, states, lines = b.run(["wait 200", "state boot", "tap OK", "wait 100", "tap OK", "tap OK", "tap OK", "wait 100",
                                   "frame rolled", "state rolled", "cat current.json", "cut"], heap=heap)
    assert not [x for x in lines if "Error" in x]
    rec = loads(b.files["current.json"])
    assert rec.ruleset == "dice" and len(rec.inputs) == 3
    frames2, _, lines2 = b.run(["wait 300", "frame resumed", "tap OK", "wait 100", "cat current.json", "end"], heap=heap)
    assert not [x for x in lines2 if "Error" in x]
    assert frames2["resumed"] == frames["rolled"]  # straight back into the fight, same screen
    rec2 = loads(b.files["current.json"])
    assert rec2.inputs == rec.inputs + [rec.inputs[-1]] and rec2.seed == rec.seed
    if heap:
        print("real App, code in %s, %s heap: free after boot %d, after 3 rolls %d" % (
            layout, heap, states["boot"]["heap_free"], states["rolled"]["heap_free"]))


def test_home_unloads_a_mode_and_it_imports_again(mp, tmp_path):
    b = Board(mp, tmp_path)
    _, states, lines = b.run(["wait 200", "mods", "tap OK", "wait 100", "tap OK", "state dice", "tap BACK", "wait 100",
                              "state home", "mods", "tap OK", "wait 100", "tap OK", "tap OK", "wait 100",
                              "cat current.json", "end"], heap=PICO_BUDGET_HEAP)  # code in RAM: the mode's bytecode must leave
    assert not [x for x in lines if "Error" in x]
    mods = [line.split()[1:] for line in lines if line.startswith("MODS")]
    assert "dicebox.dice.screen" not in mods[0] and mods[1] == mods[0]  # back to the boot set
    assert states["dice"]["heap_used"] - states["home"]["heap_used"] > 8000  # the mode's code left the heap
    rec = loads(b.files["current.json"])  # the second visit (a new session) rolls again
    assert rec.ruleset == "dice" and len(rec.inputs) == 2


def test_main_loop_allocates_nothing_while_idle(mp, tmp_path):
    # The scenario itself allocates a little per step (reading the line): the
    # same for a short and a long wait, so any difference is the firmware's polls.
    b = Board(mp, tmp_path)
    _, _, lines = b.run(["wait 300", "gcoff", "wait 100", "gcon short", "gcoff", "wait 3000", "gcon long",
                         "tap OK", "wait 300", "gcoff", "wait 100", "gcon dice_short", "gcoff", "wait 3000",
                         "gcon dice_long", "end"])
    assert not [x for x in lines if "Error" in x]
    a = b.allocs
    assert a["long"] == a["short"] and a["dice_long"] == a["dice_short"], a  # 290 more polls, 0 more bytes


def test_a_huge_board_file_gives_one_line_not_a_dead_heap(mp, tmp_path):
    # 200 KB (a stray file copied over board.json): read whole it would run the boot
    # out of a 128k heap with a traceback; it must be the one line every bad board file gives
    sh = json.loads((Path(__file__).parent.parent / "boards" / "rpi_pico.json").read_text())
    sh["name"] = "x" * 200000
    b = Board(mp, tmp_path, board_json=json.dumps(sh))
    _, _, lines = b.run(["wait 100", "end"], heap="128k", fake_app=True)  # exits 0: no traceback
    assert "dicebox: board.json: larger than 4096 bytes (a board file is a few hundred)" in lines
    assert "Traceback" not in b.stderr and "Error" not in b.stderr


def test_a_second_mode_opens_in_the_same_power_on(mp, tmp_path):
    """Dice, back to Home, then Arena on the unchanged main.py: no soft reset, and
    Dice's code left the heap when Home came back."""
    b = Board(mp, tmp_path, rom=True)  # code in ROM, 128k: the layout the storms run in
    _, _, lines = b.run(["wait 200", "tap OK", "wait 100", "tap BACK", "wait 100", "tap DOWN", "tap DOWN", "tap DOWN",
                         "tap OK", "wait 300", "mods", "ls", "end"], heap="128k")
    assert not [x for x in lines if "Error" in x or "Traceback" in x], lines[-20:]
    assert not [x for x in lines if x.startswith("SOFT_RESET")]
    (mods,) = [line.split()[1:] for line in lines if line.startswith("MODS")]
    assert "dicebox.arena.setup" in mods and "dicebox.dice.screen" not in mods


@pytest.mark.parametrize("layout", ["files", "rom"])
def test_title_bout_opens_on_the_demo_cards_deploy_checked(mp, tmp_path, layout):
    """make deploy ships the demo cards' verdicts, keyed by the checks' code as the box
    keys its own list: the first opening checks no card, so it writes no list either."""
    b = Board(mp, tmp_path, rom=layout == "rom")
    (b.work / "demo").symlink_to(os.path.join(b.stage, "demo"))  # as make deploy leaves the flash
    _, _, lines = b.run(["wait 200", "tap DOWN", "tap OK", "wait 1000", "mods", "ls", "end"], heap=PICO_BUDGET_HEAP)
    assert not [x for x in lines if "Error" in x or "Traceback" in x], lines[-20:]
    assert "dicebox.titlebout.setup" in b.modules and "tbcards.json" not in b.listing


def test_a_larp_duel_with_table_dice_beside_a_wound_session_fits_144k(mp, tmp_path):
    # A LARP power-on that resumed a duel played with the table's dice, a
    # wound session running, had ~7 KB free at 128k, and each die's save found no
    # room for littlefs's file cache: an error screen at every input. The session
    # sleeps while a fight is played now (docs/rules/larp.md U10).
    b = Board(mp, tmp_path, rom=True)
    keys = ("DOWN DOWN OK DOWN OK DOWN DOWN DOWN DOWN OK BACK"  # Settings: the table's dice, Russian
            " UP UP OK UP OK OK BACK"  # LARP judge, Wounds: a session starts
            " UP UP UP OK OK OK") + " OK" * 8  # a melee duel, accepted; dice from the picker
    opts = dict(heap="160k", mode="larp", urandom=5)
    b.run(["wait 300"] + ["tap %s" % k for k in keys.split()] + ["wait 300", "cat current.json", "cut"], **opts)
    before = loads(b.files["current.json"])
    assert before.ruleset == "duel" and before.dice and before.inputs
    _, states, lines = b.run(["wait 300", "state boot"] + ["tap OK"] * 8 + ["wait 300", "cat current.json", "end"], **opts)
    assert not [x for x in lines if "Error" in x], lines[-12:]
    after = loads(b.files["current.json"])
    assert len(after.dice) + len(after.inputs) > len(before.dice) + len(before.inputs)
    assert states["boot"]["heap_free"] > 12 * 1024, states["boot"]  # 7,008 B with the session awake


# A clock chip (DS3231 or PCF8563, emulated on the wire: host_sim/rtc_chip.py) and the wound
# timers across a power-off; without one, the judge is told and adds the time off.
_SESSION_KEYS = ["wait 300", "tap OK", "wait 300", "tap UP", "tap OK", "tap OK",  # LARP judge, Wounds, Start
                 "tap OK", "tap OK", "tap OK"]  # + wound, participant 1, + light
_CHIP_MS = ((24 * 365 + 6) * 86400 + 9 * 3600) * 1000  # 2024-01-01 09:00, as the chip reads


def _journal(board):
    return [json.loads(x) for x in board.files["wounds.jnl"].splitlines()]


def _escalated(board, due):
    """The session's TICK for a timer due at `due` (the loop's next pass after it): the rules
    log the escalation at `due` itself."""
    return any(v[1] == 0 and due <= v[0] < due + 100 for v in _journal(board))


def _first_run(b, **opts):
    _, _, lines = b.run(_SESSION_KEYS + ["wait 15000", "cat wounds.clk", "cat wounds.jnl", "cut"], mode="larp", **opts)
    (cut,) = [int(x.split()[1]) for x in lines if x.startswith("CUT")]
    wound = _journal(b)[0]
    assert wound[1:] == [1, 1, 1]
    return cut, wound[0] + 30 * 60000  # when the light wound turns heavy, in session ms


@pytest.mark.parametrize("chip", ["ds3231", "pcf8563"])
def test_a_clock_chip_counts_the_time_the_box_was_off(mp, tmp_path, chip):
    b = Board(mp, tmp_path, board="rpi_pico_" + chip)
    cut, due = _first_run(b, rtc="%s:%d" % (chip, _CHIP_MS))
    clk = b.files["wounds.clk"].split()
    assert clk[-1][0] == "w" and int(clk[-1][1:]) >= 9 * 3600  # the chip's seconds beside the session ms
    off = 25 * 60000  # the box lies in a bag for 25 minutes
    _, _, lines = b.run(["wait 330000", "mods", "cat wounds.jnl", "end"], mode="larp",
                        rtc="%s:%d" % (chip, _CHIP_MS + cut + off))
    assert not [x for x in lines if "Error" in x or "Traceback" in x], lines[-12:]
    assert _escalated(b, due)  # 5 minutes into this power-on, 30 session minutes after the wound
    assert "dicebox.larp.paused" not in b.modules  # nothing to ask: the chip knew


def test_without_a_clock_the_judge_is_told_and_adds_the_time_off(mp, tmp_path):
    b = Board(mp, tmp_path)
    cut, due = _first_run(b)
    assert b.files["wounds.clk"].split()[-1][0] != "w"
    steps = ["wait 1000", "mods", "tap OK"] + ["tap UP"] * 25 + ["tap OK", "wait 330000", "cat wounds.jnl", "end"]
    _, _, lines = b.run(steps, mode="larp")
    assert not [x for x in lines if "Error" in x or "Traceback" in x], lines[-12:]
    assert "dicebox.larp.paused" in b.modules  # the notice: timers paused, how long unknown
    assert _escalated(b, due)  # the 25 minutes the judge added count


@pytest.mark.parametrize("chip", ["ds3231", "pcf8563"])
def test_a_clock_chip_that_lost_its_time_is_not_trusted(mp, tmp_path, chip):
    b = Board(mp, tmp_path, board="rpi_pico_" + chip)
    cut, due = _first_run(b, rtc="%s:%d" % (chip, _CHIP_MS))
    # its battery went flat: the chip restarted from zero and says so
    _, _, lines = b.run(["wait 1000", "mods", "tap BACK", "wait 330000", "cat wounds.jnl", "cat wounds.clk", "end"],
                        mode="larp", rtc="%s:0:lost" % chip)
    assert "dicebox.larp.paused" in b.modules
    assert not _escalated(b, due)  # no time added: the session went on from where it stood
    assert b.files["wounds.clk"].split()[-1][0] == "w"  # the chip was started again: the next power-off counts
