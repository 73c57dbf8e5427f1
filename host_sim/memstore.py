"""A Store kept in memory: for scripted and test sessions that must leave no files.

Same interface as dicebox.store.Store (the device's power-safe store).
"""
from dicebox import settings as S


class MemoryStore:
    unsaved_save = None  # as Store's: never set here (no write runs out of heap)

    def __init__(self):
        self.files = {}
        self.notices = []
        self._history = []  # [id, summary, text pieces, pinned, fold items or None], newest last
        self._next = 1
        self._folds = {}  # rule set -> its entry of this power-on

    def read_text(self, name):
        text = self.files.get(name)
        return "".join(text) if isinstance(text, tuple) else text

    def read_bytes(self, name):
        text = self.read_text(name)
        return None if text is None else text.encode("utf-8")

    def write_text(self, name, text, more=(), apart=False):
        # kept in its pieces, as the device's flash keeps it off the heap: no
        # block the file's size is needed (the heap tests count this store)
        self.files[name] = (text,) + tuple(more) if more else text

    def remove(self, name):
        self.files.pop(name, None)

    def journal_add(self, name, line):
        self.files[name] = self.files.get(name, "") + line + "\n"

    def journal_size(self, name):
        text = self.files.get(name)
        return -1 if text is None else len(text.encode("utf-8"))

    def journal_read(self, name, on_line, keep=-1):
        text = self.files.get(name)
        if text is None:
            return 0
        lines = text.split("\n")[:-1]  # the piece after the last newline is torn
        if keep >= 0:
            lines = lines[:keep]
        self.files[name] = "".join(line + "\n" for line in lines)
        for line in lines:
            on_line(line)
        return len(lines)

    def settings(self):
        from dicebox.core.compat import loads

        raw = self.files.get("settings.json")
        return S.merge_valid(loads(raw)) if raw else S.defaults()

    def save_settings(self, values):
        from dicebox.core.jsonout import dumps

        self.write_text("settings.json", dumps(values))

    def set_aside(self, name, why, also=()):
        """As Store.set_aside: keep the damaged file (and `also`) as name.bad and say so."""
        for other in tuple(also) + (name,):
            if other in self.files:
                self.files[other + ".bad"] = self.files.pop(other)
        self.notices.append("%s %s; kept as %s.bad" % (name, why, name))

    def current(self):
        return self.read_text("current.json")

    def exists(self, name):
        return name in self.files

    def has_current(self):
        return self.exists("current.json")

    def save_current(self, text, more=()):
        self.write_text("current.json", text, more)

    def clear_current(self):
        self.files.pop("current.json", None)

    def put(self, label, more=None):
        text = self.current() if more is None else "".join(more)
        if text is None:
            return None
        ids = [int(n[1:7]) for n, _ in self.unfinished()]
        name = "u%06d.rec" % (max(ids) + 1 if ids else 1)
        self.files[name] = label + "\n" + text
        self.clear_current()
        return name

    def unfinished(self):
        names = sorted((n for n in self.files if n[0] == "u" and n.endswith(".rec")), reverse=True)
        return [(n, self.files[n].split("\n", 1)[0]) for n in names]

    def resume(self, name):
        text = self.read_text(name)
        if text is None:
            return False
        self.write_text("current.json", text.split("\n", 1)[1])
        self.remove(name)
        return True

    def make_room(self, e):
        return False  # memory is never full

    def add_history(self, text, summary, more=(), apart=False, ruleset=None):
        fold = ruleset if ruleset in ("dice", "shoot", "stealth") else None  # as Store: small procedures fold
        pieces = (text,) + tuple(more)  # in pieces, as write_text
        entry = self._folds.get(fold) if fold else None
        if entry is not None and entry in self._history:
            self._history.remove(entry)  # to the top, as the flash's fold
            entry[0] = self._next
            entry[4].append((summary, "".join(pieces)))
        elif fold:
            entry = self._folds[fold] = [self._next, fold, (), False, [(summary, "".join(pieces))]]
        else:
            entry = [self._next, summary, pieces, False, None]
        self._history.append(entry)
        self._next += 1
        return entry[0]

    def entries(self, skip=0, count=1 << 30):
        out = [(e[0], e[4][-1][0] if e[4] else e[1], e[3], len(e[4]) if e[4] else 0) for e in reversed(self._history)]
        return out[skip : skip + count]

    def history(self, skip=0, count=1 << 30):
        return [(i, "%s \u00d7%d" % (s, n) if n > 1 else s) for i, s, _, n in self.entries(skip, count)]

    def _find(self, ident):
        for e in self._history:
            if e[0] == ident:
                return e
        return None

    def history_record(self, ident, k=-1):
        e = self._find(ident)
        if e is None:
            return None
        if e[4]:
            return e[4][k][1] if -len(e[4]) <= k < len(e[4]) else None
        return "".join(e[2])

    def items(self, ident):
        e = self._find(ident)
        return [s for s, _ in e[4]] if e and e[4] else []

    def keep(self, ident, on):
        e = self._find(ident)
        if e:
            e[3] = on

    def delete(self, ident):
        e = self._find(ident)
        if e:
            self._history.remove(e)
