"""Host side of the virtual board: stage the device's files (as make deploy
would, .mpy compiled), compile the scenario to steps, run run.py under
MicroPython, kill it at a power cut, parse what it printed and decode the I2C
wire with the panel model (host_sim/panel.py): the model runs here, on the
host, so the firmware's heap holds no more of the board than it must."""
import json
import os
import shutil
import signal
import subprocess
import struct

from host_sim import deploy
from host_sim.bench.mpytree import rom_heap
from host_sim.panel import Panel

# scenario words -> step ops (tests/vboard/vb.py)
OPS = {"wait": 0, "press": 1, "release": 2, "frame": 3, "state": 4, "mem": 5, "gcoff": 6, "gcon": 7, "mods": 8,
       "cat": 9, "ls": 10, "cut": 11, "end": 12}

_RESTART_EXIT = 75  # vb.RESTART_EXIT: machine.soft_reset() ended the process
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
_staged = {}


def staged(tmp_root, board="rpi_pico"):
    """The device's file set for `board`, compiled once per test session, plus the
    vboard's own modules compiled alongside (not on the device) and run.py."""
    if board not in _staged:
        out = os.path.join(tmp_root, "stage-" + board)
        deploy.stage(board, out, march=deploy.HOST_MARCH)  # run by the unix port
        extra = os.path.join(tmp_root, "vboard-" + board)
        if os.path.isdir(extra):
            shutil.rmtree(extra)
        os.makedirs(extra)
        for name in ("vb", "vbsetup", "machine", "time", "fakeapp", "save_short_of_heap", "fslog", "../../host_sim/rtc_chip", "../support/heapbase"):
            base = os.path.basename(name)
            subprocess.run([deploy.tool("mpy-cross"), "-o", os.path.join(extra, base + ".mpy"), "-s", "vboard/%s.py" % base,
                            os.path.join(HERE, name + ".py")], check=True)
        for name in ("run.py", "rom_run.py"):
            shutil.copyfile(os.path.join(HERE, name), os.path.join(extra, name))
        _staged[board] = (out, extra)
    return _staged[board]


def staged_rom(tmp_root, board="rpi_pico"):
    """The ROM layout `make deploy` writes to a board with a ROMFS partition: the
    flash's files (main.py, board.json, demo/) and the image of the modules."""
    key = board + "/rom"
    if key not in _staged:
        out = os.path.join(tmp_root, "stage-rom-" + board)
        _staged[key] = (out, deploy.stage_rom(board, out, march=deploy.HOST_MARCH)[0])
    return _staged[key]


class Board:
    """One flash image and one work dir; run() boots the firmware on them."""

    def __init__(self, mp, tmp_path, board="rpi_pico", board_json=None, rom=False):
        self.mp = mp
        self.stage, self.extra = staged(str(tmp_path.parent), board)
        # rom: the code in a ROMFS image mounted at /rom (rom_run.py), the flash
        # holding only what make deploy leaves there in that layout
        self.rom = None
        code = ("dicebox", "lib")
        if rom:
            self.stage, self.rom = staged_rom(str(tmp_path.parent), board)
            code = ()
        # the device's root, as on the Pico: board.json, main.py, dicebox/, lib/ (links
        # to the staged set) and the stand-ins in vboard/. Short relative paths matter:
        # every module's __file__ is a string on the heap.
        self.work = tmp_path / "device"
        self.work.mkdir(exist_ok=True)
        for name, target in [("main.py", self.stage), ("vboard", None)] + [(n, self.stage) for n in code]:
            link = self.work / name
            if not link.is_symlink():
                link.symlink_to(self.extra if target is None else os.path.join(target, name))
        shutil.copyfile(os.path.join(self.stage, "board.json"), self.work / "board.json")
        if board_json is not None:
            (self.work / "board.json").write_text(board_json)
        self.image = tmp_path / "flash.img"
        self.runs = 0

    def compile(self, steps):
        """Scenario lines -> (4-byte steps, names of frame/state/gcon steps by index).
        tap B: press, 80 ms, release, 80 ms; hold B MS: the same, held MS."""
        board = json.loads((self.work / "board.json").read_text())
        gpio = board["buttons"]
        out = bytearray()
        names = []

        def step(op, arg=0):
            out.extend(struct.pack(">I", OPS[op] << 24 | arg))

        for line in steps:
            words = line.split("#")[0].split()
            if not words:
                continue
            cmd = words[0]
            if cmd in ("tap", "hold"):
                step("press", gpio[words[1]])
                step("wait", 80 if cmd == "tap" else int(words[2]))
                step("release", gpio[words[1]])
                step("wait", 80)
            elif cmd in ("press", "release"):
                step(cmd, gpio[words[1]])
            elif cmd == "wait":
                ms = int(words[1])
                while ms > 0xFFFFFF:  # a step holds 24 bits: about 4.6 hours
                    step(cmd, 0xFFFFFF)
                    ms -= 0xFFFFFF
                step(cmd, ms)
            elif cmd in ("frame", "state", "gcon"):
                names.append(words[1])
                step(cmd, len(names) - 1)
            elif cmd == "cat":
                name = words[1].encode()
                step(cmd, len(name))
                out.extend(name)
            elif cmd in OPS:
                step(cmd)
            else:
                raise ValueError("scenario: unknown step %r" % cmd)
        return bytes(out), names, board["display"]

    def run(self, steps, heap=None, fake_app=False, timeout=120, **opts):
        """Run a scenario; returns (frames, states, lines). A 'cut' step kills the
        process. machine.soft_reset() ends it too (exit code 75, vb.RESTART_EXIT)
        and the next process goes on where it was, as the Pico's soft reset gives
        the firmware a new heap: names and fragments of the last boot do not stay."""
        self.runs += 1
        code, names, disp = self.compile(steps)
        scen = self.work.parent / ("steps%d.bin" % self.runs)
        scen.write_bytes(code)
        wire = self.work.parent / ("wire%d.bin" % self.runs)
        restart = self.work.parent / ("restart%d.txt" % self.runs)
        cmd = [self.mp.exe]
        free = alloc = 0
        if heap and self.rom:  # the image beside a heap with a bare `heap`'s free bytes
            heap, free, alloc = rom_heap(self.mp.exe, self.rom, heap)
        if heap:
            cmd += ["-X", "heapsize=" + heap]
        # run in the device's root; run.py's folder comes first on sys.path (the stand-ins)
        cmd += ["vboard/rom_run.py", self.rom, str(free), str(alloc)] if self.rom else ["vboard/run.py"]
        cmd += [os.path.relpath(p, self.work) for p in (self.image, scen, wire)]
        cmd.append("addr=%d" % disp["addr"])
        if fake_app:
            cmd.append("fake-app")
        cmd += ["%s=%s" % (k.replace("_", "-"), v) for k, v in opts.items()]
        cmd.append("restart=%s" % os.path.relpath(restart, self.work))
        env = dict(os.environ, MICROPYPATH="::lib")  # [run.py's folder], then the Pico's sys.path: '', lib
        lines = []
        err = ""
        resume = []
        while True:
            proc = subprocess.Popen(cmd + resume, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.PIPE,
                                    env=env, cwd=str(self.work))
            killed = False
            try:
                for raw in proc.stdout:
                    line = raw.decode(errors="replace").rstrip("\n")
                    lines.append(line)
                    if line.startswith("CUT"):
                        proc.send_signal(signal.SIGKILL)  # the power goes, now
                        killed = True
                        break
                proc.wait(timeout=timeout)
            finally:
                if proc.poll() is None:
                    proc.kill()
            err += proc.stderr.read().decode(errors="replace")
            if killed or proc.returncode != _RESTART_EXIT:
                break
            resume = restart.read_text().split()  # at=, start=, until=, low= of the soft reset
        if not killed:
            assert proc.returncode == 0, "vboard failed (%s):\n%s\n%s" % (proc.returncode, "\n".join(lines)[-2000:], err[-3000:])
        self.stderr = err
        frames, panel_states = self.decode(wire.read_bytes() if wire.exists() else b"", names, disp)
        self.files = {}
        self.listing = None
        self.modules = None
        self.allocs = {}
        states = {}
        for line in lines:
            parts = line.split()
            if parts and parts[0] == "FILE":
                self.files[parts[1]] = None if parts[2] == "-" else bytes.fromhex(parts[2]).decode("utf-8")
            elif parts and parts[0] == "LS":
                self.listing = parts[1:]
            elif parts and parts[0] == "MODS":
                self.modules = parts[1:]
            elif parts and parts[0] == "ALLOC":
                self.allocs[names[int(parts[1])]] = int(parts[2])
            elif parts and parts[0] == "STATE":
                n = int(parts[1])
                fields = ("flash_bytes", "erases", "heap_free", "heap_used", "beeps")
                states[names[n]] = dict(zip(fields, (int(x) for x in parts[2:])), **panel_states[n])
        return frames, states, lines

    @staticmethod
    def decode(wire, names, disp):
        """Replay the I2C wire into a fresh panel (the power cut resets it too): frames and
        panel states at the markers."""
        panel = Panel(disp["width"], disp["height"], disp["addr"], 132 if disp["controller"] == "sh1106" else 128)
        frames = {}
        states = {}
        i = 0
        while i + 3 <= len(wire):
            kind, n = wire[i], wire[i + 1] << 8 | wire[i + 2]
            i += 3
            if kind == 0:
                panel.write(wire[i:i + n])
                i += n
            elif kind == 1:
                frames[names[n]] = bytes(panel.frame())
            else:
                states[n] = {"on": int(panel.on and not panel.entire_on), "contrast": panel.contrast,
                             "i2c_bytes": panel.bytes_in}
        return frames, states


def lit(frame):
    return sum(bin(b).count("1") for b in frame)
