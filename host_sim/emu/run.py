"""One button script on the simulator and on the emulated Pico, compared.

The simulator runs the script first: it resolves `choose` into presses and
gives the reference frames and the level changes with their times. The
emulated Pico then gets the same level changes at the same times after its
boot. The box never restarts by itself, so a script whose reference restarts
(the error screen's OK) is refused: its frames would time nothing.
"""
import json
import os
import re

from host_sim.emu.board import NS_PER_MS, EmuBoard, littlefs_image

BUTTONS = ("UP", "DOWN", "OK", "BACK", "LEFT", "RIGHT")  # dicebox.buttons order
_SETTLE_MS = 150  # no I2C for this long: the frame is complete and the box idles
_BOOT_LIMIT_MS = 20000
# after the script's last event the box may still be busy (a Title Bout set-up opens in
# ~850 ms): its last frame is waited for this long, as a user waits for the screen
_END_LIMIT_MS = 5000
_MEM = re.compile(r"GC: total: (\d+), used: (\d+), free: (\d+)")
_MAXFREE = re.compile(r"max free sz: (\d+)")
_STACK = re.compile(r"stack: (\d+) out of (\d+)")
# what a healthy box never prints on its console
_BAD = re.compile(r"Traceback|Error|[Ee]xception|nlr_jump_fail|FATAL|HardFault")


_DRAWN = re.compile(r"dicebox: entropy (\d+)")


def chip_draws(console):
    """The entropy the box drew for new fights' seeds, in order (hw/platform.py says each
    on the console when the board file's report_mem is set)."""
    return [int(m.group(1)) for m in _DRAWN.finditer(console)]


class Reference:
    """The script on the simulator: frames, shots, level changes (ms).

    draws: the entropy the box drew (a storm that set Settings to the hardware
    seed), given to the simulator's fights in the same order; the simulator's
    own draw, past them, is 1. self.drawn: what the simulator's fights drew."""

    def __init__(self, steps, settings_text, controller, draws=(), battery=None):
        from dicebox.modes import MODES, OPENS, PLAYS, module
        from host_sim import script
        from host_sim.device import Device, Platform
        from host_sim.memstore import memory_store

        self.args = (steps, settings_text, controller)
        self.battery = battery
        self.drawn = []
        given = list(draws)

        class Drawn(Platform):
            def entropy(self):
                ref.drawn.append(given.pop(0) if given else Platform.entropy(self))
                return ref.drawn[-1]

        modes = set(module(m, k) for m in MODES for k in (OPENS, PLAYS))

        store = memory_store()
        store.write_text("settings.json", settings_text)
        ref = self
        self.events = []  # (ms, levels)
        self.opens = []  # ms of each level change that opened a mode from a bare Home
        home_only = [True]
        self.frames = []  # glass after each frame
        self.shots = []  # (name, ms, glass)
        self.volts = []  # (ms, VSYS mV) of each `battery MV` line: the emulated ADC gets them then

        class Recording(Device):
            def __setattr__(self, name, value):
                if name == "vsys" and getattr(self, "loop", None) is not None:
                    ref.volts.append((self.now, value))
                Device.__setattr__(self, name, value)

            def wait(self, ms):
                stack = self.app.stack if self.app is not None else ()
                if home_only[0] and len(stack) > 1 and type(stack[-1]).__module__ in modes and ref.events:
                    ref.opens.append(ref.events[-1][0])  # the change before this wait opened it
                home_only[0] = len(stack) == 1
                if not ref.events or ref.events[-1][1] != self.levels:
                    ref.events.append((self.now, self.levels))
                Device.wait(self, ms)

            def restart(self):
                raise RuntimeError("the simulator hit an error and restarted at %d ms; "
                                   "make emu compares runs without errors" % self.now)

        dev = Recording(store=store, platform=Drawn(b"\0\0\0\1"), controller=controller, battery=battery)
        self.store = store  # what the simulator's flash holds at the end (a battery run compares it)
        self.empty_at = None  # the frame index the battery's stop showed at
        dev.on_frame = lambda d: self.frames.append(bytes(d.glass()))
        self.frames.insert(0, bytes(dev.glass()))
        script.run(dev, steps, lambda name, d: self.shots.append((name, d.now, bytes(d.glass()))))
        self.end = dev.now
        self.empty_frame = None  # the battery's stop as the panel showed it (ui/power.Empty)
        if battery is not None and type(dev.app.top).__name__ == "Empty":
            self.empty_frame = self.frames[-1]

    def with_draws(self, draws):
        """The same script with the box's draws: the reference its frames are compared
        with. Its presses must be this one's, which the box was given (a `choose`
        that went another way on other dice cannot be compared)."""
        ref = Reference(*self.args, draws=draws, battery=self.battery)
        if ref.events != self.events:
            raise RuntimeError("the box's seeds %s led the simulator's script to other presses" % draws)
        return ref


def _dedupe(frames):
    """Distinct frames in order; blank ones (a boot's panel set-up, the panel asleep) left out."""
    out = []
    for f in frames:
        if any(f) and (not out or out[-1] != f):
            out.append(f)
    return out


_TIME_SLACK_MS = 100


def _same_save(a, b):
    """The same file, whole: the same bytes but for its numbers, each within _TIME_SLACK_MS
    (a wound session's times: the emulated Pico's inputs land a few ms from the simulator's)."""
    if a is None or b is None:
        return a is b
    pa, pb = re.split(rb"(\d+)", a), re.split(rb"(\d+)", b)
    if len(pa) != len(pb):
        return False
    for i in range(len(pa)):
        if i % 2 == 0 and pa[i] != pb[i]:
            return False
        if i % 2 == 1 and abs(int(pa[i]) - int(pb[i])) > _TIME_SLACK_MS:
            return False
    return True


def battery_check(ref, emu):
    """A battery run's flash: the box stopped writing once it showed the stop, and its data
    files are the simulator's (each save whole, none torn; times within _TIME_SLACK_MS).
    Failures, figures."""
    from host_sim.emu.board import FS_BLOCK, FS_BLOCKS, FS_OFFSET, read_littlefs

    failures = []
    empty = ref.empty_frame
    if empty is None:
        return ["battery: the simulator never showed the battery's stop"], {}
    shown = [b for b in emu.bursts() if b[4] == empty]
    if not shown:
        return ["battery: the emulated panel never showed the battery's stop"], {}
    last_write = emu.flash_timing.last_ns
    if last_write > shown[0][0]:
        failures.append("battery: the flash was written %.1f ms after the stop showed"
                        % ((last_write - shown[0][0]) / NS_PER_MS))
    files = read_littlefs(bytes(emu.mcu.flash[FS_OFFSET:FS_OFFSET + FS_BLOCK * FS_BLOCKS]))
    got = {k[5:]: v for k, v in files.items() if k.startswith("data/") and k != "data/settings.json"}
    want = {k[6:]: b"".join(v) for k, v in ref.store.os.files.items()
            if k.startswith("/data/") and k != "/data/settings.json"}
    diff = sorted(k for k in set(got) | set(want) if not _same_save(got.get(k), want.get(k)))
    if diff:
        failures.append("battery: the emulated flash's files are not the simulator's: %s"
                        % "; ".join("%s %r, simulator %r" % (k, (got.get(k) or b"")[:60], (want.get(k) or b"")[:60])
                                    for k in diff))
    return failures, {"stop_ms": round(shown[0][0] / NS_PER_MS), "last_write_ms": round(last_write / NS_PER_MS),
                      "files": sorted(got)}


class Result:
    def __init__(self):
        self.failures = []
        self.presses = []  # (button, edge kind, latency ms incl. bus time, bytes)
        self.mem = []  # after each frame: (total, used, free, largest free block)
        self.shot_mem = {}  # shot name -> (free, largest)
        self.stack = []
        self.stack_peak = None
        self.boot_ms = None
        self.opens = []  # ms from the edge that opened a mode to its screen
        self.console = ""
        self.frames = 0
        self.flash = None  # (sector and block erases, pages programmed, ms the chip was busy)
        self.battery = None  # a battery run's: when it stopped, its last write, the files it left


def stage_flash(board_name, layout, work, settings_text, report_mem=True, battery=None):
    """The flash as `make deploy` leaves it: (files {path: bytes}, ROMFS image or None, board dict).
    battery: the board file's "battery" for this run (a script's `battery KIND`)."""
    from dicebox.core.compat import loads
    from host_sim import deploy

    staged = os.path.join(work, "stage-" + layout)
    rom = None
    if layout == "rom":
        image, _size = deploy.stage_rom(board_name, staged)
        with open(image, "rb") as f:
            rom = f.read()
    else:
        deploy.stage(board_name, staged)
    files = {}
    for root, _dirs, names in os.walk(staged):
        for name in names:
            path = os.path.join(root, name)
            with open(path, "rb") as f:
                files[os.path.relpath(path, staged).replace(os.sep, "/")] = f.read()
    # the file's own shape (a dict of buttons), its whole floats (0.0) the ints the box reads
    board = loads(files["board.json"].decode("utf-8"))
    board["report_mem"] = report_mem
    if battery is not None:
        board["battery"] = battery
    files["board.json"] = json.dumps(board).encode("utf-8")
    files["data/settings.json"] = settings_text.encode("utf-8")
    return files, rom, board


def _bus_ms(nbytes, transfers, freq):
    # 9 bits a byte (8 + ACK), plus the address byte and START/STOP of each transfer
    return ((nbytes + transfers) * 9 + transfers * 2) * 1000.0 / freq


class Run:
    def __init__(self, uf2, files, rom, rom_offset, board, console_path=None):
        self.console_file = open(console_path, "wb") if console_path else None
        self.emu = EmuBoard(uf2, board, littlefs_image(files), rom, rom_offset, console=self.console_file)
        self.board = board
        self.freq = board["i2c"]["freq"]

    def _bursts_since(self, ns):
        return [b for b in self.emu.bursts() if b[0] >= ns]

    def _settle(self, glass, after_ns, limit_ms, what, first=False):
        """Run until the panel shows `glass` (the simulator's frame) from a frame sent
        after after_ns and the bus has been quiet for _SETTLE_MS; returns the end of
        that frame (ns). first: the first frame that showed it, though others followed
        before the bus went quiet (the boot's Home, then the battery's icon)."""
        emu = self.emu
        limit = after_ns + limit_ms * NS_PER_MS
        while True:
            emu.run_ms(10)
            if emu.now_ns - emu.last_transfer_ns() >= _SETTLE_MS * NS_PER_MS:
                bursts = self._bursts_since(after_ns)
                for b in bursts if first else bursts[-1:]:
                    if b[4] == glass:
                        return b[1]
            if emu.now_ns > limit:
                raise RuntimeError("%s: the simulator's frame did not come within %d ms (console: %s)"
                                   % (what, limit_ms, emu.console_text()[-300:]))

    def play(self, ref, result, bar=None):
        """bar: a progress bar counted in the script's ms (host_sim.progress). Returns
        the reference to compare the frames with: ref, or ref with the box's seeds."""
        emu = self.emu
        pins = [self.board["buttons"].get(name) for name in BUTTONS]
        volts = list(ref.volts)
        # on USB, as the simulator starts, until a `battery MV` line; one at the script's start
        # is the supply from power-on (the gauge's first reading follows the boot's frame,
        # sooner than the rig sees that frame)
        emu.set_vsys(volts.pop(0)[1] if volts and volts[0][0] == 0 else 0)
        boot_end = self._settle(ref.frames[0], 0, _BOOT_LIMIT_MS, "boot", first=True)
        result.boot_ms = boot_end / NS_PER_MS
        t0 = emu.now_ns
        levels = 0
        edges = []  # (ns, button, "press"/"release"/"open", script ms)
        opens = set(ref.opens)
        shots = list(ref.shots)
        for ms, new in ref.events + [(ref.end, levels)]:
            # shots and voltages in their time order, each where the script has it
            while (shots and shots[0][1] <= ms) or (volts and volts[0][0] <= ms):
                if volts and volts[0][0] <= ms and (not shots or volts[0][0] <= shots[0][1]):
                    at, mv = volts.pop(0)
                    emu.run_until(t0 + at * NS_PER_MS)
                    emu.set_vsys(mv)
                else:
                    name, at, glass = shots.pop(0)
                    emu.run_until(t0 + at * NS_PER_MS)
                    self._shot(name, glass, result)
            emu.run_until(t0 + ms * NS_PER_MS)
            if bar is not None:
                bar.update(ms - bar.n)
            for b in range(len(BUTTONS)):
                bit = 1 << b
                if (levels ^ new) & bit and pins[b] is not None:
                    if new & bit:
                        emu.press(BUTTONS[b])
                    else:
                        emu.release(BUTTONS[b])
                    kind = "open" if ms in opens else "press" if new & bit else "release"
                    edges.append((emu.now_ns, BUTTONS[b], kind, ms))
            levels = new
        ref = self._with_chip_draws(ref)
        try:
            self._settle(ref.frames[-1], 0, emu.now_ns // NS_PER_MS + _END_LIMIT_MS, "end")
        except RuntimeError:
            pass  # finish() names what the panel ended on instead
        ref = self._with_chip_draws(ref)  # a fight the last presses opened
        for name, _at, glass in shots:
            self._shot(name, glass, result)
        self._latencies(edges, result)
        return ref

    def _with_chip_draws(self, ref):
        """ref, or ref played again with the seeds the box drew (Settings on the
        hardware seed): the reference the box's frames are compared with."""
        drawn = chip_draws(self.emu.console_text())
        return ref if drawn == ref.drawn else ref.with_draws(drawn)

    def _shot(self, name, glass, result):
        # a shot names a point of the tour for the figures; the frames are checked in finish()
        mem = self.mem_reports()
        if mem:
            result.shot_mem[name] = (mem[-1][2], mem[-1][3], self.emu.stack_peak())

    def _latencies(self, edges, result):
        bursts = self.emu.bursts()
        for i, (ns, button, kind, _ms) in enumerate(edges):
            nxt = edges[i + 1][0] if i + 1 < len(edges) else None
            done = None  # its first frame; a mode's, though the next edge came first (the box busy opening it)
            for start, end, nbytes, count, _glass in bursts:
                if start < ns:
                    continue
                if nxt is not None and start >= nxt and kind != "open":
                    break
                done = (end - ns) / NS_PER_MS + _bus_ms(nbytes, count, self.freq), nbytes
                break
            if done is not None:
                if kind == "open":
                    result.opens.append(done[0])
                else:
                    result.presses.append((button, kind) + done)

    def mem_reports(self):
        out = []
        text = self.emu.console_text()
        for m in _MEM.finditer(text):
            rest = text[m.end():m.end() + 200]
            big = _MAXFREE.search(rest)
            out.append((int(m.group(1)), int(m.group(2)), int(m.group(3)), int(big.group(1)) * 16 if big else 0))
        return out

    def finish(self, ref, result):
        emu = self.emu
        result.console = emu.console_text()
        result.mem = self.mem_reports()
        result.stack = [int(m.group(1)) for m in _STACK.finditer(result.console)]
        result.frames = len(emu.bursts())
        result.stack_peak = emu.stack_peak()
        ft = emu.flash_timing
        result.flash = (ft.erases, ft.programs, ft.busy_ns / NS_PER_MS)
        for line in result.console.split("\n"):
            if _BAD.search(line):
                result.failures.append("console: %s" % line.strip())
        got = _dedupe([b[4] for b in emu.bursts()])
        want = _dedupe(ref.frames)
        # Every frame the box sent must be the simulator's, in the simulator's order; a
        # box that was busy may draw two quick presses as one frame, never another frame.
        # It must end on the simulator's last frame: a box whose buttons died does not.
        i = 0
        for n, frame in enumerate(got):
            while i < len(want) and want[i] != frame:
                i += 1
            if i == len(want):
                result.failures.append("frames: frame %d of the emulated panel is none the simulator showed next "
                                       "(both sides' frames: *-frames-sim.png, *-frames-emu.png)" % n)
                break
        else:
            if not got or got[-1] != want[-1]:
                result.failures.append("frames: the emulated panel ended on another frame than the simulator's")
        if self.console_file:
            self.console_file.close()


# A wound session across a power-off on a box with a clock chip: the simulator plays
# it (its chip read through the firmware's drivers) up to a clock save; the emulated
# Pico then powers on with that flash, the chip OFF_MS further on, and must count them.
_SESSION = "choose LARP judge\nchoose Wounds\nchoose Start\npress OK\npress OK\nchoose + light\nwait 15000\n"
OFF_MS = 25 * 60000
_CLOCK_LIMIT_MS = 30000


def _session_ms(clk):
    return int(clk.split()[0])


def clock_run(uf2, board_name, layout, work, settings_text, rom_offset=None, console_path=None):
    """(failures, figures): the session's ms before the power-off, after it on the
    emulated Pico, and the time off the chip counted."""
    import tempfile

    from dicebox.hw.rtc import Rtc
    from dicebox.store import Store
    from host_sim import rtc_chip, script
    from host_sim.device import Device, Platform
    from host_sim.emu.board import CHIP_MS, FS_BLOCK, FS_BLOCKS, FS_OFFSET, read_littlefs

    files, rom, board = stage_flash(board_name, layout, work, settings_text)
    kind = board["rtc"]
    with tempfile.TemporaryDirectory(prefix="dicebox-clock-") as data:
        dev = Device.__new__(Device)
        dev.now = 0
        chip = rtc_chip.Chip(kind, CHIP_MS, 0)
        platform = Platform(b"\0\0\0\1", rtc=Rtc(rtc_chip.Bus(chip, lambda: dev.now), kind))
        store = Store(data)
        store.write_text("settings.json", settings_text)
        dev.__init__(store=store, platform=platform, controller=board["display"]["controller"])
        script.run(dev, script.parse(_SESSION, "clock session"))
        before = store.read_text("wounds.clk")
        off_at = chip.ms(dev.now)
        for name in os.listdir(data):
            if name != "settings.json":  # the board's own; the rest as a power-off left them
                with open(os.path.join(data, name), "rb") as f:
                    files["data/" + name] = f.read()
    if before is None or "w" not in before:
        return ["clock: the simulator's session saved no chip time (wounds.clk %r)" % before], {}
    console = open(console_path, "wb") if console_path else None
    emu = EmuBoard(uf2, board, littlefs_image(files), rom, rom_offset, console=console, rtc_ms=off_at + OFF_MS)
    failures = []
    after = None
    try:
        while emu.now_ns < _CLOCK_LIMIT_MS * NS_PER_MS:
            emu.run_ms(2000)
            clk = read_littlefs(bytes(emu.mcu.flash[FS_OFFSET:FS_OFFSET + FS_BLOCK * FS_BLOCKS])).get("data/wounds.clk")
            if clk is not None and clk.decode() != before:
                after = clk.decode()
                break
    finally:
        if console:
            console.close()
    text = emu.console_text()
    for line in text.split("\n"):
        if _BAD.search(line) or "wound timers pause" in line:
            failures.append("clock: console: %s" % line.strip())
    figures = {"chip": kind, "session_ms_before": _session_ms(before), "off_ms": OFF_MS,
               "emulated_ms": round(emu.now_ns / NS_PER_MS)}
    if after is None:
        failures.append("clock: the box wrote no session clock within %d ms of power-on" % _CLOCK_LIMIT_MS)
        return failures, figures
    figures["session_ms_after"] = _session_ms(after)
    # the session runs on from its save by the chip's time since (to the second), plus this boot's moments
    counted = _session_ms(after) - _session_ms(before) - round(emu.now_ns / NS_PER_MS)
    figures["counted_off_ms"] = counted
    if not OFF_MS - 1500 <= counted <= OFF_MS + 11500:  # the chip counts seconds; saved every 10 s
        failures.append("clock: %d ms off, the session counted %d" % (OFF_MS, counted))
    return failures, figures
