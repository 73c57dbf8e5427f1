"""A random walk of presses through every mode's screens on the simulated device,
checked after each press against what the screens promise (README, docs/hardware.md):

- BACK leaves any screen that is not a fight: at once, or, in an editor, after
  stepping back (out of a value being changed, or one field back: a name, an
  expression, a number's digits) until its first field; the alert alone waits
  for OK (docs/rules/larp.md U3).
- BACK on an unfinished fight asks "Leave the fight?" and leaves it on screen; a
  fight with inputs leaves the stack only after OK on that question (a running
  stealth count takes no BACK until it is stopped), and is then
  kept on Home with its record, or when it is finished (in History) or has
  nothing played in it (no input past its set-up: docs/rules/larp.md U6a).
  A dice session (no fight) goes into History when left.
- Home is at the bottom of the stack, and only there.

Hypothesis shrinks a walk that breaks one to its shortest."""
import pytest
from hardening import size
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicebox import buttons as B
from dicebox.store import Store
from dicebox.ui.fight import FightScreen
from dicebox.ui.lang import label
from host_sim.device import Device, Platform

CLICK_MS, HOLD_MS = 60, 900


def _field(screen):
    """Where BACK steps back to in an editor: (changing a value, field number)."""
    return bool(getattr(screen, "editing", False)), getattr(screen, "pos", getattr(screen, "field", 0))


def _name(screen):
    return type(screen).__name__


def _over(screen):
    return bool(getattr(screen, "done", False) or screen.session.over)


def _kept(store, rec):
    """Whether the record is kept unfinished (a u*.rec file: its label, then the record)."""
    text = rec.dumps()
    for name, _ in store.unfinished():
        kept = store.read_text(name)
        if kept is not None and kept[kept.find("\n") + 1:] == text:
            return True
    return False


def _filed(store, rec):
    """Whether the record is in History (a fold's newest item for a small procedure)."""
    text = rec.dumps()
    return any(store.history_record(ident, -1) == text for ident, _ in store.history())


class Walk:
    def __init__(self, tmp_path):
        flash = tmp_path / "flash"
        flash.mkdir()
        self.d = Device(store=Store(str(flash)), platform=Platform(b"\x00\x00\x10\x00", own_dir=str(tmp_path / "own")))
        s = dict(self.d.app.settings)
        s["sleep_s"] = 0  # a waking press does nothing else: the walk keeps the panel on
        self.d.app.apply_settings(s)
        self.log = []

    def press(self, b, ms):
        d = self.d
        app = d.app
        before = list(app.stack)
        top = app.top
        field = _field(top)
        fights = [s for s in before if hasattr(s, "session")]  # and dice sessions
        self.log.append("%s %s on %s" % (B.NAMES[b], "hold" if ms >= HOLD_MS else "click", _name(top)))
        d.press(b, ms)
        app = d.app
        where = " after: " + "; ".join(self.log[-12:])
        assert app.stack and _name(app.stack[0]) == "Home", where
        assert not [s for s in app.stack[1:] if _name(s) == "Home"], where
        if b == B.BACK and ms < HOLD_MS and top is not before[0]:
            if isinstance(top, FightScreen):
                if len(top.session.rec.inputs) > top.SET_UP and not _over(top):  # played and unfinished: asked, still there
                    counting = app.top is top and getattr(top, "counting", False)  # BACK waits for a stealth count
                    assert top in app.stack and (counting or _name(app.top) == "Confirm"
                                                 and app.top.question == label("leave_q")), where
            elif field[0]:
                assert app.top is top and _field(top) == (False, field[1]), where
            elif field[1]:
                assert app.top is top and _field(top) == (False, field[1] - 1), where
            elif _name(top) != "AlertScreen":
                assert top not in app.stack, "BACK did not leave %s%s" % (_name(top), where)
        for screen in fights:
            rec = screen.session.rec
            if screen in app.stack or len(rec.inputs) <= getattr(screen, "SET_UP", 0):
                continue  # nothing played in it (only set up): let go unasked, not kept (docs/rules/larp.md U6a)
            if any(getattr(s, "session", None) is screen.session for s in app.stack):
                continue  # handed over: an Arena story's tale and fight play one session (arena/story_play.py)
            over = _over(screen)
            if isinstance(screen, FightScreen):
                asked = b == B.OK and ms < HOLD_MS and _name(top) == "Confirm" and top.question == label("leave_q") \
                    and before[before.index(top) - 1] is screen
                assert over or asked, "%s left without its question%s" % (_name(screen), where)
                assert over or _kept(app.store, rec), "%s left but not kept%s" % (_name(screen), where)
            else:
                assert _filed(app.store, rec), "%s left but not in History%s" % (_name(screen), where)


# deeper more often than out: a walk from Home's `start`-th row
_ACTION = st.tuples(st.sampled_from([B.UP, B.DOWN, B.DOWN, B.OK, B.OK, B.OK, B.BACK]),
                    st.sampled_from([CLICK_MS] * 6 + [HOLD_MS]))


@pytest.mark.soak
@settings(max_examples=size(100, 1000), deadline=None, suppress_health_check=list(HealthCheck))
@given(start=st.integers(0, 7), walk=st.lists(_ACTION, min_size=20, max_size=300))
def test_a_walk_of_presses_keeps_what_the_screens_promise(tmp_path_factory, start, walk):
    w = Walk(tmp_path_factory.mktemp("walk"))
    for b, ms in [(B.DOWN, CLICK_MS)] * start + [(B.OK, CLICK_MS)] + walk:
        w.press(b, ms)
