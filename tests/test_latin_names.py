"""Boxers' names in Latin letters beyond ASCII (Durán, Müller, Łukasz, Núñez):
the box draws Latin-1 Supplement and Latin Extended-A letters, in both text
sizes; a letter it cannot draw in the cell is drawn as its base letter, and the
set-ups (Title Bout's cards, the Arena's roster) say once which names it
shows otherwise."""
import json
import sys
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "tools") not in sys.path:
    sys.path.insert(0, str(ROOT / "tools"))

import build_fonts  # noqa: E402
from dicebox import buttons as B  # noqa: E402
from dicebox.arena import roster as arena_roster  # noqa: E402
from dicebox.ui import fontdata  # noqa: E402
from dicebox.ui import text as T  # noqa: E402
from host_sim import fb  # noqa: E402
from host_sim.device import Device, Platform  # noqa: E402
from host_sim.memstore import memory_store  # noqa: E402
from test_titlebout_ui import open_item as open_row  # noqa: E402

FIGHTERS = ROOT / "firmware" / "data" / "titlebout" / "fighters"
LATIN = [chr(c) for c in range(0xC0, 0x180) if unicodedata.category(chr(c)).startswith("L")]


def ink(s, font=T.SMALL):
    c = fb.Canvas()
    T.draw(c, s, 0, 0, font)
    return frozenset((x, y) for y in range(64) for x in range(128) if c.pixel(x, y))


def alike():
    a = fontdata.SMALL_ALIKE
    return {a[k] << 8 | a[k + 1]: a[k + 2] << 8 | a[k + 3] for k in range(0, len(a), 4)}


@pytest.mark.parametrize("font", [T.SMALL, T.MEDIUM])
def test_every_latin_1_and_extended_a_letter_is_drawn_not_boxed(font):
    box = ink("\ufffd", font)
    boxed = [ch for ch in LATIN if ink(ch, font) == box]
    assert not boxed
    # a real glyph of its own, not its base letter's, except the few listed as drawn alike
    plain = [ch for ch in LATIN if ord(ch) not in alike()
             and unicodedata.normalize("NFD", ch)[0] != ch and ink(ch, font) == ink(unicodedata.normalize("NFD", ch)[0], font)]
    assert not plain


def test_the_users_boxers_read_as_their_letters():
    for name in ("José Núñez", "Durán", "Chávez", "Sánchez", "Müller", "Łukasz", "Nuñez"):
        seen = [ink(ch) for ch in name]
        assert ink("\ufffd") not in seen, name
        for ch in name:  # each accented letter differs from its plain one
            base = unicodedata.normalize("NFD", ch)[0]
            if base != ch and ch != "Ł":
                assert ink(ch) != ink(base), ch
    assert ink("Ł") != ink("L") and ink("ñ") != ink("n") and ink("ñ") != ink("ń")


def test_a_letter_drawn_as_its_base_is_the_base_unicode_gives():
    pairs = alike()
    assert pairs, "nothing drawn alike: the set-ups' notice has no Latin case to test"
    for code, base in pairs.items():
        assert ink(chr(code)) == ink(chr(base))
        assert build_fonts.base_letter(code, {base}) == base
    assert pairs.get(0x149) == ord("n")  # ŉ: its decomposition is an apostrophe, then n


def card(name, path):
    c = json.loads((FIGHTERS / "hagler.json").read_text(encoding="utf-8"))
    c["name"] = name
    path.write_text(json.dumps(c), encoding="utf-8")


def device(**kw):
    return Device(store=memory_store(), platform=Platform(b"\x00\x00\x00\x05", **kw))


def home(d):
    while len(d.app.stack) > 1:
        d.press(B.BACK)


def test_title_bout_lists_an_accented_card_as_named_and_says_nothing(tmp_path):
    card("José Núñez", tmp_path / "nunez.json")
    d = device(card_dirs=(str(tmp_path),))
    open_row(d, "Title Bout")
    assert type(d.app.top).__name__ == "Setup"
    assert d.app.top.items[0][0] == "Red: José Núñez"


def test_title_bout_says_once_which_names_it_shows_otherwise(tmp_path):
    card("Nguyễn Văn", tmp_path / "nguyen.json")  # ễ: Latin Extended Additional, not drawn
    card("Kŉut", tmp_path / "kn.json")  # ŉ: drawn as n
    card("Łukasz", tmp_path / "lukasz.json")
    d = device(card_dirs=(str(tmp_path),))
    open_row(d, "Title Bout")
    assert type(d.app.top).__name__ == "Message" and d.app.top.title == "Letters in names"
    body = "\n".join(d.app.top.lines)
    assert "U+1EC5\u2192\ufffd" in body and "U+0149\u2192n" in body
    assert "Łukasz" not in body and "Văn" in body  # ă is drawn: only ễ is told
    d.press(B.OK)
    assert type(d.app.top).__name__ == "Setup"
    home(d)
    open_row(d, "Title Bout")
    assert type(d.app.top).__name__ == "Setup"  # told once
    card("Đặng", tmp_path / "dang.json")  # a new name is told
    home(d)
    open_row(d, "Title Bout")
    assert type(d.app.top).__name__ == "Message" and "Đặng" in "\n".join(d.app.top.lines)
    assert "Nguyễn" not in "\n".join(d.app.top.lines)


def test_the_arena_says_once_which_roster_names_it_shows_otherwise():
    d = device()
    fighters = [("Łukasz", [9, 5, 5, 5]), ("Trần", [6, 6, 6, 6]), ("Müller", [6, 6, 6, 6])]
    arena_roster.save(d.store, fighters)
    open_row(d, "Arena")
    assert type(d.app.top).__name__ == "Message"
    body = "\n".join(d.app.top.lines)
    assert "Trần: U+1EA7\u2192\ufffd" in body.replace("\n", "") and "Łukasz" not in body and "Müller" not in body
    d.press(B.OK)
    assert type(d.app.top).__name__ == "ArenaMenu"
    home(d)
    open_row(d, "Arena")
    assert type(d.app.top).__name__ == "ArenaMenu"
