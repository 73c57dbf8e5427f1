"""The renderer and host canvas against real MicroPython (unix port, native framebuf).

These fail, never skip, when the `micropython` command is missing: the
pixel-parity and zero-allocation guarantees are only proven by running it.
"""
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"


def micropython():
    exe = shutil.which("micropython") or shutil.which("micropython", path=os.path.dirname(sys.executable))
    if not exe:
        pytest.fail("the `micropython` command is not on PATH; run the tests with `make test` "
                    "(it installs MicroPython into .venv and puts .venv/bin on PATH)")
    return exe


def run_mpy(script, *args):
    env = dict(os.environ, MICROPYPATH=str(ROOT / "firmware"))
    p = subprocess.run([micropython(), str(script), *map(str, args)], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, "micropython failed:\n" + p.stdout[-2000:] + p.stderr
    return p.stdout


def run_cpy(script, *args):
    p = subprocess.run([sys.executable, str(script), *map(str, args)], cwd=ROOT,
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, "python failed:\n" + p.stderr
    return p.stdout


def dumps(out):
    return [line.split(" ", 1) for line in out.splitlines() if line]


def ascii_diff(a, b):
    """First differing pixels of two hex buffers, for a readable failure."""
    a, b = bytes.fromhex(a), bytes.fromhex(b)
    bad = [(x, y, (a[(y >> 3) * 128 + x] >> (y & 7)) & 1, (b[(y >> 3) * 128 + x] >> (y & 7)) & 1)
           for y in range(64) for x in range(128)
           if (a[(y >> 3) * 128 + x] ^ b[(y >> 3) * 128 + x]) >> (y & 7) & 1]
    return "%d pixels differ (x, y, micropython, host): %s" % (len(bad), bad[:12])


def assert_same(mp, cp):
    mp, cp = dumps(mp), dumps(cp)
    assert [n for n, _ in mp] == [n for n, _ in cp]
    for (name, a), (_, b) in zip(mp, cp):
        assert len(a) == 2048, name
        assert a == b, "%s: %s" % (name, ascii_diff(a, b))


def test_scene_pixel_parity():
    """Text in all fonts and colors, clipping at every edge, and primitives."""
    assert_same(run_mpy(TESTS / "mpy_scene.py"), run_cpy(TESTS / "mpy_scene.py"))


def random_ops(rng, n):
    ops = []
    for _ in range(n):
        k = rng.randrange(1, 10)
        c = rng.randrange(2)
        xy = lambda: (rng.randint(-40, 150), rng.randint(-30, 80))
        wh = lambda: (rng.randint(-3, 60), rng.randint(-3, 40))
        if k == 1:
            ops.append(("fill_rect", *xy(), *wh(), c))
        elif k == 2:
            ops.append(("rect", *xy(), *wh(), c))
        elif k == 3:
            ops.append(("rectf", *xy(), *wh(), c))
        elif k == 4:
            ops.append(("hline", *xy(), rng.randint(-5, 140), c))
        elif k == 5:
            ops.append(("vline", *xy(), rng.randint(-5, 70), c))
        elif k == 6:
            ops.append(("pixel", rng.randint(-2, 129), rng.randint(-2, 65), c))
        elif k == 7:
            ops.append(("line", *xy(), *xy(), c))
        elif k == 8:
            s = "".join(rng.choice("AbЖщ!1 ✓×\x00漢%:") for _ in range(rng.randint(0, 8)))
            ops.append(("draw", s, *xy(), rng.randrange(3), c))
        elif rng.random() < 0.2:
            ops.append(("fill", c))
    return ops


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_ops_pixel_parity(tmp_path, seed):
    """Random text (every font, both colours, over what is drawn) and primitives."""
    path = tmp_path / "ops.txt"
    path.write_text(repr(random_ops(random.Random(seed), 250)))
    assert_same(run_mpy(TESTS / "mpy_scene.py", path), run_cpy(TESTS / "mpy_scene.py", path))


def test_drawing_allocates_nothing_and_interns_no_character():
    """gc disabled, after a warm-up: 50x two draws + width per font and color.
    A line of up to 48 characters allocates nothing; a longer one a memoryview
    a draw (32 bytes on the 64-bit port). Walking a str would intern each
    character it yields as a name, for good: drawing never does."""
    out = run_mpy(TESTS / "mpy_alloc.py")
    allocs = [line.split() for line in out.splitlines() if line.startswith("alloc")]
    assert len(allocs) == 12, out
    for _, label, height, color, delta in allocs:
        most = 0 if label == "short" else 50 * 2 * 32
        assert 0 <= int(delta) <= most, "%s line, font height %s color %s allocated %s bytes" % (label, height, color, delta)
    pools = [line for line in out.splitlines() if line.startswith("qstr pool")]
    assert len(pools) == 2 and pools[0] == pools[1], pools
