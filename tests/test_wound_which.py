"""Which wound: a participant with two wounds has a count on his list row, his
alerts say which of his wounds each is, and the command line's alert line says
whose wound and which in words (a new user's report)."""
import pytest

from dicebox import buttons as B
from dicebox.core import record
from dicebox.larp import alert
from dicebox.larp import common as larp
from test_larp_cli import cli
from test_larp_ui import device, drawn, open_person, start_session, top


def wound(d, p, kind):
    """From the list: participant p gets a wound of this kind (his menu's "+ ..." rows)."""
    scr = d.app.top
    open_person(d, p)
    menu = d.app.top
    plus = [i for i, item in enumerate(menu.items) if item[0].startswith("+ ")]
    while menu.sel != plus[kind - 1]:
        d.press(B.DOWN)
    d.press(B.OK)
    assert d.app.top is scr


@pytest.mark.parametrize("lang,first,second,alone", [
    ("en", "30 mortal (1st wound)", "30 mortal (2nd wound)", "3 mortal"),
    ("ru", "30 смертельная (1-я)", "30 смертельная (2-я)", "3 смертельная"),
])
def test_two_wounds_are_counted_on_the_row_and_the_alerts_say_which(lang, first, second, alone):
    d = device(lang)
    start_session(d)
    wound(d, 30, larp.HEAVY)
    wound(d, 30, larp.HEAVY)
    wound(d, 3, larp.HEAVY)
    rows = [s for s in drawn(d) if s.startswith("30 ") or s.startswith(" 3 ")]
    assert len(rows) == 2 and rows[0].startswith("30 \u00d72 ") and "\u00d7" not in rows[1], rows
    d.wait(15 * 60000)
    assert top(d) == "AlertScreen"
    shown = drawn(d)
    assert first in shown and second in shown and alone in shown, shown


def test_an_alert_line_keeps_the_name_when_it_fits_and_fits_the_glass():
    rec = record.Record("wounds", {"roster": ["Anna", "Boris", "Konstantinopo"[:12]]}, 0,
                        [[0, 1, 2, 2], [0, 1, 2, 2], [0, 1, 3, 2], [0, 1, 3, 2], [0, 1, 1, 2], [15 * 60000, 0, 0, 0]])
    g = record.replay(rec)
    name = lambda p: g.names[p - 1]  # noqa: E731
    from dicebox.ui import lang

    lines = []
    try:
        for ru in (0, 1):  # the kinds' words follow the Settings language (larp/kinds.py)
            lang.set_lang("ru" if ru else "en")
            lines.append([alert.line(g, name, i, ru) for i in g.alerts()])
    finally:
        lang.set_lang("en")
    assert lines[0] == ["2 Boris mortal (1st)", "2 Boris mortal (2nd)", "3 mortal (1st wound)", "3 mortal (2nd wound)",
                        "1 Anna mortal"]
    assert lines[1][:2] == ["2 смертельная (1-я)", "2 смертельная (2-я)"] and lines[1][4] == "1 Anna смертельная"
    assert all(len(s) <= 21 for s in lines[0] + lines[1])


def test_the_command_lines_alert_says_whose_wound_and_which_in_words(tmp_path):
    # twelve wounds before it: participant 13's one wound is the session's 13th
    script = tmp_path / "s.txt"
    script.write_text("".join("0:00 wound %d light\n0:00 aid %d\n" % (p, p) for p in range(1, 13))
                      + "0:00 wound 13 light\n0:00 wound 40 heavy\n0:01 wound 40 heavy\n1:00:00 list\n", encoding="utf-8")
    code, out, err = cli("wounds", "--script", str(script), "--participants", "40")
    assert code == 0, err
    assert "0:30:00 ALERT: the 1st wound of participant 13 #13 (session wound 13) became heavy" in out
    assert "0:15:00 ALERT: the 1st wound of participant 40 #40 (session wound 14) became mortal" in out
    assert "0:15:01 ALERT: the 2nd wound of participant 40 #40 (session wound 15) became mortal" in out
    assert " of 13 " not in out
