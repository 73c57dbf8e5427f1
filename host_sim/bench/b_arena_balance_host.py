# Wall time of the default `dicebox-sim balance arena` run on all cores (CPython only).
import os
import time

import host_sim  # noqa: F401
from host_sim.commands import balance

jobs = os.cpu_count() or 1
t0 = time.perf_counter()
rows = balance.rank(1, balance.DEFAULT_FIGHTS, jobs, {})
wall = time.perf_counter() - t0
print("row\tarena balance default run (%d fights, %d jobs)\t%.1f\ts" % (
    len(rows) * len(balance.REFERENCE) * balance.DEFAULT_FIGHTS, jobs, wall))
