"""Board files (checked with errors naming file and field) and the exact file
set `make deploy` copies, without a device."""
import json
import os
import subprocess
import sys

import pytest

from conftest import ROOT
from dicebox import board as B
from host_sim import deploy

BOARDS = sorted((ROOT / "boards").glob("*.json"))
GOOD = json.loads((ROOT / "boards" / "rpi_pico.json").read_text())


def test_every_board_file_checks():
    names = [p.stem for p in BOARDS]
    assert {"rpi_pico", "rpi_pico_w", "rpi_pico2", "rpi_pico2_w", "rpi_pico_sh1106"} <= set(names)
    for p in BOARDS:
        b = B.loads(p.read_text(), p.name)
        assert b["chip"] == ("RP2350" if "pico2" in p.stem else "RP2040")
        assert b["display"]["controller"] == ("sh1106" if "sh1106" in p.stem else "ssd1306")
        assert b["buttons"][:4] == [10, 11, 12, 13] and b["i2c"]["freq"] == 400000


def bad(change):
    obj = json.loads(json.dumps(GOOD))
    change(obj)
    with pytest.raises(B.BoardError) as e:
        B.check(obj, "boards/x.json")
    return str(e.value)


@pytest.mark.parametrize("change, msg", [
    (lambda o: o["i2c"].update(sda=6), "boards/x.json: field 'i2c.sda': GP6 is not an SDA pin of I2C0"),
    (lambda o: o["i2c"].update(scl=4, sda=0), "field 'i2c.scl': GP4 is not an SCL pin of I2C0"),
    (lambda o: o["i2c"].update(freq=3400000), "field 'i2c.freq': 3400000 is not one of"),
    (lambda o: o["buttons"].update(OK=4), "field 'buttons.OK': GP4 is already used by i2c.sda"),
    (lambda o: o.update(buzzer=10), "field 'buzzer': GP10 is already used by buttons.UP"),
    (lambda o: o["buttons"].pop("BACK"), "field 'buttons.BACK': missing"),
    (lambda o: o["buttons"].update(UP=25), "field 'buttons.UP': 25 is not a header GPIO"),
    (lambda o: o["display"].update(height=32), "field 'display': 128x32 is not supported (the UI lays out on 128x64: every screen needs 64 rows"),
    (lambda o: o["display"].update(controller="ssd1309"), "field 'display.controller'"),
    (lambda o: o["display"].update(addr=0x3E), "field 'display.addr'"),
    (lambda o: o.update(colour="red"), "field 'colour': unknown field"),
    (lambda o: o["i2c"].update(speed=1), "field 'i2c.speed': unknown field"),
    (lambda o: o.pop("chip"), "field 'chip': missing"),
    (lambda o: o.update(chip="ESP32"), "field 'chip': 'ESP32' is not one of RP2040, RP2350"),
    (lambda o: o["buttons"].update(UP=True), "field 'buttons.UP'"),
    (lambda o: o.update(rtc="ds1307"), "field 'rtc': 'ds1307' is not one of ds3231, pcf8563"),
])
def test_bad_board_fields_are_named(change, msg):
    assert msg in bad(change)


def test_the_clock_chip_is_optional():
    assert B.check(json.loads(json.dumps(GOOD)))["rtc"] is None
    for chip in ("ds3231", "pcf8563"):
        obj = json.loads(json.dumps(GOOD))
        obj["rtc"] = chip
        assert B.check(obj)["rtc"] == chip


def test_a_board_with_a_clock_chip_deploys_its_driver_from_the_environment():
    lib = [(s, d) for s, d in deploy.plan("rpi_pico_ds3231") if d.startswith("lib/")]
    dests = [d for _, d in lib]
    assert dests[:4] == ["lib/adafruit_ssd1306.mpy", "lib/adafruit_bus_device/__init__.mpy",
                         "lib/adafruit_bus_device/i2c_device.mpy", "lib/adafruit_bus_device/spi_device.mpy"]
    assert dests[4:] == ["lib/adafruit_ds3231.mpy", "lib/adafruit_register/__init__.mpy", "lib/adafruit_register/i2c_bit.mpy",
                         "lib/adafruit_register/i2c_bits.mpy", "lib/adafruit_register/i2c_bcd_datetime.mpy",
                         "lib/adafruit_register/i2c_bcd_alarm.mpy"]
    assert all("site-packages" in s for s, _ in lib)
    pcf = [d for _, d in deploy._libraries("pcf8563")]
    assert "lib/adafruit_pcf8563/pcf8563.py" in pcf and "lib/adafruit_ds3231.py" not in pcf


def test_i2c1_and_1mhz_are_accepted():
    obj = json.loads(json.dumps(GOOD))
    obj["i2c"] = {"id": 1, "sda": 26, "scl": 27, "freq": 1000000}
    obj["buttons"]["LEFT"] = 14
    b = B.check(obj)
    assert b["i2c"] == {"id": 1, "sda": 26, "scl": 27, "freq": 1000000} and b["buttons"][4] == 14


def test_unreadable_board_file(tmp_path):
    with pytest.raises(B.BoardError, match="not valid JSON"):
        B.loads("{", "board.json")
    p = tmp_path / "board.json"
    p.write_bytes(b"\xff")
    with pytest.raises(B.BoardError, match="board.json: not UTF-8"):
        B.load(str(p))
    with pytest.raises(B.BoardError, match="cannot be read"):
        B.load(str(tmp_path / "none.json"))
    p.write_bytes(b'{"name": "' + b"x" * 10000000 + b'"}')  # 10 MB: read whole, it ran the boot out of heap
    with pytest.raises(B.BoardError, match="board.json: larger than 4096 bytes"):
        B.load(str(p))


def test_deploy_file_set_is_exact():
    items = deploy.plan("rpi_pico2")
    dests = [d for _, d in items]
    fw = sorted(p.relative_to(ROOT / "firmware").as_posix() for p in (ROOT / "firmware").rglob("*.py"))
    want = [("main.py" if f == "main.py" else f[:-3] + ".mpy") for f in fw]
    assert sorted(d for d in dests if not d.startswith(("lib/", "demo/")) and d != "board.json") == sorted(want)
    # the demo cards ship read-only beside the code; the user's /data is never written
    demo = sorted(p.name for p in (ROOT / "firmware" / "data" / "titlebout" / "fighters").glob("*.json"))
    charts = sorted(p.name for p in (ROOT / "firmware" / "data" / "titlebout" / "charts").iterdir()
                    if p.suffix in (".json", ".csv"))
    assert [d for d in dests if d.startswith("demo/")] == (["demo/titlebout/" + n for n in demo]
                                                            + ["demo/titlebout/charts/" + n for n in charts])
    assert len(demo) >= 3 and charts == ["dicebox-demo.csv"]  # the chart set the set-up lists, as a spreadsheet file
    assert [d for d in dests if d.startswith("lib/")] == [
        "lib/adafruit_ssd1306.mpy", "lib/adafruit_bus_device/__init__.mpy",
        "lib/adafruit_bus_device/i2c_device.mpy", "lib/adafruit_bus_device/spi_device.mpy"]
    assert items[-1] == (str(ROOT / "boards" / "rpi_pico2.json"), "board.json")
    assert all(d.endswith((".json", ".csv")) for s, d in items if d.startswith("demo/"))
    # libraries come from the environment, never from the repository
    for src, dest in items:
        if dest.startswith("lib/"):
            assert "site-packages" in src and not src.startswith(str(ROOT / "firmware"))
    assert not any(d.startswith("data") for d in dests)


def test_dry_run_prints_the_plan_and_errors_are_one_line():
    env = dict(os.environ)
    proc = subprocess.run([sys.executable, "-m", "host_sim.deploy", "--dry-run", "--board", "rpi_pico_sh1106"],
                          capture_output=True, text=True, cwd=ROOT, env=env)
    assert proc.returncode == 0
    rows = [line.split("\t") for line in proc.stdout.splitlines()]
    assert ["firmware/main.py", ":/main.py"] in rows and ["boards/rpi_pico_sh1106.json", ":/board.json"] in rows
    assert len(rows) == len(deploy.plan("rpi_pico_sh1106"))
    proc = subprocess.run([sys.executable, "-m", "host_sim.deploy", "--dry-run", "--board", "pico9"],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "no board 'pico9'" in proc.stderr


def test_stage_compiles_and_mpremote_copies_everything(tmp_path):
    out = tmp_path / "stage"
    items = deploy.stage("rpi_pico", str(out))
    for _, dest in items:
        assert (out / dest).is_file(), dest
        if dest.endswith(".mpy"):
            assert (out / dest).read_bytes()[:1] == b"M"  # mpy header
    cmd = deploy.mpremote_args("auto", str(out))
    # the whole staged tree goes to /.new, then one script on the board moves it into place
    assert cmd == ["mpremote", "connect", "auto", "exec", deploy._PREPARE, "+", "cp", "-r", "stage", ":.new",
                   "+", "exec", deploy._SWAP, "+", "reset"]
    assert "/.new" in deploy._PREPARE and "/dicebox" in deploy._SWAP and "/data" not in deploy._SWAP
