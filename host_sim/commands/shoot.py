"""dicebox-sim shoot: LARP firearms, one d6 a shot, the shooter's choice asked when it matters."""
from dicebox.larp import common as larp
from host_sim import larp_cli
from host_sim.errors import CliError

CHOICES = {"left-arm": larp.ARM_L, "right-arm": larp.ARM_R, "left-leg": larp.LEG_L, "right-leg": larp.LEG_R,
           "body": larp.BODY, "head": larp.HEAD}
DEFAULT = {"limb": larp.ARM_R, "body or head": larp.BODY}


def register(sub):
    p = sub.add_parser("shoot", help="LARP firearms: roll shots and print where they hit")
    larp_cli.add_common(p)
    p.add_argument("--shots", type=larp_cli.int_arg("--shots", 1, 99), default=1, help="how many shots (default 1)")
    p.add_argument("--target", type=larp_cli.int_arg("--target", 0, larp.MAX_PARTICIPANTS), default=1,
                   help="participant number shot at (0: not on the tracker; default 1)")
    p.add_argument("--choose", type=_choices, default=[],
                   help="the shooter's choices in order, used when a shot hits: for 4-5 left-arm, right-arm, "
                        "left-leg or right-leg; for 6 body or head (default: right-arm, body)")
    p.set_defaults(run=run)


def _choices(text):
    out = []
    for i, part in enumerate(text.split(",")):
        word = part.strip().lower()
        if word not in CHOICES:
            raise CliError("--choose: choice %d '%s' is not one of %s" % (i + 1, part, ", ".join(CHOICES)))
        out.append(CHOICES[word])
    return out


def run(args):
    rec, game = larp_cli.start("shoot", {"shots": args.shots}, args)
    used = 0
    defaults = 0
    while game.prompt() is not None:
        what, lo, hi = game.prompt()
        if what == "target":
            larp_cli.feed(rec, game, args.target, "--target")
            continue
        if used < len(args.choose):
            value = args.choose[used]
            used += 1
            if not lo <= value <= hi:
                raise CliError("--choose: choice %d: shot %d needs a %s choice" % (used, game.shots, what))
        else:
            value = DEFAULT[what]
            defaults += 1
        larp_cli.feed(rec, game, value, "--choose")
    note = None
    if used < len(args.choose):
        note = "note: %d of %d --choose values were not needed" % (len(args.choose) - used, len(args.choose))
    if defaults:
        note = (note + "\n" if note else "") + "note: %d choice(s) made by default (right-arm / body)" % defaults
    return larp_cli.finish(rec, game, args, note)
