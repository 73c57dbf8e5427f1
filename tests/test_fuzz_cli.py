"""Bad arguments and bad files on the command line: `dicebox-sim` run in-process
with argv built from its own parser (every subcommand and flag, fuzzed values,
files with fuzzed contents). It either works (exit 0) or exits non-zero with
one line `dicebox-sim: error: ...` that names the argument or the file: never
a traceback."""
import contextlib
import io
import json
import os
from pathlib import Path

import pytest
from hardening import figure, size
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_fuzz_loaders import CARD, CHART_SET, RECORDS, TEXT, mutated

from host_sim import cli

ROOT = Path(__file__).resolve().parent.parent
SKIP = ("sim", "balance")  # sim is the interactive terminal; balance is a many-minute batch (its flags share int_arg)
BIG_BY_DEFAULT = ("fights", "bouts", "count")  # always given, so a default never starts a long batch
FILES = ("a.json", "b.csv", "c.txt", "d.rec")
pytestmark = pytest.mark.soak  # full size under make soak
TRIED = [0]


def leaves(parser, path=()):
    """(argv prefix, parser) for every runnable subcommand."""
    subs = [a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction"]
    if not subs:
        yield path, parser
        return
    for name, p in subs[0].choices.items():
        if not path and name in SKIP:
            continue
        yield from leaves(p, path + (name,))


LEAVES = list(leaves(cli.build_parser()))

TOKENS = st.sampled_from(["0", "1", "2", "3", "-1", "12", "99", "100", "99999999999", "x", "", " ", "1.5", "1e3", "٣",
                          "Иван", "2d6+1", "d%", "coin", "head,jaw", "6,6,6,6", "9,5,5,5", "2,2,2,18", "1,2,x",
                          "ki_roll=punch", "rounds=5", "a=b", "noequals", "Hagler", "Antuofermo", "-", "--", "--json",
                          "random", "melee", "firearms", "body,head", "left-arm", "x/y", "../nowhere/z"] + list(FILES)) | TEXT


def file_bodies():
    record = st.sampled_from(RECORDS).flatmap(mutated).map(lambda o: json.dumps(o, ensure_ascii=False))
    card = mutated(CARD).map(json.dumps)
    charts = mutated(CHART_SET).map(json.dumps)
    csv_card = st.just("name,Иван\nagg,5\ncf,5\npl,50\nhp,5\nkdr1,2\nkor,2\nki,5\ncode,punch,points,flags\nL-11,jab,1\n")
    wound_line = st.tuples(st.sampled_from(["0:10", "1:00:00", "99:99", "x", "00:30"]),
                           st.sampled_from(["wound", "help", "heal", "ack", "choose", "end", "list", "fly"]),
                           st.sampled_from(["", "1", "31", "Anna", "Иван", "0"]),
                           st.sampled_from(["", "light", "heavy", "mortal", "dies", "stays", "x"])).map(" ".join)
    wounds = st.lists(wound_line, max_size=8).map("\n".join)
    buttons = st.lists(st.sampled_from(["press OK", "press BACK 900", "hold UP+DOWN 200", "wait 50", "shot a", "shot no/such/dir",
                                        "press JUMP", "wait x", "wait -5", "press"]), max_size=8).map("\n".join)
    roster = st.lists(TEXT, max_size=6).map("\n".join)
    text = st.one_of(record, card, charts, csv_card, wounds, buttons, roster).map(lambda s: s.encode("utf-8"))
    return st.one_of(text, text, st.binary(max_size=100), text.map(lambda b: b"\xff" + b))


@st.composite
def command_lines(draw):
    path, parser = draw(st.sampled_from(LEAVES))
    argv = list(path)
    for action in parser._actions:
        if action.dest == "help":
            if draw(st.integers(0, 40)) == 0:
                argv.append("--help")
            continue
        big = action.dest in BIG_BY_DEFAULT
        if not big and not draw(st.booleans()):
            continue
        if action.option_strings:
            argv.append(draw(st.sampled_from(action.option_strings)))
            if action.nargs == 0:
                continue
        if big:
            argv.append(draw(st.sampled_from(["0", "1", "2", "x", "-3", "99999999999"])))
        elif action.choices is not None and draw(st.booleans()):
            argv.append(str(draw(st.sampled_from(list(action.choices)))))
        else:
            argv.append(draw(TOKENS))
    if draw(st.integers(0, 9)) == 0:
        argv.insert(draw(st.integers(0, len(argv))), draw(TOKENS))  # a stray word anywhere
    files = {name: draw(file_bodies()) for name in FILES if name in argv}
    names = [o for a in parser._actions for o in a.option_strings] + \
        [a.metavar or a.dest.upper() for a in parser._actions if not a.option_strings]
    return argv, files, names


def _names_something(line, argv, names):
    msg = line[len("dicebox-sim: error: "):]
    if any(msg.startswith(n) for n in names if isinstance(n, str)):
        return True
    if any(phrase in msg for phrase in ("argument", "invalid choice", "unrecognized", "required", "expected")):
        return True
    return any((tok.strip() and cli.one_line(tok) in msg) or repr(tok) in msg for tok in argv)


@settings(max_examples=size(120, 2500), deadline=None, suppress_health_check=list(HealthCheck))
@given(case=command_lines())
def test_any_command_line_works_or_says_what_is_wrong_in_one_line(tmp_path_factory, case):
    argv, files, names = case
    work = tmp_path_factory.mktemp("cli")
    for name, body in files.items():
        (work / name).write_bytes(body)
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    os.chdir(work)  # --save, --out, --png and script shots land in the temp dir
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = cli.main(argv)
            except SystemExit as e:  # argparse's --help
                code = e.code
                assert code == 0 and ("--help" in argv or "-h" in argv), (argv, err.getvalue())
    finally:
        os.chdir(here)
    TRIED[0] += 1
    figure("bad data, dicebox-sim argv and files", "%d command lines, 0 tracebacks" % TRIED[0])
    lines = err.getvalue().splitlines()
    if code == 0:
        assert not any("Traceback" in x for x in lines), (argv, lines)
        return
    assert len(lines) == 1 and lines[0].startswith("dicebox-sim: error: "), (argv, err.getvalue()[-2000:])
    assert _names_something(lines[0], argv, names), (argv, lines[0])
