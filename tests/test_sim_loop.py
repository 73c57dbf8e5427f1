"""The simulator runs the firmware's own loop (dicebox.device.Loop) on simulated
hardware, and its flash in memory is the firmware's Store on an in-memory os."""
import subprocess
import sys

from conftest import FIRMWARE, ROOT, SUPPORT
from romfs import mplib  # noqa: F401  (fixture)

from dicebox import buttons as B
from dicebox import device as firmware
from host_sim.device import Device, Platform
from host_sim.memstore import memory_store


def same_session(proc):
    lines = proc.stdout.decode().splitlines()
    disk = [line[5:] for line in lines if line.startswith("disk ")]
    memory = [line[7:] for line in lines if line.startswith("memory ")]
    assert len(disk) > 20
    return disk, memory


def test_the_store_in_memory_answers_as_the_store_on_a_folder(tmp_path):
    proc = subprocess.run([sys.executable, str(SUPPORT / "memstore_same.py"), str(tmp_path)], capture_output=True,
                          check=True, env={"PYTHONPATH": "%s:%s" % (FIRMWARE, ROOT)})
    disk, memory = same_session(proc)
    assert memory == disk


def test_the_store_in_memory_answers_as_the_store_on_a_folder_under_micropython(mp, tmp_path):
    disk, memory = same_session(mp.run(SUPPORT / "memstore_same.py", tmp_path, path=[ROOT]))
    assert memory == disk


def test_a_file_is_kept_in_the_pieces_written():
    # no block of the file's size is needed to write it (the heap tests count this flash)
    st = memory_store()
    st.write_text("a.rec", "head\n", ("one", "two"))
    assert st.os.files["/data/a.rec"] == [b"head\n", b"one", b"two"]
    f = st.open("/data/a.rec", "rb")
    assert (f.readline(), f.read(4), f.read()) == (b"head\n", b"onet", b"wo")


def test_under_micropython_the_simulator_collects_as_the_picos_loop(mp, mplib):  # noqa: F811
    lines = mp.run(SUPPORT / "sim_gc.py", path=[mplib, ROOT]).stdout.decode().split("\n")
    assert lines[0].split() == ["threshold", str(firmware.GC_EVERY), str(firmware.GC_EVERY)]
    words = lines[1].split()
    frame, collected = int(words[-3]), int(words[-1])
    assert words[0] == "frames" and collected - frame == 20  # COLLECT_IDLE_MS after the frame, on the 5 ms grid
    # idle on, again every 500 ms (the idle loop's calls count towards the threshold); asleep, never
    idle = [int(t) for t in lines[2].split()[1:]]
    assert lines[2].split()[0] == "idle" and idle == [collected + 500, collected + 1000]
    assert lines[3].split() == ["asleep"]


def test_under_micropython_an_idle_pass_allocates_nothing(mp, mplib):  # noqa: F811
    # a call whose frame outgrows the C stack allocates it on the heap, unseen by mem_alloc
    # but counted towards the loop's collection threshold: an idle loop doing so brought a
    # collection into the next press (Loop.collect)
    lines = mp.run(SUPPORT / "sim_idle.py", path=[mplib, ROOT]).stdout.decode().split("\n")
    spent = dict((line.split()[0], int(line.split()[1])) for line in lines if line.strip())
    assert set(spent) == {"home", "dice", "arena", "larp", "battery"}
    for screen in ("home", "dice", "arena", "larp"):
        assert spent[screen] == 0, (screen, spent[screen])
    assert spent["battery"] < 800  # 100 passes, 1 s: one reading of the gauge


class NoClock:
    """dicebox.device's `time` for a host: step() may neither wait nor read it."""

    def __getattr__(self, name):
        raise AssertionError("Loop.step used time.%s" % name)


def test_a_pass_reads_only_the_hosts_clock_and_never_waits(monkeypatch):
    monkeypatch.setattr(firmware, "time", NoClock())
    d = Device(platform=Platform(b"\x00\x00\x00\x05"))
    sleep_ms = d.app.settings["sleep_s"] * 1000
    d.press(B.DOWN)
    d.press(B.OK)  # a mode opens
    d.wait(sleep_ms + 1000)  # the panel sleeps
    assert not d.panel.on
    d.press(B.OK)  # and wakes
    assert d.panel.on and d.loop.panel_on


def test_the_loops_error_screen_and_ok_restart_the_box_on_the_host(monkeypatch):
    # CPython's framebuf has no built-in font for the error screen's text: what it is asked to show
    shown = []
    monkeypatch.setattr(firmware, "_show_text", lambda display, title, body: shown.append((title, body)))
    d = Device(platform=Platform(b"\x00\x00\x00\x05"))
    d.loop = firmware.Loop(d.display, d, d.platform, d.store, d.ms)  # the firmware's, which shows errors
    d.step()
    app = d.app

    def broken(b, ev, now):
        raise RuntimeError("boom")

    app.button = broken
    d.press(B.DOWN)
    assert d.app is None and d.loop.error == "RuntimeError: boom"
    assert shown == [("Error", "RuntimeError: boom | Fight is saved. OK: go on")]
    d.press(B.DOWN)  # only OK restarts
    assert d.restarts == 0 and d.app is None
    d.press(B.OK)  # the platform's restart (the Pico's soft reset): a new loop boots the App
    assert d.restarts == 1 and type(d.app.top).__name__ == "Home" and d.loop.error is None
