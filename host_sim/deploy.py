"""`make deploy`: what goes onto the Pico, compiled, and how it gets there.

    python -m host_sim.deploy [--board rpi_pico] [--port auto] [--layout auto|rom|files|frozen] [--dry-run] [--stage DIR]

Every firmware module is compiled to .mpy with mpy-cross (main.py stays .py:
the board runs it by name); adafruit_ssd1306 and adafruit_bus_device come from
this virtual environment (pip installed them; they are never copied into the
repository) and go to /lib; the checked board file becomes /board.json; the
demo Title Bout cards go to /demo (replaced on every deploy), with their checks'
verdicts (cardlist.SHIPPED). The copy is done
by mpremote. /data (settings, fights, the user's own cards) is never touched.

Where the compiled modules go (--layout; docs/hardware.md "Where the code lives"):
`rom` puts them in a ROMFS image (`mpremote romfs build`, the same relative
paths) written to the board's ROMFS partition (`mpremote romfs deploy`), where
they run in place from flash; `files` copies them to the flash filesystem
(imports load them into RAM); `auto` asks the board (`mpremote romfs query`)
and takes `rom` if its firmware has a ROMFS partition; `frozen` (firmware built
with boards/manifest.py) writes no code at all. main.py, board.json and demo/
are files in every layout.
"""
import argparse
import importlib.util
import os
import re
import shutil
import subprocess
import sys

from host_sim import FIRMWARE, ROOT
from host_sim.errors import CliError

BOARDS = os.path.join(ROOT, "boards")
LAYOUTS = ("auto", "rom", "files", "frozen")
# the native emitter's target for viper code (ui/text.py): Armv6-M is the RP2040's and
# also runs on the RP2350's Arm cores; a module without native code compiles the same
MARCH = "-march=armv6m"
HOST_MARCH = "-march=host"  # the unix port's (the virtual board, the heap tests)
# Run on the board before anything is removed: the frozen layout needs the
# firmware's own dicebox package (sys.path cut to the frozen modules).
_CHECK_FROZEN = "import sys\nsys.path[:] = ['.frozen']\nimport dicebox\n"
# The new files are copied to /.new first and moved into place by one short
# script on the board: a copy that fails halfway (a full flash, a pulled cable)
# leaves the code that was there, and the next deploy starts by removing /.new.
NEW = ".new"
_RM = """
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
"""
_PREPARE = _RM + "rm('/%s')\n" % NEW
# After the copy: old code copies go in every layout (a stale .py would shadow
# the new .mpy, and '' comes before /rom on sys.path, so they would shadow the
# image), then /.new is merged into / (other files in /lib stay).
_SWAP = _RM + """
for p in ('/dicebox', '/demo', '/lib/adafruit_ssd1306.py', '/lib/adafruit_ssd1306.mpy', '/lib/adafruit_bus_device',
          '/lib/adafruit_ds3231.mpy', '/lib/adafruit_pcf8563', '/lib/adafruit_register'):
    rm(p)
def move(src, dst):
    if os.stat(src)[0] & 0x4000:
        try:
            os.mkdir(dst)
        except OSError:
            pass
        for n in os.listdir(src):
            move(src + '/' + n, dst + '/' + n)
        os.rmdir(src)
    else:
        rm(dst)
        os.rename(src, dst)
for n in os.listdir('/%s'):
    move('/%s/' + n, '/' + n)
os.rmdir('/%s')
""" % (NEW, NEW, NEW)


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


# The clock chips' drivers and the register modules they import (hw/rtc.py).
_RTC_LIBS = {
    "ds3231": ("adafruit_ds3231",),
    "pcf8563": ("adafruit_pcf8563.pcf8563",),
}
_REGISTERS = ("__init__", "i2c_bit", "i2c_bits", "i2c_bcd_datetime", "i2c_bcd_alarm")


def _module_file(name):
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.origin:
        raise CliError("%s is not installed in this environment (run make .venv/.installed)" % name.split(".")[0])
    return spec.origin


def _rtc_libraries(chip):
    """(source, device path) of a clock chip's driver and adafruit_register's modules it uses."""
    out = []
    for name in _RTC_LIBS[chip]:
        out.append((_module_file(name), "lib/" + name.replace(".", "/") + ".py"))
    pkg = os.path.dirname(_module_file("adafruit_register"))
    for name in _REGISTERS:
        out.append((os.path.join(pkg, name + ".py"), "lib/adafruit_register/%s.py" % name))
    return out


def _libraries(rtc=None):
    """(source, device path) of the display driver and bus library in this venv,
    and the clock chip's driver when the board has one."""
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
    if rtc is not None:
        out.extend(_rtc_libraries(rtc))
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
    rtc = check_board(board_path(board))["rtc"]
    for src, dest in _libraries(rtc):
        items.append((src, dest[:-3] + ".mpy"))
    fighters = os.path.join(FIRMWARE, "data", "titlebout", "fighters")
    for name in sorted(os.listdir(fighters)):
        if name.endswith(".json"):
            items.append((os.path.join(fighters, name), "demo/titlebout/" + name))
    charts = os.path.join(FIRMWARE, "data", "titlebout", "charts")
    for name in sorted(os.listdir(charts)):
        if name.endswith((".json", ".csv")):
            items.append((os.path.join(charts, name), "demo/titlebout/charts/" + name))
    items.append((board_path(board), "board.json"))
    return items


def source_name(dest):
    """The name a module's .mpy gives its source in tracebacks: its path on the
    box ("dicebox/ui/app.mpy" -> "dicebox/ui/app.py"), never the builder's. The
    dotted module name saved no heap on the emulated Pico, only ~6 ms of its
    boot (make emu, files and ROM: the tour and storms 595363767-8)."""
    return dest[: -len(".mpy")] + ".py" if dest.endswith(".mpy") else dest


def stage(board, out_dir, mpy_cross=None, march=MARCH):
    """Build the device's files under out_dir (compiling with mpy-cross); returns the plan.
    march: the native code's target (HOST_MARCH for the unix port's virtual board)."""
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
                proc = subprocess.run([mpy_cross, march, "-o", target, "-s", source_name(dest), src],
                                      capture_output=True, text=True)
            except FileNotFoundError:
                raise CliError("mpy-cross is not installed (run make .venv/.installed)")
            if proc.returncode != 0:
                raise CliError("%s: mpy-cross failed: %s" % (src, proc.stderr.strip()))
        else:
            shutil.copyfile(src, target)
    _demo_verdicts(out_dir)
    return items


def _demo_verdicts(out_dir):
    """The demo cards' verdicts as the box's checks give them (cardlist.SHIPPED in the demo
    folder, keyed by the staged checks' code as the box keys its own list): its first Title
    Bout opening reads the cards for their CRCs and checks none. A demo card the checks
    refuse is the repository's fault: no deploy."""
    from dicebox.titlebout import cardlist
    from dicebox.core.jsonout import dumps

    checks = cardlist.checks_crc(os.path.join(out_dir, "dicebox", "titlebout", ""), ".mpy")
    if checks is None:
        return  # no code files staged (a test's partial plan): the box checks the cards itself
    folder = os.path.join(out_dir, cardlist.DEMO)
    found, _ = cardlist.entries([folder], {})
    for e in found:
        if e[3] is not None:
            raise CliError("demo card %s" % e[3])
        e[0] = cardlist.DEMO + e[0][len(folder):]  # the path as the box lists it
    with open(os.path.join(folder, cardlist.SHIPPED), "w", encoding="utf-8") as f:
        f.write(dumps({"checks": checks, "cards": found}))


def is_code(dest):
    """A compiled module (the dicebox package, the drivers): what the ROM layout puts
    in the image. main.py stays a file: the board runs it by name from the flash."""
    return dest.endswith(".mpy")


def split_code(staged, rom_tree):
    """Move the staged modules from `staged` to `rom_tree` at the same relative
    paths (/rom and /rom/lib are on the board's sys.path as '' and /lib are)."""
    if os.path.isdir(rom_tree):
        shutil.rmtree(rom_tree)
    for dirpath, dirnames, filenames in os.walk(staged, topdown=False):
        for name in filenames:
            src = os.path.join(dirpath, name)
            rel = os.path.relpath(src, staged)
            if is_code(rel.replace(os.sep, "/")):
                os.makedirs(os.path.join(rom_tree, os.path.dirname(rel)), exist_ok=True)
                os.replace(src, os.path.join(rom_tree, rel))
        if dirpath != staged and not os.listdir(dirpath):
            os.rmdir(dirpath)


def run_mpremote(cmd, cwd=None, capture=False):
    """Run an mpremote command list (cmd[0] == "mpremote"); returns (exit code, stdout, stderr).
    Without capture its stdout goes to the terminal (copy progress) and comes back ''; its
    stderr is always kept, for the one error line."""
    try:
        proc = subprocess.run([tool("mpremote")] + cmd[1:], cwd=cwd, stdout=subprocess.PIPE if capture else None,
                              stderr=subprocess.PIPE, text=True)
    except FileNotFoundError:
        raise CliError("mpremote is not installed (run make .venv/.installed)")
    return proc.returncode, proc.stdout or "", proc.stderr or ""


def _no_board(port, err):
    """mpremote's own last line (e.g. "mpremote: no device found"), and what to check
    when it is about reaching the board."""
    said = [line.strip() for line in err.splitlines() if line.strip()]
    said = said[-1] if said else "mpremote failed"
    if said == "mpremote failed" or any(w in said for w in ("no device", "failed to access", "raw repl")):
        return CliError("%s (is the Pico plugged in and running MicroPython? PORT=%s)" % (said, port))
    return CliError("%s (PORT=%s)" % (said, port))


def romfs_partition(port, run=run_mpremote):
    """The size in bytes of the board's ROMFS partition 0, or None if its firmware has
    none. Reads what `mpremote romfs query` prints (mpremote/commands.py)."""
    code, out, err = run(["mpremote", "connect", port, "romfs", "query"], capture=True)
    if code != 0:
        if "partition not found on device" in err:
            return None  # rom_ioctl without a partition 0
        if "no module named 'vfs'" in err:
            return None  # firmware older than the vfs module: no ROMFS either
        raise _no_board(port, err)
    found = re.search(r"^ROMFS0 partition has size (\d+) bytes", out, re.M)
    if found:
        return int(found.group(1))
    if "ROMFS is not enabled on this device" in out or "No ROMFS partitions available" in out:
        return None
    first = out.strip().splitlines()[0] if out.strip() else "nothing"
    raise CliError("mpremote romfs query: unexpected answer %r (PORT=%s)" % (first, port))


def build_image(rom_tree, image, run=run_mpremote):
    """`mpremote romfs build` of the staged modules (already .mpy: --no-mpy); returns its size."""
    if os.path.exists(image):
        os.remove(image)
    code, out, err = run(["mpremote", "romfs", "--no-mpy", "-o", image, "build", rom_tree], capture=True)
    if code != 0 or not os.path.isfile(image):
        said = (err.strip() or out.strip() or "no image written").splitlines()[-1]
        raise CliError("%s: mpremote romfs build failed: %s" % (image, said))
    return os.path.getsize(image)


def mpremote_args(port, staged, image=None, frozen=False):
    """The mpremote command that writes the ROMFS image (if given; or checks for the
    frozen package), copies the staged tree (what split_code left of it) to /.new,
    moves it into place, removing old copies, and restarts the board. Run in the
    folder that holds `staged`."""
    cmd = ["mpremote", "connect", port]
    if image is not None:
        cmd += ["romfs", "deploy", image, "+"]
    if frozen:
        cmd += ["exec", _CHECK_FROZEN, "+"]
    return cmd + ["exec", _PREPARE, "+", "cp", "-r", os.path.basename(staged), ":" + NEW,
                  "+", "exec", _SWAP, "+", "reset"]


def stage_rom(board, staged, run=run_mpremote, march=MARCH):
    """The ROM layout, no board needed: stage, move the modules to STAGED-rom and
    build STAGED.romfs from them; returns (image path, its size in bytes)."""
    stage(board, staged, march=march)
    rom_tree = staged + "-rom"
    split_code(staged, rom_tree)
    image = os.path.abspath(staged + ".romfs")  # `romfs deploy` reads a .romfs file as it is (a folder it rebuilds)
    return image, build_image(rom_tree, image, run)


def deploy(board, port, layout, stage_root, run=run_mpremote, say=print):
    """Choose the layout (asking the board for auto and rom), stage, write; returns the layout used."""
    staged = os.path.join(stage_root, board)
    partition = None
    if layout in ("auto", "rom"):
        check_board(board_path(board))  # a typo in the board file before the board is asked
        partition = romfs_partition(port, run)
        if partition is None and layout == "rom":
            raise CliError("LAYOUT=rom: the board at PORT=%s has no ROMFS partition (its firmware is built without "
                           "one: docs/hardware.md, 'Where the code lives'; LAYOUT=files copies the files)" % port)
    image = None
    if partition is not None:
        image, size = stage_rom(board, staged, run)
        if size > partition:
            raise CliError("%s: the image is %d bytes, the board's ROMFS partition %d bytes (LAYOUT=files copies "
                           "the files instead)" % (os.path.relpath(image, ROOT), size, partition))
        say("dicebox deploy: code in ROM: a %d-byte image in the board's %d-byte ROMFS partition" % (size, partition))
    elif layout == "frozen":
        stage(board, staged)
        split_code(staged, staged + "-frozen")  # the firmware has them; only the rest is copied
        say("dicebox deploy: code frozen in the firmware: copying main.py, board.json and demo/ only")
    else:
        stage(board, staged)
        say("dicebox deploy: code as files on the flash filesystem%s" % (" (no ROMFS partition)" if layout == "auto"
                                                                           else ""))
    code, _, err = run(mpremote_args(port, staged, image, layout == "frozen"), cwd=os.path.dirname(staged))
    if code != 0:
        if layout == "frozen":
            raise CliError("LAYOUT=frozen: the board at PORT=%s did not import a frozen dicebox package, or mpremote "
                           "failed (firmware built with boards/manifest.py? docs/hardware.md)" % port)
        raise _no_board(port, err)
    return layout if layout == "frozen" else ("rom" if image else "files")


def main(argv=None, run=run_mpremote):
    parser = argparse.ArgumentParser(prog="make deploy", description=__doc__.split("\n")[0])
    parser.add_argument("--board", default="rpi_pico")
    parser.add_argument("--port", default="auto")
    parser.add_argument("--layout", default="auto",
                        help="rom, files, frozen or auto (rom if the board has a ROMFS partition, else files)")
    parser.add_argument("--dry-run", action="store_true", help="print (source, destination) and copy nothing")
    parser.add_argument("--stage", default=os.path.join(ROOT, "build", "deploy"), help="where the compiled files go")
    args = parser.parse_args(argv)
    try:
        if args.layout not in LAYOUTS:
            raise CliError("LAYOUT=%s: not one of %s" % (args.layout, ", ".join(LAYOUTS)))
        if args.dry_run:
            check_board(board_path(args.board))
            for src, dest in plan(args.board):
                where = {"rom": "/rom/", "frozen": "frozen:"}.get(args.layout, ":/") if is_code(dest) else ":/"
                print("%s\t%s%s" % (os.path.relpath(src, ROOT) if src.startswith(ROOT) else src, where, dest))
            return 0
        deploy(args.board, args.port, args.layout, args.stage, run)
        return 0
    except CliError as e:
        sys.stderr.write("dicebox deploy: error: %s\n" % e)
        return 2


if __name__ == "__main__":
    sys.exit(main())
