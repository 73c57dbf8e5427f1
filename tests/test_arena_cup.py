"""The arena tournament ruleset (arena/cup.py): a whole single-elimination
cup as one record, its matches as stand-alone arena records."""
import pytest

from dicebox.core import record
from dicebox.arena import rules as arena
from dicebox.arena import cup as arena_cup
from dicebox.core.game import RecordError
from dicebox.core.log import EVENT

EVEN4 = [["A", [6, 6, 6, 6]], ["B", [6, 6, 6, 6]], ["C", [6, 6, 6, 6]], ["D", [6, 6, 6, 6]]]
FIELD8 = [["Even", [6, 6, 6, 6]], ["Brute", [9, 5, 5, 5]], ["Wall", [5, 9, 5, 5]], ["Dancer", [5, 5, 9, 5]],
          ["Mystic", [5, 5, 5, 9]], ["Bruiser", [8, 8, 4, 4]], ["Trickster", [4, 4, 8, 8]], ["Striker", [8, 4, 8, 4]]]


def play(options, seed, on_step=None):
    rec = record.Record("arena_cup", options, seed)
    game = record.start(rec)
    while game.prompt() is not None:
        rec.inputs.append(0)
        record.feed(game, rec, len(rec.inputs) - 1)
        if on_step:
            on_step(game, rec)
    return rec, game


def events(game, name):
    out = []
    for i in range(len(game.log)):
        kind, n, a, b, c = game.log.entry(i)
        if kind == EVENT and n == name:
            out.append((a, b, c))
    return out


@pytest.mark.parametrize("fighters, needle", [
    (EVEN4[:3], "4 or 8 fighters, not 3"),
    (EVEN4 + [["E", [6, 6, 6, 6]]], "4 or 8 fighters, not 5"),
    ([["A", [6, 6, 6, 6]], ["A", [9, 5, 5, 5]]] + EVEN4[2:], "fighter 2: the name A is taken"),
    (EVEN4[:1] + [["B", [12, 4, 4, 4]]] + EVEN4[2:], "fighter 2: Power 12 is outside 2..9"),
    (EVEN4[:3] + [["D"]], "fighter 4 must be [name, [P,T,A,S]]"),
    ("ABCD", "4 or 8 fighters"),
])
def test_a_wrong_field_is_one_clear_error(fighters, needle):
    with pytest.raises(RecordError) as e:
        record.start(record.Record("arena_cup", {"fighters": fighters}, 1))
    assert needle in str(e.value) and str(e.value).startswith("options.fighters: ")


def test_rule_options_reach_every_match_and_match_options_are_refused():
    rec, game = play({"fighters": EVEN4, "health": 3, "crumble": "once"}, 8)
    assert game.match.start_hp == 3 and game.match.crumble_once
    with pytest.raises(RecordError, match="unknown option 'a'"):
        record.start(record.Record("arena_cup", {"fighters": EVEN4, "a": [6, 6, 6, 6]}, 1))


@pytest.mark.parametrize("field, seed", [(EVEN4, 5), (FIELD8, 77), (FIELD8[:4], 12)])
def test_single_elimination_bracket(field, seed):
    rec, game = play({"fighters": field}, seed)
    n = len(field)
    rounds = game.bracket()
    assert [len(r) for r in rounds] == ([4, 2, 1] if n == 4 else [8, 4, 2, 1])
    decided = [r for r in game.results if r[3] >= 0]
    assert len(decided) == n - 1
    for r in range(len(rounds) - 1):
        for k in range(len(rounds[r + 1])):
            pair = rounds[r][2 * k: 2 * k + 2]  # 1 v 2, 3 v 4, ...: the winner of each pair goes on
            assert rounds[r + 1][k] in pair
    assert game.champion == rounds[-1][0] and game.result()["winner"] == field[game.champion][0]
    assert events(game, "champion") == [(game.champion, 0, 0)]
    assert game.prompt() is None


def test_each_step_is_one_match_step_and_the_next_match_starts_with_its_initiative():
    seen = []

    def step(game, rec):
        seen.append((game.between(), game.match.moment, game.match.attacker))

    play({"fighters": EVEN4}, 5, step)
    assert seen[0] == (False, 0, seen[0][2]) and seen[0][2] in (0, 1)  # input 1: initiative rolled
    for k in range(1, len(seen)):
        if seen[k - 1][0]:  # the step after a match ended starts the next one
            assert seen[k][1] == 0 and seen[k][2] >= 0


def test_a_tied_match_is_fought_again():
    rec, game = play({"fighters": EVEN4, "health": 1}, 15)
    ties = [i for i in range(len(game.results)) if game.results[i][3] < 0]
    assert ties
    k = ties[0]
    tied = game.results[k]
    again = game.results[k + 1]
    assert again[:3] == tied[:3]  # same round, same pair
    assert events(game, "cup_tie")[0] == (tied[1], tied[2], 1)


def test_the_third_tie_in_a_row_goes_to_a_roll_off():
    rec, game = play({"fighters": EVEN4, "health": 1}, 323)
    (first, ra, rb), = events(game, "cup_rolloff")
    assert ra != rb
    runs = [r for r in game.results if r[3] < 0]
    pair = [r[1:3] for r in runs]
    assert len(runs) >= arena_cup.TIES_MAX and pair.count(pair[-1]) == arena_cup.TIES_MAX
    winner = pair[-1][0] if ra > rb else pair[-1][1]
    assert (winner, runs[-1][0], 0) in events(game, "advance")


def test_each_match_record_replays_alone_to_the_same_result():
    records = []

    def step(game, rec):
        if game.between():
            records.append((game.match_record(rec.seed), game.match.result()))

    play({"fighters": FIELD8}, 77, step)
    assert len(records) >= 7
    for mrec, result in records:
        assert mrec.ruleset == "arena" and len(mrec.inputs) == result["moments"] + 1
        again = record.replay(record.loads(mrec.dumps()))
        assert again.result() == result
        assert again.dice.used == len(mrec.dice)  # every die forced: nothing from the generator


def test_undo_and_replay_of_a_cup_record():
    rec, game = play({"fighters": EVEN4}, 5)
    back = record.undo(rec)
    assert len(back.inputs) == len(rec.inputs) - 1
    assert record.replay(back).result() is None
    assert record.replay(record.loads(rec.dumps())).state() == game.state()


def test_the_transcript_names_each_match_fighters():
    rec, game = play({"fighters": FIELD8}, 77)
    lines = list(record.lines(game, rec))
    assert lines[1] == "  round 1: Even v Brute"
    # after round 1's second match begins, events name its fighters
    start = lines.index("  round 1: Wall v Dancer")
    assert any("Wall" in line or "Dancer" in line for line in lines[start + 1: start + 6])
    assert not any("Even" in line for line in lines[start + 1: start + 6])
    assert lines[-2] == "  %s wins the tournament" % FIELD8[game.champion][0]


def test_every_match_is_a_legal_arena_fight():
    rec, game = play({"fighters": FIELD8}, 3)
    for rnd, i, j, w, method in game.results:
        assert arena.METHODS[method] in ("ko", "ringout", "time", "sudden-death", "tie")
        assert w in (i, j, -1)
