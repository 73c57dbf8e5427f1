"""dicebox-sim story arena: one Arena story (dicebox's own story mode), or many.

One story: --seed S (default fresh) and --fighter P,T,A,S (default 6,6,6,6),
--name N; played on the box's own rules (arena/story.py) choosing rewards by
the policy in host_sim/story.py, printed as the box tells it (--lang ru:
in Russian), or the whole transcript (--transcript), or --json.
--stories N: N stories for each --fighter given (repeatable; default a table
of builds) on the batch engine, the completion table of docs/rules/arena.md.
"""
import json

from dicebox.core.game import RecordError
from host_sim import common
from host_sim import story
from host_sim.errors import CliError
from host_sim.fights.arena import build_arg, name_arg

TABLE_BUILDS = ((6, 6, 6, 6), (9, 5, 5, 5), (5, 9, 5, 5), (5, 5, 9, 5), (5, 5, 5, 9), (8, 8, 4, 4),
                (4, 4, 8, 8), (8, 4, 8, 4), (9, 9, 3, 3), (3, 3, 9, 9), (4, 9, 2, 9), (2, 6, 9, 7))


def register(sub):
    p = sub.add_parser("arena", help="Arena story mode: five rivals, three chances")
    p.add_argument("--seed", type=common.seed_arg, help="story seed 0..999999999 (default: fresh)")
    p.add_argument("--fighter", type=build_arg("--fighter"), action="append", default=[], metavar="P,T,A,S",
                   help="the fighter's build (default 6,6,6,6); with --stories, repeatable")
    p.add_argument("--name", type=name_arg("--name"), default="Even", help="the fighter's name (1..12 characters, default Even)")
    p.add_argument("--lang", choices=("en", "ru"), default="en", help="the story's words (default en)")
    p.add_argument("--transcript", action="store_true", help="print the whole transcript, every die")
    p.add_argument("--json", action="store_true", help="print the story, the record and the result as JSON")
    p.add_argument("--save", metavar="FILE", help="also write the story's record to FILE")
    p.add_argument("--stories", type=common.int_arg("--stories", 1, 10000000),
                   help="play this many stories per build on the batch engine and print the completion table")
    p.set_defaults(run=run)


def run(args):
    if args.stories:
        return _table(args)
    if len(args.fighter) > 1:
        raise CliError("--fighter: one build for one story (several only with --stories)")
    build = args.fighter[0] if args.fighter else [6, 6, 6, 6]
    seed = common.fresh_seed() if args.seed is None else args.seed
    from dicebox.ui import lang

    lang.set_lang(args.lang)
    try:
        rec, game = story.play(seed, args.name, build)
    except RecordError as e:
        raise CliError(str(e))
    if args.save:
        common.write_text(args.save, rec.dumps() + "\n")
    lines = story.story_lines(game)
    if args.json:
        print(json.dumps({"story": lines, "record": rec.to_obj(), "result": game.result()},
                         indent=2, ensure_ascii=False, sort_keys=True))
        return 0
    if args.transcript:
        from dicebox.core import record

        for line in record.lines(game, rec):
            print(line)
        return 0
    for line in lines:
        print(line)
    print()
    print("seed %d; rewards chosen by the policy: %s" % (seed, story.POLICY))
    return 0


def _table(args):
    builds = [tuple(b) for b in args.fighter] or list(TABLE_BUILDS)
    n = args.stories
    seed = 1 if args.seed is None else args.seed
    res = story.tune(builds, n, seed)
    print("%d stories per build, seed %d, batch engine; rewards by the policy: %s" % (n, seed, story.POLICY))
    print("| Build | Finished | 95% interval | Ended at rival 1 / 2 / 3 / 4 / 5 (lost to the champion) |")
    print("|-------|----------|--------------|-----------------------------------|")
    for b in builds:
        done, reached = res[b]
        lost_at = list(reached)
        lost_at[-1] -= done
        lo, hi = _wilson(done, n)
        print("| %s | %.1f%% | %.1f-%.1f%% | %s |" % (",".join(map(str, b)), 100.0 * done / n, 100 * lo, 100 * hi,
                                                    " / ".join("%.1f%%" % (100.0 * k / n) for k in lost_at)))
    return 0


def _wilson(k, n, z=1.96):
    p = k / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    r = z * ((p * (1 - p) + z * z / (4 * n)) / n) ** 0.5
    return (c - r) / d, (c + r) / d
