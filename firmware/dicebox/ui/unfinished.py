"""Labels for fights left unfinished, and keeping the one in current.json.

Loaded only when a fight is left or another would write over it: Home shows
the labels the files carry and never replays a record to make one.
"""
from dicebox.core import record as _record
from dicebox.core.game import RecordError
from dicebox.ui import lang
from dicebox.ui.lang import t


def label_of(rec):
    """A fight's label from its record alone: "Title Bout, 37 inputs"."""
    return "%s, %d %s" % (t(rec.ruleset), len(rec.inputs), "ходов" if lang.LANG[0] == "ru" else "inputs")


def keep(app, rec=None):
    """Before a new fight (`rec`) can write current.json: a fight still in it
    is kept unfinished, labelled from its record, never written over (the
    same fight saved before a restart is not another)."""
    store = app.store
    text = store.current()
    if text is None or (rec is not None and text == rec.dumps()):
        return
    try:
        label = label_of(_record.loads(text, "current fight"))
    except (RecordError, ValueError) as e:
        store.set_aside("current.json", "could not be resumed (%s)" % e)
        return
    text = None
    _kept(store, label, None)


def resume(app, name):
    """Home's row of a kept fight: it becomes current.json (a fight there is
    kept first), then opens as after a power cut."""
    from dicebox.ui import home

    store = app.store
    keep(app)
    if store.unpark(name):
        return home.resume_current(app)
    store.set_aside(name, "cannot be read")
    return False


def ask_delete(home):
    """Long OK on Home: on a kept fight's row, asked, naming it, before it goes."""
    from dicebox.ui.app import Confirm

    store = home.app.store
    kept = store.unfinished()
    k = home.sel - (1 if store.has_current() else 0)  # the kept rows follow "Resume fight"
    if not 0 <= k < len(kept) or home.items[home.sel][0] != "\u25b6 " + kept[k][1]:
        return
    name, label = kept[k]

    def gone():
        home.app.store.remove(name)
        home.build()

    home.app.push(Confirm(home.app, "Удалить навсегда?" if lang.LANG[0] == "ru" else "Delete it for good?", label, gone))


def left(screen):
    """The fight on screen, left: kept under its screen's label (progress()),
    or one from its record. A flash too full for the copy leaves it in
    current.json, still offered as "Resume fight"."""
    session = screen.session
    label = screen.progress() if hasattr(screen, "progress") else label_of(session.rec)
    try:
        _kept(session.app.store, label, session.rec.parts())
    except OSError:
        pass
    screen.app.pop()


def _kept(store, label, parts):
    while True:
        try:
            store.park_current(label, parts)
            return
        except OSError as e:
            if not store.make_room(e):
                raise  # current.json stays: the fight is still there, as "Resume fight"
