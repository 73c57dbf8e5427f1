"""Fights left unfinished (labelled, saved, resumed, deleted) and History's other rare screens
(pins, deletes, a fold's list): one module (each module's name is interned for good), loaded for
the call only; Home shows the labels the files carry and never replays a record to make one."""
from dicebox.core import record as _record
from dicebox.core.game import RecordError
from dicebox.ui import draw, lang, text
from dicebox.ui.app import Confirm, Menu
from dicebox.ui.lang import label


def name_of(rec):
    """A fight's label from its record alone: "Title Bout, 37 inputs"."""
    # whole formats: a short literal would be one more name interned for good
    return ("%s, %d ходов" if lang.LANG[0] == "ru" else "%s, %d inputs") % (label(rec.ruleset), len(rec.inputs))


def kept_label(head, a, b, tail=""):
    """Home's row for a fight left unfinished, "head a-b tail" ("TB R3 Kid-Brandt 3-12"), the names
    cut so that the row up to them is seen whole; the tail is read as the selected row scrolls."""
    room = (draw.ROW_TEXT_W + 1) // text.SMALL.advance - 4 - len(head)  # "\u25b6 ", the spaces, the dash
    while len(a) + len(b) > max(room, 2):
        if len(a) > len(b):  # the longer name gives first
            a = a[:-1]
        else:
            b = b[:-1]
    return "%s %s-%s%s" % (head, a, b, " " + tail if tail else "")


def save_current(app, rec=None):
    """Before a new fight (`rec`) writes current.json, a fight still in it is kept unfinished, never
    written over (the same fight saved before a restart is not another)."""
    store = app.store
    text = store.current()
    if text is None:
        return
    try:
        old = _record.loads(text, "current fight")
    except (RecordError, ValueError) as e:
        store.set_aside("current.json", "could not be resumed (%s)" % e)
        return
    text = None
    if not old.inputs or rec is not None and old.dumps() == rec.dumps():
        return  # nothing played in it; or the same fight, written another way (a file from elsewhere)
    label = name_of(old)
    old = None
    save(store, label, None)


def resume(app, name):
    """Home's row of a kept fight: it becomes current.json, then opens as after a power cut."""
    from dicebox.ui import home

    store = app.store
    save_current(app)
    if store.resume(name):
        return home.resume_current(app)
    store.set_aside(name, "cannot be read")
    return False


def delete(home):
    """Long OK on Home: on a kept fight's row, asked, naming it, before it goes."""
    store = home.app.store
    kept = store.unfinished()
    k = home.sel - (1 if store.has_current() else 0)  # the kept rows follow "Resume fight"
    if not 0 <= k < len(kept) or home.items[home.sel][0] != "\u25b6 " + kept[k][1]:
        return
    name, label = kept[k]

    def fn():
        home.app.store.remove(name)
        home.build()

    home.app.push(Confirm(home.app, "Удалить навсегда?" if lang.LANG[0] == "ru" else "Delete for good?", label, fn))


def leave(screen):
    """The fight on screen, left: kept under its screen's label (progress()); a flash too full for the
    copy leaves it in current.json, still offered as "Resume fight"."""
    session = screen.session
    label = screen.progress() if hasattr(screen, "progress") else name_of(session.rec)
    store = session.app.store
    text = None
    if getattr(session, "saved", False):
        # the kept copy is current.json's text, not the record made into text again (the slow part)
        try:
            text = store.current()
        except MemoryError:
            pass
    try:
        save(store, label, (text,) if text is not None else session.rec.parts())
    except OSError:
        pass
    text = None
    screen.app.pop()
    if hasattr(screen, "kept"):
        screen.kept()  # what the screen keeps of its own (Title Bout: the frame it shows), after Home's frame


def save(store, label, parts):
    while True:
        try:
            store.put(label, parts)
            return
        except OSError as e:
            if not store.make_room(e):
                raise  # current.json stays: the fight is still there, as "Resume fight"


# History ---------------------------------------------------------------------
def ask_words(i):
    """This screen's i-th words, English or Russian: not on the boot heap in lang.py, and each
    over 10 bytes, so none is interned."""
    return (("Pin (never deleted)", "Закрепить"), ("Unpin this entry", "Открепить"), ("Delete this entry", "Удалить"),
            ("Delete for good?", "Удалить навсегда?"))[i][1 if lang.LANG[0] == "ru" else 0]


def ask(history, entry):
    """Long OK on History's row `entry` (id, pinned, label): pin/unpin or delete, asked."""
    ident, pinned, label = entry
    app = history.app

    def fn():
        app.pop()
        app.store.pin(ident, not pinned)
        history.build()

    def delete():
        app.store.delete(ident)
        history.build()

    app.push(Menu(app, label, [
        (ask_words(1) if pinned else ask_words(0), fn),
        (ask_words(2), lambda: app.replace(Confirm(app, ask_words(3), label, delete))),
    ]))


def open(app, ident):
    """History's row of a fold: one mode's small procedures of one power-on, newest first."""
    items = []
    names = app.store.items(ident)
    for k in range(len(names) - 1, -1, -1):
        items.append((names[k], _opener(app, ident, k)))
    app.push(Menu(app, label("history"), items))


def _opener(app, ident, i):
    from dicebox.ui.history import Transcript  # loaded with History already

    return lambda: app.push(Transcript(app, ident, i))
