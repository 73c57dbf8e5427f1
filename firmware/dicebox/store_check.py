"""Store's start-up check, apart from store.py so its code is on the heap only
while it runs: Store() imports it, runs check_all and unloads it.

Leftover .tmp files are removed (an interrupted write: the old file is
intact), damaged files are set aside as name.bad with a notice, History is
pruned, and a fight already in History is not offered again.
"""
import json

from dicebox import call_once
from dicebox.core import record as _record
from dicebox.core.game import RecordError
from dicebox.store import CURRENT, SETTINGS, _history_name


def check_all(st):
    for name in st._names():
        if name.endswith(".tmp"):
            st._remove(name)  # an interrupted write: the old file is intact
    _check_settings(st)
    _check_record(st, CURRENT, False)
    for hid in st._history_ids():
        _check_record(st, _history_name(hid), True)
    st._prune_history()
    _drop_finished_current(st)


def _check_settings(st):
    data = st.read_bytes(SETTINGS)
    if data is None:
        return
    why = None
    try:
        obj = json.loads(data.decode("utf-8"))
        if not isinstance(obj, dict):
            why = "is not a settings object"
    except UnicodeError:
        why = "is not UTF-8 text"
    except ValueError:
        why = "is not valid JSON"
    if why:
        st.set_aside(SETTINGS, why)
        return
    kept = call_once("dicebox.settings", "merge_valid", obj)
    bad = [k for k in obj if k not in kept or kept[k] != obj[k]]
    if bad:
        bad.sort()
        from dicebox.core.errtext import shown  # only for a damaged file

        st.notices.append("settings: %s reset to default" % shown(", ".join(bad), 60)[1:-1])  # one line that fits


def _check_record(st, name, with_summary):
    data = st.read_bytes(name)
    if data is None:
        if st._size(name) >= 0:
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
    # a power cut between add_history and clear_current: the fight is done
    ids = st._history_ids()
    if not ids:
        return
    cur = st.current()
    if cur is not None and st.history_record(ids[0]) == cur:
        st._remove(CURRENT)
