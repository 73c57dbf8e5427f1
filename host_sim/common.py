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


def int_list_arg(flag):
    """An argparse type for FLAG V,V,...: whole numbers in order, a bad one named by its place."""
    def parse(text):
        out = []
        for i, part in enumerate(text.split(",")):
            part = part.strip()
            try:
                out.append(int(part))
            except ValueError:
                raise CliError("%s: value %d ('%s') is not a whole number" % (flag, i + 1, part))
        return out
    return parse


dice_arg = int_list_arg("--dice")  # forced die values in order


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
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise CliError("%s: not UTF-8 text (byte %d)" % (path, e.start))
    # a spreadsheet or Windows editor saves UTF-8 with a byte-order mark
    return text[1:] if text.startswith("\ufeff") else text


class _Duplicate(ValueError):
    pass


def _no_duplicates(pairs):
    out = {}
    for key, value in pairs:
        if key in out:
            raise _Duplicate(key)
        out[key] = value
    return out


def json_loads(text, where):
    """JSON text from a user's file: a key given twice is an error naming it
    (json.loads alone keeps the last one without a word)."""
    from dicebox.core.compat import loads

    try:
        json.loads(text, object_pairs_hook=_no_duplicates)  # the check; the box's own reader gives the value
        return loads(text)
    except _Duplicate as e:
        raise CliError("%s: key '%s' given twice in one object" % (where, e.args[0]))
    except ValueError as e:
        raise CliError("%s: not valid JSON (%s)" % (where, e))


def load_record(path):
    text = read_text(path, "record")
    if not text.lstrip("\ufeff \t\r\n").startswith("{"):
        nl = text.find("\n")
        if nl >= 0 and text[nl + 1:].lstrip().startswith("{"):
            text = text[nl + 1:]  # a History file copied off the box: its summary line, then the record
    obj = json_loads(text, path)
    try:
        rec = _record.from_obj(obj, "record")
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


def transcript_obj(rec, game, questions=None):
    """The transcript as `replay --json` prints it."""
    out = _record.transcript(game, rec)
    if rec.ruleset == "titlebout" and game.end and game.fighters[0] is not None:
        out["scoresheet"] = scoresheet_obj(game)
    if questions:
        for entry in out["log"]:
            if "input" in entry and entry["input"] <= len(questions):
                entry["question"] = questions[entry["input"] - 1]
    return out


def scoresheet_obj(game):
    """The scoresheet as data (the JSON transcript's "scoresheet")."""
    rows = []
    for i in range(game.round):
        row = {"round": i + 1, "points": [game.score[0][i], game.score[1][i]]}
        for k, key in enumerate(("knockdowns", "cuts", "fouls", "deducted")):
            row[key] = [game.marks(i + 1, 0, k), game.marks(i + 1, 1, k)]
        if game.options["decision"] == "ten":
            row["ten_point"] = list(game.ten_round(i))
        rows.append(row)
    return {"decision": game.options["decision"], "tie_break": game.options["tie_break"], "rounds": rows}


def transcript_lines(rec, game, questions=None):
    """The transcript as `replay` prints it."""
    out = []
    for line in _record.lines(game, rec):
        if questions and line.startswith("> input "):
            i = int(line[8:line.index(":")])
            if i <= len(questions):
                line += "  (%s)" % questions[i - 1]
        out.append(line)
    return out


def print_transcript(rec, game, as_json, questions=None):
    """questions: the text of what each input answered (shown beside it)."""
    if as_json:
        print_json(transcript_obj(rec, game, questions))
    else:
        for line in transcript_lines(rec, game, questions):
            print(line)


def questions_of(rec):
    """What each input of the record answered: the game's question before it."""
    game = _record.start(rec)
    out = []
    for i in range(len(rec.inputs)):
        p = game.prompt()
        out.append(p[0] if p is not None else "")
        _record.feed(game, rec, i)
    return out


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


def finish_fight(rec, game, args, note=None, questions=None):
    """What every `fight` ends with: --save, then the transcript, a note and the seed."""
    if args.save:
        write_text(args.save, rec.dumps() + "\n")
    print_transcript(rec, game, args.json, questions)
    if not args.json:
        if note:
            print(note)
        if not game.hides_seed():
            print("seed %d" % rec.seed)
        elif args.save:
            print("seed hidden until the end; %s holds it: keep the file from the players" % args.save)
        else:
            print("seed hidden until the end (it would give the secrets away)")
    unused_dice_note(rec, game)
    return 0


def unused_dice_note(rec, game):
    """Forced dice the fight never rolled: said, on stderr (stdout may be JSON)."""
    used, given = game.dice.used, len(rec.dice)
    if used < given:
        left = rec.dice[used:]
        shown = ",".join(str(v) for v in left[:12]) + (",..." if len(left) > 12 else "")
        sys.stderr.write("dicebox-sim: note: --dice: %d of %d forced values not used (%s): the fight needed %d\n"
                         % (given - used, given, shown, used))


def pool_map(func, tasks, jobs, ordered=True):
    """func over tasks on `jobs` worker processes (1: here), in order unless not ordered."""
    if jobs <= 1 or len(tasks) <= 1:
        for t in tasks:
            yield func(t)
        return
    import multiprocessing
    import signal

    # Ctrl-C reaches the whole process group: only this process answers it (the
    # workers would each print a traceback); they end with the pool. Blocked
    # while they start, so none sees it before it ignores it.
    block = getattr(signal, "pthread_sigmask", None)
    pool = None
    try:
        old = block(signal.SIG_BLOCK, {signal.SIGINT}) if block else None
        try:
            pool = multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork").Pool(
                min(jobs, len(tasks)), initializer=_worker_ignores_ctrl_c)
        finally:
            if block:
                block(signal.SIG_SETMASK, old)
        for r in (pool.imap if ordered else pool.imap_unordered)(func, tasks):
            yield r
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()


def _worker_ignores_ctrl_c():
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
