"""dicebox-sim fight duel / fight stealth: melee or firearms duel, stealth-weapon count."""
from dicebox.larp import common as larp
from dicebox.larp import duel as larp_duel
from dicebox.larp import stealth as larp_stealth
from host_sim import larp_cli


def register(sub):
    p = sub.add_parser("duel", help="LARP melee duel (or --weapon firearms: one cycle)")
    larp_cli.add_common(p)
    p.add_argument("--refuse", action="store_true", help="the challenge is refused")
    p.add_argument("--weapon", choices=("melee", "firearms"), default="melee", help="default melee")
    p.add_argument("--first", choices=("challenger", "coin"),
                   help="who attacks in the first cycle (default: challenger in melee; in a firearms duel "
                        "the coin, so either duellist may shoot; challenger there is the literal reading)")
    p.set_defaults(run=run_duel)
    s = sub.add_parser("stealth", help="LARP stealth weapon: the wound for a count stopped after --stop-ms")
    larp_cli.add_common(s, dice=False)
    s.add_argument("--stop-ms", type=larp_cli.int_arg("--stop-ms", 0, 10 ** 6), required=True,
                   help="ms from the first count to the judge's stop (past the last count: completed)")
    s.add_argument("--beat-ms", type=larp_cli.int_arg("--beat-ms", 250, 5000), default=1000,
                   help="ms per count (default 1000)")
    s.add_argument("--target", type=larp_cli.int_arg("--target", 0, larp.MAX_PARTICIPANTS), default=1,
                   help="participant number of the victim (0: not on the tracker; default 1)")
    s.set_defaults(run=run_stealth)


def run_duel(args):
    first = args.first or larp_duel.fair_first(args.weapon)
    rec, game = larp_cli.start("duel", {"weapon": args.weapon, "first": first}, args)
    larp_cli.feed(rec, game, 0 if args.refuse else 1, "--refuse")
    while game.prompt() is not None:
        larp_cli.feed(rec, game, 0, "duel")
    return larp_cli.finish(rec, game, args)


def run_stealth(args):
    rec, game = larp_cli.start("stealth", {"beat_ms": args.beat_ms}, args)
    larp_cli.feed(rec, game, args.target, "--target")
    larp_cli.feed(rec, game, min(args.stop_ms, larp_stealth.COUNTS * args.beat_ms), "--stop-ms")
    return larp_cli.finish(rec, game, args)
