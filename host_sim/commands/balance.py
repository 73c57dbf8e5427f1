"""dicebox-sim balance arena: every legal build against a reference field, ranked.

Reference field: REFERENCE below, eight fixed builds (the even 6,6,6,6, one
specialist per stat and three two-stat builds). Each legal build fights each
reference build --fights times, half as fighter a and half as b. Fight
(build i, reference j, k) has seed fight_seed(S, i, j, k), so the ranking
is the same for any --jobs. Score = (wins + ties/2) / fights.
"""
import math
import multiprocessing
import os
import sys

from dicebox.core import arena
from dicebox.core.game import check_options
from host_sim import common
from host_sim.errors import CliError
from host_sim.fights.arena import add_rule_args, fight_seed, options_from, quick_fight
from host_sim.stats.arena import Z95, fights_arg

REFERENCE = (
    (6, 6, 6, 6),
    (9, 5, 5, 5),
    (5, 9, 5, 5),
    (5, 5, 9, 5),
    (5, 5, 5, 9),
    (8, 8, 4, 4),
    (4, 4, 8, 8),
    (8, 4, 8, 4),
)
DEFAULT_FIGHTS = 150  # per reference build: 1,200 a build, 378,000 in all


def legal_builds():
    return [(p, t, a, 24 - p - t - a) for p in range(2, 10) for t in range(2, 10) for a in range(2, 10)
            if 2 <= 24 - p - t - a <= 9]


def register(sub):
    p = sub.add_parser("balance", help="rank every legal build against a reference field")
    inner = p.add_subparsers(dest="ruleset", metavar="RULESET", parser_class=type(p))
    inner.required = True
    q = inner.add_parser("arena", help="Arena duel builds (P,T,A,S summing to 24)")
    q.add_argument("--seed", type=common.seed_arg, help="run seed 0..999999999 (default: fresh)")
    q.add_argument("--fights", type=fights_arg, default=DEFAULT_FIGHTS,
                   help="fights of each build against each reference build (default %d)" % DEFAULT_FIGHTS)
    q.add_argument("--jobs", type=common.int_arg("--jobs", 1, 256), default=os.cpu_count() or 1, help="worker processes (default: all cores)")
    q.add_argument("--png", metavar="FILE", help="also draw the ranking as a bar chart PNG")
    q.add_argument("--show", type=_show, default=15, help="rows shown from the top and the bottom (0: all)")
    add_rule_args(q)
    q.set_defaults(run=run)


def _show(text):
    try:
        n = int(text)
    except ValueError:
        raise CliError("--show: '%s' is not a whole number" % text)
    if n < 0:
        raise CliError("--show: %d is below 0" % n)
    return n


def score_build(task):
    """(index, wins, ties, losses) of one build against the whole field."""
    index, build, base, seed, fights = task
    wins = ties = losses = 0
    for j, ref in enumerate(REFERENCE):
        for k in range(fights):
            side = k & 1  # the build is a on even fights, b on odd ones
            opts = dict(base, a=list(build) if side == 0 else list(ref), b=list(ref) if side == 0 else list(build))
            winner, _, _ = quick_fight(check_options(arena.OPTIONS, opts), fight_seed(seed, index, j, k))
            if winner < 0:
                ties += 1
            elif winner == side:
                wins += 1
            else:
                losses += 1
    return index, wins, ties, losses


def rank(seed, fights, jobs, base, progress=None):
    """Rows (build, wins, ties, losses, score, ci half-width), best first."""
    builds = legal_builds()
    tasks = [(i, b, base, seed, fights) for i, b in enumerate(builds)]
    results = [None] * len(builds)
    done = 0
    if jobs == 1:
        it = map(score_build, tasks)
        pool = None
    else:
        pool = multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork").Pool(jobs)
        it = pool.imap_unordered(score_build, tasks, chunksize=4)
    try:
        for index, w, t, l in it:
            results[index] = (w, t, l)
            done += 1
            if progress is not None:
                progress.update(done)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    rows = []
    for b, (w, t, l) in zip(builds, results):
        n = w + t + l
        score = (w + t / 2) / n
        # normal interval from the sample variance of 1, 1/2, 0 outcomes
        var = (w * (1 - score) ** 2 + t * (0.5 - score) ** 2 + l * score ** 2) / max(1, n - 1)
        rows.append((b, w, t, l, score, Z95 * math.sqrt(var / n)))
    rows.sort(key=lambda r: (-r[4], r[0]))
    return rows


def run(args):
    seed = common.fresh_seed() if args.seed is None else args.seed
    base = options_from(args, a=[6, 6, 6, 6], b=[6, 6, 6, 6])
    del base["a"], base["b"]
    if args.png:
        _check_writable(args.png)
    total = len(legal_builds())
    rows = rank(seed, args.fights, args.jobs, base, common.Progress(total, "balance"))
    per = args.fights * len(REFERENCE)
    print("arena balance: %d builds x %d reference builds x %d fights (%d a build), seed %d"
          % (total, len(REFERENCE), args.fights, per, seed))
    print("reference field: " + "  ".join(",".join(str(v) for v in r) for r in REFERENCE))
    print("%4s  %-10s %7s %7s %7s %7s" % ("rank", "P,T,A,S", "score", "+-95%", "win", "tie"))
    shown = range(len(rows)) if args.show == 0 or 2 * args.show >= len(rows) else \
        list(range(args.show)) + [None] + list(range(len(rows) - args.show, len(rows)))
    for i in shown:
        if i is None:
            print("  ...")
            continue
        b, w, t, l, score, half = rows[i]
        n = w + t + l
        print("%4d  %-10s %6.1f%% %6.1f%% %6.1f%% %6.1f%%" % (i + 1, ",".join(map(str, b)), 100 * score, 100 * half,
                                                            100 * w / n, 100 * t / n))
    if args.png:
        draw_png(args.png, rows, "arena balance: %d builds vs %d references, %d fights each, seed %d"
                 % (total, len(REFERENCE), per, seed))
        print("chart written to %s" % args.png)
    return 0


def _check_writable(path):
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise CliError("--png: folder %s does not exist" % folder)
    if not os.access(folder, os.W_OK):
        raise CliError("--png: cannot write in %s" % folder)


def draw_png(path, rows, title):
    """Bars of every build's score, best first, with the 50% line."""
    from PIL import Image, ImageDraw, ImageFont

    bar = 3
    left, top, bottom, right = 40, 30, 40, 20
    height = 300
    width = left + bar * len(rows) + right
    img = Image.new("RGB", (width, top + height + bottom), "white")
    d = ImageDraw.Draw(img)
    font = ImageFont.load_default()
    d.text((left, 8), title, fill="black", font=font)
    base = top + height
    for pct in (0, 25, 50, 75, 100):
        y = base - height * pct // 100
        d.line((left - 4, y, width - right, y), fill=(200, 200, 200) if pct != 50 else (200, 0, 0))
        d.text((4, y - 6), "%d%%" % pct, fill="black", font=font)
    for i, (_, _, _, _, score, half) in enumerate(rows):
        x = left + i * bar
        y = base - int(round(height * score))
        d.rectangle((x, y, x + bar - 2, base), fill=(40, 90, 160))
        d.line((x + 1, base - int(round(height * (score + half))), x + 1, base - int(round(height * (score - half)))),
               fill=(150, 150, 150))
    d.text((left, base + 6), "best " + ",".join(map(str, rows[0][0])), fill="black", font=font)
    worst = "worst " + ",".join(map(str, rows[-1][0]))
    d.text((width - right - 8 * len(worst), base + 6), worst, fill="black", font=font)
    tmp = path + ".tmp"
    try:
        img.save(tmp, "PNG")
        os.replace(tmp, path)
    except OSError as e:
        raise CliError("--png: cannot write %s (%s)" % (path, e.strerror or e))
