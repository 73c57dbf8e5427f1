"""The Russian screens read as a Russian player reads them (a new user's
report): every docs session run in Russian, each string drawn heard; and the
few screens the sessions do not reach."""
import os
import re

import pytest

from dicebox import buttons as B
from dicebox.larp import common as larp
from dicebox.ui import text
from host_sim import script

import test_layout as TL
from test_larp_ui import _hold_ok, boxing, device, drawn, top

SESSIONS = ("firearms.txt", "larp.txt", "titlebout.txt", "tour.txt", "wounds.txt")


def heard_in_russian(name):
    """Every string drawn while the docs session `name` runs in Russian."""
    with open(os.path.join(TL.SCRIPTS, name), encoding="utf-8") as f:
        steps = script.parse(f.read(), name)
    steps = [(s[0], TL.AnyOf(s[1]), s[2]) if s[0] == "choose" else s for s in steps]
    dev = TL.device("ru")
    out = []
    real = text.draw

    def spy(canvas, s, x, y, font=text.SMALL, color=1):
        out.append(s)
        return real(canvas, s, x, y, font, color)

    text.draw = spy
    try:
        script.run(dev, steps)
    finally:
        text.draw = real
    return out


@pytest.fixture(scope="module")
def russian():
    return {name: heard_in_russian(name) for name in SESSIONS}


# what the report found, as a pattern over one drawn string
MISREAD = {
    "лёгкое alone reads as a lung": r"(^|[^а-яё])лёгк(ое|ие)($|[^ а-яё]| (?!ранени|ран))",
    "the seed is a grain": r"зерн",
    "an exchange of blows is a swap": r"(^|[^а-яё])обмен($|[^а-яё])",
    "a word cut short in the big font": r"смертельн\.",
    "a Latin R for раунд": r"(^|[^A-Za-z])R[0-9]",
}


@pytest.mark.parametrize("name", SESSIONS)
def test_the_docs_sessions_in_russian_read_naturally(russian, name):
    found = sorted({"%s: %r" % (why, s) for s in russian[name] for why, pat in MISREAD.items() if re.search(pat, s)})
    assert not found, "\n".join(found)


def test_the_judges_override_says_the_whole_sentence():
    for lang in ("ru", "en"):
        d = device(lang)
        boxing(d)
        _hold_ok(d)
        _hold_ok(d, 900)  # a long OK on a locked order: the judge is asked
        d.press(B.OK)
        lines = drawn(d)
        assert top(d) == "Reveal"
        from dicebox.larp.menu import larp_label

        hold = lines.index(larp_label("hold"))
        assert lines[hold + 1] == larp_label("shows"), lines  # "держи ОК," goes on: "чтобы увидеть порядок"


def test_a_kept_boxing_bout_is_labelled_with_a_cyrillic_round():
    from dicebox.ui import lang

    d = device("ru")
    bout = boxing(d)
    assert lang.LANG[0] == "ru"
    label = bout.progress()
    assert re.match(r"^Бокс Р1 ", label), label


@pytest.mark.parametrize("elapsed,kind", [(1500, "лёгкая"), (3500, "тяжёлая"), (4000, "смертельная")])
def test_the_stealth_result_in_russian_names_the_wound_whole(elapsed, kind):
    from dicebox.core import record
    from dicebox.larp import fights

    d = device("ru")
    rec = record.Record("stealth", {}, 1, [3, elapsed])  # participant 3, stopped at `elapsed` ms
    d.app.push(fights.screen_for(d.app, rec))
    lines = drawn(d)
    assert top(d) == "StealthScreen" and kind in lines, lines  # whole, not "смертельн."


def test_an_own_fighter_in_russian_starts_as_krasny_and_takes_russian_letters(tmp_path):
    from test_titlebout_ui import device as tb_device, open_item

    d = tb_device(own_dir=str(tmp_path))
    values = dict(d.store.settings())
    values["lang"] = "ru"
    d.store.save_settings(values)
    d.restart()
    open_item(d, "Титульный бой")
    open_item(d, "Красный")
    open_item(d, "своя карта")
    ed = d.app.top
    assert top(d) == "NameEditor" and "".join(ed.chars) == "Красный"
    d.press(B.UP)  # К -> Л
    assert ed.chars[0] == "Л"


def test_a_name_with_a_letter_the_editor_lacks_keeps_it():
    from dicebox.ui import name_editor

    class Ed(name_editor.NameEditor):
        def labels(self):
            return "t", "h", "h2"

    d = device("en")
    ed = Ed(d.app, "Łukasz", lambda name: None)
    assert "".join(ed.chars) == "Łukasz"


def test_the_settings_in_russian_say_razmen_and_sid():
    from test_layout import device as ru_device

    d = ru_device("ru")
    menu = d.app.top
    while not menu.items[menu.sel][0].startswith("Настройки"):
        d.press(B.DOWN)
    d.press(B.OK)
    seen = []
    for _ in range(len(d.app.top.items)):
        row = d.app.top.items[d.app.top.sel][0]
        if row.startswith("Шаг ОК"):
            d.press(B.OK)  # the other value
            seen.append(d.app.top.items[d.app.top.sel][0])
        seen.append(row)
        d.press(B.DOWN)
    words = " ".join(seen)
    assert "размен" in words and "Сид" in words and not re.search(MISREAD["an exchange of blows is a swap"], words)
