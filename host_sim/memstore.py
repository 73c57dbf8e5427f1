"""A Store kept in memory: for scripted and test sessions that must leave no files.

Same interface as dicebox.store.Store (the device's power-safe store).
"""
from dicebox import settings as S

HISTORY_MAX = 20


class MemoryStore:
    def __init__(self):
        self.files = {}
        self.notices = []
        self._history = []  # (id, summary, text), newest last
        self._next = 1

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

    def add_history(self, text, summary, more=(), apart=False):
        self._history.append((self._next, summary, (text,) + tuple(more)))  # in pieces, as write_text
        self._next += 1
        del self._history[:-HISTORY_MAX]

    def history(self):
        return [(i, s) for i, s, _ in reversed(self._history)]

    def history_record(self, ident):
        for i, _, text in self._history:
            if i == ident:
                return "".join(text)
        return None
