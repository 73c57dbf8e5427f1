"""Arena screens opened from the set-up (the roster, the fighter builder, the fighter and bracket
pickers, the rulings), loaded while one is open, so a fight runs without them."""
from dicebox.arena import roster
from dicebox import buttons
from dicebox.arena import rules as arena
from dicebox.ui import draw, lang, name_editor, text
from dicebox.ui.app import Confirm, Menu, Message, Screen
from dicebox.arena.text import stat, arena_label

# Name presets for new fighters (UP/DOWN on the Name row); taken names are skipped.
NAMES = ("Ash", "Blaze", "Frost", "Storm", "Viper", "Golem", "Raven", "Titan",
         "Onyx", "Rook", "Sable", "Jade", "Ember", "Flint", "Nova", "Kite") + tuple(n for n, _ in roster.DEFAULTS)
RULES = tuple(o for o in arena.OPTIONS if o[0] not in ("a", "b", "a_name", "b_name", "health"))

# The rulings screen's words: an option's name, then "name=value" for each value (bools: =no,
# =yes); Russian in edit_ru.py. A row is at most 20 characters: "label: value".
_TABLE = (
    "\nstun\tStun"
    "\nstun=harder\ttarget -1"
    "\nstun=literal\troll -1"
    "\neffects\tStun/KB"
    "\neffects=table\tmove table"
    "\neffects=text\trules text"
    "\neffects=both\tboth"
    "\nlower\tLower"
    "\nlower=die\tdie roll"
    "\nlower=margin\tmargin"
    "\npass\tMines"
    "\npass=every\tevery space"
    "\npass=land\tlanding only"
    "\ncrumble\t2nd crumble"
    "\ncrumble=shrink\tshrinks"
    "\ncrumble=once\tnothing"
    "\nvampire_tie\tVampire tie"
    "\nvampire_tie=both\tboth"
    "\nvampire_tie=rolloff\trolloff"
    "\nshare\tMine+crystal"
    "\nshare=no\tapart"
    "\nshare=yes\tshare"
    "\n"
)


def ruling(name, value):
    """One rulings row: the option's label and its value's, in the Settings language."""
    if value is True or value is False:
        value = "yes" if value else "no"
    key = "%s=%s" % (name, value)
    return "%s: %s" % (_rule_word(name), _rule_word(key))


def _rule_word(key):
    s = lang.table_label(key, _TABLE, "dicebox.arena.edit_ru")
    return key if s is None else s  # an option the table does not know yet: its raw name


def _build_text(build):
    return "%d %d %d %d" % (build[0], build[1], build[2], build[3])


class RosterScreen(Menu):
    """The saved fighters; OK on one: edit or delete; the last row adds one."""

    def __init__(self, app, home):
        self.home = home
        Menu.__init__(self, app, arena_label("fighters"), [])
        self.build()

    def build(self):
        items = []
        for i in range(len(self.home.fighters)):
            name, build = self.home.fighters[i]
            items.append(("%-9s %s" % (name[:9], _build_text(build)), self._opener(i)))
        if len(self.home.fighters) < roster.MAX:
            new = "%s (%d/%d)" % (arena_label("new"), len(self.home.fighters), roster.MAX)
            items.append((new, lambda: self.app.push(Builder(self.app, self.home, -1))))
        self.items = items
        self.sel = min(self.sel, len(items) - 1)
        self.first = draw.scroll_first(self.sel, self.first, len(items), draw.rows_visible())

    def draw(self, c):
        Menu.draw(self, c)
        # the stats' initials over their column (a row: 9 letters of name, a space, the stats)
        heads = " ".join(stat(k)[:1] for k in range(4))
        text.draw(c, heads, 2 + 10 * text.SMALL.advance, 1, text.SMALL, 0)

    def _opener(self, i):
        def open_fighter():
            app = self.app
            app.push(Menu(app, self.home.fighters[i][0], [
                (arena_label("edit"), lambda: app.replace(Builder(app, self.home, i))),
                (arena_label("delete"), lambda: app.replace(Confirm(app, arena_label("delete_q"), self.home.fighters[i][0], lambda: self.delete(i)))),
            ]))

        return open_fighter

    def delete(self, i):
        del self.home.fighters[i]
        self.home.save()
        self.build()

    def resumed(self):
        self.build()


class Builder(Screen):
    """Name and four stats, with a points-left counter: each stat 2..9, and Save is refused until
    exactly 24 are spent (the sum never passes 24)."""

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
        i = roster.find(self.home.fighters, name)
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
            app.push(Message(app, arena_label("error"), arena_label("sum_bad") % self.left()))
            return
        if self._taken(self.name):
            app.push(Message(app, arena_label("error"), arena_label("name_taken") % self.name))
            return
        entry = (self.name, arena.check_build(self.stats))
        fighters = self.home.fighters
        if self.index >= 0:
            fighters[self.index] = entry
        elif len(fighters) >= roster.MAX:
            app.push(Message(app, arena_label("error"), arena_label("full") % roster.MAX))
            return
        else:
            fighters.append(entry)
        app.pop()
        self.home.save()

    def button(self, b, ev, now):
        app = self.app
        if b in (buttons.UP, buttons.DOWN) and ev in (buttons.PRESS, buttons.REPEAT):
            step = 1 if b == buttons.UP else -1
            if self.editing:
                self.change(step)
            else:
                self.row = (self.row - step) % self.ROWS
            app.redraw()
        elif b == buttons.OK and ev == buttons.CLICK:
            if self.row == self.ROWS - 1:
                self.save()
            else:
                self.editing = not self.editing
                app.redraw()
        elif b == buttons.OK and ev == buttons.LONG and self.row == 0:
            self.editing = False
            app.push(NameEditor(app, self.name, self._set_name))
        elif b == buttons.BACK and ev == buttons.CLICK:
            if self.editing:
                self.editing = False
                app.redraw()
            else:
                app.pop()

    def draw(self, c):
        draw.header(c, self.name, arena_label("left") % self.left())
        for r in range(self.ROWS):
            y = 10 + r * 9
            if r == 0:
                label, value = arena_label("name"), self.name
            elif r < 5:
                label, value = stat(r - 1), str(self.stats[r - 1])
            else:
                label, value = arena_label("save"), ""
            color = 1
            if r == self.row:
                c.fill_rect(0, y, 128, 9, 1)
                color = 0
            text.draw(c, label, 2, y + 1, text.SMALL, color)
            if value:
                shown = "< %s >" % value if r == self.row and self.editing else value
                text.draw(c, shown, 126 - text.width(shown), y + 1, text.SMALL, color)


class NameEditor(name_editor.NameEditor):
    MAX = 12  # arena/rules.check_name

    def labels(self):
        return arena_label("name"), arena_label("name_hint"), arena_label("name_hint2")


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
        Menu.__init__(self, app, arena_label("rules"), [])
        self.build()

    def value(self, name, default):
        return self.home.rules.get(name, default)

    def build(self):
        items = []
        for name, default, allowed in RULES:
            v = self.value(name, default)
            items.append((ruling(name, v), self._cycler(name, default, allowed)))
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
        self.title = arena_label("pick") % (len(self.setup.picked), self.setup.size)

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
