"""Arena on the command line: transcripts, stats, balance, one-line errors."""
import json

import pytest
from test_cli import cli

from host_sim.commands import balance
from host_sim.fights.arena import fight_seed


def test_fight_json_has_ruleset_seed_rolls_and_result_and_the_saved_record_replays(tmp_path):
    rec = tmp_path / "f.json"
    code, out, err = cli("fight", "arena", "--a", "9,3,7,5", "--b", "3,9,5,7", "--seed", "11", "--json", "--save", str(rec))
    assert code == 0 and err == ""
    t = json.loads(out)
    assert t["ruleset"] == "arena" and t["seed"] == 11 and t["options"]["a"] == [9, 3, 7, 5]
    assert t["rolls"][0] == {"die": "d20", "value": t["rolls"][0]["value"], "for": "initiative a"}
    assert t["result"]["winner"] in ("a", "b", None)
    assert t["result"]["method"] in ("ko", "ringout", "time", "sudden-death", "tie")
    code, again, _ = cli("replay", str(rec), "--json")
    assert json.loads(again) == t


def test_fight_text_transcript_with_forced_dice():
    code, out, _ = cli("fight", "arena", "--a", "6,6,6,6", "--b", "6,6,6,6", "--a-name", "Red", "--seed", "1",
                       "--dice", "10,5,4,1,1,20")
    assert code == 0
    assert "Red attacks (16 against 11)" in out and "Red attacks with Heavy Kick, B defends with Block" in out
    assert "B takes 2 damage, health 8" in out and out.rstrip().endswith("seed 1")


@pytest.mark.parametrize("args,needle", [
    (["--a", "9,3,7,6", "--b", "6,6,6,6"], "--a: stats 9,3,7,6 sum to 25, not 24"),
    (["--a", "6,6,6,6", "--b", "1,7,8,8"], "--b: Power 1 is outside 2..9"),
    (["--a", "6,6,6", "--b", "6,6,6,6"], "--a: a build is four stats"),
    (["--a", "6,x,6,6", "--b", "6,6,6,6"], "--a: stat 2 ('x')"),
    (["--a", "6,6,6,6"], "required: --b"),
    (["--a", "6,6,6,6", "--b", "6,6,6,6", "--dice", "30"], "--dice: forced die 1 (d20 for initiative a): 30 is not in 1..20"),
    (["--a", "6,6,6,6", "--b", "6,6,6,6", "--rule", "stun=x"], "--rule stun: 'x' is not one of harder, literal"),
    (["--a", "6,6,6,6", "--b", "6,6,6,6", "--rule", "nope=1"], "--rule: unknown rule 'nope'"),
    (["--a", "6,6,6,6", "--b", "6,6,6,6", "--health", "0"], "--health: 0 is outside 1..99"),
    (["--a", "6,6,6,6", "--b", "6,6,6,6", "--a-name="], "options.a_name"),
    (["--a", "6,6,6,6", "--b", "6,6,6,6", "--save", "/nonexistent/x.json", "--seed", "1"], "/nonexistent/x.json"),
])
def test_fight_bad_input_is_one_line(args, needle):
    code, out, err = cli("fight", "arena", *args)
    assert code == 2 and "Traceback" not in err
    assert needle in err and len(err.strip().splitlines()) == 1, err


def test_stats_are_reproducible_from_the_seed_and_add_up():
    args = ("stats", "arena", "--a", "9,3,7,5", "--b", "3,9,5,7", "--fights", "300", "--seed", "5", "--json")
    code, out, err = cli(*args)
    assert code == 0 and cli(*args)[1] == out
    s = json.loads(out)
    assert s["a"]["count"] + s["b"]["count"] + s["tie"]["count"] == 300
    assert sum(s["methods"].values()) == 300
    for key in ("a", "b", "tie"):
        lo, hi = s[key]["ci95"]
        assert lo <= s[key]["rate"] <= hi
    assert 1 <= s["mean_moments"] <= 10
    assert json.loads(cli(*args[:-2], "6", "--json")[1]) != s  # another seed, other fights
    code, text, _ = cli(*args[:-1])
    assert "a wins" in text and "95% CI" in text and "mean length" in text


def test_stats_bad_fights_is_one_line():
    code, _, err = cli("stats", "arena", "--a", "6,6,6,6", "--b", "6,6,6,6", "--fights", "0")
    assert code == 2 and "--fights: 0 is outside" in err


def test_fight_seeds_depend_on_the_fight_not_the_worker():
    assert fight_seed(1, 3, 2, 7) == fight_seed(1, 3, 2, 7)
    assert len({fight_seed(1, i, j, 0) for i in range(30) for j in range(8)}) == 240


def test_balance_ranking_is_the_same_for_any_number_of_jobs(tmp_path):
    one, info1 = balance.rank(9, 2, 1, {}, rounds=2)
    two, info2 = balance.rank(9, 2, 2, {}, rounds=2)
    assert one == two and len(one) == 315 and info1["per_build"] == info2["per_build"]
    assert [r[4] for r in one] == sorted((r[4] for r in one), reverse=True)
    # round 2 doubled exactly the builds whose interval overlapped a neighbour's in round 1
    first, _ = balance.rank(9, 2, 1, {}, rounds=1)
    open_ = {first[i][0] for i in range(314) if balance.overlaps(first[i], first[i + 1])} | \
        {first[i + 1][0] for i in range(314) if balance.overlaps(first[i], first[i + 1])}
    for b, n in info1["per_build"].items():
        assert n == (32 if b in open_ else 16)
    for r in one:
        assert r[1] + r[2] + r[3] == info1["per_build"][r[0]]


def test_balance_places_are_ranges_where_intervals_overlap():
    def row(name, score, half):
        return ((name,), 0, 0, 0, score, half)

    rows = [row(1, 0.70, 0.01), row(2, 0.60, 0.02), row(3, 0.59, 0.02), row(4, 0.55, 0.02), row(5, 0.40, 0.01)]
    assert balance.places(rows) == [(1, 1), (2, 3), (2, 4), (3, 4), (5, 5)]
    assert balance.overlaps(rows[1], rows[2]) and not balance.overlaps(rows[0], rows[1])


def test_balance_plays_on_until_every_place_separates():
    # two builds about 6 points apart against the field: 10 fights a reference
    # leave them overlapping, doubling separates them, and then it stops
    builds = [(6, 6, 6, 6), (4, 9, 3, 8)]
    first, _ = balance.rank(4, 10, 1, {}, rounds=1, builds=builds)
    assert balance.places(first) == [(1, 2), (1, 2)]
    rows, info = balance.rank(4, 10, 1, {}, builds=builds)
    assert info["stop"] == "separated" and 1 < info["rounds"] < balance.MAX_ROUNDS
    assert balance.places(rows) == [(1, 1), (2, 2)]
    assert [r[0] for r in rows] == builds[::-1]
    assert rows[0][4] - rows[0][5] > rows[1][4] + rows[1][5]


def test_balance_command_table_and_png(tmp_path):
    png = tmp_path / "b.png"
    code, out, err = cli("balance", "arena", "--seed", "3", "--fights", "2", "--jobs", "2", "--rounds", "2",
                         "--png", str(png), "--show", "3")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("arena balance: 315 builds x 8 reference builds, round 1 2 fights each")
    assert "rounds in" in lines[2] and "builds are tied" in lines[2]
    assert lines[3].split()[:3] == ["place", "P,T,A,S", "score"] and "  ..." in lines
    first = lines[4].split()
    assert first[0].startswith("1-") and first[4].count("-") == 1  # a place range and the interval lo-hi
    from PIL import Image

    with Image.open(png) as img:
        assert img.format == "PNG" and img.width > 315 * 3
    code, out, err = cli("balance", "arena", "--seed", "3", "--fights", "1", "--jobs", "1", "--rounds", "1")
    assert code == 0 and out.splitlines()[2].startswith("1 round in "), err
    code, _, err = cli("balance", "arena", "--fights", "2", "--png", "/nonexistent/b.png")
    assert code == 2 and "--png" in err and len(err.strip().splitlines()) == 1
    code, _, err = cli("balance", "arena", "--jobs", "0")
    assert code == 2 and "--jobs: 0 is outside 1..256" in err
    code, _, err = cli("balance", "arena", "--fights", "100000", "--time", "60")  # about 250 million fights
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "--fights 100000: round 1 alone is 252,000,000 fights, about" in err and "give --time" in err


def test_stats_is_the_same_on_any_number_of_jobs_and_each_fight_replays():
    args = ("stats", "arena", "--a", "8,4,8,4", "--b", "5,5,5,9", "--fights", "25000", "--seed", "12", "--json")
    code, one, _ = cli(*args, "--jobs", "1")
    assert code == 0 and cli(*args, "--jobs", "2")[1] == one
    # fight k of a run is `fight arena` with the seed fight_seed(S, k): its result is what was counted
    for seed in (3, 8, 21):
        s = json.loads(cli("stats", "arena", "--a", "8,4,8,4", "--b", "5,5,5,9", "--fights", "1",
                           "--seed", str(seed), "--json")[1])
        counted = [key for key in ("a", "b", "tie") if s[key]["count"]][0]
        t = json.loads(cli("fight", "arena", "--a", "8,4,8,4", "--b", "5,5,5,9", "--seed", str(fight_seed(seed, 0)),
                           "--json")[1])
        assert (t["result"]["winner"] or "tie") == counted
        assert s["methods"][t["result"]["method"]] == 1 and s["mean_moments"] == t["result"]["moments"]
