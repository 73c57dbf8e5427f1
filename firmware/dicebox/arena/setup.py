"""Arena mode: the set-up of a duel, a cup or a story. A fight replaces the menu and the set-up,
which come back as they were when it is left (restore); options picked here (health, rulings)
last while the box is on, the fighters live on flash (roster.py)."""

from dicebox import load, preload
from dicebox.core import record as _record
from dicebox.core.compat import const
from dicebox.ui.app import Menu, Message
from dicebox.arena.text import arena_label
from dicebox import drop
from dicebox.ui.text import non_ascii

# the roster screens and pickers, and the fighters file's code: loaded while
# one is open (or the file is read or written), not while a fight runs
_EDIT = const(("dicebox.arena.edit", "dicebox.arena.roster", "dicebox.arena.edit_ru"))


def _roster():
    from dicebox.arena import roster as arena_roster

    return arena_roster


# the fight's code: unloaded when the set-up comes back (the next fight loads it again)
_PLAY = ("dicebox.arena.play", "dicebox.arena.marker", "dicebox.arena.bracket", "dicebox.ui.fight", "dicebox.ui.session",
         "dicebox.arena.cup", "dicebox.arena.words", "dicebox.arena.words_ru", "dicebox.arena.describe", "dicebox.ui.why_ru",
         "dicebox.arena.story", "dicebox.arena.story_play", "dicebox.arena.story_fight", "dicebox.arena.story_text",
         "dicebox.arena.story_ru")


def _edit():
    from dicebox.arena import edit as arena_edit

    return arena_edit


def _play():
    from dicebox.arena import play as arena_play

    return arena_play


def start(app):
    menu = ArenaMenu(app)
    names = [f[0] for f in menu.fighters]
    said = None
    if non_ascii(names):
        from dicebox.ui import letters  # names with letters the box draws otherwise: said once

        said = letters.notice(app, names)
        drop(("dicebox.ui.letters",))
    if menu.error is None and said is None:
        return menu
    app.push(menu)
    if menu.error is None:
        return Message(app, said[0], said[1])
    if said:
        app.push(Message(app, said[0], said[1]))
    return Message(app, arena_label("roster_error"), menu.error)


def screen_for(app, rec):
    if rec.ruleset == "arena_story":  # its card or tale needs none of the fight screen's code
        from dicebox.arena import story_play

        return story_play.screen_for(app, rec)
    return _play().screen_for(app, rec)


# The rules core, loaded while the menu or a set-up waits for a press (as Title
# Bout's set-up loads its fight's code), then its words: Start then loads the fight screen's code only.
# The roster's screens load it too; it leaves with the mode.
_PRELOAD = const(("dicebox.arena.rules", "dicebox.arena.words"))


def _preload(screen, now):
    if screen.waiting(now):
        preload(_PRELOAD)


class ArenaMenu(Menu):
    def __init__(self, app):
        self.fighters, self.error = _roster().load(app.store)
        drop(_EDIT)
        self.health = 10
        self.rules = {}  # ruling options that differ from the default
        Menu.__init__(self, app, arena_label("arena"), [
            (arena_label("duel"), lambda: app.push(DuelSetUp(app, self))),
            (arena_label("cup"), lambda: app.push(CupSetUp(app, self))),
            (arena_label("fighters"), lambda: app.push(_edit().RosterScreen(app, self))),
            (arena_label("story"), lambda: app.push(StorySetUp(app, self))),
        ])

    def save(self):
        """Write the roster; a full or failing flash is one line on screen."""
        try:
            _roster().save(self.app.store, self.fighters)
        except (OSError, ValueError) as e:
            self.app.push(Message(self.app, arena_label("error"), "%s: %s" % (_roster().NAME, e)))

    def resumed(self):
        drop(_EDIT)  # back from the roster: the editors leave the heap

    def tick(self, now):
        _preload(self, now)
        return Menu.tick(self, now)

    def options(self):
        opts = {"health": self.health}
        for name in self.rules:
            opts[name] = self.rules[name]
        return opts


class _SetUp(Menu):
    """Shared rows of the duel and cup set-ups: health, rulings, start."""

    def __init__(self, app, home, title):
        self.home = home
        Menu.__init__(self, app, title, [])

    def tick(self, now):
        _preload(self, now)
        return Menu.tick(self, now)

    def common_rows(self, items):
        home = self.home
        app = self.app
        items.append(("%s: %d" % (arena_label("health"), home.health), self._pick_health))
        items.append((arena_label("rules") + "...", lambda: app.push(_edit().Rulings(app, home))))
        items.append((arena_label("start"), self.start_fight))
        self.items = items
        self.sel = min(self.sel, len(items) - 1)

    def _pick_health(self):
        from dicebox.ui.pickers import NumberPicker  # here, not at the top: the menu opens sooner

        self.app.push(NumberPicker(self.app, arena_label("health"), self.home.health, 1, 99, self._set_health))

    def _set_health(self, value):
        self.home.health = value
        self.build()

    def resumed(self):
        drop(_EDIT)  # back from a picker or the rulings
        self.build()

    def launch(self, rec):
        app = self.app
        try:
            screen = screen_for(app, rec)
        except (ValueError, MemoryError) as e:
            app.push(Message(app, arena_label("error"), str(e)))
            return
        # The fight runs without the set-up: the menu and this screen leave the
        # stack (and this module the heap) for a marker that rebuilds them, as
        # they were, when the fight is left (restore below).
        home = self.home
        kind = (DuelSetUp, CupSetUp, StorySetUp).index(type(self))
        state = (home.health, home.rules, home.sel, home.first, kind, self.sel, self.first, self.choice())
        del app.stack[app.stack.index(home):]
        from dicebox.arena.marker import SetUpMarker

        app.push(SetUpMarker(app, __name__, state))  # its restore() below
        app.push(screen)
        drop(("dicebox.arena.setup",))


def restore(app, state):
    """The menu and the set-up a fight was started from, in place of its marker."""
    health, rules, sel, first, kind, setup_sel, setup_first, choice = state
    drop(_PLAY)  # the set-up runs without the fight's code (the next fight loads it again)
    menu = ArenaMenu(app)
    menu.health, menu.rules, menu.sel, menu.first = health, rules, sel, first
    app.replace(menu)
    setup = (DuelSetUp, CupSetUp, StorySetUp)[kind](app, menu)
    setup.restore(choice)
    setup.sel, setup.first = setup_sel, setup_first
    app.push(setup)


class DuelSetUp(_SetUp):
    def __init__(self, app, home):
        _SetUp.__init__(self, app, home, arena_label("duel"))
        n = len(home.fighters)
        self.pair = [0, 1 if n > 1 else 0]
        self.build()

    def build(self):
        items = []
        fighters = self.home.fighters
        for side in (0, 1):
            i = self.pair[side]
            name = fighters[i][0] if i < len(fighters) else "-"
            items.append(("%s: %s" % (arena_label("sides")[side], name), self._chooser(side)))
        self.common_rows(items)

    def _chooser(self, side):
        def choose():
            if self.home.fighters:
                self.app.push(_edit().Pick(self.app, self.home, arena_label("sides")[side], lambda i: self._set(side, i)))

        return choose

    def _set(self, side, i):
        self.pair[side] = i
        self.build()

    def choice(self):
        return self.pair

    def restore(self, pair):
        self.pair = pair
        self.build()

    def start_fight(self):
        fighters = self.home.fighters
        if len(fighters) < 1 or max(self.pair) >= len(fighters):
            self.app.push(Message(self.app, arena_label("error"), arena_label("pick_more") % 2))
            return
        a = fighters[self.pair[0]]
        b = fighters[self.pair[1]]
        opts = self.home.options()
        opts["a"] = list(a[1])
        opts["b"] = list(b[1])
        opts["a_name"] = a[0]
        opts["b_name"] = b[0]
        self.launch(_record.Record("arena", opts, self.app.new_seed()))  # arena/rules.py loads with the fight


class CupSetUp(_SetUp):
    def __init__(self, app, home):
        _SetUp.__init__(self, app, home, arena_label("cup"))
        self.size = 4
        self.picked = []  # roster indices in bracket order
        self.build()

    def build(self):
        app = self.app
        items = [
            ("%s: %d" % (arena_label("size"), self.size), self._toggle_size),
            (arena_label("pick") % (len(self.picked), self.size), lambda: app.push(_edit().Checklist(app, self))),
        ]
        self.common_rows(items)

    def _toggle_size(self):
        self.size = 12 - self.size  # 4 <-> 8
        del self.picked[self.size:]
        self.build()

    def choice(self):
        return self.size, self.picked

    def restore(self, choice):
        self.size, self.picked = choice
        self.build()

    def start_fight(self):
        if len(self.picked) != self.size:
            self.app.push(Message(self.app, arena_label("error"), arena_label("pick_more") % self.size))
            return
        fighters = self.home.fighters
        opts = self.home.options()
        opts["fighters"] = [[fighters[i][0], list(fighters[i][1])] for i in self.picked]
        self.launch(_record.Record("arena_cup", opts, self.app.new_seed()))  # arena/cup.py loads with the fight


class StorySetUp(_SetUp):
    """A story (arena/story.py): the fighter from the roster, then Start. The
    ladder comes from the seed (Settings: fixed or hardware), as a fight's dice."""

    def __init__(self, app, home):
        _SetUp.__init__(self, app, home, arena_label("story"))
        self.pick = 0
        self.build()

    def build(self):
        fighters = self.home.fighters
        name = fighters[self.pick][0] if self.pick < len(fighters) else "-"
        self.items = [
            ("%s: %s" % (arena_label("fighter"), name), self._choose),
            (arena_label("start"), self.start_fight),
        ]
        self.sel = min(self.sel, 1)

    def _choose(self):
        if self.home.fighters:
            self.app.push(_edit().Pick(self.app, self.home, arena_label("fighter"), self._set))

    def _set(self, i):
        self.pick = i
        self.build()

    def choice(self):
        return self.pick

    def restore(self, pick):
        self.pick = pick
        self.build()

    def start_fight(self):
        fighters = self.home.fighters
        if self.pick >= len(fighters):
            self.app.push(Message(self.app, arena_label("error"), arena_label("pick_more") % 1))
            return
        name, build = fighters[self.pick]
        self.launch(_record.Record("arena_story", {"fighter": [name, list(build)]}, self.app.new_seed()))
