"""dicebox-sim wounds --script FILE: a LARP wound session replayed on a simulated clock.

Script: one event a line, `#` starts a comment, blank lines are ignored.
    [H:]MM:SS  wound  P  light|heavy|mortal
    [H:]MM:SS  aid    P [wound W]   first aid (stops light wounds)
    [H:]MM:SS  medic  P [wound W]   medical help (stops light and heavy wounds)
    [H:]MM:SS  heal   P
    [H:]MM:SS  ack
    [H:]MM:SS  choose P  dies|stays
    [H:]MM:SS  list           print the timer list at that time
    [H:]MM:SS  end            the game is over
P is a participant number or a roster name (a roster name is never all
digits); W is a wound's number in the session, as the transcript prints it.
Times never go backwards.
Every event and every escalation is printed with its session time; an
escalation says whose wound and which of his it is, and its number W:
    0:15:00 ALERT: the 2nd wound of participant 40 #40 (session wound 7) became mortal
"""
import argparse

from dicebox.core import record
from dicebox.larp import common as larp
from dicebox.larp import wounds as W
from dicebox.core.game import RecordError
from dicebox.larp.roster import load as load_roster
from host_sim import common, larp_cli
from host_sim.errors import CliError

_MAX_BAD = 20  # other bad lines' numbers listed with the first one's error

KINDS = {"light": larp.LIGHT, "heavy": larp.HEAVY, "mortal": larp.MORTAL}
CHOICES = {"dies": W.DIES, "stays": W.STAYS}
VERBS = {"wound": W.WOUND, "aid": W.AID, "medic": W.MEDIC, "heal": W.HEAL, "ack": W.ACK, "choose": W.CHOOSE,
         "end": W.END, "list": None}
# What each verb takes: the error for a bad line quotes it.
USAGE = {
    "wound": "wound P light|heavy|mortal",
    "aid": "aid P [wound W]",
    "medic": "medic P [wound W]",
    "heal": "heal P",
    "ack": "ack",
    "choose": "choose P dies|stays",
    "list": "list",
    "end": "end",
}
FORM = "[H:]MM:SS EVENT ..., EVENT one of " + ", ".join(VERBS)


def register(sub):
    p = sub.add_parser("wounds", help="replay a LARP wound-tracker script on a simulated clock",
                       description=__doc__.split("\n", 1)[1].strip(), formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--script", required=True, metavar="FILE", help="the timeline of wounds and help")
    p.add_argument("--roster", metavar="FILE", help="participants' names, one a line")
    p.add_argument("--participants", type=larp_cli.int_arg("--participants", 1, larp.MAX_PARTICIPANTS), default=30,
                   help="numbered participants without a roster (default 30)")
    p.add_argument("--light-min", type=larp_cli.int_arg("--light-min", 1, 600), default=30,
                   help="minutes before an unhelped light wound is heavy (default 30)")
    p.add_argument("--heavy-min", type=larp_cli.int_arg("--heavy-min", 1, 600), default=15,
                   help="minutes before an unhelped heavy wound is mortal (default 15)")
    p.add_argument("--first-aid", choices=("light", "any"), default="light",
                   help="what first aid stops: light wounds (default; heavy ones need medical help) or any")
    p.add_argument("--json", action="store_true", help="print the transcript as JSON")
    p.add_argument("--save", metavar="FILE", help="also write the session's record to FILE")
    p.set_defaults(run=run)


def parse_time(text):
    parts = text.split(":")
    if not 2 <= len(parts) <= 3 or not all(larp.is_number(x) for x in parts):
        raise ValueError("'%s' is not a time [H:]MM:SS" % text)
    nums = [int(x) for x in parts]
    if len(nums) == 3:
        h, m, s = nums
        if m > 59:
            raise ValueError("'%s': minutes must be 0..59" % text)
    else:
        h, m, s = 0, nums[0], nums[1]
    if s > 59:
        raise ValueError("'%s': seconds must be 0..59" % text)
    return ((h * 60 + m) * 60 + s) * 1000


def _participant(words, names, count):
    text = " ".join(words)
    if not text:
        raise ValueError("a participant is needed")
    if larp.is_number(text):  # digits are a number: no roster name is all digits
        p = int(text)
        if not 1 <= p <= count:
            raise ValueError("participant %d is not 1..%d" % (p, count))
        return p
    for i in range(len(names)):
        if names[i].lower() == text.lower():
            return i + 1
    if not names:
        raise ValueError("'%s' is not a participant number (no --roster gives names)" % text)
    raise ValueError("'%s' is neither a number nor a name on the roster" % text)


def parse_line(line, names, count):
    """(t_ms, verb, input or None) of one script line; ValueError says what is wrong
    and what the line should be."""
    words = line.split()
    if len(words) < 2:
        raise ValueError("expected %s" % FORM)
    t = parse_time(words[0])
    verb = words[1].lower()
    if verb == "help":
        raise ValueError("'help' is of two kinds: expected '%s' (first aid) or '%s' (medical help)"
                         % (USAGE["aid"], USAGE["medic"]))
    if verb not in VERBS:
        raise ValueError("unknown event '%s': expected %s" % (words[1], FORM))
    try:
        return t, verb, _event(t, verb, words[2:], names, count)
    except ValueError as e:
        raise ValueError("%s: expected '%s'" % (e, USAGE[verb]))


def _event(t, verb, rest, names, count):
    op = VERBS[verb]
    if verb in ("ack", "end", "list"):
        if rest:
            raise ValueError("'%s' takes nothing after it" % verb)
        return None if op is None else [t, op, 0, 0]
    if verb in ("wound", "choose"):
        table = KINDS if verb == "wound" else CHOICES
        if not rest:
            raise ValueError("a participant is needed")
        if rest[-1].lower() not in table:
            raise ValueError("'%s' is not one of %s" % (rest[-1], ", ".join(table)) if len(rest) > 1
                             else "one of %s is needed" % ", ".join(table))
        return [t, op, _participant(rest[:-1], names, count), table[rest[-1].lower()]]
    w = 0
    if verb in ("aid", "medic") and len(rest) >= 3 and rest[-2].lower() == "wound":
        if not larp.is_number(rest[-1]) or not 1 <= int(rest[-1]) <= 9999:
            raise ValueError("wound '%s' is not a wound number" % rest[-1])
        w = int(rest[-1])
        rest = rest[:-2]
    return [t, op, _participant(rest, names, count), w]


def _rows(game, now):
    for left, p, kind, n in game.views(now):
        timer = larp.mmss(left) if left >= 0 else "  -  "
        yield "    %2d %-12s %-12s %s  (%d wound%s)" % (p, game.name(p), larp.KIND_NAMES[kind], timer, n, "" if n == 1 else "s")


def run(args):
    names = ()
    if args.roster:
        try:
            names = load_roster(args.roster)
        except larp.RosterError as e:
            raise CliError(str(e))
    text = common.read_text(args.script, "script")
    options = {"light_min": args.light_min, "heavy_min": args.heavy_min, "first_aid": args.first_aid}
    if names:
        options["roster"] = list(names)
    else:
        options["participants"] = args.participants
    rec = record.Record("wounds", options, 0, [], [])
    game = record.start(rec)
    count = game.count
    lines = []
    bad = []
    last = 0  # the time of the last good line: times never go backwards
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        where = "%s line %d: '%s'" % (args.script, number, line)
        try:
            event = parse_line(line, names, count)
        except ValueError as e:
            bad.append((number, "%s: %s" % (where, e)))
            continue
        if event[0] < last:
            bad.append((number, "%s: time %s is before the line above (%s)"
                        % (where, larp.clock_text(event[0]), larp.clock_text(last))))
            continue
        last = event[0]
        lines.append((number, line) + event)
    if bad:  # the first in full, and where the others are: the script is fixed in one go
        first = bad[0][1]
        rest = [n for n, _ in bad[1:]]
        if rest:
            first += "; %d more bad line%s: %s" % (len(rest), "" if len(rest) == 1 else "s",
                                                   ", ".join(str(n) for n in rest[:_MAX_BAD]) + (", ..." if len(rest) > _MAX_BAD else ""))
        raise CliError(first)
    shown = 0
    out = []
    for number, line, t, verb, value in lines:
        if value is None:  # list: bring the timers up to t first, so escalations print in order
            value = [t, W.TICK, 0, 0]
        rec.inputs.append(value)
        try:
            record.feed(game, rec, len(rec.inputs) - 1)
        except RecordError as e:
            for done in out:  # what the lines above did, then the rules' refusal
                print(done)
            raise CliError("%s line %d: '%s': %s" % (args.script, number, line, str(e).split(": ", 1)[-1]))
        for i in range(shown, len(game.log)):
            kind, name, a, b, c = game.log.entry(i)
            if kind == 1:  # events; inputs and rolls are not news here
                out.append(game.describe(name, a, b, c))
        shown = len(game.log)
        if verb == "list":
            out.append("%s list:" % larp.clock_text(t))
            out.extend(_rows(game, t))
    if args.save:
        common.write_text(args.save, rec.dumps() + "\n")
    if args.json:
        common.print_json(record.transcript(game, rec))
        return 0
    for line in out:
        print(line)
    if not game.ended:
        print("%s still open:" % larp.clock_text(game.now))
        out = list(_rows(game, game.now))
        for line in out:
            print(line)
        due = game.next_due()
        if due >= 0:
            print("next escalation at %s" % larp.clock_text(due))
    return 0
