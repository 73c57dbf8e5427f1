"""A screen that lasts the event: the brightness setting (contrast and precharge,
a daylight preset), the auto-dim before the sleep, and the picture that moves a
pixel every two minutes without a button (ui/app.py)."""
import json
import subprocess
import sys

import pytest

from conftest import ROOT, SUPPORT
from dicebox import buttons as B
from dicebox import settings as S
from host_sim import script
from host_sim.device import Device
from host_sim.memstore import memory_store
from romfs import mplib  # noqa: F401  (fixture)


def device(**settings):
    store = memory_store()
    store.write_text("settings.json", json.dumps(settings))
    return Device(store=store)


def panel(d):
    return d.panel.contrast, d.panel.precharge


# -- brightness and dimming ---------------------------------------------------------------
def test_each_brightness_sets_the_panel_s_contrast_and_precharge():
    want = {1: (16, 0x22), 2: (64, 0x22), 3: (160, 0xF1), 4: (200, 0xF1), 5: (255, 0xF1)}
    for level, pair in want.items():
        d = device(contrast=level)
        d.wait(100)
        assert panel(d) == pair
    assert S.defaults()["contrast"] == 3 and S.defaults()["dim_s"] == 20


def test_the_panel_dims_after_dim_s_idle_and_a_press_brightens_it():
    d = device(dim_s=20, sleep_s=60)
    d.wait(19900)
    assert panel(d) == (160, 0xF1)
    d.wait(200)
    assert panel(d) == (1, 0x22) and d.app.display_on  # dimmed, still on
    frames = d.frames
    d.press(B.DOWN)
    assert panel(d) == (160, 0xF1) and d.frames > frames  # the press also did its work (moved the row)
    d.wait(60000)
    assert not d.app.display_on  # the sleep comes after, as before


def test_daylight_never_dims_and_dim_0_never_dims():
    for settings in ({"contrast": 5}, {"dim_s": 0}):
        d = device(sleep_s=0, **settings)
        d.wait(120000)
        assert panel(d)[0] != 1, settings


def test_an_alert_brightens_the_dimmed_panel():
    d = Device(store=memory_store(), battery="1S-lipo")
    d.vsys = 4000
    d.wait(25000)
    assert panel(d) == (1, 0x22)
    d.vsys = 3300  # a battery warning comes over the screen, as a wound alert does
    d.wait(60000)
    assert d.app.top.title == "Battery low" and panel(d) == (160, 0xF1)


@pytest.mark.parametrize("lang, rows", [
    ("en", ["Brightness: 3/4", "Brightness: 4/4", "Brightness: daylight", "Brightness: 1/4", "Dim: 20 s", "Dim: 30 s"]),
    ("ru", ["Яркость: 3/4", "Яркость: 4/4", "Яркость: день", "Яркость: 1/4", "Затемнение: 20 с", "Затемнение: 30 с"]),
])
def test_settings_cycle_the_brightness_and_the_dim_in_both_languages(lang, rows):
    d = device(lang=lang)
    script.run(d, script.parse("choose %s\nwait 200" % ("Settings" if lang == "en" else "Настройки")))
    top = d.app.top

    def row(start):
        return [label for label, _ in top.items if label.startswith(start)][0]

    def change(start):
        [act for label, act in top.items if label.startswith(start)][0]()
        d.wait(100)

    bright, dim = rows[0].split(":")[0], rows[4].split(":")[0]
    seen = [row(bright)]
    for _ in range(3):  # 3 -> 4 -> daylight -> 1
        change(bright)
        seen.append(row(bright))
    seen.append(row(dim))
    change(dim)
    seen.append(row(dim))
    assert seen == rows
    assert d.app.settings["contrast"] == 1 and d.app.settings["dim_s"] == 30
    assert panel(d) == (16, 0x22)  # seen on the panel at once


# -- the picture moves -------------------------------------------------------------------------
def shifted(glass, dx, dy):
    """glass moved dx right and dy down, the uncovered edge dark."""
    out = bytearray(len(glass))
    for y in range(64):
        for x in range(128):
            if x >= dx and y >= dy and (glass[((y - dy) >> 3) * 128 + x - dx] >> ((y - dy) & 7)) & 1:
                out[(y >> 3) * 128 + x] |= 1 << (y & 7)
    return bytes(out)


def test_the_picture_moves_a_pixel_every_two_minutes_idle_and_comes_back():
    d = device(sleep_s=0, dim_s=0)
    d.press(B.DOWN)  # an input: the time counts from it, as the box's timers do
    start = d.app.last_input
    home = bytes(d.glass())
    d.wait(120000 - (d.now - start) - 10)
    assert bytes(d.glass()) == home  # not before
    d.wait(20)
    assert bytes(d.glass()) == shifted(home, 1, 0)
    d.wait(120000)
    assert bytes(d.glass()) == shifted(home, 1, 1)
    d.wait(120000)
    assert bytes(d.glass()) == shifted(home, 0, 1)
    d.wait(120000)
    assert bytes(d.glass()) == home


def test_a_press_keeps_the_picture_where_it_is_and_the_next_move_is_two_minutes_after_it():
    d = device(sleep_s=0, dim_s=0)
    d.press(B.DOWN)
    d.wait(125000)
    d.press(B.UP)  # back to the first row: the same screen as before the first press
    moved = bytes(d.glass())
    d.press(B.DOWN)
    d.press(B.UP)
    assert bytes(d.glass()) == moved  # the row moves drew it again a pixel right, not back at 0
    t = d.app.last_input
    d.wait(119000)
    assert bytes(d.glass()) == moved
    d.wait(2000)
    assert bytes(d.glass()) != moved and d.now - t >= 120000


def test_the_moved_picture_is_pixel_for_pixel_the_same_under_micropython(mp, mplib, tmp_path):
    # a stealth count left running for minutes, then a walk through the menus, on both sides
    path = tmp_path / "long.txt"
    path.write_text("choose LARP judge\nwait 130000\npress DOWN\npress DOWN\nwait 250000\npress BACK\n"
                    "press DOWN\nwait 121000\npress UP\n")
    cp = subprocess.run([sys.executable, str(SUPPORT / "ui_parity.py"), str(path)], capture_output=True, cwd=str(ROOT))
    assert cp.returncode == 0, cp.stderr.decode()
    got = mp.run(SUPPORT / "ui_parity.py", path, path=[mplib, ROOT]).stdout
    assert got == cp.stdout
    assert len(set(cp.stdout.decode().splitlines()[:-1])) >= 6


def test_the_app_s_constants_are_settings_own():
    from dicebox.ui import app, settings_ui

    assert len(S.CONTRAST_LEVELS) == app._DAYLIGHT == settings_ui._DAYLIGHT == S.SPEC[3][2][1]
    assert app._DIM & 0xFF == 1 and app._DIM >> 8 == S.CONTRAST_LEVELS[0] >> 8  # the lowest, the reset precharge
