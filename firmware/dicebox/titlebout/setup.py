"""Title Bout set-up, the mode's entry in Home: each corner's card or "own card", the rounds, the
rulings. The card code and the demo charts are on the heap only while cards are read; Start builds
the game and puts the fight screen (bout.py) in its place, which unloads this module: the fight
runs without the set-up's code, and the other way."""
import sys

from dicebox import call_once, load, preload
from dicebox.core import dice as _dice
from dicebox.core import record as _record
from dicebox.core.compat import const
from dicebox.core.game import RecordError
from dicebox.ui import draw, text
from dicebox.ui.app import Menu, Message
from dicebox import drop, drop_new
from dicebox.ui.lang import label
from dicebox.titlebout.text import titlebout_label

# Loaded to read cards (and to build a game), unloaded once they are read.
_CARD_MODULES = const(("dicebox.titlebout.cards", "dicebox.titlebout.cardlist", "dicebox.titlebout.data", "dicebox.titlebout.demo",
                       "dicebox.core.errtext", "dicebox.titlebout.csvfiles"))
# The built-in chart sets (titlebout/demo.py), the default first; saved bouts may name "demo".
_BUILT_IN = const(("dicebox", "demo"))
_FIGHT_MODULES = const(("dicebox.titlebout.bout", "dicebox.ui.fight", "dicebox.ui.session"))
# The fight's code, loaded while the set-up waits for a press, one module a pass (a press meets
# one import at most), in the imports' own order, so Start finds it loaded. Not bout.py: with it
# the set-up's frames went over the heap budget (docs/benchmarks.md).
_PRELOAD = const(("dicebox.titlebout.play", "dicebox.titlebout.rules", "dicebox.ui.session", "dicebox.ui.fight"))
_RULES_FROM = const(4)  # tb.OPTIONS after red, blue, charts, rounds: assisted and the rulings


# titlebout/rules.py's SIDES, its corners' option names (a test holds them equal):
# the rules core loads at Start or in the rulings, so the set-up opens sooner
_SIDES = const(("red", "blue"))


def _tb():
    from dicebox.titlebout import rules as titlebout

    return titlebout


def _cards():
    from dicebox.titlebout import cards

    return cards


def _list():
    from dicebox.titlebout import cardlist

    return cardlist


def card_dirs(app):
    """Folders holding fighter cards: the platform's (simulator), else the flash's demo and own."""
    cl = _list()
    return getattr(app.platform, "card_dirs", (cl.DEMO, cl.DATA + "/fighters"))


def chart_dirs(app):
    """Folders holding chart sets: the deployed demo sets and the user's own."""
    cl = _list()
    return getattr(app.platform, "chart_dirs", (cl.DEMO + cl.CHARTS, cl.DATA + cl.CHARTS))


def own_dir(app):
    """Where an own fighter's card is saved: the user's card folder."""
    return getattr(app.platform, "own_dir", _list().DATA + "/fighters")


# an own fighter's ratings as asked: key, lowest, highest, where the picker starts
_OWN_RATINGS = const((("agg", 0, 20, 10), ("cf", 1, 20, 10), ("pl", 1, 98, 45), ("hp", 0, 20, 10),
                      ("kdr1", 1, 9, 3), ("kor", 1, 9, 3), ("ki", 0, 20, 5)))


def find_cards(app):
    """(name, path) of every good card and chart file, and one line per bad card file; a chart file,
    and a card's fit to the chart set chosen, are checked at Start."""
    found, errors = _list().index(app.store, card_dirs(app))
    return found, _list().index_charts(chart_dirs(app)), errors


def _ui():
    from dicebox.titlebout import bout as titlebout_ui

    return titlebout_ui


def start(app):
    setup = Setup(app)
    # Home pushes what start() returns: the set-up goes under the notices
    shown = _letters(app, [name for name, _ in setup.found])
    if setup.errors:
        app.push(setup)
        if shown:
            app.push(shown)
        return Message(app, titlebout_label("bad_cards"), "\n".join(setup.errors))
    if shown:
        app.push(setup)
        return shown
    return setup


def _letters(app, names):
    """A notice of the names with letters the box draws otherwise, or None."""
    if not text.non_ascii(names):
        return None
    from dicebox.ui import letters

    said = letters.notice(app, names)
    drop(("dicebox.ui.letters",))
    return Message(app, said[0], said[1]) if said else None


def _pick(app, title, value, lo, hi, done):
    from dicebox.ui.pickers import NumberPicker  # here, not at the top: the set-up opens sooner

    app.push(NumberPicker(app, title, value, lo, hi, done))


class Setup(Menu):
    """Red card, blue card, rounds, start."""

    def __init__(self, app):
        Menu.__init__(self, app, label("titlebout"), [])
        self.found, self.chart_sets, self.errors = find_cards(app)
        drop(_CARD_MODULES)
        n = len(self.found)
        self.pick = [0 if n else n, 1 if n > 1 else n]  # index n is "own card"
        self.chart_pick = 0  # an index of _BUILT_IN, then the chart files
        self.own = [None, None]  # an own fighter's card that could not be saved: this bout's only
        self.rounds = 12
        self.rules = {}  # rule options changed from the documented defaults
        self.read = {}  # path -> the chosen cards, read and checked while the set-up waits (False: a bad file)
        self.loading = True  # until _PRELOAD is loaded: then an idle pass only reads ahead
        last = app.memo.get("titlebout")  # the last Start's choices, this power-on's
        if last is None and app.store.exists("titlebout.json"):  # memo.NAME: its code loads only for a file to read
            last = call_once("dicebox.titlebout.memo", "last", app.store)
        if isinstance(last, dict):
            self.restore(last)
        self.build()

    def restore(self, last):
        """The set-up opening on the last Start's choices where they still are, else the defaults."""
        found = self.found
        for side in (0, 1):
            for k in range(len(found)):
                if found[k][1] == last.get(_SIDES[side]):
                    self.pick[side] = k
        charts = last.get("charts")
        if charts in _BUILT_IN:
            self.chart_pick = _BUILT_IN.index(charts)
        for k in range(len(self.chart_sets)):
            if self.chart_sets[k][1] == charts:
                self.chart_pick = len(_BUILT_IN) + k
        rounds = last.get("rounds")
        if isinstance(rounds, int) and not isinstance(rounds, bool) and 4 <= rounds <= 15:
            self.rounds = rounds
        rules = last.get("rules")
        if isinstance(rules, dict) and rules:
            tb = _tb()  # only when some were changed: the set-up opens without it
            new = dict(tb.NEW_BOUT)
            for k in range(_RULES_FROM, len(tb.OPTIONS)):
                name, default, allowed = tb.OPTIONS[k]
                v = rules.get(name)
                ok = (v is True or v is False) if allowed is bool else isinstance(v, str) and v in allowed
                if ok and v != new.get(name, default):
                    self.rules[name] = v

    def _name(self, side):
        k = self.pick[side]
        if k < len(self.found):
            return self.found[k][0]
        return self.own[side]["name"] if self.own[side] is not None else titlebout_label("own")

    def build(self):
        corners = []
        for side in (0, 1):
            # "Red: Vito Antuofermo"; where that does not fit the row, the surname alone, or the own
            # card without its "(asked)" (the list it is chosen from says it)
            name = self._name(side)
            row = "%s: %s" % (titlebout_label(_SIDES[side]), name)
            if text.width(row) > draw.WIDTH - 5:
                name = name[name.rfind(" ") + 1:] if self.pick[side] < len(self.found) else name.split(" (")[0]
                row = "%s: %s" % (titlebout_label(_SIDES[side]), name)
            corners.append(row)
        self.items = [
            (corners[0], lambda: self.choose(0)),
            (corners[1], lambda: self.choose(1)),
            (self._fit("%s: %s" % (titlebout_label("charts"), self._chart_name())), self.choose_charts),
            ("%s: %d" % (titlebout_label("rounds"), self.rounds), self.ask_rounds),
            ("%s: %s" % (titlebout_label("rules"), "%d %s" % (len(self.rules), titlebout_label("changed")) if self.rules else titlebout_label("as_doc")),
             lambda: self.app.push(Rules(self.app, self.rules))),
            (titlebout_label("start"), self.begin),
        ]
        self.app.redraw()

    def resumed(self):
        self.build()  # back from the rules

    def tick(self, now):
        if self.waiting(now) and not self.read_ahead() and self.loading:
            self.loading = preload(_PRELOAD)
        return Menu.tick(self, now)

    def read_ahead(self):
        """The two cards chosen, read and checked for Start if not yet, the card code loaded for this
        pass only: True if it read. A file that fails is read again at Start, which says why."""
        paths = [self.found[k][1] for k in self.pick if k < len(self.found)]
        for path in paths:
            if path not in self.read:
                break
        else:
            return False
        cards = _cards()
        read = {}
        for path in paths:
            card = self.read.get(path)
            if card is None:
                try:
                    card = cards.load_card(path)
                except (OSError, RecordError):
                    card = False
            read[path] = card
        self.read = read  # the cards no longer chosen go
        cards = None
        drop(_CARD_MODULES)
        return True

    def choose(self, side):
        items = []
        for k in range(len(self.found) + 1):
            items.append((self.found[k][0] if k < len(self.found) else titlebout_label("own"), self._chooser(side, k)))
        menu = Menu(self.app, titlebout_label(_SIDES[side]), items)
        menu.sel = self.pick[side]
        menu.first = draw.scroll_first(menu.sel, 0, len(items), draw.rows_visible())
        self.app.push(menu)

    @staticmethod
    def _fit(row):
        """A row cut to the screen's width (a chart set's own name may be long)."""
        while text.width(row) > draw.WIDTH - 5:
            row = row[:-2] + "."
        return row

    def chart_path(self):
        """The chart set chosen: a built-in set's name, or its file's path."""
        k = self.chart_pick
        b = len(_BUILT_IN)
        return self.chart_sets[k - b][1] if k >= b else _BUILT_IN[k]

    def _chart_name(self, k=None):
        k = self.chart_pick if k is None else k
        b = len(_BUILT_IN)
        return self.chart_sets[k - b][0] if k >= b else _BUILT_IN[k]

    def choose_charts(self):
        items = []
        for k in range(len(_BUILT_IN) + len(self.chart_sets)):
            name = self._chart_name(k)
            items.append((name if k >= len(_BUILT_IN) else "%s (%s)" % (name, titlebout_label("builtin")), self._chart_chooser(k)))
        menu = Menu(self.app, titlebout_label("charts"), items)
        menu.sel = self.chart_pick
        menu.first = draw.scroll_first(menu.sel, 0, len(items), draw.rows_visible())
        self.app.push(menu)

    def _chart_chooser(self, k):
        def chosen():
            self.chart_pick = k
            self.app.pop()
            self.build()

        return chosen

    def _chooser(self, side, k):
        def chosen():
            self.app.pop()
            if k < len(self.found):
                self.pick[side] = k
                self.build()
            else:
                self.own_fighter(side)

        return chosen

    # -- an own fighter: a name, the seven ratings, saved as a card ------------
    def own_fighter(self, side):
        """"own card": the fighter's name, then each rating; the card is saved (ratings only: the box
        asks his punches in the bout) and stays in the list."""
        loaded = tuple(sys.modules)
        from dicebox.ui import name_editor

        class NameEditor(name_editor.NameEditor):
            MAX = 16

            def labels(self):
                return titlebout_label("name"), titlebout_label("name_hint"), titlebout_label("name_hint2")

        def named(name):
            drop_new(loaded)  # the editor's code leaves with it
            self._rating(side, {"name": name}, 0)

        self.app.push(NameEditor(self.app, titlebout_label(_SIDES[side]), named))  # "Красный" in Russian: its letters are offered

    def _rating(self, side, card, i):
        if i == len(_OWN_RATINGS):
            card["punches"] = {}
            self._own_done(side, card)
            return
        key, lo, hi, start = _OWN_RATINGS[i]

        def given(v):
            card[key] = v
            self._rating(side, card, i + 1)

        _pick(self.app, "%s %s" % (card["name"][:10], key.upper()), start, lo, hi, given)

    def _own_done(self, side, card):
        cards = _cards()
        problem = None
        try:
            card = cards.tbdata.check_card(card, card["name"])
            path = cards.save_card(own_dir(self.app), card)
        except (OSError, RecordError) as e:
            path, problem = None, str(e)
        self.own[side] = card
        if path is not None:
            self.found.append((card["name"], path))
            self.pick[side] = len(self.found) - 1
            self.own[side] = None
        else:
            self.pick[side] = len(self.found)  # this bout only
        drop(_CARD_MODULES)
        self.build()
        if problem:
            self.app.push(Message(self.app, label("error"), "%s: %s" % (titlebout_label("not_saved"), problem)))

    def ask_rounds(self):
        _pick(self.app, titlebout_label("rounds"), self.rounds, 4, 15, self._set_rounds)

    def _set_rounds(self, n):
        self.rounds = n
        self.build()

    def options(self):
        """The record's options; a card file gone bad since the list was made raises DataError.
        The cards are checked here, their fit to the charts by the game (no second parse of them)."""
        opts = {"rounds": self.rounds}
        opts.update(_tb().NEW_BOUT)
        opts.update(self.rules)
        charts = None  # a built-in set: the game checks the fit (its parse is the game's)
        k = self.chart_pick
        if k < len(_BUILT_IN):
            opts["charts"] = _BUILT_IN[k]
        else:
            # a chart file goes into the record whole: the bout replays from it alone
            charts = opts["charts"] = _cards().load_charts(self.chart_sets[k - len(_BUILT_IN)][1])
        checked = _tb().CHECKED
        del checked[:]
        for side in (0, 1):
            k = self.pick[side]
            if k < len(self.found):
                # read ahead, or now; its fit to a chart file is the game's check
                card = self.read.get(self.found[k][1]) or _cards().load_card(self.found[k][1], charts)
                checked.append(card)
                opts[_SIDES[side]] = card
            elif self.own[side] is not None:
                checked.append(self.own[side])
                opts[_SIDES[side]] = self.own[side]
            else:
                opts[_SIDES[side]] = None
                opts["assisted"] = True  # the box looks nothing up: it asks
        return opts

    def choices(self):
        """What the next set-up opens on (titlebout/memo.py keeps it)."""
        found = self.found
        sides = [found[k][1] if k < len(found) else None for k in self.pick]  # an own card not saved: this bout's only
        return {"red": sides[0], "blue": sides[1], "charts": self.chart_path(), "rounds": self.rounds, "rules": self.rules}

    def begin(self):
        app = self.app
        # kept for the next set-up: in the memo, and on the flash once the fight's first frame is up
        app.memo["titlebout"] = self.memo = self.choices()
        # The fight's code first: its class and module dicts need the start's largest blocks, found
        # before the cards and the game break up the free heap (after them, a small heap failed).
        _ui()
        try:
            opts = self.options()
        except RecordError as e:
            self._refused(e)
            return
        drop(_CARD_MODULES[:2] + ("dicebox.titlebout.csvfiles",))  # the files are read; the checks stay for the game
        self.open_bout(_record.Record(_tb().RULESET, opts, app.new_seed()))

    def open_bout(self, rec):
        """The game, while the card checks and demo charts it needs are here; then they leave and the
        fight screen takes it. With table dice an AGG tie's dice are asked here, over the set-up."""
        app = self.app
        from dicebox.ui.session import Session

        self.items = ()  # rows and their closures; resumed() builds them again
        try:
            session = Session(app, rec)
        except RecordError as e:
            self._refused(e)
            return
        except _dice.NeedDie as need:
            drop(_CARD_MODULES)  # while the table rolls (the next try loads them again)

            def given(value):
                rec.dice.append(value)
                self.open_bout(rec)  # the picker has gone: the set-up is on top again

            app.push(_ui().roll_off(app, need, given))
            return
        self.found = ()  # the set-up is done with
        drop(_CARD_MODULES)  # the game is built: the checks go before the fight screen is made
        _ui().open_bout(app, rec, replace=self, session=session, memo=self.memo)

    def _refused(self, e):
        """A card file gone bad since the list was made, or not fitting the charts (data.DataError):
        its one line over the set-up, which goes on."""
        drop(_CARD_MODULES + _FIGHT_MODULES)
        self.read = {}  # read again: the file may have changed
        self.loading = True
        del _tb().CHECKED[:]
        msg = str(e)
        for side in (0, 1):
            k = self.pick[side]
            where = "options." + _SIDES[side]
            if msg.startswith(where + ":") and k < len(self.found):
                path = self.found[k][1]
                msg = path[path.rfind("/") + 1:] + msg[len(where):]  # the file's name, as cards.py names it
        self.app.push(Message(self.app, label("error"), msg))


class Rules(Menu):
    """The rulings where tables differ (docs/rules/title-bout.md): OK cycles a value."""

    def __init__(self, app, changed):
        Menu.__init__(self, app, titlebout_label("rules"), [])
        self.changed = changed
        self.build()

    def value(self, name, default):
        return self.changed.get(name, default)

    def build(self):
        items = []
        tb = _tb()
        new = dict(tb.NEW_BOUT)
        for k in range(_RULES_FROM, len(tb.OPTIONS)):
            name, default, allowed = tb.OPTIONS[k]
            default = new.get(name, default)  # what a new bout plays
            v = self.value(name, default)
            shown = (label("on") if v else label("off")) if allowed is bool else titlebout_label("v_" + v)
            items.append(("%s: %s" % (titlebout_label("r_" + name), shown), self._cycler(name, default, allowed)))
        self.items = items
        self.app.redraw()

    def _cycler(self, name, default, allowed):
        def cycle():
            v = self.value(name, default)
            v = (not v) if allowed is bool else allowed[(allowed.index(v) + 1) % len(allowed)]
            if v == default:
                self.changed.pop(name, None)
            else:
                self.changed[name] = v
            self.build()

        return cycle
