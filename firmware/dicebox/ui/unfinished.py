"""Labels for fights left unfinished, and keeping the one in current.json.

Loaded only when a fight is left or another would write over it: Home shows
the labels the files carry and never replays a record to make one.
"""
from dicebox.core import record as _record
from dicebox.core.game import RecordError
from dicebox.ui.lang import t


def label_of(rec):
    """A fight's label from its record alone: "Title Bout, 37 inputs"."""
    return "%s, %d %s" % (t(rec.ruleset), len(rec.inputs), t("inputs"))


def park_file(app):
    """current.json kept as a fight left unfinished, labelled from its record
    (one that does not load is set aside as damaged, as at boot)."""
    store = app.store
    text = store.current()
    if text is None:
        return
    try:
        label = label_of(_record.loads(text, "current fight"))
    except (RecordError, ValueError) as e:
        store.set_aside("current.json", "could not be resumed (%s)" % e)
        return
    text = None
    _kept(store, label, None)


def park(session, label):
    """The fight on screen, left: kept under `label`."""
    _kept(session.app.store, label, session.rec.parts())


def _kept(store, label, parts):
    while True:
        try:
            store.park_current(label, parts)
            return
        except OSError as e:
            if not store.make_room(e):
                raise  # current.json stays: the fight is still there, as "Resume fight"
