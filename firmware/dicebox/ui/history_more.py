"""History's rarer screens: pin or delete an entry (long OK), a fold's list of
small procedures. Loaded for the call only: the list and the transcript, on
screen for hours, do not carry this code."""
from dicebox.ui import lang
from dicebox.ui.app import Confirm, Menu
from dicebox.ui.history import Transcript
from dicebox.ui.lang import t

# these screens' own words (English, Russian): not on the boot heap in lang.py
_WORDS = {
    "pin": ("Pin (never deleted)", "Закрепить"),
    "unpin": ("Unpin", "Открепить"),
    "delete": ("Delete", "Удалить"),
    "delete_q": ("Delete it for good?", "Удалить навсегда?"),
}


def w(key):
    return _WORDS[key][1 if lang.LANG[0] == "ru" else 0]


def ask(history, entry):
    """Long OK on History's row `entry` (id, pinned, label): pin/unpin or delete, asked."""
    ident, pinned, label = entry
    app = history.app

    def pin():
        app.pop()
        app.store.pin(ident, not pinned)
        history.build()

    def delete():
        app.store.delete_history(ident)
        history.build()

    app.push(Menu(app, label, [
        (w("unpin") if pinned else w("pin"), pin),
        (w("delete"), lambda: app.replace(Confirm(app, w("delete_q"), label, delete))),
    ]))


def open_fold(app, ident):
    """One mode's small procedures of one power-on, newest first."""
    items = []
    names = app.store.fold_items(ident)
    for k in range(len(names) - 1, -1, -1):
        items.append((names[k], _opener(app, ident, k)))
    app.push(Menu(app, t("history"), items))


def _opener(app, ident, k):
    return lambda: app.push(Transcript(app, ident, k))
