"""LARP judge: the menu, labels in both languages and the participant picker.

The play screens live in larp_fights (boxing, duel, firearms, stealth) and
larp_wounds_ui (the wound tracker, which runs in the background once a
session is started); they are imported only when opened.
"""
from dicebox import buttons as B
from dicebox.core import larp_text as LT
from dicebox.ui import draw, text
from dicebox.ui.app import Menu, Screen
from dicebox.ui.lang import LANG, t

# Labels only the LARP screens use: (English, Russian).
_T = {
    "larp": ("LARP", "LARP"),
    "boxing": ("Boxing", "Бокс"),
    "duel": ("Duel", "Дуэль"),
    "shoot": ("Firearms", "Огнестрел"),
    "stealth": ("Stealth", "Кулуарка"),
    "wounds": ("Wounds", "Раны"),
    "start": ("Start", "Начать"),
    "cards": ("Cards", "Карт"),
    "none": ("none", "нет"),
    "shows": ("see your order", "свой порядок"),
    "release": ("release: hidden", "отпусти: скрыто"),
    "next_boxer": ("UP/DN boxer  BACK go", "ВВЕРХ/ВНИЗ  BACK бой"),
    "first": ("attacks first", "атакует первым"),
    "hold_block": ("hold OK: BLOCK!", "держи OK: БЛОК!"),
    "hold_see": ("hold UP: own order", "держи ВВЕРХ: порядок"),
    "was": ("was", "было"),
    "wins": ("WINNER", "ПОБЕДА"),
    "L": ("L", "К"),  # duel tallies: limb, body, head
    "B": ("B", "Т"),
    "H": ("H", "Г"),
    "score": ("score", "счёт"),
    "cycle": ("cycle", "цикл"),
    "melee": ("Melee duel", "Холодное оружие"),
    "gun_duel": ("Firearms duel", "Дуэль на пистолетах"),
    "roll_ok": ("OK: roll", "OK: бросок"),
    "no_duel": ("NO DUEL", "БОЯ НЕТ"),
    "nobody": ("nobody wins", "никто не победил"),
    "shot": ("shot", "выстрел"),
    "target": ("Target", "Цель"),
    "not_listed": ("not on tracker", "не в списке"),
    "choose_limb": ("which limb?", "конечность?"),
    "choose_bh": ("body or head?", "корпус/голова?"),
    "m_head": ("head wound", "рана в голову"),  # how a duel ends
    "m_body": ("2 body wounds", "2 раны в корпус"),
    "m_limbs": ("4 limb wounds", "4 раны в конечности"),
    "m_firearms": ("one cycle", "один цикл"),
    "count_ok": ("OK: start count", "OK: начать счёт"),
    "stop_ok": ("OK: STOP", "OK: СТОП"),
    "completed": ("completed", "доведена"),
    "to_tracker": ("Onto the tracker?", "В список ран?"),
    "who_is": ("Duellist %d is", "Дуэлянт %d это"),
    "new_session": ("New session", "Новая сессия"),
    "participants": ("People", "Участники"),
    "roster": ("roster", "список"),
    "light_min": ("Light min", "Лёгкая мин"),
    "heavy_min": ("Heavy min", "Тяжёлая мин"),
    "add": ("+ wound", "+ рана"),
    "help": ("Help given", "Помощь оказана"),
    "heal": ("Healed", "Вылечен"),
    "dies": ("Character dies", "Персонаж умирает"),
    "stays": ("Stays heavy to end", "Тяж. ранен до конца"),
    "end_session": ("End session", "Закончить сессию"),
    "end_q": ("End the session?", "Закончить сессию?"),
    "alert": ("ALERT", "ТРЕВОГА"),
    "ack_ok": ("OK: acknowledge", "OK: принято"),
    "no_wounds": ("no wounds", "ран нет"),
    "choose": ("ask!", "выбор"),  # a mortal wound waits for the player's choice
    "helped": ("help", "пом."),
    "session_q": ("Start a wound list?", "Начать список ран?"),
}
# Short wound kinds for a list row (kind codes of core/larp.py).
KIND_SHORT = (("", ""), ("lgt", "лёг"), ("HVY", "ТЯЖ"), ("MRT", "СМР"), ("RIP", "МЁР"), ("H-E", "ТдК"))

# What a mode key opens: (label key, module, function) in menu order.
_ITEMS = (
    ("boxing", "larp_fights", "boxing_setup"),
    ("duel", "larp_fights", "duel_start"),
    ("shoot", "larp_fights", "shoot_start"),
    ("stealth", "larp_fights", "stealth_start"),
    ("wounds", "larp_wounds_ui", "open_tracker"),
)


def lang():
    return LT.RU if LANG[0] == "ru" else LT.EN


def L(key):
    """A LARP label in the Settings language (ours, then larp_text's words, then lang.py's)."""
    pair = _T.get(key) or LT.WORDS.get(key)
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
    """Resume an unfinished LARP fight (the wound session resumes through Home)."""
    return module("larp_fights").screen_for(app, rec)


class LarpMenu(Menu):
    def __init__(self, app):
        Menu.__init__(self, app, L("larp"), [])
        self.build()

    def build(self):
        self.title = L("larp")
        self.items = [(L(key), self._opener(mod, fn)) for key, mod, fn in _ITEMS]

    def _opener(self, mod, fn):
        return lambda: getattr(module(mod), fn)(self.app)

    def resumed(self):
        self.build()


def tracker(app):
    """The running wound session (ticked by Home in the background), or None."""
    for task in getattr(app.stack[0], "tasks", ()):
        if hasattr(task, "give_wound"):
            return task
    return None


class ParticipantPicker(Screen):
    """A participant number with his name under it; UP/DOWN (held: fast), OK takes it.
    lo 0 offers "not on the tracker"."""

    def __init__(self, app, title, value, lo, hi, on_done, name_of=None):
        Screen.__init__(self, app)
        self.title = title
        self.lo = lo
        self.hi = hi
        self.value = min(hi, max(lo, value))
        self.on_done = on_done
        self.name_of = name_of
        self.repeats = 0

    def button(self, b, ev, now):
        if b in (B.UP, B.DOWN) and ev in (B.PRESS, B.REPEAT):
            self.repeats = self.repeats + 1 if ev == B.REPEAT else 0
            step = 5 if self.repeats > 8 else 1
            span = self.hi - self.lo + 1
            self.value = self.lo + (self.value - self.lo + (step if b == B.UP else -step)) % span
            self.app.redraw()
        elif b == B.OK and ev == B.CLICK:
            self.app.pop()
            self.on_done(self.value)
        else:
            Screen.button(self, b, ev, now)

    def draw(self, c):
        draw.header(c, self.title)
        v = self.value
        text.draw_center(c, str(v) if v else "-", 14, text.BIG)
        if v == 0:
            name = L("not_listed")
        else:
            name = self.name_of(v) if self.name_of else ""
        text.draw_center(c, name, 46)
        text.draw(c, "%d..%d" % (self.lo, self.hi), 1, 56)
