"""`make deploy`'s layouts without hardware: the ROMFS image holds exactly the
modules the file layout copies, it boots the unchanged main.py on the virtual
board with the code at /rom, and make deploy's decisions and writes are tested
with mpremote itself (its main(): the + chain, romfs query/deploy, exec, cp,
reset) talking to a model of the board instead of a serial port, so outputs and
exit codes are the ones mpremote really gives and the flash and the ROMFS
partition can be read back."""
import builtins
import contextlib
import errno
import io
import os
import sys
import tempfile
import traceback

import pytest

import mpremote.commands
import mpremote.main
import serial.tools.list_ports
from mpremote.transport_serial import SerialTransport

from conftest import ROOT
from dicebox.titlebout import cardlist
from host_sim import deploy
from vboard.harness import Board, lit

PORT = "/dev/ttyACM0"
VERDICTS = cardlist.DEMO + "/" + cardlist.SHIPPED  # made by the stage beside the demo cards, not copied from a source


def files_under(root):
    out = set()
    for dirpath, _, names in os.walk(root):
        out.update(os.path.relpath(os.path.join(dirpath, n), root).replace(os.sep, "/") for n in names)
    return out


def image_files(mp, image, tmp_path):
    """The files in a ROMFS image, as MicroPython's VfsRom mounted at /rom lists them."""
    script = tmp_path / "romls.py"
    script.write_text(
        "import os, sys, vfs\n"
        "with open(sys.argv[1], 'rb') as f:\n"
        "    vfs.mount(vfs.VfsRom(f.read()), '/rom')\n"
        "def walk(d):\n"
        "    for name, kind, *_ in os.ilistdir(d):\n"
        "        if kind & 0x4000:\n"
        "            walk(d + '/' + name)\n"
        "        else:\n"
        "            print((d + '/' + name)[5:])\n"
        "walk('/rom')\n")
    return set(mp.run(script, image).stdout.decode().split())


def test_image_holds_exactly_the_modules_the_file_layout_copies(mp, tmp_path):
    image, size = deploy.stage_rom("rpi_pico", str(tmp_path / "rom"))
    assert size == os.path.getsize(image) and image.endswith(".romfs")
    deploy.stage("rpi_pico", str(tmp_path / "files"))
    copied = files_under(tmp_path / "files")
    code = {d for _, d in deploy.plan("rpi_pico") if deploy.is_code(d)}
    assert {c for c in copied if c.endswith(".mpy")} == code  # the file layout's code paths
    assert image_files(mp, image, tmp_path) == code
    assert {"dicebox/device.mpy", "lib/adafruit_ssd1306.mpy", "lib/adafruit_bus_device/i2c_device.mpy"} <= code
    # the flash keeps the rest: main.py (run by name), the board file, the demo cards
    assert files_under(tmp_path / "rom") == copied - code
    assert "main.py" in copied - code and "board.json" in copied - code


def test_code_from_rom_boots_to_the_same_screens(mp, tmp_path):
    steps = ["wait 200", "state boot", "frame home", "tap DOWN", "frame down", "mods", "end"]
    runs = {}
    for layout in ("files", "rom"):
        (tmp_path / layout).mkdir()
        b = Board(mp, tmp_path / layout, rom=layout == "rom")
        frames, states, lines = b.run(steps)
        assert not [x for x in lines if "Error" in x], lines
        runs[layout] = (frames, states, b.modules, sorted(os.listdir(b.work)), b)
    frames, states, mods, listing, board = runs["rom"]
    assert listing == ["board.json", "main.py", "vboard"]  # no dicebox/, no lib/: every import came from /rom
    assert lit(frames["home"]) > 200 and frames["down"] != frames["home"]
    assert frames == runs["files"][0] and mods == runs["files"][2] and "dicebox.device" in mods
    assert states["boot"]["on"] == 1
    image = os.path.getsize(board.rom)
    # the unix port reads the image into the heap; the rest is the program's own
    print("vboard boot heap used: code as files %d B, code in ROM %d B (image %d B on the heap not counted)"
          % (runs["files"][1]["boot"]["heap_used"], states["boot"]["heap_used"] - image, image))
    assert states["boot"]["heap_used"] - image < runs["files"][1]["boot"]["heap_used"] - 16 * 1024


# A model of the board for mpremote: what it sends over the raw REPL runs here,
# against the flash filesystem in a host folder and a stand-in `vfs` that behaves
# as the rp2 port's
# (ports/rp2/rp2_flash.c: one partition object with ioctl/writeblocks, 4 KiB
# blocks; no vfs.rom_ioctl when MICROPY_HW_ROMFS_BYTES is 0, the stock build).

class Partition(bytearray):
    def ioctl(self, op, arg):
        if op == 4:
            return len(self) // 4096
        if op == 5:
            return 4096
        if op == 6:
            self[arg * 4096:(arg + 1) * 4096] = b"\xff" * 4096
            return 0
        return None

    def writeblocks(self, block, buf, offset=None):
        start = block * 4096 + (offset or 0)
        if offset is None:
            self[block * 4096:block * 4096 + len(buf)] = b"\xff" * len(buf)
        self[start:start + len(buf)] = bytes(a & b for a, b in zip(self[start:start + len(buf)], buf))  # NOR program


class Vfs:
    def __init__(self, partition, ioctl, segments=None):
        if segments is None:
            segments = 1 if partition is not None else -22
        if ioctl:
            self.rom_ioctl = lambda op, *args: segments if op == 1 else (
                partition if partition is not None and op == 2 else -22)

    def umount(self, path):
        raise OSError(22)  # nothing mounted at /rom yet


class FlashOs:
    """The board's `os` over its flash filesystem, kept in a host folder; errors
    as MicroPython prints them ("OSError: [Errno 2] ENOENT")."""

    def __init__(self, root):
        self.root = root

    def path(self, p):
        return os.path.join(self.root, os.path.normpath("/" + p).lstrip("/"))

    def _call(self, fn, *args):
        try:
            return fn(*args)
        except OSError as e:
            raise OSError(e.errno) from None

    def stat(self, p):
        st = self._call(os.stat, self.path(p))
        return (0x4000 if os.path.isdir(self.path(p)) else 0x8000, 0, 0, 0, 0, 0, st.st_size, 0, 0, 0)

    def ilistdir(self, p=""):
        return [(n,) + self.stat(p + "/" + n)[:1] + (0, self.stat(p + "/" + n)[6])
                for n in sorted(self._call(os.listdir, self.path(p)))]

    def listdir(self, p=""):
        return sorted(self._call(os.listdir, self.path(p)))

    def mkdir(self, p):
        self._call(os.mkdir, self.path(p))

    def rmdir(self, p):
        self._call(os.rmdir, self.path(p))

    def remove(self, p):
        if os.path.isdir(self.path(p)):
            raise OSError(21)
        self._call(os.remove, self.path(p))

    def rename(self, a, b):
        if os.path.exists(self.path(b)):
            raise OSError(17)  # stricter than littlefs (it replaces a file): the swap removes it first
        self._call(os.rename, self.path(a), self.path(b))


class Pico:
    """The board: `vfs` as the rp2 port's, the flash filesystem in `flash` (a host
    folder), `machine.reset()` recorded, and `dicebox` frozen in if `frozen`."""

    def __init__(self, romfs_bytes=0, ioctl=None, has_vfs=True, segments=None, flash=None, frozen=False, full=False,
                 room=None):
        self.partition = Partition(b"\xff" * romfs_bytes) if romfs_bytes else None
        self.vfs = Vfs(self.partition, romfs_bytes > 0 if ioctl is None else ioctl, segments) if has_vfs else None
        self.flash, self.frozen, self.full = flash, frozen, full
        self.room = room  # files the flash takes before it is full (None: no limit)
        self.resets = 0
        self.sys = type("sys", (), {"path": ["", ".frozen", "/lib"]})
        self.ns = None

    def _import(self, name, *args, **kw):
        if name == "vfs":
            if self.vfs is None:
                raise ImportError("no module named 'vfs'")
            return self.vfs
        if name == "os":
            return self.os
        if name == "sys":
            return self.sys  # not the test's own: _CHECK_FROZEN sets sys.path
        if name == "machine":
            return type("machine", (), {"reset": lambda: setattr(self, "resets", self.resets + 1)})
        if name == "time":
            return type("time", (), {"sleep_ms": lambda ms: None})
        if name in ("deflate", "dicebox") and not (name == "dicebox" and self.frozen):
            raise ImportError("no module named '%s'" % name)
        return builtins.__import__(name, *args, **kw)

    def _open(self, p, mode="r", *args):
        if "w" in mode and (self.full or self.room == 0):
            raise OSError(28)  # ENOSPC
        if "w" in mode and self.room is not None:
            self.room -= 1
        try:
            return open(self.os.path(p), mode, *args)
        except OSError as e:
            raise OSError(e.errno) from None

    def exec_raw(self, command):
        if self.ns is None:
            if self.flash is None:  # removed with the model
                self._flash_dir = tempfile.TemporaryDirectory(prefix="pico-flash-")
                self.flash = self._flash_dir.name
            os.makedirs(self.flash, exist_ok=True)
            self.os = FlashOs(self.flash)
            self.ns = {"__builtins__": dict(vars(builtins), __import__=self._import, open=self._open)}
        out = io.StringIO()
        try:
            with contextlib.redirect_stdout(out):
                exec(command if isinstance(command, str) else command.decode(), self.ns)
        except Exception as e:
            if isinstance(e, OSError) and e.errno:
                e = "[Errno %d] %s" % (e.errno, errno.errorcode[e.errno])
                name = "OSError"
            else:
                name = type(e).__name__
            err = 'Traceback (most recent call last):\n  File "<stdin>", line 1, in <module>\n%s: %s\n' % (name, e)
            return out.getvalue().encode(), err.encode()
        return out.getvalue().encode(), b""


class FakeSerial(SerialTransport):
    """mpremote's serial transport with the wire replaced by the model board."""

    def __init__(self, board):
        self.board = board
        self.in_raw_repl = False
        self.mounted = False
        self.pending = None

    def enter_raw_repl(self, soft_reset=True, timeout_overall=10):
        self.in_raw_repl = True

    def exit_raw_repl(self):
        self.in_raw_repl = False

    def exec_raw_no_follow(self, command):
        self.pending = self.board.exec_raw(command)

    def follow(self, timeout, data_consumer=None):
        out, err = self.pending
        if data_consumer is not None and out:
            data_consumer(out)
        return out, err

    def close(self):
        pass


class Runner:
    """deploy's mpremote runner: mpremote's own main() (its parsing of the + chain,
    its messages, its exit codes) talking to `board`. board None: nothing is
    plugged in."""

    def __init__(self, monkeypatch, board):
        self.board, self.calls = board, []
        monkeypatch.setattr(serial.tools.list_ports, "comports", lambda: [])
        monkeypatch.setattr(mpremote.commands, "SerialTransport", self._open)

    def _open(self, device, baudrate=115200):
        if self.board is None:
            from mpremote.transport import TransportError
            raise TransportError("failed to access %s" % device)
        return FakeSerial(self.board)

    def mpremote(self, args, cwd=None):
        out, err = io.StringIO(), io.StringIO()
        old, here = sys.argv, os.getcwd()
        sys.argv = ["mpremote"] + args
        try:
            os.chdir(cwd or here)
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                try:
                    code = mpremote.main.main()
                except SystemExit as e:
                    code = e.code
                except Exception:
                    traceback.print_exc()  # as the mpremote process would, exit code 1
                    code = 1
        finally:
            sys.argv = old
            os.chdir(here)
        return code, out.getvalue(), err.getvalue()

    def __call__(self, cmd, cwd=None, capture=False):
        assert cmd[0] == "mpremote"
        self.calls.append(cmd)
        code, out, err = self.mpremote(cmd[1:], cwd)
        if not capture:  # as deploy.run_mpremote: stdout to the terminal, stderr kept
            sys.stdout.write(out)
            out = ""
        return code, out, err


def run_main(tmp_path, runner, *args):
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = deploy.main(["--board", "rpi_pico", "--stage", str(tmp_path / "stage")] + list(args), run=runner)
    return code, err.getvalue()


@pytest.mark.parametrize("board, size", [
    (Pico(), None),  # stock RPI_PICO: "ROMFS is not enabled on this device"
    (Pico(0, ioctl=True), None),  # rom_ioctl, no partition: "No ROMFS partitions available"
    (Pico(has_vfs=False), None),  # before the vfs module: mpremote's traceback, exit code 1
    (Pico(0, ioctl=True, segments=1), None),  # "mpremote: ROMFS0 partition not found on device", exit code 1
    (Pico(256 * 1024), 256 * 1024),
])
def test_partition_size_is_read_from_mpremote_romfs_query(monkeypatch, board, size):
    assert deploy.romfs_partition(PORT, Runner(monkeypatch, board)) == size


def test_no_board_is_one_line_naming_the_port(monkeypatch, tmp_path):
    for port, said in (("auto", "mpremote: no device found"), (PORT, "mpremote: failed to access " + PORT)):
        code, err = run_main(tmp_path, Runner(monkeypatch, None), "--port", port)
        assert code == 2 and err.count("\n") == 1, err
        assert said in err and "PORT=%s" % port in err


def old_deploy_on(flash):
    """A flash as an earlier file deploy left it, with the user's data."""
    for name in ("dicebox/device.mpy", "dicebox/ui/app.mpy", "lib/adafruit_ssd1306.mpy",
                 "lib/adafruit_bus_device/i2c_device.mpy", "demo/titlebout/old.json", "main.py", "board.json",
                 "data/settings.json", "data/current.json"):
        os.makedirs(os.path.dirname(os.path.join(flash, name)) or flash, exist_ok=True)
        with open(os.path.join(flash, name), "w") as f:
            f.write("old " + name)


def test_auto_on_stock_firmware_copies_the_files(monkeypatch, tmp_path):
    board = Pico(flash=str(tmp_path / "flash"))
    old_deploy_on(board.flash)
    runner = Runner(monkeypatch, board)
    code, err = run_main(tmp_path, runner, "--port", PORT)
    assert code == 0, err
    staged = str(tmp_path / "stage" / "rpi_pico")
    assert runner.calls == [["mpremote", "connect", PORT, "romfs", "query"], deploy.mpremote_args(PORT, staged)]
    # the flash holds exactly the plan, the user's data untouched, and the board was reset
    dests = {d for _, d in deploy.plan("rpi_pico")}
    assert files_under(board.flash) == dests | {VERDICTS, "data/settings.json", "data/current.json"}
    assert open(os.path.join(board.flash, "data/settings.json")).read() == "old data/settings.json"
    assert open(os.path.join(board.flash, "dicebox/device.mpy"), "rb").read()[:1] == b"M" and board.resets == 1


def test_auto_with_a_partition_writes_the_image_and_copies_the_rest(monkeypatch, tmp_path):
    board = Pico(256 * 1024, flash=str(tmp_path / "flash"))
    old_deploy_on(board.flash)
    runner = Runner(monkeypatch, board)
    code, err = run_main(tmp_path, runner, "--port", PORT)
    assert code == 0, err
    image = str(tmp_path / "stage" / "rpi_pico.romfs")
    query, build, write = runner.calls
    assert query == ["mpremote", "connect", PORT, "romfs", "query"]
    assert build == ["mpremote", "romfs", "--no-mpy", "-o", image, "build", str(tmp_path / "stage" / "rpi_pico-rom")]
    assert write[:7] == ["mpremote", "connect", PORT, "romfs", "deploy", image, "+"]
    # mpremote wrote the image into the board's partition, the rest of it left erased
    data = open(image, "rb").read()
    end = -(-len(data) // 4096) * 4096  # mpremote writes whole 4 KiB chunks, the last one zero-padded
    assert bytes(board.partition[:len(data)]) == data and board.partition[end:] == b"\xff" * (256 * 1024 - end)
    # the old code copies are gone (they would shadow /rom), the rest was copied, /data untouched
    dests = {d for _, d in deploy.plan("rpi_pico") if not deploy.is_code(d)}
    assert files_under(board.flash) == dests | {VERDICTS, "data/settings.json", "data/current.json"}
    assert not os.path.exists(os.path.join(board.flash, "dicebox"))
    assert open(os.path.join(board.flash, "data/current.json")).read() == "old data/current.json"
    assert board.resets == 1


def test_layout_rom_is_the_same_as_auto_where_there_is_a_partition(monkeypatch, tmp_path):
    runner = Runner(monkeypatch, Pico(256 * 1024))
    assert run_main(tmp_path, runner, "--port", PORT, "--layout", "rom")[0] == 0
    query, build, write = runner.calls
    assert query[3:] == ["romfs", "query"] and build[5:] == ["build", str(tmp_path / "stage" / "rpi_pico-rom")]
    assert write[3:5] == ["romfs", "deploy"]


@pytest.mark.parametrize("board", [Pico(), Pico(0, ioctl=True), Pico(has_vfs=False)], ids=["stock", "none", "old"])
def test_layout_rom_without_a_partition_is_one_line(monkeypatch, tmp_path, board):
    runner = Runner(monkeypatch, board)
    code, err = run_main(tmp_path, runner, "--port", PORT, "--layout", "rom")
    assert code == 2 and err.count("\n") == 1
    assert "LAYOUT=rom: the board at PORT=%s has no ROMFS partition" % PORT in err
    assert len(runner.calls) == 1  # asked, nothing written


def test_image_bigger_than_the_partition_names_both_sizes(monkeypatch, tmp_path):
    board = Pico(64 * 1024)
    runner = Runner(monkeypatch, board)
    code, err = run_main(tmp_path, runner, "--port", PORT)
    size = os.path.getsize(tmp_path / "stage" / "rpi_pico.romfs")
    assert code == 2 and err.count("\n") == 1 and size > 64 * 1024
    assert "the image is %d bytes, the board's ROMFS partition 65536 bytes" % size in err
    assert len(runner.calls) == 2 and board.partition == b"\xff" * 65536  # queried and built, nothing written


def test_mpremote_refuses_an_image_too_big_by_itself(monkeypatch, tmp_path):
    # what deploy's own size check stands in front of: mpremote prints and exits 1
    image, size = deploy.stage_rom("rpi_pico", str(tmp_path / "s"))
    code, out, _ = Runner(monkeypatch, Pico(64 * 1024)).mpremote(["connect", PORT, "romfs", "deploy", image])
    assert code == 1 and "ROMFS image is too big for the target partition" in out


def test_layout_files_does_not_ask_the_board(monkeypatch, tmp_path):
    runner = Runner(monkeypatch, Pico(256 * 1024))
    assert run_main(tmp_path, runner, "--port", PORT, "--layout", "files")[0] == 0
    assert runner.calls == [deploy.mpremote_args(PORT, str(tmp_path / "stage" / "rpi_pico"))]


def test_layout_frozen_checks_the_firmware_and_copies_no_code(monkeypatch, tmp_path):
    board = Pico(frozen=True, flash=str(tmp_path / "flash"))
    old_deploy_on(board.flash)
    runner = Runner(monkeypatch, board)
    assert run_main(tmp_path, runner, "--port", PORT, "--layout", "frozen")[0] == 0
    (cmd,) = runner.calls
    assert cmd[3:6] == ["exec", deploy._CHECK_FROZEN, "+"] and cmd[6:8] == ["exec", deploy._PREPARE]
    dests = {d for _, d in deploy.plan("rpi_pico") if not deploy.is_code(d)}
    assert files_under(board.flash) == dests | {VERDICTS, "data/settings.json", "data/current.json"} and board.resets == 1
    # stock firmware: the check's import fails on the board and nothing is removed
    board = Pico(flash=str(tmp_path / "stock"))
    old_deploy_on(board.flash)
    code, err = run_main(tmp_path, Runner(monkeypatch, board), "--port", PORT, "--layout", "frozen")
    assert code == 2 and err.count("\n") == 1 and "did not import a frozen dicebox package" in err
    assert os.path.exists(os.path.join(board.flash, "dicebox/device.mpy")) and board.resets == 0


def test_a_copy_that_fails_halfway_leaves_the_old_code(monkeypatch, tmp_path):
    board = Pico(flash=str(tmp_path / "flash"), room=7)  # the flash fills after 7 new files
    old_deploy_on(board.flash)
    before = {n: open(os.path.join(board.flash, n)).read() for n in files_under(board.flash)}
    code, err = run_main(tmp_path, Runner(monkeypatch, board), "--port", PORT, "--layout", "files")
    assert code == 2 and err.count("\n") == 1 and "mpremote: cp:" in err
    # every old file is there as it was (the board still boots the old code); the part
    # copied waits in /.new, which the next deploy removes first
    assert {n: open(os.path.join(board.flash, n)).read() for n in files_under(board.flash)
            if not n.startswith(".new/")} == before
    assert len([n for n in files_under(board.flash) if n.startswith(".new/")]) == 7 and board.resets == 0
    board.room = None
    assert run_main(tmp_path, Runner(monkeypatch, board), "--port", PORT, "--layout", "files")[0] == 0
    dests = {d for _, d in deploy.plan("rpi_pico")}
    assert files_under(board.flash) == dests | {VERDICTS, "data/settings.json", "data/current.json"}
    assert not os.path.exists(os.path.join(board.flash, ".new")) and board.resets == 1


def test_full_flash_and_bad_layout_are_one_line(monkeypatch, tmp_path):
    code, err = run_main(tmp_path, Runner(monkeypatch, Pico(full=True)), "--port", PORT)
    assert code == 2 and err.count("\n") == 1 and "PORT=%s" % PORT in err and "mpremote: cp:" in err
    code, err = run_main(tmp_path, Runner(monkeypatch, Pico()), "--layout", "flash")
    assert code == 2 and err == "dicebox deploy: error: LAYOUT=flash: not one of auto, rom, files, frozen\n"


def test_dry_run_shows_where_each_file_goes(tmp_path):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert deploy.main(["--dry-run", "--layout", "rom"]) == 0
    rows = dict(line.split("\t")[::-1] for line in out.getvalue().splitlines())
    assert rows["/rom/dicebox/device.mpy"] == "firmware/dicebox/device.py" and rows[":/main.py"] == "firmware/main.py"
    assert rows[":/board.json"] == "boards/rpi_pico.json" and "/rom/lib/adafruit_ssd1306.mpy" in rows


# boards/manifest.py, the frozen-firmware recipe, run with the manifest calls
# MicroPython's tools/manifestfile.py gives it (paths relative to the manifest,
# package() takes every .py under the package).

def frozen_by_manifest(path):
    frozen, included = [], []

    def package(name, files=None, base_path="."):
        assert files is None
        for dirpath, _, names in os.walk(os.path.join(os.path.abspath(base_path), name), followlinks=True):
            rel = os.path.relpath(dirpath, os.path.abspath(base_path))
            frozen.extend(os.path.join(rel, n).replace(os.sep, "/") for n in names if n.endswith(".py"))

    def module(name, base_path="."):
        assert os.path.isfile(os.path.join(os.path.abspath(base_path), name)), name
        frozen.append(name)

    here = os.getcwd()
    os.chdir(os.path.dirname(path))
    try:
        exec(open(path).read(), {"include": included.append, "package": package, "module": module})
    finally:
        os.chdir(here)
    return frozen, included


def test_manifest_freezes_every_firmware_module_and_the_driver():
    frozen, included = frozen_by_manifest(str(ROOT / "boards" / "manifest.py"))
    # the frozen names are import paths: the drivers without make deploy's lib/
    code = [d[:-4].replace("lib/", "", 1) + ".py" for _, d in deploy.plan("rpi_pico") if deploy.is_code(d)]
    assert sorted(frozen) == sorted(code)  # a module added anywhere under firmware/dicebox is frozen too
    assert len(frozen) == len(set(frozen))
    assert included == ["$(PORT_DIR)/boards/manifest.py"]  # the port's _boot.py still mounts the filesystem
