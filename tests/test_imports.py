"""No import circles among the project's own modules.

Every module under firmware/dicebox and host_sim is parsed (imports inside
functions too, relative imports resolved, `from pkg import mod` counted as
importing `pkg.mod` where that is a module); a strongly connected component
of more than one module in the resulting graph is a circle and fails the test.
"""
import ast
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# (folder the import names are relative to, top-level package)
PACKAGES = (("firmware", "dicebox"), (".", "host_sim"))


def project_modules(root=ROOT):
    """{dotted module name: path} for every .py file of the project's packages."""
    mods = {}
    for base, top in PACKAGES:
        base = os.path.join(root, base)
        for d, _, fs in os.walk(os.path.join(base, top)):
            for f in fs:
                if f.endswith(".py"):
                    path = os.path.join(d, f)
                    name = os.path.relpath(path, base)[:-3].replace(os.sep, ".")
                    if name.endswith(".__init__"):
                        name = name[: -len(".__init__")]
                    mods[name] = path
    return mods


def imported_names(tree, pkg):
    """(dotted name, line) for every name an import in the tree may refer to,
    relative ones resolved against the package `pkg`; `from b import a` gives
    both `b` and `b.a`."""
    for n in ast.walk(tree):
        if isinstance(n, ast.Import):
            for a in n.names:
                yield a.name, n.lineno
        elif isinstance(n, ast.ImportFrom):
            b = n.module or ""
            if n.level:
                parts = pkg.split(".")
                b = ".".join(parts[: len(parts) - n.level + 1] + ([b] if b else []))
            yield b, n.lineno
            for a in n.names:
                yield b + "." + a.name, n.lineno


def import_graph(mods, lines=None):
    """{module: set of the project's modules it imports}, each name resolved to
    the longest module it names (dicebox.ui.app.App -> dicebox.ui.app). A
    module importing its own package is no edge: the package is loaded first.
    `lines`, a dict, gets the first line of each edge: {(module, target): line}."""
    edges = {m: set() for m in mods}
    lines = {} if lines is None else lines
    for m, path in mods.items():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        pkg = m if path.endswith("__init__.py") else m.rpartition(".")[0]
        for t, line in imported_names(tree, pkg):
            while t and t not in mods:
                t = t.rpartition(".")[0]
            if t and t != m and not m.startswith(t + "."):
                edges[m].add(t)
                lines[m, t] = min(line, lines.get((m, t), line))
    return edges


def circles(edges):
    """The strongly connected components of more than one node (Tarjan,
    iterative), each sorted, in a stable order."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = 0
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on.add(start)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return sorted(out)


def describe(comp, edges, lines):
    """The circle, then who imports whom inside it and on which line."""
    inner = set(comp)
    links = ["    %s:%d imports %s" % (m, lines[m, t], t)
             for m in comp for t in sorted(edges[m] & inner)]
    return "\n".join(["- " + " <-> ".join(comp)] + links)


def test_no_import_circles():
    lines = {}
    edges = import_graph(project_modules(), lines)
    # the graph is the project's: both packages read, imports seen
    assert "dicebox.ui.app" in edges["dicebox.ui.home"] and "host_sim.common" in edges["host_sim.tbcards"]
    found = circles(edges)
    assert not found, "import circles among the project's modules:\n" + "\n".join(
        describe(c, edges, lines) for c in found)


def test_the_graph_sees_every_kind_of_import(tmp_path):
    # A made-up tree with one circle per kind of import the test must see:
    # inside a function, relative, and `from pkg import mod`.
    files = {
        "firmware/dicebox/__init__.py": "",
        "firmware/dicebox/a.py": "def f():\n    from . import b\n",
        "firmware/dicebox/b.py": "from .c import thing\n",
        "firmware/dicebox/c.py": "import dicebox.a\nthing = 1\n",
        "firmware/dicebox/p/__init__.py": "",
        "firmware/dicebox/p/x.py": "from dicebox.p import y\n",
        "firmware/dicebox/p/y.py": "from .x import name\n",
        "firmware/dicebox/p/z.py": "from dicebox.p import x\nimport dicebox\n",
        "host_sim/__init__.py": "",
        "host_sim/h.py": "import dicebox.p.z\n",
    }
    for rel, text in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    edges = import_graph(project_modules(str(tmp_path)))
    assert edges["dicebox.p.z"] == {"dicebox.p.x"}
    assert edges["host_sim.h"] == {"dicebox.p.z"}
    assert circles(edges) == [["dicebox.a", "dicebox.b", "dicebox.c"],
                              ["dicebox.p.x", "dicebox.p.y"]]


@pytest.mark.parametrize("edges, expected", [
    ({"a": {"b"}, "b": set()}, []),
    ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, [["a", "b", "c"]]),
    ({"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"c", "a"}}, [["a", "b"], ["c", "d"]]),
])
def test_circles(edges, expected):
    assert circles(edges) == expected
