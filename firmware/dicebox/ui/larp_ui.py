"""LARP judge: the menu and labels in both languages.

The play screens live in larp_boxing_ui, larp_duel_ui, larp_shoot_ui,
larp_stealth_ui (their shared parts in larp_fights) and
larp_wounds_ui (the wound tracker, which runs in the background once a
session is started); they are imported only when opened.
"""
import sys

from dicebox.core import larp_text as LT
from dicebox.core.compat import const
from dicebox.core.jsonout import dumps
from dicebox.ui.app import Menu
from dicebox.ui.home import reboot, unload_new
from dicebox.ui.lang import LANG, mode_label, t

# Labels only the LARP screens use, as in ui/lang.py: flat tuples, English
# here, Russian in larp_ui_ru.py (imported only while Russian is chosen).
_KEYS = (
    "larp", "boxing", "duel", "shoot", "stealth", "wounds", "start", "cards", "none", "shows", "release",
    "next_boxer", "first", "hold_block", "hold_see", "was", "wins", "L", "B", "H", "score", "cycle", "melee",
    "gun_duel", "roll_ok", "no_duel", "nobody", "shot", "target", "not_listed", "choose_limb", "choose_bh",
    "m_head", "m_body", "m_limbs", "m_firearms", "count_ok", "stop_ok", "completed", "to_tracker", "who_is",
    "new_session", "participants", "roster", "light_min", "heavy_min", "add", "aid", "heal", "dies", "stays",
    "end_session", "end_q", "no_wounds", "choose", "helped", "session_q", "medic", "aid_short", "medic_short",
    "wound_n", "wounds_n", "shoots_coin", "shoots_challenger", "coin_shoots", "coin_attacks",
    "judge", "judge_q", "judge_note", "in_bout", "seen_once", "judge_hold", "judged",
    "aid_light", "aid_any", "running", "no_winner",
)

_EN = (
    "LARP",                   # larp
    "Boxing",                 # boxing
    "Duel",                   # duel
    "Firearms",               # shoot
    "Stealth",                # stealth
    "Wounds",                 # wounds
    "Start",                  # start
    "Cards",                  # cards
    "none",                   # none
    "to see your order",      # shows
    "release: hidden",        # release
    "UP/DN boxer  BACK go",   # next_boxer
    "attacks first",          # first
    "hold OK: BLOCK!",        # hold_block
    "hold UP: own order",     # hold_see
    "was",                    # was
    "WINNER %d",              # wins
    "L",                      # L
    "B",                      # B
    "H",                      # H
    "score",                  # score
    "cycle",                  # cycle
    "Melee duel",             # melee
    "Firearms duel",          # gun_duel
    "OK: roll",               # roll_ok
    "NO DUEL",                # no_duel
    "nobody wins",            # nobody
    "shot",                   # shot
    "Target",                 # target
    "not on tracker",         # not_listed
    "which limb?",            # choose_limb
    "body or head?",          # choose_bh
    "head wound",             # m_head
    "2 body wounds",          # m_body
    "4 limb wounds",          # m_limbs
    "one cycle",              # m_firearms
    "OK: start count",        # count_ok
    "OK: STOP",               # stop_ok
    "completed",              # completed
    "Onto the tracker?",      # to_tracker
    "Who is duellist %d?",    # who_is
    "New session",            # new_session
    "People",                 # participants
    "roster",                 # roster
    "Light min",              # light_min
    "Heavy min",              # heavy_min
    "+ wound",                # add
    "First aid",              # aid
    "Healed",                 # heal
    "Character dies",         # dies
    "Stays heavy to end",     # stays
    "End session",            # end_session
    "End the session?",       # end_q
    "no wounds",              # no_wounds
    "ask!",                   # choose
    "help",                   # helped
    "Start a wound list?",    # session_q
    "Medical help",           # medic
    "aid",                    # aid_short
    "med",                    # medic_short
    "wound",                  # wound_n
    "%d wounds",              # wounds_n
    "Shooter: coin",          # shoots_coin
    "Shooter: challenger",    # shoots_challenger
    "coin: %d shoots",        # coin_shoots
    "coin: %d attacks",       # coin_attacks
    "JUDGE",                  # judge
    "Show boxer %d again?",   # judge_q
    "judge's override",       # judge_note
    "hidden: bout is on",     # in_bout
    "already seen once",      # seen_once
    "judge: hold OK",         # judge_hold
    "judge showed it %dx",    # judged
    "Aid stops: light",       # aid_light
    "Aid stops: any",         # aid_any
    "running",                # running
    "NO WINNER",              # no_winner
)

# Short wound kinds for a list row (kind codes of core/larp.py).
# Wound kinds in a list row: after a timer (6 characters), or alone (12: no timer).
KIND_SHORT = (("", ""), ("light", "лёгкое"), ("heavy", "тяжёл."), ("mortal", "смерт."), ("dead", "мёртв"),
              ("heavy to end", "тяж.до конца"))

# What a mode key opens: (label key, module, function) in menu order. A fight
# plays with the wound session asleep (rest): it saves after every input, and
# the session's 11-13 KB beside it ran a LARP power-on out of heap at 128k
# on the 64-bit port; its wounds wake it as the fight ends (larp_fights.offer_wounds).
# The wound list wakes it if it sleeps.
_ITEMS = const((
    ("boxing", "larp_boxing_ui", "boxing_setup"),
    ("duel", "larp_duel_ui", "duel_start"),
    ("shoot", "larp_shoot_ui", "shoot_start"),
    ("stealth", "larp_stealth_ui", "stealth_start"),
    ("wounds", "larp_wounds_ui", "open_tracker"),
))

OFFER = "offer.json"  # a fight's wounds, left for the menu after a restart (LarpMenu.tick)


def lang():
    return LT.RU if LANG[0] == "ru" else LT.EN


def L(key):
    """A LARP label in the Settings language (ours, then larp_text's words, then lang.py's)."""
    s = mode_label(key, _KEYS, _EN, "larp_ui_ru")
    if s is not None:
        return s
    pair = LT.WORDS.get(key)
    if pair is None:
        return t(key)
    return pair[lang()]


def label(table, code):
    return table[code][lang()]


def module(name):
    mod = __import__("dicebox.ui." + name)
    return getattr(mod.ui, name)


def start(app):
    return LarpMenu(app)


def screen_for(app, rec):
    """Resume an unfinished LARP fight over the LARP menu, as if opened from it:
    BACK leads there, and there its wounds are offered if the heap has no room
    to wake the wound session over the finished fight (larp_fights.offer_wounds).
    The session resumes through Home, asleep while the fight is played."""
    rest(app, ())
    app.push(LarpMenu(app))  # over Home, where a resumed fight opens
    return module("larp_fights").screen_for(app, rec)


class LarpMenu(Menu):
    def __init__(self, app):
        Menu.__init__(self, app, L("larp"), [])
        self.build()
        self.keep = tuple(sys.modules)  # the menu's own; a fight's come and go
        # a fight's wounds the heap had no room to offer over it (or, after a
        # restart for them, over the last power-on's menu)
        self.later_wounds = module("larp_fights").saved_offer(app.store) if app.store.exists(OFFER) else None
        self.restored = self.later_wounds is not None  # its offer restarts no more

    def resumed(self):
        # back from a fight or the wound list: their modules leave the heap, as a
        # mode's do on Home (a running wound session's stay: Home pinned them), so
        # the next fight does not sit on top of the last one's code
        unload_new(self.keep)
        self.build()

    def tick(self, now):
        if self.later_wounds is not None and self.app.top is self:
            # the fight and its code are gone: the session wakes where they were
            later, self.later_wounds = self.later_wounds, None
            restored, self.restored = self.restored, False
            try:
                module("larp_fights").offer_wounds(self, later[0], later[1])
            except MemoryError:
                if restored:
                    raise  # on a whole heap: the loop's error screen, the offer lost
                # not even here: the box restarts into this menu, which makes
                # the offer on a whole heap (a MemoryError writing the file is
                # the loop's: it saves it once the App is gone, for the next menu)
                unload_new(self.keep)
                self.app.store.write_text(OFFER, dumps([1 if later[1] else 0, later[0]]))
                if not reboot(self.app, "larp_ui"):
                    raise
            return True
        return Menu.tick(self, now)

    def build(self):
        self.title = L("larp")
        running = getattr(self.app.stack[0], "tasks", ())
        self.items = [((L(key) + " \u25b6 " + L("running")) if key == "wounds" and running else L(key), self._opener(mod, fn))
                      for key, mod, fn in _ITEMS]

    def _opener(self, mod, fn):
        def open_item():
            if mod == "larp_wounds_ui":
                tracker(self.app)  # asleep after a fight: it wakes before the list's code loads
            else:
                rest(self.app, self.keep)
            getattr(module(mod), fn)(self.app)

        return open_item


def tracker(app):
    """The running wound session (ticked by Home in the background), or None.
    Asleep (larp_timer), it wakes for good: a LARP screen holds it now."""
    for task in getattr(app.stack[0], "tasks", ()):
        if hasattr(task, "wake"):
            return task.wake(for_good=True)
        if hasattr(task, "give_wound"):
            task.woken = False
            return task
    return None


def rest(app, loaded):
    """A fight opens: the wound session sleeps (larp_timer) while it is
    played, unless an alert waits (then once that is acknowledged). What the
    screens below loaded for themselves (`loaded`, a tuple(sys.modules), less
    what the session pinned) stays."""
    home = app.stack[0]
    own = [n for n in loaded if n not in getattr(home, "keep", ())]
    for task in getattr(home, "tasks", ()):
        if hasattr(task, "doze"):
            task.woken = True
            task.doze(own)
