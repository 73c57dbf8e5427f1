"""Arena duel properties: any seed, builds and options end in range, and the
record rebuilds the same state; the core runs the same on MicroPython."""
from hypothesis import given, settings
from hypothesis import strategies as st

from dicebox.core import record
from dicebox.arena import rules as arena
from dicebox.core.jsonout import dumps
from dicebox.core.record import Record

BUILDS = [[p, t, a, 24 - p - t - a] for p in range(2, 10) for t in range(2, 10) for a in range(2, 10)
          if 2 <= 24 - p - t - a <= 9]
OPTION_VALUES = {name: allowed for name, _, allowed in arena.OPTIONS if isinstance(allowed, tuple) and isinstance(allowed[0], str)}

options = st.fixed_dictionaries(
    {"a": st.sampled_from(BUILDS), "b": st.sampled_from(BUILDS), "health": st.integers(1, 30)},
    optional=dict({k: st.sampled_from(v) for k, v in OPTION_VALUES.items()}, share=st.booleans()),
)


def check_invariants(game):
    s = game.state()
    lo, hi = s["arena"]
    assert 1 <= lo <= hi + 1 <= 9 and hi - lo + 1 in (8, 6, 4, 2, 0)
    a, b = s["positions"]
    assert a != b and abs(a - b) == 1  # the other fighter always follows
    if game.result() is None:
        assert lo <= a <= hi and lo <= b <= hi
    for h in s["health"]:
        assert 0 <= h <= game.start_hp
    assert 0 <= s["time"] <= 10 and 0 <= s["moment"] <= 10
    for space in s["mines"] + s["crystals"]:
        assert lo <= space <= hi
        if game.pass_every:  # with pass=land a fighter can stand on an item it was knocked across
            assert space not in (a, b)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 999999999), opts=options)
def test_any_fight_ends_in_range_and_replays_to_the_same_state(seed, opts):
    rec = Record("arena", opts, seed, [])
    game = record.start(rec)
    while game.prompt() is not None:
        rec.inputs.append(0)
        record.feed(game, rec, len(rec.inputs) - 1)
        check_invariants(game)
        assert len(rec.inputs) <= 11  # initiative and at most ten moments
    result = game.result()
    assert result["method"] in ("ko", "ringout", "time", "sudden-death", "tie")
    if result["winner"] is None:  # a tie on time, a double knock-out, or both on falling spaces
        assert result["method"] in ("tie", "ko", "ringout")
        if result["method"] == "ko":
            assert result["health"] == [0, 0]
        if result["method"] == "ringout":
            assert game.state()["arena"] == [5, 4]
    if result["method"] == "ko":
        assert 0 in result["health"]
    if result["method"] == "tie":
        assert result["health"][0] == result["health"][1]
    again = record.replay(Record("arena", opts, seed, list(rec.inputs)))
    assert dumps(record.transcript(again, rec)) == dumps(record.transcript(game, rec))
    # forcing the dice the generator gave rebuilds the same fight with another seed
    faces = [r["value"] for r in record.transcript(game, rec)["rolls"]]
    forced = record.replay(Record("arena", opts, (seed + 1) % 1000000000, list(rec.inputs), faces))
    assert forced.state() == game.state() and forced.result() == result


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 999999999))
def test_undo_drops_the_last_step_and_its_dice(seed):
    two = record.replay(Record("arena", {}, seed, [0, 0]))
    if two.result() is not None:  # over after one moment: nothing to undo to
        return
    rec = Record("arena", {}, seed, [0, 0, 0])
    game = record.replay(rec)
    faces = [r["value"] for r in record.transcript(game, rec)["rolls"]]
    full = Record("arena", {}, 0, [0, 0, 0], faces)
    back = record.undo(full)
    assert back.inputs == [0, 0] and record.replay(back).state() == two.state()


def test_fights_replay_identically_on_micropython(mp, tmp_path):
    script = tmp_path / "arena_many.py"
    script.write_text(
        "from dicebox.core import record\nfrom dicebox.core.jsonout import dumps\n"
        "for seed in range(0, 4000000, 20011):\n"
        "    rec = record.Record('arena', {'a': [9, 2, 9, 4], 'b': [2, 9, 4, 9], 'share': True}, seed, [0] * 11)\n"
        "    g = record.start(rec)\n"
        "    n = 0\n"
        "    while g.prompt() is not None:\n"
        "        record.feed(g, rec, n)\n"
        "        n += 1\n"
        "    print(dumps(g.state()), dumps(g.result()))\n"
    )
    import subprocess
    import sys

    from conftest import FIRMWARE

    want = subprocess.run([sys.executable, str(script)], capture_output=True, env={"PYTHONPATH": str(FIRMWARE)}, check=True).stdout
    got = mp.run(script).stdout
    assert got == want and want.count(b"\n") == 200
