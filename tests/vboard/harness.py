"""Host side of the virtual board: stage the device's files (as make deploy
would, .mpy compiled), run tests/vboard/run.py under MicroPython, kill it at a
power cut, parse what it printed."""
import os
import shutil
import signal
import subprocess

from host_sim import deploy

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
_staged = {}


def staged(tmp_root, board="rpi_pico"):
    """The device's file set for `board`, compiled once per test session, plus the
    vboard's own modules and the panel model compiled alongside (not on the device)."""
    if board not in _staged:
        out = os.path.join(tmp_root, "stage-" + board)
        deploy.stage(board, out)
        extra = os.path.join(tmp_root, "vboard-" + board)
        if os.path.isdir(extra):
            shutil.rmtree(extra)
        os.makedirs(extra)
        for src in [os.path.join(HERE, n) for n in ("vb.py", "vbsetup.py", "machine.py", "time.py", "fakeapp.py")] + [
            os.path.join(ROOT, "host_sim", "panel.py")
        ]:
            name = os.path.basename(src)[:-3] + ".mpy"
            subprocess.run([deploy.tool("mpy-cross"), "-o", os.path.join(extra, name), src], check=True)
        _staged[board] = (out, extra)
    return _staged[board]


class Board:
    """One flash image and one work dir; run() boots the firmware on them."""

    def __init__(self, mp, tmp_path, board="rpi_pico", board_json=None):
        self.mp = mp
        self.stage, self.extra = staged(str(tmp_path.parent), board)
        self.work = tmp_path / "device"
        self.work.mkdir(exist_ok=True)
        shutil.copyfile(os.path.join(self.stage, "board.json"), self.work / "board.json")
        if board_json is not None:
            (self.work / "board.json").write_text(board_json)
        self.image = tmp_path / "flash.img"
        self.runs = 0

    def run(self, steps, heap=None, fake_app=False, timeout=120, **opts):
        """Run a scenario; returns (frames, states, lines). A 'cut' step kills the process."""
        self.runs += 1
        scen = self.work.parent / ("scenario%d.txt" % self.runs)
        scen.write_text("\n".join(steps) + "\n")
        cmd = [self.mp.exe]
        if heap:
            cmd += ["-X", "heapsize=" + heap]
        cmd += [os.path.join(HERE, "run.py"), str(self.work), str(self.image), str(scen)]
        if fake_app:
            cmd.append("fake-app")
        cmd += ["%s=%s" % (k.replace("_", "-"), v) for k, v in opts.items()]
        env = dict(os.environ, MICROPYPATH=os.pathsep.join([self.extra, self.stage, self.stage + "/lib", HERE]))
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.PIPE, env=env)
        lines = []
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
        err = proc.stderr.read().decode(errors="replace")
        if not killed:
            assert proc.returncode == 0, "vboard failed (%s):\n%s\n%s" % (proc.returncode, "\n".join(lines)[-2000:], err[-3000:])
        self.stderr = err
        self.files = {}
        self.listing = None
        self.modules = None
        self.allocs = {}
        frames = {}
        states = {}
        for line in lines:
            parts = line.split()
            if parts and parts[0] == "FRAME":
                frames[parts[1]] = bytes.fromhex(parts[2])
            elif parts and parts[0] == "FILE":
                self.files[parts[1]] = None if parts[2] == "-" else bytes.fromhex(parts[2]).decode("utf-8")
            elif parts and parts[0] == "LS":
                self.listing = parts[1:]
            elif parts and parts[0] == "MODS":
                self.modules = parts[1:]
            elif parts and parts[0] == "ALLOC":
                self.allocs[parts[1]] = int(parts[2])
            elif parts and parts[0] == "STATE":
                states[parts[1]] = dict((kv.split("=")[0], int(kv.split("=")[1])) for kv in parts[2:])
        return frames, states, lines


def lit(frame):
    return sum(bin(b).count("1") for b in frame)
