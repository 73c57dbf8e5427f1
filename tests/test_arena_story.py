"""The Arena's story mode (arena/story.py): the ladder, the objectives at their
edges, the rewards and chances, replay, the batch tuner's fights, the host
command and the words in both languages."""
import random
import re

import pytest

from dicebox.arena import rules as arena
from dicebox.arena import story as S
from dicebox.core import record
from dicebox.core.dice import Dice
from dicebox.core.game import RecordError, check_options
from dicebox.core.log import Log
from dicebox.ui import lang
from host_sim import story as host_story

KO, RINGOUT, TIME, SUDDEN, TIE = 1, 2, 3, 4, 5


@pytest.fixture
def english():
    lang.set_lang("en")
    yield
    lang.set_lang("en")


def test_same_seed_same_ladder_for_any_fighter_and_seeds_differ():
    assert S.ladder(5) == S.ladder(5)
    assert len({tuple(S.ladder(s)) for s in range(40)}) > 30
    for s in range(300):
        rungs = S.ladder(s)
        assert [who // 3 for who, _, _ in rungs] == [0, 1, 2, 3, 4]  # one rival of each rung, weakest first
        assert rungs[-1][1] == S.CHAMPION_MOTIVE and rungs[-1][2] != S.SURVIVE  # the title is won
        motives = [m for _, m, _ in rungs[:-1]]
        assert len(set(motives)) == 4 and all(0 <= m < S.MOTIVES for m in motives)
    _, g1 = host_story.play(11, "Even", (6, 6, 6, 6))
    _, g2 = host_story.play(11, "Zed", (9, 5, 5, 5))
    assert g1.road.rungs == g2.road.rungs == S.ladder(11)


def test_a_fighter_named_as_a_rival_meets_the_rival_as_the_second(english):
    seed = 3
    first = S.CAST[S.ladder(seed)[0][0]][0]
    _, game = host_story.play(seed, first, (6, 6, 6, 6))
    assert host_story.story_lines(game)[0].startswith("Rival 1/5: %s II " % first)


def test_the_cast_is_legal_builds_and_names_apart_from_the_roster_presets():
    from dicebox.arena import edit

    names = [n for n, _ in S.CAST]
    assert len(set(names)) == len(S.CAST) == 3 * S.RUNGS
    for name, build in S.CAST:
        arena.check_build(build)
        assert name not in edit.NAMES and len(name) <= 7  # the fight screen shows 7


@pytest.mark.parametrize("goal, winner, method, moments, low, knocks, met, verdict", [
    (S.WIN, 0, KO, 9, 1, 0, True, S.V_WIN),
    (S.WIN, 1, KO, 9, 0, 0, False, S.V_LOSS),
    (S.WIN, -1, TIE, 10, 3, 0, False, S.V_TIE),
    (S.RINGOUT, 0, RINGOUT, 4, 9, 0, True, S.V_WIN),
    (S.RINGOUT, 0, KO, 4, 9, 0, False, S.V_WIN),
    (S.RINGOUT, 1, RINGOUT, 4, 9, 0, False, S.V_LOSS),
    (S.QUICK, 0, KO, 5, 9, 0, True, S.V_WIN),  # over by the end of moment 5: "before moment 6"
    (S.QUICK, 0, KO, 6, 9, 0, False, S.V_WIN),
    (S.UNHURT, 0, TIME, 10, 5, 0, True, S.V_WIN),  # half of 10 is 5: never under it
    (S.UNHURT, 0, TIME, 10, 4, 0, False, S.V_WIN),
    (S.SURVIVE, 1, TIME, 10, 2, 0, True, S.V_SURVIVED),  # behind at the bell, still standing: passed
    (S.SURVIVE, -1, TIE, 8, 2, 0, True, S.V_SURVIVED),  # a time slip ends the track sooner: still the bell
    (S.SURVIVE, 0, KO, 3, 2, 0, True, S.V_WIN),  # a win is more than surviving
    (S.SURVIVE, 1, KO, 7, 0, 0, False, S.V_LOSS),
    (S.SURVIVE, 1, SUDDEN, 7, 4, 0, False, S.V_LOSS),
    (S.SURVIVE, -1, KO, 7, 0, 0, False, S.V_TIE),  # both knocked out: not the bell
    (S.KNOCKED, 0, KO, 9, 3, 2, True, S.V_WIN),
    (S.KNOCKED, 0, KO, 9, 3, 1, False, S.V_WIN),
    (S.KNOCKED, 1, RINGOUT, 9, 3, 3, False, S.V_LOSS),
])
def test_objectives_at_their_edges(goal, winner, method, moments, low, knocks, met, verdict):
    assert S.judge(goal, winner, method, moments, low, knocks) == (met, verdict)


def _log(*events):
    log = Log()
    for e in events:
        log.event(*e)
    return log


def test_facts_and_beats_come_from_the_fights_own_log():
    log = _log(
        ("rival", 0, 0, 10),
        ("init", 0, 20, 10),
        ("moment", 1, 10), ("damage", 1, 2, 5), ("knock", 0, 1),  # the rival bleeds first: a draws first blood
        ("moment", 2, 9), ("damage", 0, 3, 7), ("damage", 0, 2, 5), ("knock", 0, 2),
        ("moment", 3, 8), ("crystal_used", 0, 3), ("heal", 0, 2, 7), ("mine_blast", 1, 6), ("damage", 1, 3, 1),
        ("moment", 4, 7), ("event", 20, 0), ("end", 0, 4),
    )
    low, knocks = S.fight_facts(log, 0, len(log))
    assert (low, knocks) == (5, 2)
    assert S.beats(log, 0, len(log), 0) == [
        (S.FIRST_BLOOD, 0, 1), (S.CRYSTAL, 0, 3), (S.MINE, 1, 3), (S.SUDDEN, 0, 4)]
    # the loser at 1 health is no comeback; the winner at 1 is, once, at the moment it happened
    assert (S.COMEBACK, 1, 3) in S.beats(log, 0, len(log), 1)
    log2 = _log(("moment", 1, 10), ("damage", 0, 4, 1), ("moment", 2, 9), ("damage", 0, 0, 1),
                ("knock", 1, 3), ("moved", 1, 8, 7), ("ringout", 1, 9), ("end", 0, 2))
    assert S.beats(log2, 0, len(log2), 0) == [(S.FIRST_BLOOD, 1, 1), (S.COMEBACK, 0, 1), (S.ABYSS, 1, 2)]
    assert S.fight_facts(log2, 0, len(log2)) == (1, 0)


def _road():
    return S.Road(S.ladder(3), [6, 6, 6, 6])


def test_rewards_plain_wins_and_chances():
    road = _road()
    road.rungs[:3] = [(0, 0, S.RINGOUT), (3, 1, S.RINGOUT), (6, 2, S.WIN)]
    # an objective met: a reward to choose, the rung stays until it is chosen
    road.hp = 10
    met, v = road.settle(0, RINGOUT, 5, 10, 2, 4)
    assert met and v == S.V_WIN and road.pending and road.rung == 0 and road.hp == 4
    assert road.can_take(1) and road.can_take(S.HEALTH)
    road.take(2)  # +1 Toughness and the plain win's health
    assert road.build == [6, 7, 6, 6] and road.hp == 4 + S.PLAIN_HEAL and road.rung == 1 and not road.pending
    # a plain win: health back, less than the objective's
    road.settle(0, KO, 9, 2, 0, 2)
    assert not road.pending and road.rung == 2 and road.hp == 2 + S.PLAIN_HEAL
    # a tie: fought again from the health the fight began with
    road.settle(-1, TIE, 10, 1, 0, 3)
    assert road.rung == 2 and road.hp == 2 + S.PLAIN_HEAL and road.chances == S.CHANCES
    # defeats: a chance each, all health back, the same rival again; the third ends the story
    for left in (2, 1):
        assert road.settle(1, KO, 4, 0, 0, 0)[1] == S.V_LOSS
        assert road.chances == left and road.hp == S.FULL and road.rung == 2 and not road.over
    road.settle(1, KO, 4, 0, 0, 0)
    assert road.chances == 0 and road.over and not road.won


def test_health_back_and_the_stat_cap():
    road = S.Road(S.ladder(3), [9, 5, 5, 5])
    road.rungs[0] = (0, 0, S.WIN)
    road.settle(0, KO, 3, 1, 0, 1)
    assert not road.can_take(1) and road.can_take(2)
    road.take(S.HEALTH)
    assert road.hp == S.FULL and road.build == [9, 5, 5, 5]
    road.rung = S.RUNGS - 1
    road.settle(0, KO, 3, 9, 0, 9)
    assert road.over and road.won and not road.pending  # the champion beaten: no reward left to take


def test_the_record_refuses_a_stat_past_9_and_a_step_while_a_reward_is_due():
    for seed in range(200):
        rec = record.Record(S.RULESET, {"fighter": ["Brute", [9, 5, 5, 5]]}, seed)
        game = record.start(rec)
        while game.prompt() is not None and game.prompt()[0] != "reward":
            rec.inputs.append(0)
            record.feed(game, rec, len(rec.inputs) - 1)
        if game.prompt() is None:
            continue
        rec.inputs.append(1)
        with pytest.raises(RecordError, match="input %d: that stat is at 9 already" % len(rec.inputs)):
            record.feed(game, rec, len(rec.inputs) - 1)
        rec.inputs[-1] = 0
        with pytest.raises(RecordError, match="reward must be 1..5, not 0"):
            record.feed(game, rec, len(rec.inputs) - 1)
        return
    pytest.fail("no story met an objective")


def test_a_story_replays_to_the_same_story_and_its_prefixes_resume(english):
    rec, game = host_story.play(2024, "Even", (6, 6, 6, 6))
    lines = host_story.story_lines(game)
    again = record.replay(record.loads(rec.dumps()))
    assert host_story.story_lines(again) == lines and again.result() == game.result()
    assert again.state() == game.state()
    # every prefix (a power cut anywhere) replays to the same state the live story had there
    live = record.start(record.Record(rec.ruleset, rec.options, rec.seed, [], []))
    r2 = record.Record(rec.ruleset, rec.options, rec.seed, [], [])
    for i, v in enumerate(rec.inputs):
        r2.inputs.append(v)
        record.feed(live, r2, i)
        if i % 7 == 3:
            assert record.replay(record.loads(r2.dumps())).state() == live.state()
    # the table's dice (forced) give the same story when they are the generator's own
    dice = [e[3] for e in (game.log.entry(k) for k in range(len(game.log))) if e[0] == 0]
    rec3, game3 = host_story.play(2024, "Even", (6, 6, 6, 6), dice)
    assert host_story.story_lines(game3) == lines


def test_stories_end_and_the_last_rival_is_the_champion(english):
    ends = set()
    for seed in range(60):
        rec, game = host_story.play(seed, "Even", (6, 6, 6, 6))
        res = game.result()
        ends.add(res["winner"] is not None)
        road = game.road
        assert road.over and (road.won == (road.rung == S.RUNGS - 1 and road.chances > 0))
        assert road.won or road.chances == 0
        text = host_story.story_lines(game)
        assert text[-1] == ("Even is the champion of the Arena!" if road.won
                            else "Even's road ends at rival %d of 5." % (road.rung + 1))
        assert sum(1 for t in text if t.startswith("Rival ")) == game.fights
    assert ends == {True, False}


def test_the_fast_fights_give_the_cores_objective_facts():
    """arena_fast with carried health and tracking ends a fight as the core
    does, with the same lowest health and knock-backs the story reads from the log."""
    from host_sim import arena_fast

    trk = [0, 0]
    opts = check_options(arena.OPTIONS, {})
    fight = arena_fast.make(opts, trk)
    rnd = random.Random(50)
    builds = [b for b in ((p, t, a, 24 - p - t - a) for p in range(2, 10) for t in range(2, 10) for a in range(2, 10))
              if 2 <= b[3] <= 9]
    for _ in range(1500):
        a, b = list(rnd.choice(builds)), list(rnd.choice(builds))
        seed = rnd.randrange(10 ** 9)
        hp_a, hp_b = rnd.randint(1, 10), rnd.choice(S.RIVAL_HP)
        log = Log()
        o = dict(opts, a=a, b=b)
        g = arena.Game(o, Dice(seed, None, log), log)
        g.hp[0], g.hp[1] = hp_a, hp_b
        while g.method == arena.GOING:
            g.apply(0)
        low, knocks = S.fight_facts(log, 0, len(log))
        got = fight(a, b, seed, None, hp_a, hp_b)
        assert got == (g.winner, g.method, g.moment, g.hp[0], g.hp[1])
        assert trk == [min(low, hp_a), knocks]


def test_the_host_command_prints_the_same_story_for_the_same_seed(capsys):
    from host_sim.cli import main

    assert main(["story", "arena", "--seed", "31", "--fighter", "8,8,4,4", "--name", "Kid"]) == 0
    one = capsys.readouterr().out
    assert main(["story", "arena", "--seed", "31", "--fighter", "8,8,4,4", "--name", "Kid"]) == 0
    assert capsys.readouterr().out == one
    assert one.startswith("Rival 1/5: ") and "seed 31; rewards chosen by the policy" in one
    assert ("Kid is the champion of the Arena!" in one) != ("Kid's road ends at rival" in one)
    assert main(["story", "arena", "--seed", "31", "--fighter", "8,8,4,4,1"]) == 2
    capsys.readouterr()
    for bad in ("\x1f", "", "Thirteen long"):  # the argument is named, not the record's field
        assert main(["story", "arena", "--name", bad]) == 2
        assert capsys.readouterr().err.startswith("dicebox-sim: error: --name: a name ")
    assert main(["story", "arena", "--stories", "20", "--fighter", "6,6,6,6"]) == 0
    assert "| 6,6,6,6 |" in capsys.readouterr().out


def test_russian_words_line_up_and_are_used():
    from dicebox.arena import story_ru, story_text

    # the codes the words module keeps of its own (it cannot import the rules: they import it)
    assert (story_text.RUNGS, story_text.HEALTH) == (S.RUNGS, S.HEALTH)
    assert (story_text.V_WIN, story_text.V_SURVIVED, story_text.V_TIE, story_text.V_LOSS) == (
        S.V_WIN, S.V_SURVIVED, S.V_TIE, S.V_LOSS)

    keys = re.findall(r"\n(\w+)\t", story_text._TABLE)
    assert len(keys) == len(story_ru.LABELS)
    for key, en, ru in zip(keys, re.findall(r"\t([^\n]*)", story_text._TABLE), story_ru.LABELS):
        assert en.count("%") == ru.count("%"), key  # the same arguments
    lang.set_lang("ru")
    try:
        _, game = host_story.play(7, "Even", (6, 6, 6, 6))
        text = "\n".join(host_story.story_lines(game))
    finally:
        lang.set_lang("en")
    assert "Соперник 1/5: " in text and "Цель: " in text and "Even" in text
    assert not re.search(r"\b(Rival|Goal|Victory|Moment)\b", text)


_MP_STORY = """
import json, sys
from dicebox.core import record
from dicebox.core.jsonout import dumps
from dicebox.core.log import EVENT
from dicebox.ui import lang
stories = json.load(open(sys.argv[1]))
for code in ("en", "ru"):
    lang.set_lang(code)
    for text in stories:
        rec = record.loads(text)
        game = record.replay(rec)
        for k in range(len(game.log)):
            kind, name, a, b, c = game.log.entry(k)
            if kind == EVENT:
                said = game.describe(name, a, b, c)
                if name in ("rival", "beat", "verdict", "reward", "story_end"):
                    print(said)
        print(dumps(game.state()))
"""


def test_stories_replay_and_read_the_same_on_micropython(mp, tmp_path):
    import json

    from dicebox.core.jsonout import dumps

    recs = [host_story.play(seed, name, build)[0] for seed, name, build in
            ((1, "Even", (6, 6, 6, 6)), (77, "Trickster", (4, 4, 8, 8)), (5, "Brute", (9, 5, 5, 5)))]
    (tmp_path / "in.json").write_text(json.dumps([r.dumps() for r in recs]))
    (tmp_path / "story.py").write_text(_MP_STORY)
    want = []
    try:
        for code in ("en", "ru"):
            lang.set_lang(code)
            for r in recs:
                game = record.replay(record.loads(r.dumps()))
                want += [line for line in host_story.story_lines(game) if line]
                want.append(dumps(game.state()))
    finally:
        lang.set_lang("en")
    got = mp.run(tmp_path / "story.py", tmp_path / "in.json").stdout.decode("utf-8").splitlines()
    assert len(want) > 40 and got == want
