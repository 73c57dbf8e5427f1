"""No public name of one or two letters in the firmware.

Every module under firmware/dicebox is parsed: a name it binds at module level
(def, class, assignment) or by any import (module level or inside a function)
that does not start with an underscore must say what it is, so it is at least
three characters long. `import os` binds the module's own name, not one of
ours, so a plain import of a module is left alone.
"""
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware", "dicebox")

# Short names that are the words printed on the box or the dice it rolls.
ALLOWED = {
    "UP", "OK",  # buttons.py: the buttons' own labels
    "D3", "D6",  # core/dice.py: the dice, as players name them
}


def bound_names(tree):
    """(name, line) for each name the module binds at its top level or imports anywhere."""
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            yield node.name, node.lineno
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for n in ast.walk(target):
                    if isinstance(n, ast.Name):
                        yield n.id, node.lineno
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.asname:
                    yield a.asname, node.lineno
        elif isinstance(node, ast.ImportFrom):
            for a in node.names:
                yield a.asname or a.name, node.lineno


def short_names(root=FIRMWARE):
    found = []
    for d, _, files in os.walk(root):
        for f in sorted(files):
            if f.endswith(".py"):
                path = os.path.join(d, f)
                with open(path, encoding="utf-8") as fh:
                    tree = ast.parse(fh.read(), path)
                for name, line in bound_names(tree):
                    if len(name) <= 2 and not name.startswith("_") and name not in ALLOWED:
                        found.append("%s:%d %s" % (os.path.relpath(path, ROOT), line, name))
    return found


def test_no_public_name_of_one_or_two_letters():
    assert short_names() == []


def test_the_check_finds_a_short_name(tmp_path):
    (tmp_path / "m.py").write_text("from dicebox import buttons as B\nt = 1\n_ok = 2\nimport os\n\ndef fetch():\n    from x import y as z\n")
    assert [s.split(" ")[1] for s in short_names(str(tmp_path))] == ["t", "B", "z"]
