"""Every module the firmware names in a string exists (the loader, dicebox/__init__.py).

Code is loaded and dropped by name ("dicebox.titlebout.cards"): a module renamed
while a string still names the old one would be dropped no more and stay on
the heap, or fail only when a rare path loads it. So each string in the
firmware that is a dotted dicebox name must name a module, each call_once
of a constant module must name a function of it, and the lazy tables that route
names to a module (Store.__getattr__, the LARP menu's items) must name functions
it has. The lines of modes.py are checked by tests/test_modes.py.
"""
import ast
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
DOTTED = re.compile(r"dicebox(\.[a-z_][a-z0-9_]*)+")


def module_path(name):
    """The file of module `name`, or None."""
    base = os.path.join(FIRMWARE, *name.split("."))
    for path in (base + ".py", os.path.join(base, "__init__.py")):
        if os.path.exists(path):
            return path
    return None


def top_level_functions(name):
    with open(module_path(name), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    return {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}


def firmware_trees():
    for d, _, files in os.walk(os.path.join(FIRMWARE, "dicebox")):
        for f in sorted(files):
            if f.endswith(".py"):
                path = os.path.join(d, f)
                with open(path, encoding="utf-8") as fh:
                    yield os.path.relpath(path, ROOT), ast.parse(fh.read())


def named_modules(trees):
    """(file:line, name) for each string constant that is a dotted dicebox name."""
    for path, tree in trees:
        for n in ast.walk(tree):
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and DOTTED.fullmatch(n.value):
                yield "%s:%d" % (path, n.lineno), n.value


def once_calls(trees):
    """(file:line, module, function) for each call_once(module, function, ...) of constants."""
    for path, tree in trees:
        for n in ast.walk(tree):
            if (isinstance(n, ast.Call) and getattr(n.func, "id", None) == "call_once" and len(n.args) >= 2
                    and all(isinstance(a, ast.Constant) for a in n.args[:2])):
                yield "%s:%d" % (path, n.lineno), n.args[0].value, n.args[1].value


def test_every_module_named_in_a_string_exists():
    names = list(named_modules(firmware_trees()))
    assert len(names) > 30  # the walk found the lists and the calls
    assert [(where, name) for where, name in names if module_path(name) is None] == []


def test_every_call_once_names_a_function_of_its_module():
    calls = list(once_calls(firmware_trees()))
    assert len(calls) > 10
    assert [c for c in calls if c[2] not in top_level_functions(c[1])] == []


def test_the_stores_lazy_methods_are_functions_of_store_more():
    with open(module_path("dicebox.store"), encoding="utf-8") as f:
        source = f.read()
    table = re.search(r'in " ([a-z_ ]+) "', source).group(1).split()
    assert table and set(table) <= top_level_functions("dicebox.store_more")


def test_the_larp_menus_items_name_functions_of_their_modules():
    from dicebox.larp import menu

    for key, module, fn in menu._ITEMS:
        assert fn in top_level_functions(module), (key, module, fn)


@pytest.mark.parametrize("source, found", [
    ('x = ("dicebox.ui.home", "dicebox.ui.gone")', ["dicebox.ui.gone"]),
    ('call_once("dicebox.ui.unfinished", "no_such_function")', []),
])
def test_the_check_finds_a_renamed_module(source, found):
    names = named_modules([("m.py", ast.parse(source))])
    assert [name for _, name in names if module_path(name) is None] == found


def test_the_check_finds_a_renamed_function():
    calls = once_calls([("m.py", ast.parse('call_once("dicebox.ui.unfinished", "no_such_function")'))])
    assert [c[2] for c in calls if c[2] not in top_level_functions(c[1])] == ["no_such_function"]
