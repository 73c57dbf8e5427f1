"""Records: replay, undo, forced dice, asking for physical dice, and bad data."""
import json

import pytest

from dicebox.core import dice as D
from dicebox.core import record
from dicebox.core.game import RecordError, check_options


def _rec(**kw):
    base = {"dicebox": 1, "ruleset": "dice", "seed": 42, "inputs": ["d20", "2d6", "coin"], "dice": []}
    base.update(kw)
    return base


def test_replay_is_deterministic_and_round_trips():
    rec = record.from_obj(_rec())
    a = record.transcript(record.replay(rec), rec)
    rec2 = record.loads(rec.dumps())
    b = record.transcript(record.replay(rec2), rec2)
    assert a == b
    assert len(a["rolls"]) == 4
    assert a["rolls"][0]["die"] == "d20" and a["rolls"][0]["for"] == "d20"


def test_forced_dice_come_first_then_the_generator():
    rec = record.from_obj(_rec(dice=[17, 6, 6]))
    t = record.transcript(record.replay(rec), rec)
    assert [r["value"] for r in t["rolls"][:3]] == [17, 6, 6]
    alone = record.from_obj(_rec(inputs=["coin"]))
    free = record.transcript(record.replay(alone), alone)
    assert t["rolls"][3]["value"] == free["rolls"][0]["value"]  # forced values draw nothing from the generator


def test_undo_drops_the_last_input_and_its_forced_dice():
    rec = record.from_obj(_rec(dice=[17, 6, 6, 2]))
    once = record.undo(rec)
    assert once.inputs == ["d20", "2d6"] and once.dice == [17, 6, 6]
    twice = record.undo(once)
    assert twice.inputs == ["d20"] and twice.dice == [17]
    a = record.transcript(record.replay(twice), twice)["log"]
    b = record.transcript(record.replay(rec), rec)["log"]
    assert a == b[: len(a)]


def test_physical_dice_ask_for_each_value_in_turn():
    rec = record.from_obj(_rec(inputs=["2d6"]))
    asked = []
    while True:
        try:
            game = record.replay(rec, ask=True)
            break
        except D.NeedDie as need:
            asked.append((need.die, need.why))
            rec.dice.append(4)
    assert asked == [(6, "2d6"), (6, "2d6")]
    assert game.total == 8


@pytest.mark.parametrize(
    "change,message",
    [
        ({"seed": "x"}, "field 'seed'"),
        ({"seed": -1}, "field 'seed'"),
        ({"seed": 10**12}, "field 'seed'"),
        ({"ruleset": "chess"}, "unknown 'chess'"),
        ({"dicebox": 2}, "version"),
        ({"inputs": "d6"}, "field 'inputs'"),
        ({"dice": [1, "2"]}, r"field 'dice'\[1\]"),
        ({"extra": 1}, "unknown field 'extra'"),
        ({"inputs": [5]}, "input 1: a dice expression must be text"),
        ({"inputs": ["d6", "2x"]}, "bad character 'x'"),
        ({"dice": [25]}, r"dice: forced die 1 \(d20 for d20\): 25 is not in 1..20"),
        ({"dice": [0]}, "forced die 1"),
        ({"options": {"speed": 3}}, "unknown option 'speed'"),
    ],
)
def test_bad_records_give_one_clear_error(change, message):
    obj = _rec(**change)
    with pytest.raises((RecordError, ValueError), match=message):
        rec = record.from_obj(obj)
        record.replay(rec)


def test_a_bad_forced_die_rolled_as_the_fight_is_set_up_is_a_record_error():
    # LARP boxing deals its cards in Game(): the dice error comes out of start(), not feed()
    rec = record.Record("boxing", {}, 1, [], [0])
    with pytest.raises(RecordError, match=r"^dice: forced die 1 \(d6 for card for boxer 1\): 0 is not in 1..6$"):
        record.start(rec)


def test_missing_fields_and_bad_json():
    obj = _rec()
    del obj["seed"]
    with pytest.raises(RecordError, match="missing field 'seed'"):
        record.from_obj(obj)
    with pytest.raises(RecordError, match="not valid JSON"):
        record.loads("{nope")
    with pytest.raises(RecordError, match="not UTF-8"):
        record.loads(b"\xff\xfe")
    with pytest.raises(RecordError, match="must be a JSON object"):
        record.loads("[1,2]")


def test_option_checker():
    spec = (("rounds", 12, (4, 15)), ("tie", "coin", ("coin", "red")), ("fast", False, bool))
    assert check_options(spec, {}) == {"rounds": 12, "tie": "coin", "fast": False}
    assert check_options(spec, {"rounds": 4, "fast": True})["rounds"] == 4
    for bad, msg in (({"rounds": 3}, "outside 4..15"), ({"rounds": "x"}, "whole number"),
                     ({"tie": "blue"}, "not one of"), ({"fast": 1}, "true or false")):
        with pytest.raises(RecordError, match=msg):
            check_options(spec, bad)


def test_canonical_json_matches_cpython_json():
    from dicebox.core.jsonout import dumps

    obj = {"b": [1, -2, None, True, False], "a": "ХА! \"q\" \\ \n\t é 😀", "c": {"z": 1, "y": []}}
    assert dumps(obj) == json.dumps(obj, sort_keys=True, separators=(",", ":"))


def test_equal_inputs_share_one_string_after_loading():
    rec = record.loads(json.dumps(_rec(inputs=["d6"] * 3 + [["x"], 5, "2d6", "d6"])))
    assert rec.inputs == ["d6"] * 3 + [["x"], 5, "2d6", "d6"]
    assert rec.inputs[0] is rec.inputs[2] is rec.inputs[6]


def test_a_loaded_session_of_repeated_inputs_holds_one_copy_on_micropython(mp, tmp_path):
    # JSON gives every input its own string (unless it is an interned name): 200
    # copies of "3d6+4" held 15 KB on the unix port; built at run time, not interned
    script = tmp_path / "held.py"
    script.write_text(
        "import gc\nfrom dicebox.core import record\n"
        "text = record.Record('dice', seed=1, inputs=['%dd%d+%d' % (3, 6, 4)] * 200).dumps()\n"
        "gc.collect()\nbase = gc.mem_alloc()\nrec = record.loads(text)\ngc.collect()\n"
        "print(gc.mem_alloc() - base, rec.inputs[0] is rec.inputs[199])\n"
    )
    held, shared = mp.run(script).stdout.decode().split()
    assert shared == "True" and int(held) < 2500, held


def test_writing_json_makes_no_character_a_name_on_micropython(mp, tmp_path):
    # walking a str (s[i]) interns each character it yields, for good: a record of
    # Cyrillic names would have kept every letter as a name; jsonout reads bytes
    script = tmp_path / "names.py"
    script.write_text(
        "import micropython\nfrom dicebox.core.jsonout import dumps\n"
        "s = 'ХА! \"q\" \\\\ \\n\\t é 😀 ' + ''.join([chr(c) for c in range(0x0429, 0x0430)])\n"
        "dumps({'a': 'warm'})\nmicropython.qstr_info()\n"
        "print(dumps({'a': s}))\nmicropython.qstr_info()\n"
    )
    out = mp.run(script).stdout.decode().splitlines()
    assert out[0].startswith("qstr pool") and out[0] == out[2], out
    s = 'ХА! "q" \\ \n\t é 😀 ' + "".join(chr(c) for c in range(0x0429, 0x0430))
    assert out[1] == json.dumps({"a": s}, sort_keys=True, separators=(",", ":"))
