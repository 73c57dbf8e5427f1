"""The core is pure integer code that MicroPython can run: checked on the source."""
import ast
import subprocess

import pytest
from conftest import find_tool, FIRMWARE
from host_sim.deploy import MARCH

CORE = FIRMWARE / "dicebox" / "core"
# Modules MicroPython has that the core may use; everything else is refused.
ALLOWED_IMPORTS = {"array", "json", "micropython"}
FORBIDDEN_CALLS = {"open", "print", "input", "eval", "exec", "compile", "float", "__import__"}


def _module_file(name):
    path = FIRMWARE.joinpath(*name.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def _pure_files():
    """The shared core, and each rule set's module (dicebox/modes.py) with every game module it
    imports: a rule set's screens are the only part of its folder that may do I/O."""
    from dicebox import modes

    # the card and chart CSV reader: the set-up's and the host's, text in, data out
    todo = [modes._rules_module(modes.mode_of(r), r) for r in modes.rulesets()] + ["dicebox.titlebout.csvfiles"]
    found = set()
    while todo:
        name = todo.pop()
        path = _module_file(name)
        if name.startswith("dicebox.core") or path in found or not path.exists():
            continue
        found.add(path)
        for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(n, ast.ImportFrom) and (n.module or "").startswith("dicebox."):
                todo += [n.module] + [n.module + "." + a.name for a in n.names]
            elif isinstance(n, ast.Import):
                todo += [a.name for a in n.names if a.name.startswith("dicebox.")]
    return sorted(CORE.rglob("*.py")) + sorted(found)


CORE_FILES = _pure_files()


def _problems(path, allowed_calls=()):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Constant) and isinstance(n.value, (float, complex)):
            out.append("%d: float literal" % n.lineno)
        elif isinstance(n, (ast.BinOp, ast.AugAssign)) and isinstance(n.op, ast.Div):
            out.append("%d: true division" % n.lineno)
        elif isinstance(n, ast.Import):
            for a in n.names:
                if a.name.split(".")[0] not in ALLOWED_IMPORTS and not a.name.startswith("dicebox."):
                    out.append("%d: import %s" % (n.lineno, a.name))
        elif isinstance(n, ast.ImportFrom):
            mod = n.module or ""
            if mod.split(".")[0] not in ALLOWED_IMPORTS and not mod.startswith("dicebox"):
                out.append("%d: from %s import" % (n.lineno, mod))
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Name):
            if n.func.id in FORBIDDEN_CALLS and n.func.id not in allowed_calls:
                out.append("%d: calls %s()" % (n.lineno, n.func.id))
    return out


@pytest.mark.parametrize("path", CORE_FILES, ids=lambda p: str(p.relative_to(FIRMWARE / "dicebox")))
def test_core_module_is_integer_only_and_pure(path):
    assert _problems(path) == []


def test_every_rule_set_and_its_helpers_are_held_pure():
    names = {str(p.relative_to(FIRMWARE / "dicebox")) for p in CORE_FILES}
    for game in ("dice/rules.py", "titlebout/rules.py", "titlebout/data.py", "larp/common.py", "larp/wounds.py",
                 "larp/help.py", "arena/rules.py", "arena/cup.py"):
        assert game in names
    assert not any(n.endswith(("setup.py", "screen.py", "_ui.py", "menu.py", "bout.py")) for n in names), names


def test_the_checker_catches_what_it_must(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import time\nfrom os import path\nx = 1.5\ny = 3 / 2\nz = 2\nz /= 2\nprint(x)\n")
    found = _problems(bad)
    assert len(found) == 6, found


def test_every_firmware_module_compiles_with_mpy_cross(tmp_path):
    files = sorted(FIRMWARE.rglob("*.py"))
    assert len(files) >= 10
    for path in files:
        out = tmp_path / (path.stem + ".mpy")
        proc = subprocess.run([find_tool("mpy-cross"), MARCH, "-o", str(out), str(path)], capture_output=True, text=True)
        assert proc.returncode == 0, "%s: %s" % (path, proc.stderr)
        assert out.stat().st_size > 0
