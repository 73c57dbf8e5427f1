# Button storm: random presses, holds, chatter shorter than the debounce and
# several buttons at once, through every screen of every mode on the Home menu,
# on the simulated device (real debouncer, App, driver; no panel model). After
# every action the App's invariants are checked. Runs unchanged on CPython and
# MicroPython (same generator: the same storm on both).
#
#   storm.py SEED PRESSES DIR [--heap] [--mode M] [--no-replay] [--restart FILE] [--no-cuts]
#   (DIR: an empty folder, the flash; --restart: a power cut ends the process
#   with exit code 75 and FILE
#   holds the storm's numbers: run it again until it ends 0; FILE must not exist
#   at the start: a run that failed leaves it behind; --no-replay: records are
#   not replayed beside the fight, a second game no Pico holds; --no-cuts: one
#   long power-on, as a field judge's box runs for hours)
#
# Prints "STATE ..." digests (for parity), "BAD ..." on a broken invariant, and
# "SUMMARY presses N actions N cuts N switches N ... heap_start N heap_end N heap_peak N".
import sys

from dicebox import buttons as B
from dicebox import forget as _forget
from dicebox.store import Store
from dicebox import modes as _modes
from host_sim.device import Device, Platform

import heapbase


def _scrub(n, a=0, b=0, c=0, d=0):
    return _scrub(n - 1) if n else 0


def live_heap():
    _scrub(100)  # overwrite stale stack slots, so the conservative gc does not keep old screens
    return heapbase.live() if hasattr(heapbase.gc, "mem_alloc") else 0


MINUTE = 60000
CUT_EXIT = 75  # the exit code of a process a power cut ended (--restart)
_MAIN = (B.UP, B.DOWN, B.OK, B.BACK)


class _Unwatched:
    """An I2C bus whose panel at every address takes the bytes and keeps none: no
    one looks at the glass in a storm, and the panel model stays off the device's
    heap, as on the virtual board (whose model runs on the host)."""

    def try_lock(self):
        return True

    def unlock(self):
        pass

    def writeto(self, address, buffer, *, start=0, end=None):
        pass


class Rand:
    """A small LCG: the same numbers on both interpreters (31-bit safe)."""

    def __init__(self, seed):
        self.s = seed & 0x7FFFFFFF

    def below(self, n):
        self.s = (self.s * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.s >> 8) % n

    def between(self, lo, hi):
        return lo + self.below(hi - lo + 1)


class _SameText:
    """A writer for jsonout.dump that compares what it is given with a file, read
    64 bytes at a time as the text comes."""

    def __init__(self, f):
        self.f = f
        self.buf = b""
        self.same = True

    def __call__(self, piece):
        if not self.same:
            return
        want = piece.encode()
        while len(self.buf) < len(want):
            more = self.f.read(64)
            if not more:
                self.same = False
                return
            self.buf += more
        if self.buf[:len(want)] != want:
            self.same = False
        else:
            self.buf = self.buf[len(want):]

    def end(self):
        return self.same and not self.buf and not self.f.read(1)


class Storm:
    def __init__(self, seed, heap, root, replays=True, state=None, cuts=True):
        self.cuts_on = cuts
        self.rnd = Rand(seed)
        self.state = state  # a file: a power cut ends the process, the next one goes on from it
        self.replays = replays  # replay each record to compare states (a second game on the heap)
        self.root = root
        self.store = Store(root)  # the real store on a folder: History lives on "flash", not on the heap
        self.platform = Platform(b"\x00\x01\x02\x03")
        self.platform.beeps = None  # the simulator's own logs are not the Pico's heap: not kept
        self.dev = self.boot()
        self.boot_modules = tuple(sys.modules)  # what a boot imports: a power cut forgets the rest
        self.presses = 0
        self.actions = 0
        self.cuts = 0
        self.switches = 0  # a Home mode opened after another one, in the same power-on
        self.last_mode = None
        self.bad = 0
        self.seen = {}  # screen class -> module
        self.modes_opened = {}  # module of each Home mode opened
        self.rulesets = {}
        self.checked = {}  # id(session) -> (inputs, dice) last replay-checked
        self.heap = heap
        self.heap_marks = []  # live heap after gc, once a simulated minute: the first 3 and the last 3
        self.next_mark = 0
        self.heap_peak = 0
        self.home_start = [1 << 30, 1 << 30]  # without, with a background session
        self.home_end = [1 << 30, 1 << 30]
        self.next_home = 0
        self.target = 1
        self.base = 0  # simulated ms before the last power cut

    # --- raw button levels over simulated time ------------------------------
    def run_for(self, ms):
        self.dev.wait(ms)

    def tap(self, b):
        self.dev.hold(1 << b, self.rnd.between(25, 250))
        self.presses += 1

    def hold(self, b):
        self.dev.hold(1 << b, self.rnd.between(600, 1600))
        self.presses += 1

    def chord(self):
        mask = 0
        for _ in range(self.rnd.between(2, 3)):
            mask |= 1 << _MAIN[self.rnd.below(4)]
        self.dev.hold(mask, self.rnd.between(30, 900))
        self.presses += 1

    def chatter(self, b):
        """Contact bounce: the level flips every 1..15 ms, then settles (pressed or not)."""
        dev = self.dev
        for _ in range(self.rnd.between(3, 9)):
            dev.levels ^= 1 << b
            dev.now += self.rnd.between(1, 15)
            dev.step()
        if self.rnd.below(2):
            dev.levels |= 1 << b
            self.run_for(self.rnd.between(30, 300))
            self.presses += 1
        dev.levels &= ~(1 << b)
        self.run_for(60)

    def steer(self):
        """On Home: walk to a random item and open it (so every mode gets its turn)."""
        home = self.dev.app.top
        n = len(home.items)
        for _ in range(self.rnd.below(n)):
            self.tap(B.DOWN)
        if self.dev.app.top is home and self.dev.app.display_on:
            # Home lists Resume (if any), then the modes in MODES order, then History and Settings
            modes = _modes.MODES
            i = home.sel - (1 if len(home.items) == len(modes) + 3 else 0)
            if 0 <= i < len(modes):
                self.modes_opened[modes[i][0]] = 1
                if self.last_mode not in (None, modes[i][0]):
                    self.switches += 1
                self.last_mode = modes[i][0]
        self.tap(B.OK)

    # the storm's own numbers, kept across a power cut that ends the process
    _KEPT = ("presses", "actions", "cuts", "switches", "last_mode", "bad", "seen", "modes_opened", "rulesets", "heap_marks", "next_mark",
             "heap_peak", "home_start", "home_end", "next_home", "base")

    def save_state(self):
        import json

        kept = {name: getattr(self, name) for name in self._KEPT}
        kept["rnd"] = self.rnd.s
        with open(self.state, "w") as f:
            json.dump(kept, f)  # to the file as it goes: json.dumps was a ~1 KB block at a cut

    def resume(self):
        """Go on from a power cut that ended the last process: the checks that follow
        the cut's action, as step() makes them. False if there was no cut."""
        import json

        try:
            with open(self.state) as f:
                kept = json.loads(f.read())
        except OSError:
            return False
        self.rnd.s = kept.pop("rnd")
        for name in kept:
            setattr(self, name, kept[name])
        self.after_action()
        return True

    def power_cut(self):
        """Power off and on: a new App boots on what the store kept."""
        self.cuts += 1
        self.reboot()

    def restarted(self, dev):
        """Device.on_restart: the box never restarts itself (only OK on the loop's
        error screen does, and an error fails the storm)."""
        raise AssertionError("the box restarted itself")

    def reboot(self):
        """With a state file the process ends, as the Pico's heap does, and a new one
        boots (fresh qstr pools and heap); otherwise the App boots again in this one."""
        self.base += self.dev.now  # a boot starts its clock at 0, as the Pico does
        if self.state:
            self.actions += 1  # this action, which ends here
            self.save_state()
            self.names()
            raise SystemExit(CUT_EXIT)
        self.dev = None
        # a power cut empties the heap: modules imported since boot go too (they would
        # otherwise count as boot modules of the next App, which never unloads them)
        import dicebox

        dicebox.pin(self.boot_modules)
        dicebox.drop_all()
        self.store = Store(self.root)
        self.dev = self.boot()

    def boot(self):
        dev = Device(store=self.store, platform=self.platform, bus=_Unwatched())
        dev.flush_bytes = None  # the I2C bytes of each frame: a 70 s wait under an alert grew it by 2 KB
        dev.on_restart = self.restarted
        return dev

    def on_home(self):
        # its own frame: a local or a popped value-stack slot in action() that held the
        # App would keep the whole old App (its fight, its modes' modules) alive through
        # power_cut()'s reboot, as the conservative gc scans the frame
        app = self.dev.app
        return type(app.top).__name__ == "Home" and len(app.stack) == 1

    def action(self):
        self.act()
        self.actions += 1

    def act(self):
        r = self.rnd
        k = r.below(100)
        if k < 60 and self.on_home():
            self.steer()
        elif k < 45:
            self.tap(_MAIN[r.below(4)] if r.below(10) else (B.OK if r.below(2) else B.DOWN))
        elif k < 60:
            self.hold(_MAIN[r.below(4)])
        elif k < 72:
            self.chatter(_MAIN[r.below(4)])
        elif k < 82:
            self.chord()
        elif k < 88:
            self.tap(B.LEFT + r.below(2))  # buttons a board may not have: ignored, never a crash
        elif k < 97:
            self.run_for(r.between(10, 3000))
        elif k < 99:
            self.run_for(r.between(61000, 70000))  # the display sleeps; the next press only wakes it
        elif self.cuts_on:
            self.power_cut()

    # --- what must always hold -------------------------------------------------
    def fail(self, why):
        self.bad += 1
        print("BAD action %d: %s" % (self.actions, why))

    def check(self):
        """check_all() with the checker's code (host_sim.invariants, core.record if the
        device has not loaded it) loaded for the call only, as Home unloads a mode:
        the harness keeps no code of its own on the device's heap."""
        keep = tuple(sys.modules)
        try:
            self.check_all()
        finally:
            for name in [n for n in sys.modules if n not in keep]:
                _forget(name)

    def check_all(self):
        app = self.dev.app
        stack = app.stack
        if not stack or type(stack[0]).__name__ != "Home":
            self.fail("Home is not at the bottom: %s" % [type(s).__name__ for s in stack])
            return
        for s in stack[1:]:
            if type(s).__name__ == "Home":
                self.fail("a second Home on the stack")
        top_session = None
        top_done = False
        games = []  # (what, game): every fight on the stack, then the background sessions
        for s in stack:
            name = type(s).__name__
            if name not in self.seen:
                self.seen[name] = type(s).__module__ if hasattr(type(s), "__module__") else "?"
            session = getattr(s, "session", None)
            if session is None or not hasattr(session, "rec"):
                continue
            top_session = session
            top_done = getattr(s, "done", False)  # FightScreen: finished, already in History
            self.rulesets[session.rec.ruleset] = 1
            games.append((session.rec.ruleset, session.game))
        tasks = getattr(stack[0], "tasks", ())  # background sessions (the wound tracker)
        for task in tasks:
            game = getattr(task, "game", None)
            if game is not None:
                self.rulesets[game.RULESET] = 1
                games.append((game.RULESET + " task", game))
        if games:
            from host_sim import invariants

            for what, game in games:
                for p in invariants.problems(game):
                    self.fail("%s: %s" % (what, p))
        games = None
        for s in stack:
            session = getattr(s, "session", None)
            if session is not None and hasattr(session, "rec") and self.replays:
                self.check_replay(session)
        for task in tasks:
            self.check_task(task)
        fight = top_session is not None and not top_done and top_session.rec.inputs
        if fight and not top_session.kept():
            # only its set-up (a challenge answered, a target named): nothing is saved
            if self.store.exists("current.json"):
                self.fail("the %s fight on screen holds only its set-up, yet current.json is there" % top_session.rec.ruleset)
        elif fight:
            # the fight on screen is the one saved, byte for byte: its text, written piece
            # by piece, against the file read as it goes (neither is ever whole on the
            # heap). Table dice entered for an input that is not complete yet are saved
            # with that input: the file may hold fewer of the record's dice.
            rec = top_session.rec
            n = len(rec.dice)
            while n >= 0 and not self.saved_is(rec, n):
                n -= 1
            if n < 0:
                self.fail("the %s fight on screen (%d inputs, %d dice, %s) is not the one saved" % (
                    rec.ruleset, len(rec.inputs), len(rec.dice), "/".join(type(x).__name__ for x in stack)))
        if self.store.exists("current.json.bad"):
            self.fail("a saved fight was set aside: it did not load")

    def saved_is(self, rec, n_dice):
        """Whether current.json is the text of rec with its first n_dice dice."""
        from dicebox.core import jsonout
        from dicebox.core import record as R

        try:
            f = open(self.root + "/current.json", "rb")
        except OSError:
            return False
        try:
            same = _SameText(f)
            jsonout.dump(R.Record(rec.ruleset, rec.options, rec.seed, rec.inputs, rec.dice[:n_dice]).to_obj(), same)
            return same.end()
        finally:
            f.close()

    def check_task(self, task):
        game = getattr(task, "game", None)
        if game is None or not self.replays:
            return  # --no-replay: the replay is a second session on the heap, the checker's (CPython checks it)
        n = getattr(task, "n", -1)
        if n < 0 or self.checked.get(id(task)) == n or n % 5:
            return
        self.checked[id(task)] = n
        # the journal on flash replays to the tracker's state (its inputs live only there)
        from dicebox.larp import journal
        from dicebox.core import record as R

        name = sys.modules[type(task).__module__].JOURNAL
        rec = R.Record(task.rec.ruleset, task.rec.options, task.rec.seed,
                       [R.loads('{"dicebox":1,"ruleset":"x","seed":0,"inputs":[%s]}' % line).inputs[0]
                        for line in journal.lines(self.store, name)])
        try:
            again = R.replay(rec)
        except MemoryError:
            raise  # out of heap: the run fails as such, not as a broken invariant
        except Exception as e:  # noqa: BLE001
            self.fail("the wound journal does not replay: %s" % e)
            return
        if len(rec.inputs) != n or again.state() != game.state():
            self.fail("the wound journal (%d lines) replays to another state than the tracker's (%d inputs)"
                      % (len(rec.inputs), n))

    def check_replay(self, session):
        from dicebox.core import record as R

        rec = session.rec
        mark = (len(rec.inputs), len(rec.dice))
        key = id(session)
        if self.checked.get(key) == mark:
            return
        # a long record is replayed at every 4th change (a replay costs its whole length)
        if len(rec.inputs) > 60 and len(rec.inputs) % 4 and not session.over:
            return
        self.checked[key] = mark
        if len(self.checked) > 8:
            self.checked = {key: mark}
        try:
            # from the record itself: its text is checked against the saved file, piece by
            # piece (check_all); through dumps() it would be one more block of its size
            again = R.replay(R.Record(rec.ruleset, rec.options, rec.seed, rec.inputs, rec.dice), ask=session.ask)
        except MemoryError:
            raise  # out of heap: the run fails as such, not as a broken invariant
        except Exception as e:  # noqa: BLE001
            self.fail("%s record does not replay: %s" % (rec.ruleset, e))
            return
        if again.state() != session.game.state() or again.result() != session.game.result():
            self.fail("%s: the record replays to another state" % rec.ruleset)

    def heap_mark(self):
        """Once a simulated minute: the live heap (whatever is open), and the live
        heap on a bare Home menu (a leak shows there; a long open record does not)."""
        if not self.heap:
            return
        now = self.base + self.dev.now
        if now >= self.next_mark:
            self.next_mark = now + MINUTE
            self.heap_marks.append(live_heap())
            if len(self.heap_marks) > 6:
                self.heap_peak = max(self.heap_peak, self.heap_marks.pop(3))
            if "-v" in sys.argv:
                rec = getattr(self.dev.app.stack[-1], "session", None)
                # minute, live heap, screens, inputs, background tasks, modules loaded since boot
                print("HEAP", now // MINUTE, self.heap_marks[-1], "/".join(type(x).__name__ for x in self.dev.app.stack),
                      len(rec.rec.inputs) if rec else -1, len(getattr(self.dev.app.stack[0], "tasks", ())),
                      " ".join(n[8:] for n in sys.modules if n not in self.boot_modules))
        app = self.dev.app
        if len(app.stack) == 1 and now >= self.next_home:
            # a bare Home: the floor of these (the least the gc keeps) over the second
            # quarter of the storm and over the last, apart for with and without a
            # background wound session; the first quarter is left out: the qstrs of
            # every mode are interned once, on its first visit, and never freed
            self.next_home = now + MINUTE
            heap = live_heap()
            part = self.presses * 4 // max(1, self.target)
            k = min(1, len(getattr(app.stack[0], "tasks", ())))
            if part == 1:
                self.home_start[k] = min(self.home_start[k], heap)
            elif part >= 3:
                self.home_end[k] = min(self.home_end[k], heap)
            if "-v" in sys.argv:
                print("HOME", now // MINUTE, heap, k, len(sys.modules))

    def names(self):
        """With --heap on MicroPython: the names this power-on interned, as
        "qstr pool: n_pool=P, n_qstr=N, ..." (a 7th pool, 1,280 entries in one
        block, comes past 1,260)."""
        if self.heap and sys.implementation.name == "micropython":
            import micropython

            micropython.qstr_info()

    def print_state(self):
        # a method of its own, not inline in run(): MicroPython leaves popped values in
        # a frame's value stack and its gc scans them, so the top screen read in run()'s
        # long-lived frame kept that App (after a power cut, its whole mode) alive until
        # the next STATE line, and the bare-Home heap figures measured it
        top = self.dev.app.top
        print("STATE %d %d %s %d" % (self.actions, self.presses, type(top).__name__, len(self.dev.app.stack)))

    def step(self):
        """One action, then every check. In a frame of its own: run()'s long-lived
        frame would keep the last Device it read in a popped value-stack slot, and
        with it the whole old App through the next power cut's reboot."""
        try:
            self.action()
        except MemoryError:
            stack = self.dev.app.stack if self.dev is not None else []  # None: out of heap while booting
            rec = None
            for screen in stack:
                rec = getattr(screen, "session", None) or rec
            print("MEMORY action %d presses %d: %s, record of %d inputs" % (
                self.actions, self.presses, "/".join(type(x).__name__ for x in stack) or "booting",
                len(rec.rec.inputs) if rec else -1))
            raise
        self.after_action()

    def after_action(self):
        """Every check, the heap sample, and a STATE line each 500 actions."""
        self.check()
        self.heap_mark()
        if self.actions % 500 == 0:
            self.print_state()

    def run(self, presses):
        self.target = presses
        if self.state:
            self.resume()
        while self.presses < presses:
            self.step()  # all of it in step()'s frame: see print_state and on_home
        marks = self.heap_marks
        start = max(marks[:2]) if marks else 0
        end = max(marks[-2:]) if marks else 0
        peak = max(marks + [self.heap_peak])
        home_start = home_end = -1  # -1: no quarter had a bare Home in the same condition
        for k in (1, 0):
            if self.home_start[k] < 1 << 30 and self.home_end[k] < 1 << 30:
                home_start, home_end = self.home_start[k], self.home_end[k]
        names = sorted(self.seen)
        self.names()
        print("SCREENS %s" % " ".join("%s:%s" % (n, self.seen[n]) for n in names))
        print("RULESETS %s" % " ".join(sorted(self.rulesets)))
        print("MODES %s" % " ".join(sorted(self.modes_opened)))
        print("SUMMARY presses %d actions %d cuts %d switches %d minutes %d bad %d heap_start %d heap_end %d heap_peak %d home_start %d home_end %d"
              % (self.presses, self.actions, self.cuts, self.switches, (self.base + self.dev.now) // MINUTE, self.bad, start, end, peak,
                 home_start, home_end))
        if self.state:
            import os

            try:
                os.remove(self.state)
            except OSError:
                pass


def main(argv):
    seed = int(argv[0])
    presses = int(argv[1])
    if "--mode" in argv:
        # a box whose Home menu offers this one mode (with History and Settings): a
        # power-on of a referee who plays one game
        only = argv[argv.index("--mode") + 1]
        _modes.MODES = tuple(m for m in _modes.MODES if m[0] == only)
        if not _modes.MODES:
            raise SystemExit("storm.py: --mode %s: not a mode of dicebox/modes.py" % only)
    state = argv[argv.index("--restart") + 1] if "--restart" in argv else None
    Storm(seed, "--heap" in argv, argv[2], "--no-replay" not in argv, state, "--no-cuts" not in argv).run(presses)


if __name__ == "__main__":
    main(sys.argv[1:])
