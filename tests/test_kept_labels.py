"""Home's rows of fights left unfinished: each names both sides and where the
fight stands, the part that tells them apart seen whole in the row (both
languages), and the selected row scrolls to its end as History's does."""
import pytest
from test_titlebout_ui import ANT, HAG, device, new_bout, top

from dicebox import buttons as B
from dicebox.core import record
from dicebox.ui import draw, text
from dicebox.ui.unfinished import kept_label
from host_sim.memstore import memory_store


def language(d, lang):
    settings = dict(d.app.settings)
    settings["lang"] = lang
    d.app.apply_settings(settings)


def leave(d):
    d.press(B.BACK)
    assert top(d) == "Confirm"
    d.press(B.OK)
    while top(d) != "Home":
        d.press(B.BACK)


def kept_rows(d):
    return [label for label, _ in d.app.top.items if label.startswith("\u25b6 ")]


def seen(row):
    """What of a row shows before the scroll bar."""
    while text.width(row) > draw.ROW_TEXT_W:
        row = row[:-1]
    return row


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_two_bouts_left_open_read_apart_on_home(lang):
    d = device(store=memory_store())
    language(d, lang)
    long_card = dict(HAG, name="Max Oberhauser")
    for red, blue in ((ANT, HAG), (ANT, long_card)):
        f = new_bout(d, [10, 36, 63], red=red, blue=blue, rounds=12)
        d.press(B.OK)
        assert f.session.rec.inputs
        leave(d)
    rows = kept_rows(d)
    assert len(rows) == 2 and seen(rows[0]) != seen(rows[1])
    head = "\u25b6 " + ("ТБ Р1 " if lang == "ru" else "TB R1 ")
    for row, blue in zip(rows, ("Oberh", "Hagle")):  # newest first
        assert row.startswith(head + "Antu") and blue in seen(row)  # both corners, red first
        assert row.endswith(" 2-0")  # the points, in the corners' order


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_part_that_names_a_fight_fits_the_row(lang):
    d = device()
    language(d, lang)
    for head in ("TB R12", "ТБ Р12", "Arena", "Арена"):
        for a, b in (("Antuof", "Hagler"), ("Trickster123", "Bruiser12345"), ("A", "Bruiser12345"), ("Красн.", "Синий")):
            row = kept_label(head, a, b, "18-12")
            names = row[: row.rindex(" ")]
            assert text.width("\u25b6 " + names) <= draw.ROW_TEXT_W, row
            x, y = names[len(head) + 1:].split("-")
            assert a.startswith(x) and b.startswith(y) and x and y


def test_arena_and_duel_rows_say_who_and_where():
    d = device()
    from dicebox.arena import play as arena_play
    from dicebox.larp import duel_ui

    rec = record.Record("arena", {"a_name": "Trickster", "b_name": "Bruiser"}, 5, [])
    f = arena_play.screen_for(d.app, rec)
    assert f.progress() == kept_label("Arena", "Trickster", "Bruiser", "%d-%d" % (f.game.hp[0], f.game.hp[1]))
    assert "Trick" in seen("\u25b6 " + f.progress()) and "Bruis" in seen("\u25b6 " + f.progress())
    melee = duel_ui.DuelScreen(d.app, record.Record("duel", {"weapon": "melee"}, 11, [1, 0, 0]))
    gun = duel_ui.DuelScreen(d.app, record.Record("duel", {"weapon": "firearms"}, 11, [1]))
    g = melee.game
    wounds = [g.limbs[i] + g.bodies[i] + g.heads[i] for i in (1, 2)]
    assert melee.progress() == "Duel, cycle 3: %d-%d" % tuple(wounds) and sum(wounds) >= 1
    assert gun.progress() == "Firearms, cycle 1: 0-0"


def test_homes_selected_row_scrolls_to_its_end_as_historys():
    d = device(store=memory_store())
    new_bout(d, [10, 36, 63], red=ANT, blue=HAG)
    d.press(B.OK)
    leave(d)
    home = d.app.top
    home.sel = next(i for i in range(len(home.items)) if home.items[i][0].startswith("\u25b6 "))
    d.app.redraw()
    row = home.items[home.sel][0]
    over = text.width(row) - draw.ROW_TEXT_W
    assert over > 0
    first = d.glass()
    d.wait(1300)  # rests at its start
    d.wait(200 * (over // text.SMALL.advance + 2))
    assert home.shift >= over and d.glass() != first  # its end is on the glass
    d.wait(1300 + 100)
    assert home.shift == 0  # and back
