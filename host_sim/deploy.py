"""`make deploy`: what goes onto the Pico, compiled, and how it gets there.

    python -m host_sim.deploy [--board rpi_pico] [--port auto] [--dry-run] [--stage DIR]

Every firmware module is compiled to .mpy with mpy-cross (main.py stays .py:
the board runs it by name); adafruit_ssd1306 and adafruit_bus_device come from
this virtual environment (pip installed them; they are never copied into the
repository) and go to /lib; the checked board file becomes /board.json; the
demo Title Bout cards go to /demo (replaced on every deploy). The copy is done
by mpremote. /data (settings, fights, the user's own cards) is never touched.
"""
import argparse
import importlib.util
import os
import shutil
import subprocess
import sys

from host_sim import FIRMWARE, ROOT
from host_sim.errors import CliError

BOARDS = os.path.join(ROOT, "boards")
# Removed before copying: a stale .py on the device would shadow the new .mpy.
_CLEAN = """
import os
def rm(p):
    try:
        if os.stat(p)[0] & 0x4000:
            for n in os.listdir(p):
                rm(p + '/' + n)
            os.rmdir(p)
        else:
            os.remove(p)
    except OSError:
        pass
for p in ('/dicebox', '/demo', '/lib/adafruit_ssd1306.py', '/lib/adafruit_ssd1306.mpy', '/lib/adafruit_bus_device'):
    rm(p)
"""


def tool(name):
    """A command from PATH, else from this virtual environment's bin."""
    return shutil.which(name) or os.path.join(os.path.dirname(sys.executable), name)


def board_names():
    return sorted(n[:-5] for n in os.listdir(BOARDS) if n.endswith(".json"))


def board_path(name):
    path = os.path.join(BOARDS, name + ".json")
    if not os.path.isfile(path):
        raise CliError("--board: no board '%s' (boards/: %s)" % (name, ", ".join(board_names())))
    return path


def check_board(path):
    import host_sim  # noqa: F401
    from dicebox import board as _board

    with open(path, "rb") as f:
        data = f.read()
    try:
        return _board.loads(data.decode("utf-8"), os.path.relpath(path, ROOT))
    except UnicodeDecodeError:
        raise CliError("%s: not UTF-8 text" % path)
    except _board.BoardError as e:
        raise CliError(str(e))


def _libraries():
    """(source, device path) of the display driver and bus library in this venv."""
    out = []
    spec = importlib.util.find_spec("adafruit_ssd1306")
    if spec is None or not spec.origin:
        raise CliError("adafruit_ssd1306 is not installed in this environment (run make .venv/.installed)")
    out.append((spec.origin, "lib/adafruit_ssd1306.py"))
    spec = importlib.util.find_spec("adafruit_bus_device")
    if spec is None or not spec.submodule_search_locations:
        raise CliError("adafruit_bus_device is not installed in this environment (run make .venv/.installed)")
    pkg = list(spec.submodule_search_locations)[0]
    for name in sorted(os.listdir(pkg)):
        if name.endswith(".py"):
            out.append((os.path.join(pkg, name), "lib/adafruit_bus_device/" + name))
    return out


def plan(board):
    """[(source file, device path)] in copy order; .py sources other than main.py become .mpy."""
    items = []
    for dirpath, dirnames, filenames in os.walk(FIRMWARE):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for name in sorted(filenames):
            if not name.endswith(".py"):
                continue
            src = os.path.join(dirpath, name)
            rel = os.path.relpath(src, FIRMWARE).replace(os.sep, "/")
            items.append((src, rel if rel == "main.py" else rel[:-3] + ".mpy"))
    for src, dest in _libraries():
        items.append((src, dest[:-3] + ".mpy"))
    fighters = os.path.join(FIRMWARE, "data", "titlebout", "fighters")
    for name in sorted(os.listdir(fighters)):
        if name.endswith(".json"):
            items.append((os.path.join(fighters, name), "demo/titlebout/" + name))
    items.append((board_path(board), "board.json"))
    return items


def stage(board, out_dir, mpy_cross=None):
    """Build the device's files under out_dir (compiling with mpy-cross); returns the plan."""
    check_board(board_path(board))
    items = plan(board)
    mpy_cross = mpy_cross or tool("mpy-cross")
    if os.path.isdir(out_dir):
        shutil.rmtree(out_dir)
    for src, dest in items:
        target = os.path.join(out_dir, dest)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if dest.endswith(".mpy") and src.endswith(".py"):
            try:
                # -s: tracebacks name the file as on the device; the name is a string on
                # the heap for each loaded module, so the host's long path would cost RAM
                proc = subprocess.run([mpy_cross, "-o", target, "-s", dest[:-4] + ".py", src], capture_output=True,
                                      text=True)
            except FileNotFoundError:
                raise CliError("mpy-cross is not installed (run make .venv/.installed)")
            if proc.returncode != 0:
                raise CliError("%s: mpy-cross failed: %s" % (src, proc.stderr.strip()))
        else:
            shutil.copyfile(src, target)
    return items


def mpremote_args(port, staged):
    """The mpremote command that copies a staged tree and restarts the board."""
    cmd = ["mpremote", "connect", port, "exec", _CLEAN]
    for name in sorted(os.listdir(staged)):
        path = os.path.join(staged, name)
        cmd += ["+", "cp", "-r", name, ":"] if os.path.isdir(path) else ["+", "cp", name, ":" + name]
    return cmd + ["+", "reset"]


def main(argv=None):
    parser = argparse.ArgumentParser(prog="make deploy", description=__doc__.split("\n")[0])
    parser.add_argument("--board", default="rpi_pico")
    parser.add_argument("--port", default="auto")
    parser.add_argument("--dry-run", action="store_true", help="print (source, destination) and copy nothing")
    parser.add_argument("--stage", default=os.path.join(ROOT, "build", "deploy"), help="where the compiled files go")
    args = parser.parse_args(argv)
    try:
        if args.dry_run:
            check_board(board_path(args.board))
            for src, dest in plan(args.board):
                print("%s\t:/%s" % (os.path.relpath(src, ROOT) if src.startswith(ROOT) else src, dest))
            return 0
        staged = os.path.join(args.stage, args.board)
        stage(args.board, staged)
        cmd = mpremote_args(args.port, staged)
        cmd[0] = tool("mpremote")
        try:
            proc = subprocess.run(cmd, cwd=staged)
        except FileNotFoundError:
            raise CliError("mpremote is not installed (run make .venv/.installed)")
        if proc.returncode != 0:
            raise CliError("mpremote failed (is the Pico plugged in and running MicroPython? PORT=%s)" % args.port)
        return 0
    except CliError as e:
        sys.stderr.write("dicebox deploy: error: %s\n" % e)
        return 2


if __name__ == "__main__":
    sys.exit(main())
