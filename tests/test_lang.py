"""ui/lang.py: keys and both label columns line up; Russian loads on demand."""
import re

from conftest import FIRMWARE
import pytest

from dicebox.ui import lang
from dicebox.arena import text as arena_text
from dicebox.arena import words as arena_words
from dicebox.larp import menu as larp_ui
from dicebox.titlebout import text as titlebout_text


def _column(path, name):
    """(label, key comment) of each line of the tuple `name` in a source file."""
    src = path.read_text(encoding="utf-8")
    body = src.split(name + " = (\n", 1)[1].split("\n)", 1)[0]
    rows = [re.match(r'\s+("(?:[^"\\]|\\.)*"),?\s+# (.+)$', line) for line in body.splitlines()]
    assert all(rows), [line for line, m in zip(body.splitlines(), rows) if not m]
    labels = [eval(m.group(1)) for m in rows]
    assert not any("\n" in label for label in labels)
    return [(label, m.group(2)) for label, m in zip(labels, rows)]


def _english(mod, name):
    """(label, key) of a mode's English labels: its _EN tuple, or its packed
    _TABLE ("\\nkey\\tlabel" a label, then "\\n": titlebout_text.py)."""
    table = getattr(mod, "_TABLE", None)
    if hasattr(mod, "_SECTIONS"):  # arena/words.py: its table in short strings, in LABELS' order
        table = "\n" + "\n".join(section[1:-1] for section in mod._SECTIONS) + "\n"
        lines = [section.count("\n") - 1 for section in mod._SECTIONS]
        assert list(mod._BASES) == [sum(lines[:k]) for k in range(len(lines))]  # where each starts in LABELS
    if table is None:
        return _column(FIRMWARE / (name.replace(".", "/") + ".py"), "_EN")
    assert table.startswith("\n") and table.endswith("\n") and "\n\n" not in table
    rows = [row.split("\t") for row in table[1:-1].split("\n")]
    assert all(len(row) == 2 for row in rows), [row for row in rows if len(row) != 2]
    return [(label, key) for key, label in rows]


def test_columns_line_up_with_the_keys():
    en = _english(lang, "dicebox.ui.lang")
    ru = _column(FIRMWARE / "dicebox/ui/lang_ru.py", "LABELS")
    keys = [k for _, k in en]
    assert [k for _, k in ru] == keys and len(set(keys)) == len(keys)
    assert all(label for label, _ in en + ru)
    assert [lang.label(k) for k in keys] == [label for label, _ in en]  # each key finds its own line


def test_t_follows_the_language():
    try:
        assert lang.label("dice") == "Dice" and lang.label("yes_no") == "OK yes  BACK no"
        lang.set_lang("ru")
        assert lang.LANG[0] == "ru"
        assert lang.label("dice") == "Кости" and lang.label("error_x") == "error_x"
        assert lang.label("back_hint") == "НАЗАД: выход" and lang.label("titlebout") == "Титульный бой"
        lang.set_lang("en")
        assert lang.label("back_hint") == "BACK: leave" and lang.label("nope") == "nope"
    finally:
        lang.set_lang("en")


def _arena_word(key):
    found = [arena_words.in_english("\n%s\t" % key, n) for n in range(len(arena_words._SECTIONS))]
    assert len([w for w in found if w is not None]) == 1, (key, found)  # in one section only
    return max(found, key=lambda w: w is not None)


@pytest.mark.parametrize("mod", (arena_text, arena_words, titlebout_text, larp_ui), ids=lambda m: m.__name__)
def test_mode_label_columns_line_up_with_their_keys(mod):
    name = mod.__name__
    en = _english(mod, name)
    ru = _column(FIRMWARE / (name.replace(".", "/") + "_ru.py"), "LABELS")
    keys = [k for _, k in en] if hasattr(mod, "_TABLE") else list(mod._KEYS)
    assert [k for _, k in en] == keys == [k for _, k in ru]
    assert len(set(keys)) == len(keys) and all(label for label, _ in en + ru)
    lookup = {arena_text: arena_text.arena_label, arena_words: _arena_word, titlebout_text: titlebout_text.titlebout_label, larp_ui: larp_ui.larp_label}[mod]
    assert [lookup(k) for k in keys] == [label for label, _ in en]  # each key finds its own line


def test_mode_labels_follow_the_language():
    try:
        assert arena_text.arena_label("duel") == "Duel" and arena_text.stat(1) == "Toughness"
        assert titlebout_text.titlebout_label("count chart") == "count" and titlebout_text.titlebout_label("R-44") == "R-44"
        assert arena_text.arena_label("yes_no") == "OK yes  BACK no"  # not the mode's: ui/lang.py's
        assert larp_ui.larp_label("stealth") == "Stealth" and larp_ui.larp_label("boxer") == "Boxer" and larp_ui.larp_label("undone") == "Undone"
        lang.set_lang("ru")
        assert arena_text.arena_label("duel") == "Поединок" and arena_text.stat(1) == "Выносливость"
        assert titlebout_text.titlebout_label("count chart") == "счёт" and arena_text.arena_label("yes_no") == "ОК да  НАЗАД нет"
        assert larp_ui.larp_label("stealth") == "Кулуарка" and larp_ui.larp_label("boxer") == "Боец" and larp_ui.larp_label("undone") == "Отменено"
    finally:
        lang.set_lang("en")
