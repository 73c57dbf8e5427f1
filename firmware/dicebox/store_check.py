"""Store's start-up check, apart from store.py so its code is on the heap only while it runs:
leftover .tmp files go (the old file is intact), damaged files are set aside as name.bad with a
notice, and a fight or wound session already in History or kept unfinished is not offered again."""
from dicebox import call_once
from dicebox import settings
from dicebox.core import record as _record
from dicebox.core.compat import loads
from dicebox.core.game import RecordError
from dicebox.modes import CHECK, MODES, PACKAGE, folds
from dicebox.store import CURRENT, SETTINGS


def check_all(st):
    names = st._names()
    for name in names:
        if name.endswith(".tmp"):
            st._remove(name)  # an interrupted write: the old file is intact
    _check_settings(st)
    _check_record(st, CURRENT, False)
    for name in st.index()[:20]:
        if name[0] == "h":  # the newest 20; a fold's reader skips an item it cannot read
            _check_record(st, name, True)
    for name, _ in st.unfinished():
        _check_record(st, name, True)
    _drop_finished_current(st)
    for mode in MODES:
        module, _, prefix = (mode[CHECK] or "").partition(":")
        for name in names:  # the files a mode keeps beside its records: its code loads only for them
            if prefix and name.startswith(prefix):
                call_once("dicebox.%s.%s" % (mode[PACKAGE], module), "check", st)
                break


def _check_settings(st):
    data = st.read_bytes(SETTINGS)
    if data is None:
        return
    why = None
    try:
        obj = loads(data.decode("utf-8"))
        if not isinstance(obj, dict):
            why = "is not a settings object"
    except UnicodeError:
        why = "is not UTF-8 text"
    except ValueError:
        why = "is not valid JSON"
    if why:
        st.set_aside(SETTINGS, why)
        return
    kept = settings.merge_valid(obj)
    bad = [k for k in obj if k not in kept or kept[k] != obj[k] or type(kept[k]) is not type(obj[k])]  # 1 == true
    if bad:
        bad.sort()
        from dicebox.core.errtext import shown  # only for a damaged file

        st.notices.append("settings: %s reset to default" % shown(", ".join(bad), 60)[1:-1])  # one line that fits


def _check_record(st, name, with_summary):
    data = st.read_bytes(name)
    if data is None:
        if st.exists(name):
            st.set_aside(name, "cannot be read")
        return
    try:
        if with_summary:
            nl = data.find(b"\n")
            if nl < 0:
                raise RecordError("no summary line")
            data = data[nl + 1 :]
        _record.loads(data, name)
    except RecordError as e:
        msg = str(e)
        st.set_aside(name, msg[len(name) + 2 :] if msg.startswith(name + ": ") else msg)
    except MemoryError:
        pass  # too big to check here is not damage: leave it to the reader


def _drop_finished_current(st):
    # a power cut between add_history and clear_current (the fight is done: a small procedure's
    # is the newest fold's last item), or between parking a fight and removing the other copy (the
    # one kept is where its label is)
    cur = st.current()
    if cur is None:
        return
    for name, _ in st.unfinished():
        text = st.read_text(name)
        if text is not None and text[text.find("\n") + 1 :] == cur:
            st._remove(CURRENT)
            return
    try:
        ruleset = loads(cur)["ruleset"]
    except (ValueError, KeyError, TypeError):
        return  # set aside above, or not a record
    looked = "f" if not folds(ruleset) else ""  # kinds done with: the newest fight; a fold of this rule set too
    for name in st.index():
        if name[0] not in looked and (name[0] == "h" or st.readline(name) == ruleset):
            if st.history_record(int(name[1:7])) == cur:
                st._remove(CURRENT)
                return
            looked += name[0]
            if len(looked) == 2:
                return
