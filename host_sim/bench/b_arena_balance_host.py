# Wall time of the default `dicebox-sim balance arena` run on all cores (CPython
# only): round 1 of 150 fights a reference build, then doubling where
# neighbours' intervals overlap until the 60 s budget.
import os

import host_sim  # noqa: F401
from host_sim.commands import balance

jobs = os.cpu_count() or 1
rows, info = balance.rank(1, balance.DEFAULT_FIGHTS, jobs, {}, budget=balance.DEFAULT_TIME)
fights = sum(info["per_build"].values())
tied = sum(1 for a, z in balance.places(rows) if a != z)
print("row\tarena balance default run: fights played (%d jobs, %d rounds, %d s budget)\t%d\tfights" % (
    jobs, info["rounds"], balance.DEFAULT_TIME, fights))
print("row\tarena balance default run: wall time\t%.1f\ts" % info["seconds"])
print("row\tarena balance default run: builds whose place is a range (of %d)\t%d\tbuilds" % (len(rows), tied))
