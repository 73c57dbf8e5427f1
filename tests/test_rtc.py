"""The optional clock chip: Adafruit's DS3231 and PCF8563 drivers (from PyPI)
through hw/rtc.py on an emulated chip, its time as integer seconds, and the
wound timers across a power-off with it and without it."""
import datetime
import random

import pytest

from conftest import ROOT
from dicebox import buttons as B
from dicebox.larp import common as larp
from dicebox.core.clock import wall_seconds
from dicebox.hw.rtc import Rtc
from dicebox.store import Store
from dicebox.larp.menu import tracker
from host_sim import rtc_chip
from host_sim.device import Device, Platform
from test_larp_ui import device, start_session, top, wound, drawn  # noqa: E402

START = ((24 * 365 + 6) * 86400 + 9 * 3600) * 1000  # the chip's 2024-01-01 09:00 (ms since 2000)


def test_wall_seconds_agree_with_the_calendar():
    rnd = random.Random(3)
    epoch = datetime.datetime(2024, 1, 1)
    for _ in range(5000):
        t = datetime.datetime(2000, 1, 1) + datetime.timedelta(seconds=rnd.randrange(58 * 365 * 86400))
        assert wall_seconds(t.year, t.month, t.day, t.hour, t.minute, t.second) == int((t - epoch).total_seconds())
    assert wall_seconds(2057, 12, 31, 23, 59, 59) < 2 ** 30  # a small int on the Pico
    assert wall_seconds(2024, 2, 30, 0, 0, 0) is not None  # (the chip's own business: only differences count)
    assert wall_seconds(2099, 1, 1, 0, 0, 0) is None and wall_seconds(2024, 13, 1, 0, 0, 0) is None


class Clock:
    """The test's time for the chip: a box's clock (while one is on) plus the time before it."""

    def __init__(self):
        self.ms = 0
        self.box = None

    def __call__(self):
        return self.ms + (self.box.now if self.box is not None else 0)


@pytest.mark.parametrize("kind", ["ds3231", "pcf8563"])
def test_the_drivers_read_the_chip_and_start_one_that_lost_its_time(kind):
    clock = Clock()
    chip = rtc_chip.Chip(kind, START, 0)
    rtc = Rtc(rtc_chip.Bus(chip, clock), kind)
    a = rtc.seconds()
    assert a == 9 * 3600
    clock.ms += 3 * 3600 * 1000 + 61500
    assert rtc.seconds() - a == 3 * 3600 + 61
    chip.lost = True  # a flat battery: the chip ran from nothing
    assert rtc.seconds() is None and chip.sets >= 1 and not chip.lost  # started again at once
    assert rtc.seconds() == 0  # 2024-01-01 00:00: from here it counts


def test_no_chip_on_the_bus_is_one_clear_error():
    chip = rtc_chip.Chip("pcf8563", START, 0)
    with pytest.raises(ValueError, match="0x68"):
        Rtc(rtc_chip.Bus(chip, Clock()), "ds3231")


def _box(tmp_path, clock, chip):
    platform = Platform(b"\x00\x00\x10\x00", rtc=Rtc(rtc_chip.Bus(chip, clock), chip.kind) if chip else None)
    d = Device.__new__(Device)
    d.now = 0
    if clock is not None:
        clock.box = d  # the chip runs beside this box's clock from its power-on
    d.__init__(store=Store(str(tmp_path)), platform=platform)
    s = dict(d.app.settings)
    s.update({"lang": "en", "seed_source": "fixed", "seed": 1})
    d.app.apply_settings(s)
    return d


def test_with_a_chip_the_session_resumes_past_the_time_off(tmp_path):
    clock = Clock()
    chip = rtc_chip.Chip("ds3231", START, 0)
    d = _box(tmp_path, clock, chip)
    tr = start_session(d)
    wound(d, 3, larp.LIGHT)
    d.wait(25000)
    before = tr.ms
    # power off for 20 minutes (the chip runs on its battery), then on
    clock.ms += d.now + 20 * 60000
    d2 = _box(tmp_path, clock, chip)
    tr2 = tracker(d2.app)
    assert before + 20 * 60000 - 1000 <= tr2.ms <= before + 20 * 60000 + 1000  # to the second, not SAVE_MS
    assert top(d2) == "Home"  # nothing to ask
    d2.wait(10 * 60000)
    assert tr2.game.alerts()  # 30 session minutes after the wound


def test_without_a_chip_a_boot_says_the_timers_stood_and_takes_the_time_off(tmp_path):
    d = _box(tmp_path, None, None)
    tr = start_session(d)
    wound(d, 3, larp.LIGHT)
    d.wait(25000)
    before = tr.ms
    d2 = _box(tmp_path, None, None)
    d2.wait(100)
    assert top(d2) == "PausedScreen"
    shown = drawn(d2)
    assert "Wound timers paused" in shown and "OK: add time off" in shown and "BACK: add none" in shown
    d2.press(B.OK)
    assert top(d2) == "_OffPicker"
    for _ in range(20):
        d2.press(B.UP)
    assert "0:20" in drawn(d2) and "0:00..24:00" in drawn(d2)
    d2.press(B.OK)
    tr2 = tracker(d2.app)
    assert before - 10000 <= tr2.ms - 20 * 60000 <= before + 1000
    d2.wait(10 * 60000)
    assert tr2.game.alerts()  # the 20 minutes count: due 30 minutes after the wound


def test_the_notice_in_russian_and_back_adds_nothing(tmp_path):
    d = device("ru", store=Store(str(tmp_path)))
    tr = start_session(d)
    wound(d, 2, larp.HEAVY)
    d.wait(12000)
    before = tr.ms
    d2 = Device(store=Store(str(tmp_path)), platform=Platform(b"\x00\x00\x10\x00"))
    d2.wait(100)
    assert top(d2) == "PausedScreen"
    assert "Таймеры стояли" in drawn(d2) and "НАЗАД: не добавлять" in drawn(d2)
    d2.press(B.BACK)
    assert top(d2) == "Home" and tracker(d2.app).ms <= before + 1000


def test_a_session_with_no_running_timer_asks_nothing(tmp_path):
    d = _box(tmp_path, None, None)
    start_session(d)
    wound(d, 4, larp.MORTAL)  # waits for the choice: no timer runs
    d.wait(12000)
    d2 = _box(tmp_path, None, None)
    d2.wait(100)
    assert top(d2) == "Home"


def test_the_boot_read_leaves_the_drivers_off_the_heap(mp, tmp_path):
    from host_sim import deploy

    deploy.stage("rpi_pico_ds3231", str(tmp_path / "stage"), march=deploy.HOST_MARCH)  # run by the unix port
    out = mp.run(ROOT / "tests" / "support" / "rtc_heap.py",
                 path=[tmp_path / "stage", tmp_path / "stage" / "lib", ROOT / "host_sim"]).stdout.split()
    loaded, left = int(out[1]), int(out[3])
    assert loaded > 8000 and left < 4500, out  # docs/benchmarks.md, "Clock chip"
