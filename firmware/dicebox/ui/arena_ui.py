"""Arena mode: the fighter roster and builder, the set-up of a duel or a cup.

The play screens (the fight and the bracket) are in arena_play.py, loaded
when a fight starts or resumes. Options picked here (health, rulings) last
while the box is on; the fighters live on flash (dicebox/arena_roster.py).
"""
from dicebox import arena_roster as R
from dicebox import buttons as B
from dicebox.core import arena
from dicebox.core import record as _record
from dicebox.ui import draw, text
from dicebox.ui.app import Confirm, Menu, Message, NumberPicker, Screen
from dicebox.ui.arena_text import stat, t

# Name presets for new fighters (UP/DOWN on the Name row); taken names are skipped.
NAMES = ("Ash", "Blaze", "Frost", "Storm", "Viper", "Golem", "Raven", "Titan",
         "Onyx", "Rook", "Sable", "Jade", "Ember", "Flint", "Nova", "Kite") + tuple(n for n, _ in R.DEFAULTS)
RULES = tuple(o for o in arena.OPTIONS if o[0] not in ("a", "b", "a_name", "b_name", "health"))


def _play():
    from dicebox.ui import arena_play

    return arena_play


def start(app):
    menu = ArenaMenu(app)
    if menu.error is None:
        return menu
    app.push(menu)
    return Message(app, t("roster_error"), menu.error)


def screen_for(app, rec):
    return _play().screen_for(app, rec)


def _build_text(build):
    return "%d %d %d %d" % (build[0], build[1], build[2], build[3])


class ArenaMenu(Menu):
    def __init__(self, app):
        self.fighters, self.error = R.load(app.store)
        self.health = 10
        self.rules = {}  # ruling options that differ from the default
        Menu.__init__(self, app, t("arena"), [
            (t("duel"), lambda: app.push(DuelSetUp(app, self))),
            (t("cup"), lambda: app.push(CupSetUp(app, self))),
            (t("fighters"), lambda: app.push(RosterScreen(app, self))),
        ])

    def save(self):
        """Write the roster; a full or failing flash is one line on screen."""
        try:
            R.save(self.app.store, self.fighters)
        except (OSError, ValueError) as e:
            self.app.push(Message(self.app, t("error"), "%s: %s" % (R.NAME, e)))

    def options(self):
        opts = {"health": self.health}
        for name in self.rules:
            opts[name] = self.rules[name]
        return opts


class RosterScreen(Menu):
    """The saved fighters; OK on one: edit or delete; the last row adds one."""

    def __init__(self, app, home):
        self.home = home
        Menu.__init__(self, app, t("fighters"), [])
        self.build()

    def build(self):
        items = []
        for i in range(len(self.home.fighters)):
            name, build = self.home.fighters[i]
            items.append(("%-9s %s" % (name[:9], _build_text(build)), self._opener(i)))
        if len(self.home.fighters) < R.MAX:
            items.append((t("new"), lambda: self.app.push(Builder(self.app, self.home, -1))))
        self.items = items
        self.right = "%d/%d" % (len(self.home.fighters), R.MAX)
        self.sel = min(self.sel, len(items) - 1)
        self.first = draw.scroll_first(self.sel, self.first, len(items), draw.rows_visible())

    def _opener(self, i):
        def open_fighter():
            app = self.app
            app.push(Menu(app, self.home.fighters[i][0], [
                (t("edit"), lambda: app.replace(Builder(app, self.home, i))),
                (t("delete"), lambda: app.replace(Confirm(app, t("delete_q"), self.home.fighters[i][0], lambda: self.delete(i)))),
            ]))

        return open_fighter

    def delete(self, i):
        del self.home.fighters[i]
        self.home.save()
        self.build()

    def resumed(self):
        self.build()


class Builder(Screen):
    """Name and four stats. Ruling: a points-left counter; a stat cannot go
    above 9 or below 2, raising one needs a point left (the sum never passes
    24), and Save is refused until exactly 24 are spent."""

    ROWS = 6  # name, P, T, A, S, save

    def __init__(self, app, home, index):
        Screen.__init__(self, app)
        self.home = home
        self.index = index  # -1: a new fighter
        if index >= 0:
            name, build = home.fighters[index]
        else:
            name, build = None, (6, 6, 6, 6)
        self.stats = list(build)
        self.name_i = -1
        self.name = name if name is not None else self._next_name(0, 1)
        self.row = 0
        self.editing = False

    def left(self):
        return arena.STAT_TOTAL - sum(self.stats)

    def _taken(self, name):
        i = R.find(self.home.fighters, name)
        return i >= 0 and i != self.index

    def _next_name(self, start, step):
        n = len(NAMES)
        for k in range(n):
            i = (start + step * k) % n
            if not self._taken(NAMES[i]):
                self.name_i = i
                return NAMES[i]
        return self.name

    def change(self, step):
        """UP/DOWN while editing the selected row."""
        r = self.row
        if r == 0:
            self.name = self._next_name(self.name_i + step, step)
        elif 1 <= r <= 4:
            v = self.stats[r - 1] + step
            if arena.STAT_MIN <= v <= arena.STAT_MAX and (step < 0 or self.left() > 0):
                self.stats[r - 1] = v

    def _set_name(self, name):
        self.name = name
        self.app.redraw()

    def save(self):
        app = self.app
        if self.left() != 0:
            app.push(Message(app, t("error"), t("sum_bad") % self.left()))
            return
        if self._taken(self.name):
            app.push(Message(app, t("error"), t("name_taken") % self.name))
            return
        entry = (self.name, arena.check_build(self.stats))
        fighters = self.home.fighters
        if self.index >= 0:
            fighters[self.index] = entry
        elif len(fighters) >= R.MAX:
            app.push(Message(app, t("error"), t("full") % R.MAX))
            return
        else:
            fighters.append(entry)
        app.pop()
        self.home.save()

    def button(self, b, ev, now):
        app = self.app
        if b in (B.UP, B.DOWN) and ev in (B.PRESS, B.REPEAT):
            step = 1 if b == B.UP else -1
            if self.editing:
                self.change(step)
            else:
                self.row = (self.row - step) % self.ROWS
            app.redraw()
        elif b == B.OK and ev == B.CLICK:
            if self.row == self.ROWS - 1:
                self.save()
            else:
                self.editing = not self.editing
                app.redraw()
        elif b == B.OK and ev == B.LONG and self.row == 0:
            self.editing = False
            app.push(NameEditor(app, self.name, self._set_name))
        elif b == B.BACK and ev == B.CLICK:
            if self.editing:
                self.editing = False
                app.redraw()
            else:
                app.pop()

    def draw(self, c):
        draw.header(c, self.name, t("left") % self.left())
        for r in range(self.ROWS):
            y = 10 + r * 9
            if r == 0:
                label, value = t("name"), self.name
            elif r < 5:
                label, value = stat(r - 1), str(self.stats[r - 1])
            else:
                label, value = t("save"), ""
            color = 1
            if r == self.row:
                c.fill_rect(0, y, 128, 9, 1)
                color = 0
            text.draw(c, label, 2, y + 1, text.SMALL, color)
            if value:
                shown = "< %s >" % value if r == self.row and self.editing else value
                text.draw(c, shown, 126 - text.width(shown), y + 1, text.SMALL, color)


class NameEditor(Screen):
    """A name letter by letter: UP/DOWN change the letter, OK goes on to the
    next, BACK goes back; a long OK ends the name at the cursor."""

    LETTERS = " ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-"
    MAX = 12  # core/arena.check_name

    def __init__(self, app, name, on_done):
        Screen.__init__(self, app)
        self.chars = [ch if ch in self.LETTERS else "A" for ch in name[: self.MAX]] or ["A"]
        self.pos = 0
        self.on_done = on_done

    def button(self, b, ev, now):
        app = self.app
        if b in (B.UP, B.DOWN) and ev in (B.PRESS, B.REPEAT):
            i = self.LETTERS.find(self.chars[self.pos])
            self.chars[self.pos] = self.LETTERS[(i + (1 if b == B.UP else -1)) % len(self.LETTERS)]
            app.redraw()
        elif b == B.OK and ev == B.CLICK and self.pos + 1 < self.MAX:
            self.pos += 1
            if self.pos == len(self.chars):
                self.chars.append("a")
            app.redraw()
        elif b == B.OK and ev == B.LONG:
            name = "".join(self.chars[: self.pos + 1]).strip()
            app.pop()
            if name:
                self.on_done(name)
        elif b == B.BACK and ev == B.CLICK:
            if self.pos:
                self.pos -= 1
                app.redraw()
            else:
                app.pop()

    def draw(self, c):
        draw.header(c, t("name"), "%d/%d" % (self.pos + 1, self.MAX))
        adv = text.MEDIUM.advance
        shift = max(0, (self.pos + 1) * adv - 126)  # keep the cursor on screen
        for i in range(len(self.chars)):
            x = 2 + i * adv - shift
            if -adv < x < 128:
                text.draw(c, self.chars[i], x, 20, text.MEDIUM)
            if i == self.pos:
                c.fill_rect(x, 38, adv - 2, 2, 1)
        text.draw_center(c, t("name_hint"), 46)
        text.draw_center(c, t("name_hint2"), 55)


class Pick(Menu):
    """Pick one fighter from the roster."""

    def __init__(self, app, home, title, on_pick):
        items = []
        for i in range(len(home.fighters)):
            name, build = home.fighters[i]
            items.append(("%-9s %s" % (name[:9], _build_text(build)), self._picker(i)))
        Menu.__init__(self, app, title, items)
        self.on_pick = on_pick

    def _picker(self, i):
        def pick():
            self.app.pop()
            self.on_pick(i)

        return pick


class Rulings(Menu):
    """Each ruling option of the core with its value; OK cycles it."""

    def __init__(self, app, home):
        self.home = home
        Menu.__init__(self, app, t("rules"), [])
        self.build()

    def value(self, name, default):
        return self.home.rules.get(name, default)

    def build(self):
        items = []
        for name, default, allowed in RULES:
            v = self.value(name, default)
            shown = ("yes" if v else "no") if allowed is bool else v
            items.append(("%s: %s" % (name, shown), self._cycler(name, default, allowed)))
        self.items = items

    def _cycler(self, name, default, allowed):
        def cycle():
            v = self.value(name, default)
            v = (not v) if allowed is bool else allowed[(allowed.index(v) + 1) % len(allowed)]
            if v == default:
                self.home.rules.pop(name, None)
            else:
                self.home.rules[name] = v
            self.build()
            self.app.redraw()

        return cycle


class _SetUp(Menu):
    """Shared rows of the duel and cup set-ups: health, rulings, start."""

    def __init__(self, app, home, title):
        self.home = home
        Menu.__init__(self, app, title, [])

    def common_rows(self, items):
        home = self.home
        app = self.app
        items.append(("%s: %d" % (t("health"), home.health), lambda: app.push(
            NumberPicker(app, t("health"), home.health, 1, 99, self._set_health))))
        items.append((t("rules") + "...", lambda: app.push(Rulings(app, home))))
        items.append((t("start"), self.start_fight))
        self.items = items
        self.sel = min(self.sel, len(items) - 1)

    def _set_health(self, value):
        self.home.health = value
        self.build()

    def resumed(self):
        self.build()

    def launch(self, rec):
        try:
            screen = _play().screen_for(self.app, rec)
        except (ValueError, MemoryError) as e:
            self.app.push(Message(self.app, t("error"), str(e)))
            return
        self.app.push(screen)


class DuelSetUp(_SetUp):
    def __init__(self, app, home):
        _SetUp.__init__(self, app, home, t("duel"))
        n = len(home.fighters)
        self.pair = [0, 1 if n > 1 else 0]
        self.build()

    def build(self):
        items = []
        fighters = self.home.fighters
        for side in (0, 1):
            i = self.pair[side]
            name = fighters[i][0] if i < len(fighters) else "-"
            items.append(("%s: %s" % ("AB"[side], name), self._chooser(side)))
        self.common_rows(items)

    def _chooser(self, side):
        def choose():
            if self.home.fighters:
                self.app.push(Pick(self.app, self.home, "AB"[side], lambda i: self._set(side, i)))

        return choose

    def _set(self, side, i):
        self.pair[side] = i
        self.build()

    def start_fight(self):
        fighters = self.home.fighters
        if len(fighters) < 1 or max(self.pair) >= len(fighters):
            self.app.push(Message(self.app, t("error"), t("pick_more") % 2))
            return
        a = fighters[self.pair[0]]
        b = fighters[self.pair[1]]
        opts = self.home.options()
        opts["a"] = list(a[1])
        opts["b"] = list(b[1])
        opts["a_name"] = a[0]
        opts["b_name"] = b[0]
        self.launch(_record.Record(arena.RULESET, opts, self.app.new_seed()))


class CupSetUp(_SetUp):
    def __init__(self, app, home):
        _SetUp.__init__(self, app, home, t("cup"))
        self.size = 4
        self.picked = []  # roster indices in bracket order
        self.build()

    def build(self):
        app = self.app
        items = [
            ("%s: %d" % (t("size"), self.size), self._toggle_size),
            (t("pick") % (len(self.picked), self.size), lambda: app.push(Checklist(app, self))),
        ]
        self.common_rows(items)

    def _toggle_size(self):
        self.size = 12 - self.size  # 4 <-> 8
        del self.picked[self.size:]
        self.build()

    def start_fight(self):
        if len(self.picked) != self.size:
            self.app.push(Message(self.app, t("error"), t("pick_more") % self.size))
            return
        fighters = self.home.fighters
        opts = self.home.options()
        opts["fighters"] = [[fighters[i][0], list(fighters[i][1])] for i in self.picked]
        self.launch(_record.Record("arena_cup", opts, self.app.new_seed()))  # core/arena_cup.py loads with the fight


class Checklist(Menu):
    """OK adds a fighter to the bracket (its number is its place) or takes it out."""

    def __init__(self, app, setup):
        self.setup = setup
        Menu.__init__(self, app, "", [])
        self.build()

    def build(self):
        items = []
        fighters = self.setup.home.fighters
        for i in range(len(fighters)):
            k = self.setup.picked.index(i) + 1 if i in self.setup.picked else 0
            items.append(("%s %s" % (str(k) if k else "-", fighters[i][0]), self._toggler(i)))
        self.items = items
        self.title = t("pick") % (len(self.setup.picked), self.setup.size)

    def _toggler(self, i):
        def toggle():
            picked = self.setup.picked
            if i in picked:
                picked.remove(i)
            elif len(picked) < self.setup.size:
                picked.append(i)
            self.build()
            self.app.redraw()

        return toggle
