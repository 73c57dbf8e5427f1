"""The main menu and the ways back into the fights left unfinished."""
import sys

from dicebox import buttons
from dicebox import call_once, drop_all, load, pin, pin_task
from dicebox.core import record as _record
from dicebox.core.game import RecordError
from dicebox import modes
from dicebox.modes import OPENS, PLAYS, mode_of, module, tasks
from dicebox.ui.app import Menu, Message
from dicebox.ui.lang import label


def open_fight(app, rec):
    """The screen that plays a record of this ruleset (the one in current.json)."""
    screen = load(module(mode_of(rec.ruleset), PLAYS)).screen_for(app, rec)
    if getattr(screen, "done", False) and rec.inputs:
        screen.finish_resumed()
    return screen


def _opens(name):
    """Home opens module `name`: the background tasks hear it before the mode's code breaks up the heap."""
    for task in _HOME[0].tasks:
        task.mode_opens(name)


def resume_current(app):
    """Open the unfinished fight saved before a power cut; True if there was one."""
    text = app.store.current()
    if text is None:
        return False
    try:
        rec = _record.loads(text, "current fight")
        text = None  # not held through the replay
        _opens(module(mode_of(rec.ruleset), OPENS))
        app.push(open_fight(app, rec))
        return True
    except (RecordError, ValueError) as e:
        # kept for inspection (a firmware update may have changed a rule), never deleted
        app.store.set_aside("current.json", "could not be resumed (%s)" % e)
        return False


_HOME = [None]  # the Home screen, for the background tasks


def boot(app, now):
    """The device loop starts `app`: Home, and over it the fight a power cut left (True if one)."""
    app.last_input = now
    app.apply_settings(app.store.settings(), save=False)
    app.stack = [Home(app)]
    resumed = resume_current(app)
    app.show_notices()
    return resumed


def close(app):
    """The device loop lets `app` go (an error): its Home is forgotten too, so its screens leave the
    heap at once, for a save that found no room (Store.write_text)."""
    if _HOME[0] is not None and _HOME[0].app is app:
        _HOME[0] = None
        pin(())
    del app.stack[:]  # in place: the loop calls this on a full heap


class Home(Menu):
    def __init__(self, app):
        Menu.__init__(self, app, "dicebox", [])
        self.tasks = []
        self.was = None  # the chosen row's label while the rows are gone (open_mode)
        # taken before a saved background task loads: its modules are a mode's, and go
        # once the task ends (taken after, they would stay until the next power cut)
        self.boot_modules = tuple(sys.modules)  # what boot needs; the rest is a mode's
        pin(self.boot_modules)
        # before a task loads: an App booted again after an error would otherwise load
        # it while the old App (its fight, its screens) is still held here
        _HOME[0] = self
        for name, marker in tasks():
            if app.store.exists(marker):  # the loader reads it
                task = load(name).load(app)
                if task is not None:
                    self.add_task(task)
        self.build()

    def add_task(self, task):
        """Tick task in the background; its modules stay loaded while it runs (dropped, they would load
        a second copy)."""
        self.tasks.append(task)
        pin_task(task)

    def replace_task(self, old, new):
        """new in old's place (a wound session woken or asleep again): only new's modules stay pinned."""
        self.tasks[self.tasks.index(old)] = new
        pin(self.boot_modules)
        for task in self.tasks:
            pin_task(task)

    def remove_task(self, task):
        if task in self.tasks:
            self.tasks.remove(task)
        if not self.tasks:
            pin(self.boot_modules)

    def tick(self, now):
        for task in self.tasks:
            task.tick(now)
        return Menu.tick(self, now)  # a kept fight's long label scrolls, as History's rows

    def build(self):
        items = []
        app = self.app
        if app.store.has_current():
            items.append((label("resume"), lambda: resume_current(app)))
        for name, kept in app.store.unfinished():  # rows unfinished.delete finds again
            items.append(("\u25b6 " + kept, lambda n=name: call_once("dicebox.ui.unfinished", "resume", app, n)))
        for mode in modes.MODES:
            items.append((label(mode[0]), self._opener(module(mode, OPENS))))
        items.append((label("history"), lambda: app.push(load("dicebox.ui.history").History(app))))
        items.append((label("settings"), lambda: app.push(load("dicebox.ui.settings_ui").SettingsScreen(app))))
        was = self.items[self.sel][0] if self.sel < len(self.items) else self.was
        self.items = items
        self.right = label("wounds_on") if self.tasks else ""  # a wound session runs in the background
        if app.power is not None:
            self.right += "   "  # room for the battery's icon (App.render)
        self.sel = min(self.sel, len(items) - 1)
        for i in range(len(items)):
            if items[i][0] == was:  # the row it was on, though kept fights came or went above it
                self.sel = i

    def _opener(self, name):
        return lambda: self.open_mode(name)

    def open_mode(self, name):
        app = self.app
        # the rows leave the heap while the mode runs (resumed() builds them), the chosen one's label
        # kept to find its row again
        self.was = self.items[self.sel][0]
        self.items = []
        try:
            _opens(name)
            app.push(load(name).start(app))
        except (RecordError, ValueError, OSError) as e:
            app.push(Message(app, label("error"), str(e)))

    def resumed(self):
        # back on the menu: labels follow the language, Resume appears/disappears
        drop_all()
        self.build()

    def button(self, b, ev, now):
        if b == buttons.BACK:
            return  # the home screen has nowhere to go back to
        if b == buttons.OK and ev == buttons.LONG:
            call_once("dicebox.ui.unfinished", "delete", self)
            return
        Menu.button(self, b, ev, now)
