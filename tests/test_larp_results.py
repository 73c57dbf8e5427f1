"""What a LARP fight's end screen tells the judge: the dice that decided it,
the words for a shot, and where its OK leads (a new user's report)."""
import pytest

from dicebox import buttons as B
from dicebox.core.log import ROLL
from test_larp_ui import device, drawn, larp_menu, top


def rolls(game):
    return [game.log.entry(i)[3] for i in range(len(game.log)) if game.log.entry(i)[0] == ROLL]


def duel_to_its_end(lang, seed, weapon):
    """A duel from the LARP menu, every cycle rolled; its screen and what its end draws."""
    d = device(lang)
    s = dict(d.app.settings)
    s["seed"] = seed
    d.app.apply_settings(s)
    larp_menu(d)
    d.press(B.DOWN)
    d.press(B.OK)  # Duel
    if weapon == "firearms":
        d.press(B.DOWN)
    d.press(B.OK)
    screen = d.app.top
    assert top(d) == "DuelScreen" and screen.game.options["weapon"] == weapon
    d.press(B.OK)  # accepted
    while not screen.done:
        d.press(B.OK)
    return d, screen, drawn(d)


@pytest.mark.parametrize("lang,miss,fails", [("en", "miss", "attack fails"), ("ru", "промах", "атака не прошла")])
def test_a_firearms_duel_shows_its_two_dice_and_calls_no_hit_a_miss(lang, miss, fails):
    seen = set()
    for seed in range(1, 9):
        _, screen, shown = duel_to_its_end(lang, seed, "firearms")
        g = screen.game
        attack, defence = rolls(g)[-2:]
        line = [s for s in shown if s.startswith("%d-%d=%d" % (attack, defence, attack - defence))]
        assert line, shown  # the shot's two dice, on the result itself
        hit = g.result()["wounds"] != []
        seen.add(hit)
        assert line[0].endswith(miss) != hit
        assert not any(fails in s for s in shown)
    assert seen == {True, False}  # seeds 1..8 give both ends


def test_a_melee_duel_ends_with_its_last_cycles_dice_and_the_wound_they_gave():
    _, screen, shown = duel_to_its_end("en", 1, "melee")
    attack, defence = rolls(screen.game)[-2:]
    assert "%d-%d=%d  1: limb" % (attack, defence, attack - defence) in shown  # seed 1: 4 limb wounds on 1


def test_the_firearms_duel_transcript_says_a_shot_missed():
    from dicebox.core import record

    rec = record.Record("duel", {"weapon": "firearms", "first": "challenger"}, 0, [1, 0], [1, 6])
    said = record.replay(rec).describe("cycle", 1, -5, 0)
    assert said == "duellist 1 shoots: difference -5, a miss"
    melee = record.replay(record.Record("duel", {"weapon": "melee"}, 0, [1, 0], [1, 6]))
    assert melee.describe("cycle", 1, -5, 0) == "duellist 1 attacks: difference -5, the attack fails"
