"""dicebox-sim fight titlebout: one Title Bout with dice, as a transcript."""
import sys

from dicebox.core import dice as _dice
from dicebox.core import record
from dicebox.titlebout import rules as tb
from dicebox.core.game import RecordError
from dicebox.core.log import ROLL
from host_sim import common, tbcards
from host_sim.errors import CliError, Stopped


def register(sub):
    p = sub.add_parser("titlebout", help="Title Bout with dice: one bout between two fighter cards")
    add_fighter_args(p)
    p.add_argument("--dice", type=common.dice_arg, default=[], help="forced die values V,V,... used first")
    p.add_argument("--answers", type=answers_arg, default=None, metavar="V,V,...",
                   help="assisted play: the answers to the box's questions in order (on a terminal, "
                        "questions past the last answer are asked)")
    p.add_argument("--json", action="store_true", help="print the transcript as JSON")
    p.add_argument("--save", metavar="FILE", help="also write the bout's record to FILE")
    p.set_defaults(run=run)


answers_arg = common.int_list_arg("--answers")


def add_fighter_args(p):
    p.add_argument("--red", required=True, metavar="FIGHTER",
                   help="demo fighter name, card file (.json, .csv), or 'asked' (assisted: the ratings are asked)")
    p.add_argument("--blue", required=True, metavar="FIGHTER",
                   help="demo fighter name, card file (.json, .csv), or 'asked'")
    p.add_argument("--rounds", type=common.int_arg("--rounds", 4, 15), default=12, help="scheduled rounds 4..15 (default 12)")
    p.add_argument("--seed", type=common.seed_arg, help="generator seed 0..999999999 (default: fresh)")
    p.add_argument("--charts", metavar="FILE", help="chart set file (JSON or CSV), or a built-in set: dicebox (the default), demo (the first invented set)")
    p.add_argument("--option", action="append", metavar="NAME=VALUE",
                   help="a ruling option, e.g. ki_roll=punch (see docs/rules/title-bout.md)")


def options(args, asked_ok=False):
    charts_opt, charts = tbcards.load_charts(args.charts)
    opts = tbcards.option_args(args.option)
    for name in ("red", "blue", "charts", "rounds"):
        if name in opts:
            raise CliError("--option: set %s with --%s" % (name, name))
    for side in ("red", "blue"):
        text = getattr(args, side)
        if text.strip().lower() == "asked":
            if not asked_ok:
                raise CliError("--%s: 'asked' needs a bout played with answers (fight, not stats)" % side)
            if opts.get("assisted") is False:
                raise CliError("--%s: 'asked' needs assisted play (not --option assisted=false)" % side)
            opts["assisted"] = True
            opts[side] = None
        else:
            opts[side] = tbcards.load(text, "--" + side, charts)
    opts["charts"] = charts_opt
    opts["rounds"] = args.rounds
    for name, value in tb.NEW_BOUT:
        opts.setdefault(name, value)
    return opts


def roll_label(game, at):
    """The question's roll as the box's picker shows it, with what it was for:
    "Hagler 2d10=71 (blue punch chart)"; None where the log has no roll past `at`.
    Returns (label, the roll's place in the log)."""
    log = game.log
    for i in range(len(log) - 1, at, -1):
        kind, why, die, value, _ = log.entry(i)
        if kind == ROLL:
            side = tb.W_TIE.index(why) if why in tb.W_TIE else 0 if why.startswith("red ") else 1
            f = game.fighters[side]
            # the corner's word for a card whose ratings are asked, as on the box
            who = tb.SIDES[side] if f is None or f.name in ("Red", "Blue") else f.name.split()[-1]
            return "%s %s=%d (%s)" % (who, _dice.name(die), value, why), i
    return None, at


def _ask_terminal(p):
    """One answer from the terminal: a refused one is said, then asked again."""
    while True:
        # the prompt on stdout with the rest of the conversation (input() puts it on stderr)
        sys.stdout.write("%s (%d..%d): " % (p[0], p[1], p[2]))
        sys.stdout.flush()
        text = input().strip()
        try:
            v = int(text)
        except ValueError:
            print("  %s: give a whole number %d..%d" % ("'%s' is not a whole number" % text if text else "no answer",
                                                         p[1], p[2]))
            continue
        if p[1] <= v <= p[2]:
            return v
        print("  %d is outside %d..%d" % (v, p[1], p[2]))


def _stopped(p, rec, answers, why):
    """The line for a bout stopped at question p: what was asked, and how to go on."""
    go_on = "run it again with --seed %d --answers %s" % (rec.seed, ",".join(str(v) for v in answers)) if answers \
        else "run it again with --seed %d" % rec.seed
    return "%s \"%s\" after %d answer%s: the bout so far is above; to go on, %s" % (
        why, p[0], len(answers), "" if len(answers) == 1 else "s", go_on)


def play(rec, answers, interactive=False):
    """Play the record's bout to its end: NEXT runs the bout through, every
    other question takes the next answer. Returns (game, question texts by
    input, None), or with the error to give when the answers ran out or the
    terminal's answers stopped (the transcript so far shows what the question
    is about)."""
    answers = answers or []
    used = 0
    given = []  # every answer but NEXT's, from --answers and the terminal
    shown = -1  # the log entry of the last roll shown with a question
    questions = []
    game = record.start(rec)
    while True:
        p = game.prompt()
        if p is None:
            break
        if p is tb.NEXT:
            v = tb.BOUT
        elif used < len(answers):
            v = answers[used]
            used += 1
            if not p[1] <= v <= p[2]:
                raise CliError("--answers: value %d (%d) is outside %d..%d, the range of \"%s\""
                               % (used, v, p[1], p[2], p[0]))
        elif interactive:
            label, shown = roll_label(game, shown)
            if label:
                print(label)
            try:
                v = _ask_terminal(p)
            except EOFError:
                print()  # the prompt's line ends
                return game, questions, CliError(_stopped(p, rec, given, "--answers: no answer (end of input) to"))
            except KeyboardInterrupt:
                print()
                return game, questions, Stopped(_stopped(p, rec, given, "at"))
        else:
            return game, questions, CliError(
                "--answers: the bout (above, so far) asks \"%s\" (%d..%d) after %d answer%s: give more values "
                "(with --seed %d)" % (p[0], p[1], p[2], used, "" if used == 1 else "s", rec.seed))
        if p is not tb.NEXT:
            given.append(v)
        questions.append(p[0])
        rec.inputs.append(v)
        record.feed(game, rec, len(rec.inputs) - 1)
    if used < len(answers):
        sys.stderr.write("dicebox-sim: note: --answers: %d of %d values not used: the bout asked %d question%s\n"
                         % (len(answers) - used, len(answers), used, "" if used == 1 else "s"))
    return game, questions, None


def run(args):
    seed = common.fresh_seed() if args.seed is None else args.seed
    rec = record.Record("titlebout", options(args, asked_ok=True), seed, [], args.dice)
    interactive = not args.json and sys.stdin.isatty() and sys.stdout.isatty()
    try:
        game, questions, short = play(rec, args.answers, interactive)
    except RecordError as e:
        raise common.fight_error(e)
    if short is not None:
        common.print_transcript(rec, game, args.json, questions)
        raise short
    note = "\n".join(x for x in ["\n".join(scoresheet_lines(game)) if game.end else "", extras_note(rec.options)] if x)
    return common.finish_fight(rec, game, args, note=note or None, questions=questions)


def extras_note(opts):
    """The real cards' ratings the bout does not use: kept on the card, said."""
    from dicebox.titlebout import data as tbdata

    parts = []
    for side in ("red", "blue"):
        card = opts.get(side)
        extra = tbdata.extras(card) if card else []
        if extra:
            parts.append("%s %s" % (card["name"], ", ".join("%s %d" % kv for kv in extra)))
    return "extra ratings (kept on the card, not used by these rules): " + "; ".join(parts) if parts else None


_RULE = {"rounds": "rounds won", "points": "total points", "ten": "ten-point must"}


def scoresheet_lines(game):
    """The bout's scoresheet as text: each round's points, knockdowns, cuts,
    fouls and deductions for both corners, then what the decision compares."""
    if game.fighters[0] is None or game.fighters[1] is None:
        return []
    rule = game.options["decision"]
    ten = rule == "ten"
    names = [f.name for f in game.fighters]
    cols = "  pts down cut foul off"
    out = ["scoresheet (decision by %s%s)" % (_RULE[rule], "; a tie goes to %s" % (
        "total points" if rule == "rounds" else "rounds won") if game.options["tie_break"] == "next" else ""),
        "  %-5s %-23s %-23s%s" % ("round", names[0][:23], names[1][:23], "  10-pt" if ten else ""),
        "  %-5s %-23s %-23s" % ("", cols, cols)]
    for i in range(game.round):
        cells = []
        for side in (0, 1):
            m = [game.marks(i + 1, side, k) for k in range(4)]
            cells.append("%5d %4d %3d %4d %3d" % (game.score[side][i], m[0], m[1], m[2], m[3]))
        line = "  %-5d %-23s %-23s" % (i + 1, cells[0], cells[1])
        if ten:
            line += "  %d-%d" % game.ten_round(i)
        out.append(line.rstrip())
    a, b = game.totals()
    won = game.rounds_won()
    tail = "  total points %d-%d, rounds won %d-%d, knockdowns %d-%d" % (a, b, won[0], won[1], game.knockdowns[0],
                                                                     game.knockdowns[1])
    if ten:
        tail += ", ten-point %d-%d" % game.ten_point()
    out.append(tail)
    return out
