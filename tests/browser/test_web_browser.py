"""The box's page in a real browser: Debian's headless Chromium, driven by Playwright for
Python (make test-web; not part of make test, which says so). The site is make web's
build, served on localhost. The page's canvas is read back and held to the simulator
(host_sim.device.Device under CPython, the same seed): Home, presses of the keys and
the on-screen buttons, a Title Bout, a LARP wound session and an Arena cup frame for
frame, a wound session across a reload (IndexedDB) with the time the page was closed
counted, an offline start (service worker), the download that `dicebox-sim pull`
reads and own cards loaded from a file. The figures (load to Home, a press to its
frame, a Title Bout roll, the download size) are printed at the end and kept in
docs/benchmarks.md; DICEBOX_WEB_SHOT=PATH saves the phone-sized screenshot there.
"""
import io
import json
import os
import shutil
import subprocess
import sys
import threading
import time
import zipfile

import pytest
from conftest import ROOT, SUPPORT
from hardening import figure

from host_sim import web
from host_sim.device import Device, Platform
from host_sim.memstore import memory_store


SEED = "00001000"
SCRIPTS = ROOT / "docs" / "scripts"
PHONE = {"width": 390, "height": 844}
WALL_MS = 1767225600000  # the page's wall clock in the reload tests: fixed, moved by hand
AWAY_S = 50  # the tab closed 20 s into a heavy wound that turns mortal after 60 s


def _chromium():
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        pytest.fail("Chromium is missing: apt-get install -y chromium (Debian/Ubuntu), then make test-web")
    return exe


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    sizes = web.build(str(out))
    httpd = web.server(str(out), 0)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield "http://127.0.0.1:%d/" % httpd.server_address[1], sizes, httpd
    httpd.shutdown()


@pytest.fixture(scope="module")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("Playwright for Python is missing: make test-web installs it (the `web` extra)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=_chromium(), args=["--no-sandbox", "--autoplay-policy=no-user-gesture-required"])
        yield b
        b.close()


def _open(browser, url, query="?seed=" + SEED, wall_ms=None, **ctx):
    context = browser.new_context(viewport=PHONE, **ctx)
    if wall_ms is not None:
        context.add_init_script("window.__wall = %d; Date.now = () => window.__wall;" % wall_ms)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url + query)
    _ready(page, errors)
    return context, page, errors


def _ready(page, errors=()):
    page.wait_for_function("window.dicebox && (window.dicebox.ready || window.dicebox.stats.error)", timeout=60000)
    err = page.evaluate("window.dicebox.stats.error")
    assert err is None and not list(errors), (err, list(errors))


_READ = """function readCanvas() {
  const d = document.getElementById('panel').getContext('2d').getImageData(0, 0, 128, 64).data;
  const out = new Array(1024).fill(0);
  for (let y = 0; y < 64; y++) for (let x = 0; x < 128; x++)
    if (d[(y * 128 + x) * 4 + 2] > 128) out[(y >> 3) * 128 + x] |= 1 << (y & 7);
  return out;
}"""


def canvas(page):
    """What the page's panel shows, as 1024 MONO_VLSB bytes (Device.glass()'s form)."""
    return bytes(page.evaluate("() => { %s; return readCanvas(); }" % _READ))


def play(page, text):
    """A button script on the page's box from a power-on at its clock's 0, as the simulator
    plays it: its frames (display RAM in hex) and the canvas right after, before the page's
    clock runs on."""
    frames, shown = page.evaluate("(t) => { %s; const f = window.dicebox.script(t, true); return [f, readCanvas()]; }" % _READ, text)
    return frames.split("\n"), bytes(shown)


def sim(store=None):
    return Device(store=store or memory_store(), platform=Platform(bytes.fromhex(SEED)))


def settle(page, ms=200):
    page.wait_for_timeout(ms)


def press(page, key, ms=80):
    page.keyboard.down(key)
    page.wait_for_timeout(ms)
    page.keyboard.up(key)
    settle(page, 120)


def test_home_is_the_simulators_and_loads_fast(browser, site):
    url, sizes, _ = site
    context, page, _ = _open(browser, url)
    assert canvas(page) == bytes(sim().glass())
    load = page.evaluate("window.dicebox.stats.loadMs")
    figure("web: page load to Home (localhost, first visit)", "%.0f ms (goal <= 1500)" % load)
    total = sum(sizes.values())
    figure("web: download size", "%.0f KB in %d files (goal <= 1536 KB)" % (total / 1024, len(sizes)))
    assert total <= 1.5 * 1024 * 1024
    context.close()


def test_keys_and_buttons_give_the_simulators_frames(browser, site):
    url = site[0]
    context, page, _ = _open(browser, url)
    settle(page, 1000)  # a first press a second after Home (the service worker fetches its copy meanwhile)
    device = sim()
    from dicebox import buttons as B

    # a held key is a held button: BACK held 900 ms in Title Bout's set-up is a long press
    for key, button, ms in (("ArrowDown", B.DOWN, 80), ("ArrowDown", B.DOWN, 80), ("ArrowUp", B.UP, 80), ("Enter", B.OK, 80),
                            ("Escape", B.BACK, 900)):
        press(page, key, ms)
        device.press(button, ms)
        assert canvas(page) == bytes(device.glass()), (key, ms)
    # the on-screen buttons, by mouse: BACK to Home, then DOWN
    for name, button in (("BACK", B.BACK), ("DOWN", B.DOWN)):
        el = page.locator('[data-button="%s"]' % name)
        el.hover()
        page.mouse.down()
        page.wait_for_timeout(80)
        page.mouse.up()
        settle(page, 120)
        device.press(button)
        assert canvas(page) == bytes(device.glass()), name
    edges = page.evaluate("window.dicebox.stats.presses")
    print("press edges (button, down, ms):", [(p["button"], p["down"], round(p["toFrameMs"], 1)) for p in edges])
    times = sorted(p["toFrameMs"] for p in edges)
    median = times[len(times) // 2]
    figure("web: a press to its frame (input event to canvas drawn, %d edges)" % len(times),
           "median %.1f ms, worst %.1f ms (goal <= 16; -s prints every edge)" % (median, times[-1]))
    assert median <= 16, times
    assert times[-1] <= 500, times  # a busy CI machine gets room; the figures say what it was
    context.close()


def _sim_script_frames(path):
    cp = subprocess.run([sys.executable, str(SUPPORT / "ui_parity.py"), str(path)], capture_output=True, cwd=str(ROOT))
    assert cp.returncode == 0, cp.stderr.decode()
    return cp.stdout.decode().splitlines()[1:-1]  # the frames after the first (Home, at boot)


@pytest.mark.parametrize("name", ["titlebout", "wounds", "arena"])
def test_a_game_plays_frame_for_frame_as_in_the_simulator(browser, site, name):
    url = site[0]
    context, page, _ = _open(browser, url)
    path = SCRIPTS / (name + ".txt")
    beeps = page.evaluate("window.dicebox.stats.beeps.length")
    got, shown = play(page, path.read_text(encoding="utf-8"))
    want = _sim_script_frames(path)
    assert len(got) == len(want) and len(want) >= 10
    for i, (a, b) in enumerate(zip(got, want)):
        assert a == b, "%s: frame %d of %d differs from the simulator's" % (name, i + 1, len(want))
    device = sim()
    with open(path, encoding="utf-8") as f:
        from host_sim import script

        script.run(device, script.parse(f.read(), str(path)))
    assert shown == bytes(device.glass())  # and the canvas shows the last one
    # and the page played the simulator's beeps (Web Audio), tone and length
    assert page.evaluate("window.dicebox.stats.beeps")[beeps:] == [list(b) for b in device.platform.beeps]
    assert device.platform.beeps or name == "arena"  # a bout and a wound session beep
    context.close()


def test_a_title_bout_roll_is_quick(browser, site):
    url = site[0]
    context, page, _ = _open(browser, url)
    lines = (SCRIPTS / "titlebout.txt").read_text(encoding="utf-8").splitlines()
    upto = lines.index("shot tb-start")  # the bout's first screen: OK rolls
    page.evaluate("(t) => window.dicebox.script(t)", "\n".join(lines[:upto]))
    settle(page, 100)
    times = []
    for _ in range(6):  # the round's first rolls (no round's end among them)
        before = canvas(page)
        n = len(page.evaluate("window.dicebox.stats.presses"))
        press(page, "Enter")
        times.append(max(p["stepMs"] for p in page.evaluate("window.dicebox.stats.presses")[n:]))
        assert canvas(page) != before  # each press a new roll on the screen
    order = list(times)
    times.sort()
    worst = times[-1]
    figure("web: a Title Bout roll (the press's passes, frame drawn; its first 6 rolls)",
           "median %.1f ms, worst %.1f ms (goal <= 16): %s" % (times[len(times) // 2], worst, " ".join("%.0f" % t for t in order)))
    assert worst <= 100  # the goal is 16 ms; a busy CI machine gets room, the figure says what it was
    context.close()


def _wounds_until_list():
    lines = (SCRIPTS / "wounds.txt").read_text(encoding="utf-8").splitlines()
    return "\n".join(lines[: lines.index("shot wounds-list")])


class Clock:
    """A clock chip for the simulator (Platform's rtc): seconds set by hand."""

    def __init__(self, seconds):
        self.s = seconds

    def seconds(self):
        return self.s


def test_a_wound_session_survives_a_reload_and_counts_the_time_away(browser, site):
    url = site[0]
    text = _wounds_until_list()
    context, page, _ = _open(browser, url, wall_ms=WALL_MS)
    play(page, text)
    settle(page, 300)  # its pass's writes are in IndexedDB
    kept = dict(page.evaluate("window.dicebox.files()"))
    assert any(p.startswith("data/wounds") for p in kept), kept
    # the tab closed (a power cut) for AWAY_S: the next visit boots on what IndexedDB kept and
    # counts them, as the simulator's box with a clock chip does after such a cut
    page.close()
    page = context.new_page()
    page.add_init_script("window.__wall = %d;" % (WALL_MS + AWAY_S * 1000))
    page.goto(url + "?seed=" + SEED)
    _ready(page)
    store = memory_store()
    device = Device(store=store, platform=Platform(bytes.fromhex(SEED), rtc=Clock(WALL_MS // 1000)))
    from host_sim import script

    script.run(device, script.parse(text, "wounds"))
    after = Device(store=store, platform=Platform(bytes.fromhex(SEED), rtc=Clock(WALL_MS // 1000 + AWAY_S)))
    assert page.evaluate("window.dicebox.stats.boot") == after.panel.ram.hex()
    # into the session (Home's first row), from a power-on at clock 0 as the simulator's
    _, shown = play(page, "press OK")
    script.run(after, script.parse("press OK", "resume"))
    assert shown == bytes(after.glass())
    # and not the screen of a cut that lost no time: the heavy wound turned mortal meanwhile
    same = Device(store=memory_store(), platform=Platform(bytes.fromhex(SEED), rtc=Clock(WALL_MS // 1000)))
    script.run(same, script.parse(text, "wounds"))
    same = Device(store=same.store, platform=Platform(bytes.fromhex(SEED), rtc=Clock(WALL_MS // 1000)))
    script.run(same, script.parse("press OK", "resume"))
    assert same.glass() != after.glass()
    assert dict(page.evaluate("window.dicebox.files()")).keys() >= {p for p in kept if p.startswith("data/wounds")}
    context.close()


def test_a_title_bout_closed_mid_round_resumes_as_after_a_power_cut(browser, site):
    url = site[0]
    lines = (SCRIPTS / "titlebout.txt").read_text(encoding="utf-8").splitlines()
    text = "\n".join(lines[: lines.index("shot tb-roll2")])
    context, page, _ = _open(browser, url)
    play(page, text)
    settle(page, 300)
    page.close()
    page = context.new_page()
    page.goto(url + "?seed=" + SEED)
    _ready(page)
    from host_sim import script

    device = sim()
    script.run(device, script.parse(text, "titlebout"))
    after = Device(store=device.store, platform=Platform(bytes.fromhex(SEED)))  # the power-on after the cut
    assert page.evaluate("window.dicebox.stats.boot") == after.panel.ram.hex()
    assert after.panel.ram != sim().panel.ram  # not a fresh Home: the bout is back
    _, shown = play(page, "press OK")  # and it goes on as the simulator's
    script.run(after, script.parse("press OK", "resume"))
    assert shown == bytes(after.glass())
    context.close()


def test_it_starts_offline_once_loaded(browser, site):
    url = site[0]
    context, page, _ = _open(browser, url)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now under the service worker
    _ready(page)
    assert page.evaluate("!!navigator.serviceWorker.controller")
    context.set_offline(True)
    page.reload()
    _ready(page)
    assert canvas(page) == bytes(sim().glass())
    context.set_offline(False)
    context.close()


def test_the_download_is_what_dicebox_sim_pull_reads(browser, site, tmp_path):
    url = site[0]
    context, page, _ = _open(browser, url)
    page.evaluate("(t) => window.dicebox.script(t)", (SCRIPTS / "titlebout.txt").read_text(encoding="utf-8"))
    settle(page, 300)
    with page.expect_download() as dl:
        page.click("#download")
    data = open(dl.value.path(), "rb").read()
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        assert z.testzip() is None
        z.extractall(tmp_path / "zip")
    out = tmp_path / "pulled"
    cp = subprocess.run([sys.executable, "-m", "host_sim.cli", "pull", "--from", str(tmp_path / "zip" / "data"), "--out", str(out)],
                        capture_output=True, text=True, cwd=str(ROOT))
    assert cp.returncode == 0, cp.stderr
    assert "fights written" in cp.stdout and list(out.glob("*.json")), cp.stdout
    context.close()


def test_own_cards_load_from_a_file_and_stay(browser, site, tmp_path):
    url = site[0]
    context, page, _ = _open(browser, url)
    card = json.loads((ROOT / "firmware" / "data" / "titlebout" / "fighters" / "hagler.json").read_text(encoding="utf-8"))
    card["name"] = "Zed Webcard"
    mine = tmp_path / "data" / "titlebout" / "fighters"
    mine.mkdir(parents=True)
    (mine / "zed.json").write_text(json.dumps(card), encoding="utf-8")
    page.set_input_files("#cards", str(mine / "zed.json"))
    page.wait_for_function("window.dicebox.files().some(([p]) => p === 'data/titlebout/fighters/zed.json')")
    settle(page, 300)
    page.reload()
    _ready(page)
    assert "data/titlebout/fighters/zed.json" in dict(page.evaluate("window.dicebox.files()"))
    # Title Bout's set-up lists it, as the simulator's lists a card in its flash folder's
    # titlebout/fighters: the blue corner's list, UP from its top to the last card
    text = "press DOWN\npress OK\npress DOWN\npress OK\npress UP"
    _, shown = play(page, text)
    from host_sim import script

    device = Device(store=memory_store(), platform=Platform.on_flash(str(tmp_path / "data"), bytes.fromhex(SEED)))
    script.run(device, script.parse(text, "cards"))
    assert shown == bytes(device.glass())
    plain = sim()
    script.run(plain, script.parse(text, "cards"))
    assert shown != bytes(plain.glass())  # the last card is the own one
    context.close()


def test_phone_screenshot(browser, site, tmp_path):
    url = site[0]
    context, page, _ = _open(browser, url, device_scale_factor=2)
    lines = (SCRIPTS / "titlebout.txt").read_text(encoding="utf-8").splitlines()
    page.evaluate("(t) => window.dicebox.script(t)", "\n".join(lines[: lines.index("shot tb-roll2")]))
    settle(page, 100)
    shot = os.environ.get("DICEBOX_WEB_SHOT") or str(tmp_path / "web-phone.png")
    page.screenshot(path=shot)
    assert os.path.getsize(shot) > 10000
    context.close()
