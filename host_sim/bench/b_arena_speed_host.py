# Arena fights per second on one CPython core: the straightforward reference
# (arena_reference.py: plain Python, `random`) against the project's many-fight
# loops (`stats arena`, `balance arena`, one job each), same builds, same run.
# CPU time of this process, best of 3 interleaved runs: other load on the
# machine slows every loop alike.
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import host_sim  # noqa: E402,F401
import arena_reference  # noqa: E402
from host_sim.commands import balance  # noqa: E402
from host_sim.stats import arena as stats_arena  # noqa: E402

A, B = [9, 3, 7, 5], [3, 9, 5, 7]
N = 20000


def cpu(fn):
    t0 = time.process_time()
    fn()
    return time.process_time() - t0


def reference():
    for s in range(N):
        arena_reference.fight(A, B, s)


def stats():
    stats_arena.summarise({"a": A, "b": B}, N, 1)


def balance_loop():
    # one build against the whole field: N fights in all
    balance.score_build((0, (9, 3, 7, 5), {}, 1, 0, N // len(balance.REFERENCE)))


best = {"ref": 1e9, "stats": 1e9, "balance": 1e9}
for _ in range(3):
    best["ref"] = min(best["ref"], cpu(reference))
    best["stats"] = min(best["stats"], cpu(stats))
    best["balance"] = min(best["balance"], cpu(balance_loop))
ref, st, ba = (int(N / best[k]) for k in ("ref", "stats", "balance"))
print("row\tarena reference (plain Python, random): fights per second, one core\t%d\tfights/s" % ref)
print("row\tarena `stats arena` loop: fights per second, one core\t%d\tfights/s" % st)
print("row\tarena `balance arena` loop: fights per second, one core\t%d\tfights/s" % ba)
print("row\tarena `stats arena` / reference, one core (goal >= 2)\t%.2f\tx" % (st / ref))
print("row\tarena `balance arena` / reference, one core (goal >= 2)\t%.2f\tx" % (ba / ref))
