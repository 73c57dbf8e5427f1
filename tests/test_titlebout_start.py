"""Title Bout's Start does little on the press: the two cards chosen are read
and checked while the set-up waits, the game takes them without a second
check, and a card's fit is tested on the compact charts. What goes wrong is
said as it was when Start read the files itself."""
import json
import shutil
import sys

import pytest
from conftest import imports_during
from test_titlebout_ui import ANT, FIGHTERS, HAG, device, open_item, pick, start, top

from dicebox import forget
from dicebox.core import record
from dicebox.titlebout import data as tbdata
from dicebox.titlebout import demo
from dicebox.titlebout import play as tbplay
from dicebox.titlebout import rules as tb
from dicebox.titlebout import setup as tbsetup

CARD_CODE = ("dicebox.titlebout.cards", "dicebox.titlebout.data", "dicebox.titlebout.csvfiles")


def _cards(tmp_path, *stems):
    for stem in stems:
        shutil.copy(FIGHTERS / (stem + ".json"), tmp_path / (stem + ".json"))
    return device(card_dirs=(str(tmp_path),))


def _setup_waited(d):
    open_item(d, "Title Bout")
    assert top(d) == "Setup"
    d.wait(1500)
    return d.app.top


def test_the_set_up_reads_the_two_cards_chosen_while_it_waits_and_start_reads_no_card(tmp_path):
    for name in CARD_CODE:
        forget(name)  # as on a box: Home's boot does not hold them (this module imported them)
    d = _cards(tmp_path, "antuofermo", "brandt", "hagler")
    s = _setup_waited(d)
    assert sorted(s.read) == [str(tmp_path / "antuofermo.json"), str(tmp_path / "brandt.json")]
    assert not any(n in sys.modules for n in CARD_CODE)  # the card code came and went
    assert all(n in sys.modules for n in tbsetup._PRELOAD)  # and the fight's code loaded after them
    assert not [n for n in imports_during(start, d) if n in CARD_CODE]
    assert top(d) == "TitleBoutScreen"
    red = d.app.top.session.rec.options["red"]
    assert red == tbdata.check_card(json.loads((tmp_path / "antuofermo.json").read_text()), "x")


def test_a_corner_chosen_again_has_its_new_card_read_and_the_old_one_let_go(tmp_path):
    d = _cards(tmp_path, "antuofermo", "brandt", "hagler")
    s = _setup_waited(d)
    pick(d, "Blue", "Marvin Hagler")
    d.wait(1000)
    assert sorted(s.read) == [str(tmp_path / "antuofermo.json"), str(tmp_path / "hagler.json")]
    start(d)
    assert d.app.top.session.rec.options["blue"]["name"] == "Marvin Hagler"


def test_a_card_that_fails_as_it_is_read_ahead_is_named_at_start_as_before(tmp_path):
    d = _cards(tmp_path, "antuofermo", "brandt")
    open_item(d, "Title Bout")
    (tmp_path / "brandt.json").write_text("{")  # gone bad after the list was made
    d.wait(1500)
    assert d.app.top.read[str(tmp_path / "brandt.json")] is False
    start(d)
    assert top(d) == "Message" and "".join(d.app.top.lines).replace(" ", "") == "brandt.json:notvalidJSON"


def test_a_card_that_does_not_fit_a_chart_file_is_named_with_its_file(tmp_path):
    d = _cards(tmp_path, "antuofermo", "brandt")
    charts = json.loads(json.dumps(demo.whole("dicebox")))
    charts["punch"][0][2] = "X-99"  # a code no card prices
    (tmp_path / "charts").mkdir()
    (tmp_path / "charts" / "odd.json").write_text(json.dumps(charts))
    d = device(card_dirs=(str(tmp_path),), chart_dirs=(str(tmp_path / "charts"),))
    _setup_waited(d)
    open_item(d, "Charts")
    open_item(d, "odd")
    start(d)
    assert top(d) == "Message"
    assert "".join(d.app.top.lines).replace(" ", "").startswith("antuofermo.json:field'punches':noentryfor'X-99'")


def _fits(card, charts):
    try:
        tbdata.check_fit(card, charts)
        return True
    except tbdata.DataError:
        return False


@pytest.mark.parametrize("which", ("demo", "dicebox"))
def test_the_compact_charts_fit_test_is_the_checks_own(which):
    charts = demo.whole(which)
    compact = tbplay.Charts(charts)
    cards = [ANT, HAG, dict(ANT, punches={}), dict(ANT, kdr1=5), dict(ANT, kor=6), dict(HAG, kdr1=9)]
    for code in compact.codes:
        cards.append(dict(ANT, punches={k: v for k, v in ANT["punches"].items() if k != code}))
    for card in cards:
        assert compact.fits(card) == _fits(card, charts), card


def test_a_record_s_cards_are_checked_unless_the_set_up_just_checked_those_very_ones():
    bad = dict(ANT, pl=120)
    rec = record.Record("titlebout", {"red": bad, "blue": HAG}, 5)
    with pytest.raises(record.RecordError, match="options.red: card: field 'pl'"):
        record.replay(rec)
    checked = tbdata.check_card(ANT)
    tb.CHECKED[:] = [checked]
    try:
        game = record.replay(record.Record("titlebout", {"red": checked, "blue": HAG}, 5))
        assert game.options["red"] is checked
        with pytest.raises(record.RecordError, match="options.red: card: field 'pl'"):
            record.replay(rec)  # another card: checked
    finally:
        del tb.CHECKED[:]
