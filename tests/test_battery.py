"""The battery gauge (core/battery.py), its warnings and the stop at empty
(ui/power.py), the VSYS reading (hw/battery.py) and the board file's field."""
import json
import sys
import types

import pytest

from conftest import ROOT
from dicebox import board as Board
from dicebox import buttons as B
from dicebox.core import battery as bat
from host_sim import script
from host_sim.device import Device
from host_sim.memstore import memory_store

ALK, NIMH, LIPO = 0, 1, 2


# -- the curves and the thresholds -------------------------------------------------
@pytest.mark.parametrize("kind", (ALK, NIMH, LIPO))
def test_each_curve_point_is_its_tenth_and_the_ends_are_0_and_100(kind):
    cells = (3, 3, 1)[kind]
    curve = bat._CURVES[kind]
    assert list(curve) == sorted(curve)  # falls as the charge goes
    for i in range(11):
        assert bat.percent(kind, curve[i] * cells) == i * 10
    assert bat.percent(kind, curve[0] * cells - cells) == 0
    assert bat.percent(kind, 0) == 0
    assert bat.percent(kind, curve[10] * cells + 500) == 100
    # between two points: the straight line, rounded down (integer only)
    mid = (curve[3] + curve[4]) // 2 * cells
    assert 30 <= bat.percent(kind, mid) < 40


def test_thresholds_are_20_and_10_percent_and_empty_above_the_pico_s_1_8_v():
    assert bat.thresholds(ALK) == (3300, 3090, 2700)
    assert bat.thresholds(NIMH) == (3693, 3582, 3150)
    assert bat.thresholds(LIPO) == (3372, 3146, 3050)
    for kind in (ALK, NIMH, LIPO):
        low, critical, empty = bat.thresholds(kind)
        assert low > critical > empty > 1800


@pytest.mark.parametrize("kind", (ALK, NIMH, LIPO))
def test_each_stage_at_its_exact_edge(kind):
    low, critical, empty = bat.thresholds(kind)
    for mv, stage in ((low + 1, None), (low, bat.LOW), (critical + 1, bat.LOW), (critical, bat.CRITICAL),
                      (empty + 1, bat.CRITICAL), (empty, bat.DEAD)):
        g = bat.Gauge(kind)  # a first reading is taken whole: no filter lag at the edge
        assert g.sample(mv) == stage, (mv, stage)


def test_each_stage_is_said_once_and_a_fall_past_two_says_only_the_last():
    low, critical, empty = bat.thresholds(ALK)
    g = bat.Gauge(ALK)
    assert g.sample(4500) is None
    g = bat.Gauge(ALK)
    assert g.sample(low) == bat.LOW
    assert [g.sample(low) for _ in range(5)] == [None] * 5
    g = bat.Gauge(ALK)
    assert g.sample(critical - 5) == bat.CRITICAL  # no LOW after it: the box says the worse once
    assert g.sample(low) is None and g.stage == bat.CRITICAL  # a recovering battery never undoes it


def test_three_readings_in_a_row_at_empty_stop_the_box_before_the_filter_gets_there():
    low, critical, empty = bat.thresholds(LIPO)
    g = bat.Gauge(LIPO)
    g.sample(4000)
    assert [g.sample(empty), g.sample(empty)] == [None, None]
    assert g.sample(empty + 1) is None  # not in a row: counted again
    assert [g.sample(empty), g.sample(empty), g.sample(empty)] == [None, None, bat.DEAD]
    assert g.mv > low  # the filter was far from it


def test_usb_power_reads_0_shows_a_plug_and_never_warns():
    g = bat.Gauge(ALK)
    assert g.sample(0) is None and g.level == -1 and g.stage == bat.OK


def test_the_filter_rides_out_a_dip_and_follows_a_real_fall():
    low = bat.thresholds(ALK)[0]
    g = bat.Gauge(ALK)
    g.sample(3600)
    assert g.sample(3000) is None  # one bad reading (a flash erase's sag): no warning
    assert g.mv > low and g.level >= bat.percent(ALK, 3600) - 10
    for _ in range(3):
        g.sample(3600)
    n = 0
    while g.sample(3200) != bat.LOW:
        n += 1
        assert n < 100
    assert 6 <= n <= 20  # about 8 s of readings (one a second) to follow a real step


def test_the_level_shown_does_not_flicker_up_and_down():
    g = bat.Gauge(ALK)
    g.sample(3450)
    first = g.level
    shown = set()
    for i in range(200):  # noise of +-40 mV around one voltage
        g.sample(3450 + (40 if i % 2 else -40))
        shown.add(g.level)
    assert max(shown) <= first and max(shown) - min(shown) <= 2
    # it rises again only by 10 points or more (fresh batteries while on, a rest)
    level = g.level
    for _ in range(100):
        g.sample(3560)
    assert g.level >= level + 10 or g.level == level


# -- the board file --------------------------------------------------------------
GOOD = json.loads((ROOT / "boards" / "rpi_pico.json").read_text())


@pytest.mark.parametrize("value, got", [("3xAA-alkaline", "3xAA-alkaline"), ("3xAA-nimh", "3xAA-nimh"),
                                        ("1S-lipo", "1S-lipo"), ("none", None), (None, None)])
def test_the_board_file_names_the_battery(value, got):
    obj = dict(GOOD, battery=value)
    assert Board.check(obj)["battery"] == got
    assert tuple(Board._BATTERIES) == tuple(bat.KINDS) == tuple(script._KINDS)


def test_a_battery_the_box_does_not_know_is_refused_naming_the_field():
    with pytest.raises(Board.BoardError) as e:
        Board.check(dict(GOOD, battery="9V"), "boards/x.json")
    assert str(e.value).startswith("boards/x.json: field 'battery': '9V' is not one of 3xAA-alkaline")


# -- hw/battery.py on a stand-in machine module ----------------------------------------
@pytest.fixture
def machine(monkeypatch):
    state = {"adc": 0, "vbus": 0, "adc_pins": [], "machine": "Raspberry Pi Pico with RP2040"}

    class ADC:
        def __init__(self, pin):
            state["adc_pins"].append(pin)

        def read_u16(self):
            return state["adc"]

    class Pin:
        IN = 0

        def __init__(self, n, mode=None):
            assert n == 24 and mode == Pin.IN

        def value(self):
            return state["vbus"]

    monkeypatch.setitem(sys.modules, "machine", types.SimpleNamespace(ADC=ADC, Pin=Pin))
    monkeypatch.setattr(sys.implementation, "_machine", state["machine"], raising=False)
    sys.modules.pop("dicebox.hw.battery", None)
    yield state
    sys.modules.pop("dicebox.hw.battery", None)


def test_vsys_is_adc3_times_3_and_vbus_high_reads_as_usb(machine):
    from dicebox.hw.battery import reads

    read = reads()
    assert machine["adc_pins"] == [29]
    machine["adc"] = 65535 * 1300 // 3300  # 1.3 V at the pin: 3.9 V at VSYS
    assert abs(read() - 3900) <= 2
    machine["adc"] = 65535
    assert read() == 9899  # full scale: 3 x 3.3 V
    machine["vbus"] = 1
    assert read() == 0


def test_on_a_pico_w_the_gauge_is_off(machine, monkeypatch, capsys):
    monkeypatch.setattr(sys.implementation, "_machine", "Raspberry Pi Pico W with RP2040", raising=False)
    from dicebox.hw.battery import reads

    assert reads() is None and machine["adc_pins"] == []
    assert "gauge is off on a Pico W" in capsys.readouterr().out


# -- on the box: the icon, the warnings over any screen, the stop ------------------------
def run(d, text):
    script.run(d, script.parse(text))


def header_icon(d):
    """The icon's 14 columns of the header's 9 rows, as 0/1 rows."""
    g = d.glass()
    return tuple(tuple((g[x] >> y) & 1 for x in range(113, 127)) for y in range(9))


def test_home_shows_the_level_and_a_plug_on_usb_in_both_languages():
    store = memory_store()
    store.write_text("settings.json", json.dumps({"sleep_s": 0}))
    d = Device(store=store, battery="3xAA-alkaline")
    d.wait(1500)
    usb = header_icon(d)
    d.vsys = 4600
    d.wait(1500)
    full = header_icon(d)
    assert usb != full
    d.vsys = 3400  # a quarter left, above the warning
    d.wait(80000)
    assert d.app.top is d.app.stack[0]
    fifth = header_icon(d)
    assert fifth != full and sum(map(sum, fifth)) > sum(map(sum, full))  # less black fill: more white
    d.app.apply_settings(dict(d.app.settings, lang="ru"))
    d.app.stack[0].build()
    d.wait(1500)
    assert header_icon(d) == fifth  # the same icon: no words in it
    plain = Device()
    assert getattr(plain.app, "power", None) is None and plain.app.stack[0].right == ""


def _drain(d, mv, seconds=60):
    d.vsys = mv
    d.wait(seconds * 1000)


@pytest.mark.parametrize("lang, low, critical", [
    ("en", "Battery low", "Battery critical"),
    ("ru", "Батарея садится", "Батарея почти пуста"),
])
def test_low_and_critical_are_said_once_each_over_any_screen(lang, low, critical):
    store = memory_store()
    store.write_text("settings.json", json.dumps({"lang": lang}))
    d = Device(store=store, battery="3xAA-alkaline")
    _drain(d, 4500, 3)
    run(d, "press DOWN\npress DOWN\npress OK\nwait 300")  # into a mode: the warning comes over it
    under = type(d.app.top)
    _drain(d, 3250)
    assert d.app.top.title == low and "%" in d.app.top.lines[0]
    assert d.platform.beeps  # and it beeps
    run(d, "press OK")
    assert type(d.app.top) is under
    _drain(d, 3200)
    assert type(d.app.top) is under  # said once
    _drain(d, 3050)
    assert d.app.top.title == critical
    run(d, "press OK")
    _drain(d, 3000)
    assert type(d.app.top) is under


def test_a_warning_wakes_the_sleeping_panel():
    store = memory_store()
    store.write_text("settings.json", json.dumps({"sleep_s": 15}))
    d = Device(store=store, battery="1S-lipo")
    _drain(d, 4000, 20)
    assert not d.app.display_on
    _drain(d, 3300)
    assert d.app.display_on and d.app.top.title == "Battery low"


WOUNDS = "choose LARP judge\nchoose Wounds\nchoose Start\npress OK\npress OK\nchoose + light\nwait 3000\n"


def _files(store):
    return {k: b"".join(v) for k, v in store.os.files.items()}


@pytest.mark.parametrize("lang, words", [("en", ("Battery empty", "all saved")),
                                         ("ru", ("Батарея разряжена", "всё сохранено"))])
def test_at_empty_all_is_saved_then_nothing_is_written_and_fresh_batteries_resume_it(lang, words):
    from dicebox.ui import power

    store = memory_store()
    d = Device(store=store, battery="3xAA-alkaline")
    _drain(d, 4500, 2)
    run(d, WOUNDS)
    run(d, "press BACK\npress BACK\nwait 200")  # to Home: the session runs on in the background
    d.app.apply_settings(dict(d.app.settings, lang=lang))
    assert d.app.stack[0].tasks
    d.vsys = 2600  # the box drops straight to empty (its batteries taken out and a weak set put in)
    saved = {}
    real = power.stop

    def stop(app):
        real(app)
        saved.update(_files(store))

    power.stop = stop
    try:
        d.wait(3500)
    finally:
        power.stop = real
    assert saved and store.frozen
    assert isinstance(d.app.top, power.Empty)
    assert [d.app.top.__class__.__name__, power.power_label("empty"), power.power_label("saved")] == ["Empty"] + list(words)
    clock = saved["/data/wounds.clk"].decode()
    assert int(clock.split()[0]) >= 3000  # the session's clock written at the stop, to the second
    # from now on nothing is written: not the session's 10 s clock, not a press
    run(d, "wait 30000\npress OK\npress BACK\npress DOWN\nwait 30000")
    assert _files(store) == saved and not d.app.stack[0].tasks
    assert isinstance(d.app.top, power.Empty)
    # fresh batteries: the next power-on finds all where it was
    again = Device(store=store.__class__("/data", store.os, store.os.open), battery="3xAA-alkaline")
    again.vsys = 4600
    again.wait(2000)
    assert again.app.stack[0].tasks and "\u25b6" in again.app.stack[0].right
    assert not getattr(again.app.store, "frozen", False)


def test_a_save_waiting_for_its_frame_is_written_before_the_stop():
    from dicebox.ui import power

    d = Device(battery="3xAA-alkaline")
    done = []
    d.app.later(lambda: done.append(1))
    power.stop(d.app)
    assert done == [1] and d.app.store.frozen
    d.app.store.write_text("x.txt", "late")
    assert d.app.store.read_text("x.txt") is None


def test_the_simulator_reads_vsys_as_the_pico_s_adc_gives_it(machine):
    from dicebox.hw.battery import reads
    from host_sim.adc import adc_mv, adc_raw

    read = reads()
    for mv in (2600, 2700, 3090, 3300, 3693, 4500, 4680):
        raw = adc_raw(mv)
        machine["adc"] = raw << 4 | raw >> 8  # the rp2 port's read_u16 of a 12-bit result
        assert read() == adc_mv(mv) and abs(adc_mv(mv) - mv) <= 3


def test_the_terminal_simulator_s_keys_set_vsys_and_plug_usb():
    from host_sim.sim import battery_key

    d = Device(battery="3xAA-nimh")
    d.vsys = 4200
    pack = 4200
    pack, status = battery_key(d, ord("-"), pack)
    assert d.vsys == 4100 == pack and "4100 mV" in status
    pack, status = battery_key(d, ord("u"), pack)
    assert d.vsys == 0 and pack == 4100 and "USB" in status
    pack, status = battery_key(d, ord("+"), pack)
    assert d.vsys == 0  # on USB: no voltage to change
    pack, status = battery_key(d, ord("u"), pack)
    assert d.vsys == 4100
    assert battery_key(Device(), ord("-"), 0) is None  # a box without a battery: not its key
