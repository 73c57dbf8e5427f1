"""The rig sees the battery: the script's `battery` lines, the
simulator's reading of them as the Pico's ADC gives them, readings counted from
the inputs (so both sides read in the same frames), make emu's battery drain
on the simulator, and the emulated ADC3 / VBUS the firmware reads."""
import json
import os

import pytest

from dicebox.core import battery as bat
from host_sim import ROOT, script
from host_sim.adc import adc_mv, adc_raw
from host_sim.device import Device
from host_sim.emu.run import Reference

DRAIN = os.path.join(ROOT, "host_sim", "emu", "battery.txt")


def test_battery_lines_parse_and_refuse_what_is_not_a_voltage():
    steps = script.parse("battery 3xAA-nimh\nbattery 3900\nbattery usb\nbattery USB\n")
    assert steps == [("battery", "3xAA-nimh"), ("battery", 3900), ("battery", 0), ("battery", 0)]
    assert script.battery_kind(steps) == "3xAA-nimh" and script.battery_kind(steps[1:]) is None
    for bad in ("battery 9V", "battery 999", "battery 6001", "battery", "battery 3.9"):
        with pytest.raises(script.ScriptError, match="battery"):
            script.parse(bad + "\n", "s")


def test_the_adc_model_is_vsys_over_3_on_12_bits_of_3_3_v():
    assert adc_raw(9900) == 4095 and adc_raw(0) == 0 and adc_raw(4950) == 2048
    assert adc_mv(0) == 0  # USB
    assert all(abs(adc_mv(mv) - mv) <= 3 for mv in range(2000, 5001, 7))


def test_readings_come_each_second_after_an_input_and_at_an_input():
    d = Device(battery="1S-lipo")
    d.vsys = 4000
    reads = []
    power = d.loop.power
    real = power.read
    power.read = lambda: reads.append(d.now) or real()
    d.wait(3537)
    pressed = d.now
    d.press(0)  # an input: a reading at its press, then each second from its last event
    last = d.app.last_input
    d.wait(2500)
    assert len([t for t in reads if pressed < t <= last]) == 1  # at the press
    assert [t for t in reads if t > last] == [last + 1000, last + 2000]
    first = [t for t in reads if t <= pressed]
    assert first[0] < 1000 and first[1:] == [1000, 2000, 3000]  # the first at the pass after Home's frame


def test_home_is_on_the_glass_before_the_gauge_loads_and_its_icon_follows():
    seen = []

    class Watched(Device):
        def _boot(self):
            self.on_frame = lambda d: seen.append((d.loop.power, bytes(d.panel.ram)))
            Device._boot(self)

    d = Watched(battery="1S-lipo")
    d.vsys = 4000
    d.wait(100)
    assert getattr(seen[0][0], "gauge", None) is None  # the boot's frame: Home, and no gauge yet
    assert len(seen) == 2 and seen[1][0] is d.loop.power  # the next frame: its first reading
    assert seen[0][1] != seen[1][1]  # the icon drawn
    assert d.loop.power.gauge.level == bat.percent(bat.KINDS.index("1S-lipo"), adc_mv(4000)) > 90


def test_the_gauge_s_module_stays_loaded_through_a_mode_s_leave(monkeypatch):
    import sys

    monkeypatch.delitem(sys.modules, "dicebox.core.battery")  # as on the box: not loaded at boot
    d = Device(battery="1S-lipo")
    d.vsys = 4000
    d.wait(100)
    script.run(d, script.parse("choose LARP judge\nwait 300\npress BACK\nwait 300\n"))
    assert type(d.app.top).__name__ == "Home"
    # dropped, the next import (a warning's) would load a second copy beside the gauge's own
    assert sys.modules["dicebox.core.battery"].Power is type(d.loop.power)


def test_the_drain_plays_on_the_simulator_with_both_warnings_and_the_stop():
    with open(DRAIN) as f:
        steps = script.parse(f.read(), "battery")
    assert script.battery_kind(steps) == "3xAA-alkaline"
    ref = Reference(steps, json.dumps({"seed_source": "fixed", "seed": 595363767}), "ssd1306", battery="3xAA-alkaline")
    assert [mv for _, mv in ref.volts] == [4500, 3350, 2900, 2650]
    shots = {name: glass for name, _, glass in ref.shots}
    assert shots["home-full"] != shots["home-falling"]  # the icon falls
    assert ref.empty_frame is not None and ref.empty_frame == shots["empty"]
    assert shots["low"] != shots["critical"]
    files = ref.store.os.files
    assert "/data/wounds.clk" in files and getattr(ref.store, "frozen", False)
    assert ref.end < 60000  # short: make emu and CI run it every time


def test_the_emulated_pico_reads_vsys_on_adc3_and_vbus_on_gpio24():
    from test_emu import _pico_board, _stock_uf2

    from host_sim.emu.board import EmuBoard, littlefs_image

    main = (b"import time\nfrom machine import ADC, Pin\na = ADC(29)\nv = Pin(24, Pin.IN)\n"
            b"while True:\n print('VSYS %d %d' % (a.read_u16(), v.value()))\n time.sleep_ms(20)\n")
    emu = EmuBoard(_stock_uf2(), _pico_board(), littlefs_image({"main.py": main}))
    got = {}
    for mv in (3300, 0, 4500):
        emu.set_vsys(mv)
        mark = len(emu.console_text())
        for _ in range(400):
            emu.run_ms(20)
            lines = [ln for ln in emu.console_text()[mark:].split("\n") if ln.startswith("VSYS ") and ln.count(" ") == 2]
            if len(lines) >= 2:
                got[mv] = lines[-1]
                break
    raw = adc_raw(3300)
    assert got[3300] == "VSYS %d 0" % (raw << 4 | raw >> 8)
    assert got[0].endswith(" 1")  # USB: VBUS high
    raw = adc_raw(4500)
    assert got[4500] == "VSYS %d 0" % (raw << 4 | raw >> 8)
    # what hw/battery.py makes of it is what the simulator's gauge reads
    assert (4 * (raw << 4 | raw >> 8) * 9900) >> 18 == adc_mv(4500)
    assert bat.percent(0, adc_mv(4500)) == 96


def test_the_rig_sets_each_voltage_at_its_time_between_shots_and_presses():
    # the emulated ADC gets each `battery MV` where the script has it, not at the next
    # press (a shot in between once ran the chip past them all, the warnings came late)
    from host_sim.emu.board import NS_PER_MS
    from host_sim.emu.run import Result, Run

    log = []

    class Emu:
        now_ns = 0

        def run_until(self, ns):
            self.now_ns = max(self.now_ns, ns)

        def run_ms(self, ms):
            self.now_ns += ms * NS_PER_MS

        def last_transfer_ns(self):
            return 0

        def bursts(self):
            return [(0, 0, 1, 1, b"g")]

        def set_vsys(self, mv):
            log.append(("vsys", mv, self.now_ns))

        def press(self, name):
            log.append(("press", name, self.now_ns))

        def release(self, name):
            log.append(("release", name, self.now_ns))

        def console_text(self):
            return ""

        def stack_peak(self):
            return 0

    class Ref:
        frames = [b"g"]
        events = [(1000, 4), (1080, 0), (20000, 4), (20080, 0)]  # OK down, up (buttons' bits)
        shots = [("a", 1200, b"g"), ("b", 9000, b"g"), ("c", 19000, b"g")]
        volts = [(1500, 3350), (9500, 2900), (19500, 2650)]
        opens = []
        drawn = []  # the box drew no seed
        end = 21000

    run = Run.__new__(Run)
    run.emu = Emu()
    run.board = {"buttons": {"UP": 10, "DOWN": 11, "OK": 12, "BACK": 13}}
    run.freq = 400000
    run.play(Ref(), Result())
    t0 = [e for e in log if e[0] == "press"][0][2] - 1000 * NS_PER_MS  # the script's 0 on the chip
    got = [(e[1], (e[2] - t0) // NS_PER_MS) for e in log if e[0] == "vsys"][1:]  # (the first: USB at boot)
    assert got == [(3350, 1500), (2900, 9500), (2650, 19500)]


def test_a_saved_file_is_the_simulator_s_but_for_a_few_ms_of_its_times():
    from host_sim.emu.run import _same_save

    assert _same_save(b"29480 1800415 0 12", b"29470 1800406 0 12")
    assert _same_save(b"[415,1,1,1]\n", b"[409,1,1,1]\n")
    assert not _same_save(b"[415,1,1,1]\n", b"[415,1,1,1]\n[900,2,1,1]\n")  # a line more
    assert not _same_save(b"[415,1,1,1]\n", b"[415,1,1")  # torn
    assert not _same_save(b"29480 1800415 0 12", b"39480 1800415 0 12")  # 10 s apart
    assert not _same_save(b'{"a":1}', None) and _same_save(None, None)
