# heapsize: 128k
# Arena duel: full fights per second, and the heap one fight needs.
import gc

from benchlib import MICRO, per_second, row, ticks_diff, ticks_us

from dicebox.arena import rules as arena
from dicebox.core.dice import Dice
from dicebox.core.game import check_options
from dicebox.core.log import Log

OPTS = check_options(arena.OPTIONS, {"a": [9, 3, 7, 5], "b": [3, 9, 5, 7]})


def fight(seed):
    log = Log()
    game = arena.Game(OPTS, Dice(seed, None, log), log)
    while game.prompt() is not None:
        log.input(0, 0)
        game.apply(0)
    return game


n = 500 if MICRO else 5000
t0 = ticks_us()
for seed in range(n):
    fight(seed)
row("arena full fights per second (one core)", per_second(n, ticks_diff(ticks_us(), t0)), "fights/s")

# The many-fight loop of `stats arena` / `balance arena` (host_sim/arena_fast:
# no log, the same dice stream), here on each interpreter.
from host_sim import arena_fast  # noqa: E402

fast = arena_fast.make(OPTS)
n = 2000 if MICRO else 20000
t0 = ticks_us()
for seed in range(n):
    fast(OPTS["a"], OPTS["b"], seed)
row("arena fast fights per second, no log (one core)", per_second(n, ticks_diff(ticks_us(), t0)), "fights/s")

if MICRO:
    # gc off: nothing is freed during the fight, so the bytes allocated from
    # start to end bound its heap high-water; the worst of 200 seeds.
    worst = 0
    for seed in range(200):
        gc.collect()
        gc.disable()
        before = gc.mem_alloc()
        fight(seed)
        used = gc.mem_alloc() - before
        gc.enable()
        if used > worst:
            worst = used
    row("arena heap per fight, worst of 200 (gc off, 128k heap)", worst, "bytes")
    gc.collect()
    before = gc.mem_alloc()
    kept = fight(7)
    gc.collect()
    row("arena heap held by a finished fight (game+log)", gc.mem_alloc() - before, "bytes")
