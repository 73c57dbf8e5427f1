"""Shared host helpers: seeds, record files, output."""
import json
import os
import sys

import host_sim  # noqa: F401  (puts firmware/ on sys.path)
from dicebox.core import record as _record
from dicebox.core.game import RecordError
from dicebox.core.rng import SEED_MAX
from host_sim.errors import CliError


def fresh_seed():
    """A seed from the host's entropy, as the box takes one from its hardware."""
    return int.from_bytes(os.urandom(4), "big") % (SEED_MAX + 1)


def int_arg(flag, lo, hi):
    """argparse type: a whole number lo..hi; errors name the flag."""

    def parse(text):
        try:
            value = int(text)
        except ValueError:
            raise CliError("%s: '%s' is not a whole number" % (flag, text))
        if not lo <= value <= hi:
            raise CliError("%s: %d is outside %d..%d" % (flag, value, lo, hi))
        return value

    return parse


seed_arg = int_arg("--seed", 0, SEED_MAX)


def dice_arg(text):
    """--dice V,V,...: forced die values in order."""
    out = []
    for i, part in enumerate(text.split(",")):
        part = part.strip()
        try:
            out.append(int(part))
        except ValueError:
            raise CliError("--dice: value %d ('%s') is not a whole number" % (i + 1, part))
    return out


def read_text(path, what="file", limit=4 * 1024 * 1024):
    if not path.strip():
        raise CliError("%r: no file name given for the %s" % (path, what))
    try:
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except OSError as e:
        raise CliError("%s: cannot read %s (%s)" % (path, what, e.strerror or e))
    except ValueError:  # a NUL in the name
        raise CliError("%r: not a usable file name for the %s" % (path, what))
    if len(data) > limit:
        raise CliError("%s: %s is larger than %d bytes" % (path, what, limit))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise CliError("%s: not UTF-8 text (byte %d)" % (path, e.start))


def load_record(path):
    text = read_text(path, "record")
    try:
        rec = _record.loads(text, "record")
        game = _record.replay(rec)
    except RecordError as e:
        raise CliError("%s: %s" % (path, e))
    return rec, game


def write_text(path, text):
    """Write atomically: a reader never sees half a file."""
    tmp = path + ".tmp"
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError as e:
        raise CliError("%s: cannot write (%s)" % (path, e.strerror or e))
    except ValueError:  # a NUL in the name
        raise CliError("%r: not a usable file name" % path)


def print_json(obj):
    json.dump(obj, sys.stdout, indent=2, sort_keys=True, ensure_ascii=False)
    sys.stdout.write("\n")


def print_transcript(rec, game, as_json):
    if as_json:
        print_json(_record.transcript(game, rec))
    else:
        for line in _record.lines(game, rec):
            print(line)


def add_family(sub, name, help_text, package, members):
    """A subcommand whose sub-subcommands are modules host_sim.PACKAGE.MEMBER, each with register()."""
    p = sub.add_parser(name, help=help_text)
    inner = p.add_subparsers(dest="ruleset", metavar="RULESET", parser_class=type(p))
    inner.required = True
    for member in members:
        module = __import__("host_sim.%s.%s" % (package, member), fromlist=["register"])
        module.register(inner)


def fight_error(e):
    """A RecordError from a fight on the command line: a bad forced die is --dice's fault."""
    text = str(e)
    if text.startswith("dice: "):
        return CliError("--dice: " + text[len("dice: "):])
    return CliError(text)


def finish_fight(rec, game, args, note=None):
    """What every `fight` ends with: --save, then the transcript, a note and the seed."""
    if args.save:
        write_text(args.save, rec.dumps() + "\n")
    print_transcript(rec, game, args.json)
    if not args.json:
        if note:
            print(note)
        if not game.hides_seed():
            print("seed %d" % rec.seed)
        elif args.save:
            print("seed hidden until the end; %s holds it: keep the file from the players" % args.save)
        else:
            print("seed hidden until the end (it would give the secrets away)")
    return 0


def pool_map(func, tasks, jobs, ordered=True):
    """func over tasks on `jobs` worker processes (1: here), in order unless not ordered."""
    if jobs <= 1 or len(tasks) <= 1:
        for t in tasks:
            yield func(t)
        return
    import multiprocessing

    pool = multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork").Pool(min(jobs, len(tasks)))
    try:
        for r in (pool.imap if ordered else pool.imap_unordered)(func, tasks):
            yield r
    finally:
        pool.terminate()
        pool.join()
