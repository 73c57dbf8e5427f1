"""Run every bench script on CPython and MicroPython and print one table."""
import os
import shutil
import subprocess
import sys
import time

from host_sim import FIRMWARE

HERE = os.path.dirname(os.path.abspath(__file__))


def _scripts():
    return sorted(f for f in os.listdir(HERE) if f.startswith("b_") and f.endswith(".py"))


def _heapsize(path):
    with open(path, encoding="utf-8") as f:
        first = f.readline()
    return first.split("heapsize:")[1].strip() if "heapsize:" in first else None


def _run(cmd, env):
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        return None, (proc.stderr.strip().splitlines() or ["failed"])[-1]
    rows = []
    for line in proc.stdout.splitlines():
        parts = line.split("\t")
        if parts[0] == "row" and len(parts) in (4, 5):
            rows.append(parts[1:])
    return rows, None


def main():
    mp = shutil.which("micropython")
    if mp is None:
        sys.exit("make bench: the micropython command is missing (run it through `make bench`)")
    path = os.pathsep.join([FIRMWARE, HERE, os.path.dirname(os.path.dirname(HERE))])  # the last: host_sim itself
    table = {}
    order = []
    errors = []
    for name in _scripts():
        script = os.path.join(HERE, name)
        runs = [("CPython", [sys.executable, script], dict(os.environ, PYTHONPATH=path))]
        if not name.endswith("_host.py"):
            cmd = [mp] + (["-X", "heapsize=" + _heapsize(script)] if _heapsize(script) else []) + [script]
            runs.append(("MicroPython", cmd, dict(os.environ, MICROPYPATH=path)))
        for interp, cmd, env in runs:
            rows, err = _run(cmd, env)
            if err:
                errors.append("%s on %s: %s" % (name, interp, err))
                continue
            for parts in rows:
                figure, value, unit = parts[:3]
                if figure not in table:
                    table[figure] = {"unit": unit}
                    order.append(figure)
                table[figure][parts[3] if len(parts) == 4 else interp] = value
    width = max(len(f) for f in order) if order else 10
    print("dicebox benchmark, %s, %s" % (time.strftime("%Y-%m-%d"), sys.platform))
    print("| %-*s | %14s | %14s | %-8s |" % (width, "figure", "CPython", "MicroPython", "unit"))
    print("|-%s-|-%s-|-%s-|-%s-|" % ("-" * width, "-" * 14, "-" * 14, "-" * 8))
    for figure in order:
        r = table[figure]
        print("| %-*s | %14s | %14s | %-8s |" % (width, figure, r.get("CPython", "-"), r.get("MicroPython", "-"), r["unit"]))
    for e in errors:
        print("error: " + e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
