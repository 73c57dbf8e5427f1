"""stats arena's ties: "ties" counts every fight without a winner; the method
the rules core calls "tie" is only time run out on level health, and a double
KO or ring-out is a tie counted under ko or ringout. The output says which is
which, and the figures are the real core's."""
import json
import re

from test_cli import cli

from dicebox.arena import rules as arena
from dicebox.core.game import check_options
from host_sim.fights.arena import quick_fight, seeds_of

# builds whose fights end level at time and in double knock-outs often enough to see both
ARGS = ("stats", "arena", "--a", "9,3,7,5", "--b", "3,9,5,7", "--seed", "1")


def test_the_ties_are_what_the_core_says_by_how_they_ended():
    n = 1500
    s = json.loads(cli(*ARGS, "--fights", str(n), "--json")[1])
    opts = check_options(arena.OPTIONS, dict(s["options"]))
    seed_of = seeds_of(1)
    ties = dict.fromkeys(arena.METHODS[1:], 0)
    for k in range(n):
        winner, method, _ = quick_fight(opts, seed_of(k))
        if winner < 0:
            ties[arena.METHODS[method]] += 1
    assert s["tie_methods"] == ties and sum(ties.values()) == s["tie"]["count"]
    assert ties["tie"] == s["methods"]["tie"] and ties["ko"] > 0  # every level-at-time fight is a tie; not every tie


def test_the_ties_line_says_what_the_ties_were_and_the_methods_line_agrees():
    code, out, err = cli(*ARGS, "--fights", "20000")
    assert code == 0, err
    s = json.loads(cli(*ARGS, "--fights", "20000", "--json")[1])
    ties = [line for line in out.splitlines() if line.lstrip().startswith("ties ")][0]
    by = [line for line in out.splitlines() if line.lstrip().startswith("by ")][0]
    m = re.search(r"ties +([\d.]+)%.*\): level at time ([\d.]+)%, both knocked out ([\d.]+)%$", ties)
    assert m, ties
    total, level, double_ko = (float(x) for x in m.groups())
    assert abs(total - level - double_ko) <= 0.15  # the parts add up to the ties, to the rounding
    assert level == round(100 * s["tie_methods"]["tie"] / 20000, 1) and double_ko > 0
    # the methods line: every fight by how it ended, level at time by that name, with the same figure
    assert by.endswith("level at time %.1f%%" % level) and " tie " not in by + " "
    assert abs(sum(float(x) for x in re.findall(r"([\d.]+)%", by)) - 100) <= 0.3
