"""Every picture the docs show is one a Makefile target draws, and the screen
pictures are what `make docs` draws from today's firmware."""
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
IMG = ROOT / "docs" / "img"
SCRIPTS = sorted((ROOT / "docs" / "scripts").glob("*.txt"))
MAKEFILE = (ROOT / "Makefile").read_text(encoding="utf-8")
PICTURE = re.compile(r"!\[[^\]]*\]\(([^)\s]+)\)|<img[^>]*src=\"([^\"]+)\"")


def docs():
    return [ROOT / "README.md", ROOT / "boards" / "README.md"] + sorted((ROOT / "docs").rglob("*.md"))


def shown():
    """{picture path: [the docs showing it]} for every picture in the docs."""
    out = {}
    for doc in docs():
        for m in PICTURE.finditer(doc.read_text(encoding="utf-8")):
            ref = m.group(1) or m.group(2)
            out.setdefault((doc.parent / ref).resolve(), []).append(doc.relative_to(ROOT).as_posix())
    return out


def made_by_make_docs():
    """{file name: script} of the shots and GIFs `make docs` writes into docs/img."""
    out = {}
    for s in SCRIPTS:
        out[s.stem + ".gif"] = s.name
        for line in s.read_text(encoding="utf-8").splitlines():
            words = line.split()
            if words[:1] == ["shot"]:
                out[words[1] + ".png"] = s.name
    return out


def made_by_other_targets():
    """docs/img files the Makefile names outright (make wiring, make case)."""
    return set(re.findall(r"docs/img/([\w.-]+\.png)", MAKEFILE))


def test_the_makefile_has_the_picture_targets():
    for target in ("docs", "wiring", "case"):
        assert re.search(r"^%s:" % target, MAKEFILE, re.M), target
    assert {"wiring.png", "case.png", "case-1.3.png"} <= made_by_other_targets()


def test_every_picture_in_the_docs_exists_and_a_make_target_draws_it():
    made = set(made_by_make_docs()) | made_by_other_targets()
    problems = []
    for path, where in sorted(shown().items()):
        if not path.is_file():
            problems.append("%s: %s is missing" % (where[0], path))
        elif path.parent != IMG or path.name not in made:
            problems.append("%s: %s is drawn by no make target" % (where[0], path))
    assert problems == []


def test_nothing_in_docs_img_is_left_that_no_target_draws():
    made = set(made_by_make_docs()) | made_by_other_targets()
    assert sorted(p.name for p in IMG.iterdir() if p.name not in made) == []


def frames(path):
    """(size, pixels, duration) of every frame of a PNG or GIF."""
    im = Image.open(path)
    out = []
    for i in range(getattr(im, "n_frames", 1)):
        im.seek(i)
        out.append((im.size, im.convert("L").tobytes(), im.info.get("duration")))
    return out


def test_the_screen_pictures_are_what_make_docs_draws_today(tmp_path):
    # the command of the Makefile's docs target, run into a scratch folder
    m = re.search(r"dicebox-sim script \$\$s (.*?) >/dev/null", MAKEFILE)
    assert m, "make docs: its dicebox-sim script command"
    sim = Path(sys.executable).parent / "dicebox-sim"
    for s in SCRIPTS:
        args = shlex.split(m.group(1).replace("docs/img", str(tmp_path)).replace("$$(basename $$s .txt)", s.stem))
        subprocess.run([str(sim), "script", str(s)] + args, check=True, capture_output=True, cwd=ROOT)
    stale = []
    for name in sorted(made_by_make_docs()):
        drawn, kept = tmp_path / name, IMG / name
        if not kept.is_file() or frames(drawn) != frames(kept):
            stale.append(name)
    assert stale == [], "run make docs: these pictures are not what today's firmware draws"


@pytest.mark.parametrize("name", ["case.png", "case-1.3.png", "wiring.png"])
def test_the_drawn_pictures_are_real_pictures(name):
    # OpenSCAD and schemdraw are not needed by make test: the pictures are checked for what they are
    im = Image.open(IMG / name)
    assert im.width >= 800 and im.height >= 500
    assert len(im.convert("L").getcolors(1 << 16)) > 8  # not a blank or two-colour canvas
