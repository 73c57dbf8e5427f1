"""Long sessions over the rules core, for every rule set the core knows
(dicebox/modes.py: a new rule set is covered by adding its invariants to
host_sim/invariants.py). Any options, any seed, any sequence of inputs (valid ones
and refused ones): the state stays in range after every input
(host_sim/invariants.problems), a refused input changes nothing, every fight ends,
and the record (through its JSON, and after any number of undos) replays to
the same state."""
import pytest
from hardening import figure, size
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_titlebout import ANT, HAG, card

from dicebox import modes
from dicebox.core import record
from host_sim import invariants
from dicebox.larp import common as larp
from dicebox.larp import wounds as W
from dicebox.core.game import RecordError
from dicebox.core.jsonout import dumps
from dicebox.core.rng import SEED_MAX

CARDS = [ANT, HAG, card("valdez"), card("okafor"), card("brandt")]
BUILDS = [[p, t, a, 24 - p - t - a] for p in range(2, 10) for t in range(2, 10) for a in range(2, 10)
          if 2 <= 24 - p - t - a <= 9]
# options whose allowed values are checker functions: what to draw them from
CHECKED = {
    ("titlebout", "red"): st.sampled_from(CARDS), ("titlebout", "blue"): st.sampled_from(CARDS),
    ("titlebout", "charts"): st.just("demo"),
    ("arena", "a"): st.sampled_from(BUILDS), ("arena", "b"): st.sampled_from(BUILDS),
    ("arena", "a_name"): st.sampled_from(["Аня", "Bo", "x" * 12]), ("arena", "b_name"): st.just("B"),
    ("arena_cup", "fighters"): st.lists(st.sampled_from(BUILDS), min_size=8, max_size=8).flatmap(
        lambda builds: st.sampled_from([4, 8]).map(lambda n: [["F%d" % i, builds[i]] for i in range(n)])),
    ("wounds", "roster"): st.sampled_from([[], ["Anna", "Борис", "Vera"], ["P%d" % i for i in range(1, 31)]]),
}
REQUIRED = {"titlebout": ("red", "blue")}  # a bout needs its two cards
ENDLESS = ("dice", "wounds")  # a roll session and a wound session end when the judge says so
MAX_INPUTS = 3000
DICE = ["d6", "2d6+1", "coin", "d%", "4d6-2", "d20", "3d8+3", "nonsense", "", "d0", 7]
TRIED = {}


def options_for(ruleset):
    fields = {}
    for name, default, allowed in modes.rules(ruleset).OPTIONS:
        if (ruleset, name) in CHECKED:
            fields[name] = CHECKED[(ruleset, name)]
        elif allowed is bool:
            fields[name] = st.booleans()
        elif isinstance(allowed, tuple) and len(allowed) == 2 and isinstance(allowed[0], int):
            fields[name] = st.integers(allowed[0], min(allowed[1], allowed[0] + 40))
        elif isinstance(allowed, tuple):
            fields[name] = st.sampled_from(allowed)
    need = REQUIRED.get(ruleset, ())
    return st.fixed_dictionaries({k: fields[k] for k in need},
                                 optional={k: v for k, v in fields.items() if k not in need})


def next_input(data, game, last_t, may_refuse):
    """One input: mostly one the prompt allows, sometimes one it must refuse."""
    ruleset = game.RULESET
    if ruleset == "dice":
        return data.draw(st.sampled_from(DICE))
    if ruleset == "wounds":
        t = last_t + data.draw(st.sampled_from([0, 1000, 60000, 600000, 1800000]))
        op = data.draw(st.sampled_from([W.TICK, W.WOUND, W.WOUND, W.HELP, W.ACK, W.CHOOSE, W.HEAL, W.END,
                                        W.AID, W.MEDIC, 9]))
        p = data.draw(st.integers(0, game.count + 1)) if op in (W.WOUND, W.HELP, W.CHOOSE, W.HEAL, W.AID, W.MEDIC) else 0
        if op in (W.AID, W.MEDIC):
            arg = data.draw(st.integers(0, len(game.who) + 1))
        else:
            arg = data.draw(st.integers(0, 4)) if op in (W.WOUND, W.CHOOSE) else 0
        return [t, op, p, arg]
    what, lo, hi = game.prompt()
    if may_refuse and data.draw(st.integers(0, 19)) == 19:
        return data.draw(st.sampled_from([lo - 1, hi + 1, "x", None, [lo], True]))
    return data.draw(st.integers(lo, hi))


def play(data, ruleset, max_inputs):
    opts = data.draw(options_for(ruleset))
    rec = record.Record(ruleset, opts, data.draw(st.integers(0, SEED_MAX)), [])
    game = record.start(rec)
    assert invariants.problems(game) == []
    last_t = 0
    refused = 0
    in_a_row = 0
    while game.prompt() is not None and len(rec.inputs) < max_inputs:
        value = next_input(data, game, last_t, in_a_row < 2)
        before = dumps(game.state())
        rec.inputs.append(value)
        try:
            record.feed(game, rec, len(rec.inputs) - 1)
        except RecordError:
            rec.inputs.pop()
            refused += 1
            in_a_row += 1
            assert dumps(game.state()) == before, "a refused input changed the state"
            if ruleset in ENDLESS and (in_a_row > 3 or data.draw(st.integers(0, 30)) == 30):
                break
            continue
        in_a_row = 0
        if ruleset == "wounds":
            last_t = value[0]
        problems = invariants.problems(game)
        assert problems == [], (len(rec.inputs), problems)
        if ruleset in ENDLESS and data.draw(st.integers(0, 60)) == 60:
            break
    return rec, game, refused


@pytest.mark.soak
@pytest.mark.parametrize("ruleset", modes.rulesets())
def test_any_session_stays_in_range_ends_and_replays(ruleset):
    @settings(max_examples=size(12, 400), deadline=None, suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def run(data):
        rec, game, refused = play(data, ruleset, MAX_INPUTS)
        if ruleset not in ENDLESS:
            assert game.prompt() is None and game.result() is not None, "the fight did not end in %d inputs" % MAX_INPUTS
        # the record alone, through its JSON, rebuilds the same fight
        again = record.loads(rec.dumps())
        g2 = record.replay(again)
        assert dumps(record.transcript(g2, again)) == dumps(record.transcript(game, rec))
        # undo any number of inputs: the same as replaying that many fewer
        if rec.inputs:
            k = data.draw(st.integers(1, min(5, len(rec.inputs))))
            back = rec
            for _ in range(k):
                back = record.undo(back)
            assert back.inputs == rec.inputs[: len(rec.inputs) - k]
            g3 = record.replay(back)
            assert dumps(g3.state()) == dumps(record.replay(rec, upto=len(back.inputs)).state())
            assert invariants.problems(g3) == []
            # the device's undo (ui/session.py): one replay gives the record and its game,
            # which plays on as that record's game (dice entered next reach it)
            back1, g4 = record.undone(rec)
            assert back1.inputs == rec.inputs[:-1] and back1.dice == record.undo(rec).dice
            assert dumps(g4.state()) == dumps(record.replay(back1).state())
            assert g4.dice.forced is back1.dice
            back1.inputs.append(rec.inputs[-1])
            back1.dice.extend(rec.dice[len(back1.dice):])
            record.feed(g4, back1, len(back1.inputs) - 1)
            assert dumps(g4.state()) == dumps(game.state())
        TRIED[ruleset] = TRIED.get(ruleset, [0, 0, 0])
        TRIED[ruleset][0] += 1
        TRIED[ruleset][1] += len(rec.inputs)
        TRIED[ruleset][2] += refused
        n = TRIED[ruleset]
        figure("long sessions, %s" % ruleset, "%d sessions, %d inputs applied, %d refused (state unchanged); "
               "all in range, %sreplayed and undone identically"
               % (n[0], n[1], n[2], "" if ruleset in ENDLESS else "every one ended, "))

    run()


def test_invariants_catch_a_state_out_of_range():
    g = record.replay(record.Record("arena", {}, 3, [0, 0]))
    assert invariants.problems(g) == []
    g.hp[0] = -1
    g.pos[1] = g.pos[0]
    found = invariants.problems(g)
    assert any("health -1" in p for p in found) and any("side by side" in p for p in found)
    w = record.replay(record.Record("wounds", {}, 0, [[0, W.WOUND, 1, larp.LIGHT]]))
    w.due[0] = -5 + 0 * w.now
    w.kind[0] = 9
    assert any("kind 9" in p for p in invariants.problems(w))
