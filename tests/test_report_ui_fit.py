"""A new user's report on the screens: the delete question inside its dialog's
border, Home's header naming a running wound session in whole words, and a
fighter who fell off the Arena's strip no longer drawn on it."""
import pytest

from dicebox import buttons as B
from dicebox.arena import play as arena_play
from dicebox.arena import rules as arena
from dicebox.core import record
from dicebox.larp import common as larp
from host_sim.device import Device, Platform
from host_sim.memstore import memory_store

from test_larp_ui import device as larp_device, start_session, wound
from test_mode_switch import back_home
from test_unfinished import leave_a_bout, select


def pixel(d, x, y):
    return (d.glass()[(y // 8) * 128 + x] >> (y % 8)) & 1


def in_lang(d, lang):
    values = dict(d.store.settings())
    values["lang"] = lang
    d.store.save_settings(values)
    d.restart()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_delete_question_keeps_clear_of_the_dialogs_border(lang):
    d = Device(store=memory_store(), platform=Platform(b"\x00\x00\x00\x05"))
    leave_a_bout(d)
    in_lang(d, lang)
    select(d, "\u25b6")
    d.press(B.OK, 900)  # long OK on the kept fight: delete?
    assert type(d.app.top).__name__ == "Confirm"
    # the border is at x 6 and 121 (ui/draw.py dialog): a clear column inside each
    inked = [(x, y) for x in (7, 120) for y in range(15, 57) if pixel(d, x, y)]
    assert not inked, (d.app.top.question, inked)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_homes_header_names_the_wound_session_as_the_larp_menu_does(lang):
    d = larp_device()
    in_lang(d, lang)
    start_session(d)
    d.wait(5000)
    wound(d, 4, larp.HEAVY)
    back_home(d)
    home = d.app.top
    assert type(home).__name__ == "Home" and home.right
    # no clipped word ("wounds run"): its words are those of the LARP menu's row
    # for the session ("Wounds ▶ running")
    from dicebox.larp import menu

    words = {menu.larp_label("wounds").lower(), menu.larp_label("running").lower(), "\u25b6"}
    assert set(home.right.lower().split()) <= words, (home.right, words)

def _ring_outs():
    """Finished duels (core only) ended by a ring-out: a knock-back, a crumble."""
    found = {}
    for seed in range(1, 3000):
        rec = record.Record("arena", {"a_name": "Even", "b_name": "Brute"}, seed)
        g = record.start(rec)
        while g.prompt() is not None:
            rec.inputs.append(0)
            record.feed(g, rec, len(rec.inputs) - 1)
        if g.result()["method"] == "ringout":
            kind = "crumble" if not g.lo <= g.pos[1 - max(g.winner, 0)] <= g.hi else "knock"
            found.setdefault(kind, rec)
        if len(found) == 2:
            return found
    raise AssertionError("no ring-outs found: %s" % sorted(found))


@pytest.mark.parametrize("kind", ["knock", "crumble"])
def test_a_fighter_rung_out_is_not_drawn_on_the_strip(kind):
    rec = _ring_outs()[kind]
    d = Device(store=memory_store(), platform=Platform(b"\x00\x00\x00\x05"))
    s = arena_play.screen_for(d.app, rec)
    d.app.push(s)
    d.step()
    g = s.game
    assert g.result()["method"] == "ringout"
    for f in (0, 1):
        x = (g.pos[f] - 1) * 16
        box = pixel(d, x + 4, 17 + 2) and pixel(d, x + 12, 17 + 11)  # a fighter's box: two corners
        on = g.winner == f or (g.pos[0] == g.pos[1] and g.winner >= 0)
        assert bool(box) == on, (kind, f, g.pos, g.winner)
