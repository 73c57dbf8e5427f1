"""dicebox-sim balance arena: every legal build against a reference field, ranked.

Reference field: REFERENCE below, eight fixed builds (the even 6,6,6,6, one
specialist per stat and three two-stat builds). A round plays each build
against each reference build, half the fights as fighter a and half as b.
Round 1 plays --fights per reference build for every build; each later round
doubles the fights of the builds whose 95% interval still overlaps a
neighbour's in the ranking, until none does, --rounds are played, or the next
round would not fit in --time. A build whose interval overlaps others' is tied with them: it is shown
with the range of places it can hold.
Fight (build i, reference j, k) has seed fight_seed(S, i, j, k), so a run is
the same for any --jobs, and a run stopped by time is repeated exactly by the
same seed with the --rounds it reports. Score = (wins + ties/2) / fights.
"""
import math
import os
import time

from dicebox.arena import rules as arena
from dicebox.core.game import check_options
from host_sim import arena_fast, common
from host_sim.errors import CliError
from host_sim.fights.arena import add_rule_args, options_from, seeds_of
from host_sim.progress import progress
from host_sim.stats.arena import Z95

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
DEFAULT_FIGHTS = 150  # per reference build in round 1: 1,200 a build, 378,000 in all
DEFAULT_TIME = 60  # seconds
MAX_FIGHTS = 100000  # per reference build, in round 1
MAX_ROUNDS = 12
REFUSE_AFTER = 600  # seconds: a round 1 longer than this and --time is refused
CAP = 1 << 20  # fights per reference build a build can reach by doubling


def legal_builds():
    return [(p, t, a, 24 - p - t - a) for p in range(2, 10) for t in range(2, 10) for a in range(2, 10)
            if 2 <= 24 - p - t - a <= 9]


def register(sub):
    p = sub.add_parser("balance", help="rank every legal build against a reference field")
    inner = p.add_subparsers(dest="ruleset", metavar="RULESET", parser_class=type(p))
    inner.required = True
    q = inner.add_parser("arena", help="Arena duel builds (P,T,A,S summing to 24)")
    q.add_argument("--seed", type=common.seed_arg, help="run seed 0..999999999 (default: fresh)")
    q.add_argument("--fights", type=common.int_arg("--fights", 1, MAX_FIGHTS), default=DEFAULT_FIGHTS,
                   help="round 1: fights of each build against each reference build, 1..%d (default %d); "
                        "later rounds double them for builds not yet separated" % (MAX_FIGHTS, DEFAULT_FIGHTS))
    q.add_argument("--time", type=common.int_arg("--time", 1, 86400), default=DEFAULT_TIME,
                   help="seconds to spend: no round starts that would not end in time (default %d); "
                        "round 1 always plays, unless it would pass both this and %d minutes: then it is refused"
                        % (DEFAULT_TIME, REFUSE_AFTER // 60))
    q.add_argument("--rounds", type=common.int_arg("--rounds", 1, MAX_ROUNDS), default=MAX_ROUNDS,
                   help="at most this many rounds, 1..%d (default %d); with the seed, repeats a run exactly"
                        % (MAX_ROUNDS, MAX_ROUNDS))
    q.add_argument("--jobs", type=common.int_arg("--jobs", 1, 256), default=os.cpu_count() or 1, help="worker processes (default: all cores)")
    q.add_argument("--png", metavar="FILE", help="also draw the ranking as a bar chart PNG")
    q.add_argument("--show", type=_show, default=15, help="rows shown from the top and the bottom (0: all)")
    q.add_argument("--json", action="store_true", help="print the ranking as JSON (no progress bar)")
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
    """(index, wins, ties, losses) of fights k0..k1-1 of one build against each reference build."""
    index, build, base, seed, k0, k1 = task
    fight = arena_fast.make(check_options(arena.OPTIONS, base))
    build = list(build)
    wins = ties = losses = 0
    for j, ref in enumerate(REFERENCE):
        ref = list(ref)
        seed_of = seeds_of(seed, index, j)
        for c0 in range(k0, k1, 1000):  # draws made a thousand fights at a time
            c1 = min(k1, c0 + 1000)
            seeds = [seed_of(k) for k in range(c0, c1)]
            for k, s, draws in zip(range(c0, c1), seeds, arena_fast.draws_for(seeds) or [None] * len(seeds)):
                side = k & 1  # the build is a on even fights, b on odd ones
                if side == 0:
                    winner = fight(build, ref, s, draws)[0]
                else:
                    winner = fight(ref, build, s, draws)[0]
                if winner < 0:
                    ties += 1
                elif winner == side:
                    wins += 1
                else:
                    losses += 1
    return index, wins, ties, losses


def _row(build, w, t, l):
    n = w + t + l
    score = (w + t / 2) / n
    # normal interval from the sample variance of 1, 1/2, 0 outcomes
    var = (w * (1 - score) ** 2 + t * (0.5 - score) ** 2 + l * score ** 2) / max(1, n - 1)
    return (build, w, t, l, score, Z95 * math.sqrt(var / n))


def ranked(builds, totals):
    rows = [_row(b, *totals[i]) for i, b in enumerate(builds)]
    rows.sort(key=lambda r: (-r[4], r[0]))
    return rows


def overlaps(upper, lower):
    """True when two rows' 95% intervals overlap (the upper row scores higher)."""
    return upper[4] - upper[5] <= lower[4] + lower[5]


def places(rows):
    """(best, worst) place, 1-based, each row can hold: above it only the builds
    whose whole interval is above its own, below it all whose interval is not
    wholly below. One place when its interval is apart from every other's."""
    import bisect

    los = sorted(r[4] - r[5] for r in rows)
    his = sorted(r[4] + r[5] for r in rows)
    n = len(rows)
    out = []
    for r in rows:
        lo = r[4] - r[5]
        hi = r[4] + r[5]
        above = n - bisect.bisect_right(los, hi)  # lo_j > hi
        below = bisect.bisect_left(his, lo)  # hi_j < lo
        out.append((above + 1, n - below))
    return out


def unsettled(rows, index_of):
    """Indexes of the builds whose interval overlaps a neighbour's."""
    out = set()
    for i in range(len(rows) - 1):
        if overlaps(rows[i], rows[i + 1]):
            out.add(index_of[rows[i][0]])
            out.add(index_of[rows[i + 1][0]])
    return out


def _play(tasks, jobs, totals, bar):
    for index, w, t, l in common.pool_map(score_build, tasks, jobs, ordered=False):
        tot = totals[index]
        tot[0] += w
        tot[1] += t
        tot[2] += l
        if bar is not None:
            bar.update(w + t + l)


def rate(base, seconds=0.3):
    """Fights per second of this machine's one core, measured briefly."""
    fight = arena_fast.make(check_options(arena.OPTIONS, base))
    seed_of = seeds_of(0)
    n = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for k in range(n, n + 200):
            fight([6, 6, 6, 6], [9, 5, 5, 5], seed_of(k))
        n += 200
    return n / (time.perf_counter() - t0)


def rank(seed, fights, jobs, base, bar=None, budget=None, rounds=MAX_ROUNDS, speed=None, builds=None):
    """Rows (build, wins, ties, losses, score, ci half-width) best first, and
    {rounds, stop, per_build, seconds}: stop is "separated", "rounds", "time" or "cap"."""
    builds = legal_builds() if builds is None else builds
    index_of = {b: i for i, b in enumerate(builds)}
    totals = [[0, 0, 0] for _ in builds]
    played = [0] * len(builds)  # fights per reference build so far
    t0 = time.perf_counter()
    todo = [(i, fights) for i in range(len(builds))]  # (build, fights to add per reference)
    r = 0
    stop = "rounds"
    while True:
        r += 1
        n = sum(add for _, add in todo) * len(REFERENCE)
        if bar is not None:
            bar.total = (bar.total or 0) + n
            bar.set_postfix_str("round %d, %d builds" % (r, len(todo)))
        tasks = [(i, builds[i], base, seed, played[i], played[i] + add) for i, add in todo]
        _play(tasks, jobs, totals, bar)
        for i, add in todo:
            played[i] += add
        rows = ranked(builds, totals)
        open_ = unsettled(rows, index_of)
        if not open_:
            stop = "separated"
            break
        if r >= rounds:
            stop = "rounds"
            break
        todo = [(i, played[i]) for i in sorted(open_) if played[i] < CAP]
        if not todo:
            stop = "cap"
            break
        if budget is not None:
            elapsed = time.perf_counter() - t0
            per_s = speed or (sum(sum(t) for t in totals) / max(1e-9, elapsed))
            if elapsed + sum(add for _, add in todo) * len(REFERENCE) / per_s > budget:
                stop = "time"
                break
    info = {"rounds": r, "stop": stop, "seconds": time.perf_counter() - t0,
            "per_build": {builds[i]: played[i] * len(REFERENCE) for i in range(len(builds))}}
    return rows, info


def run(args):
    seed = common.fresh_seed() if args.seed is None else args.seed
    base = options_from(args, a=[6, 6, 6, 6], b=[6, 6, 6, 6])
    del base["a"], base["b"]
    if args.png:
        _check_writable(args.png)
    total = len(legal_builds())
    first = total * len(REFERENCE) * args.fights
    cores = min(args.jobs, os.cpu_count() or 1)
    speed = rate(base) * cores
    # a round 1 past --time still runs (the bar shows the time left) unless it is
    # beyond any sitting: then one line says how long it would be
    if first / speed > max(args.time, REFUSE_AFTER):
        raise CliError("--fights %d: round 1 alone is %s fights, about %s on %d core%s (~%s fights/s); "
                       "give --time %d or more, or fewer --fights"
                       % (args.fights, format(first, ","), _duration(first / speed), cores, "s" if cores > 1 else "",
                          format(int(speed), ","), math.ceil(first / speed)))
    with progress(None, "balance", quiet=args.json) as bar:
        rows, info = rank(seed, args.fights, args.jobs, base, bar, args.time, args.rounds)
    spans = places(rows)
    ties = sum(1 for a, b in spans if a != b)
    if args.json:
        common.print_json({
            "ruleset": "arena", "seed": seed, "fights": args.fights, "rounds": info["rounds"], "stop": info["stop"],
            "options": base, "reference": [list(r) for r in REFERENCE],
            "rows": [{"build": list(b), "place": list(spans[i]), "score": score, "ci95": [score - half, score + half],
                      "wins": w, "ties": t, "losses": l, "fights": w + t + l}
                     for i, (b, w, t, l, score, half) in enumerate(rows)]})
        return 0
    print("arena balance: %d builds x %d reference builds, round 1 %d fights each (%d a build), seed %d"
          % (total, len(REFERENCE), args.fights, args.fights * len(REFERENCE), seed))
    print("reference field: " + "  ".join(",".join(str(v) for v in r) for r in REFERENCE))
    print(_stopped(info, args, seed, ties, total))
    print("%-7s  %-10s %7s %7s %15s %7s %7s %7s" % ("place", "P,T,A,S", "score", "+-95%", "95% interval", "fights", "win", "tie"))
    shown = range(len(rows)) if args.show == 0 or 2 * args.show >= len(rows) else \
        list(range(args.show)) + [None] + list(range(len(rows) - args.show, len(rows)))
    for i in shown:
        if i is None:
            print("  ...")
            continue
        b, w, t, l, score, half = rows[i]
        n = w + t + l
        a, z = spans[i]
        place = "%d" % a if a == z else "%d-%d" % (a, z)
        print("%-7s  %-10s %6.1f%% %6.1f%%   %5.1f-%5.1f%% %7d %6.1f%% %6.1f%%" % (
            place, ",".join(map(str, b)), 100 * score, 100 * half, 100 * (score - half), 100 * (score + half), n,
            100 * w / n, 100 * t / n))
    if args.png:
        draw_png(args.png, rows, spans, "arena balance, seed %d: %d builds vs %d references, %d rounds, %s"
                 % (seed, total, len(REFERENCE), info["rounds"], "all places separate" if not ties else
                    "%d of %d places tied" % (ties, total)))
        print("chart written to %s" % args.png)
    return 0


def _duration(seconds):
    if seconds < 120:
        return "%d s" % math.ceil(seconds)
    if seconds < 7200:
        return "%d minutes" % math.ceil(seconds / 60)
    if seconds < 172800:
        return "%.1f hours" % (seconds / 3600)
    return "%.1f days" % (seconds / 86400)


def _stopped(info, args, seed, ties, total):
    how = {"separated": "every place separates from its neighbours",
           "rounds": "--rounds %d played" % info["rounds"],
           "time": "the next round would pass --time %d s" % args.time,
           "cap": "the builds still tied reached %d fights a reference" % CAP}[info["stop"]]
    text = "%d round%s in %.0f s: %s" % (info["rounds"], "" if info["rounds"] == 1 else "s", info["seconds"], how)
    if ties:
        text += ("; %d of %d builds are tied with others (place a-b: the places its 95%% interval allows)"
                 % (ties, total))
    if info["stop"] == "time":
        text += "; the same run again: --seed %d --rounds %d" % (seed, info["rounds"])
    return text


def _check_writable(path):
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise CliError("--png: folder %s does not exist" % folder)
    if not os.access(folder, os.W_OK):
        raise CliError("--png: cannot write in %s" % folder)


def draw_png(path, rows, spans, title):
    """Bars of every build's score, best first, with its 95% interval, the 50%
    line, and under the bars a strip for each group of places that are ties."""
    from PIL import Image, ImageDraw, ImageFont

    bar = 3
    left, top, bottom, right = 40, 30, 58, 20
    height = 300
    width = max(left + bar * len(rows) + right, 560)
    img = Image.new("RGB", (width, top + height + bottom), "white")
    d = ImageDraw.Draw(img)
    font = ImageFont.load_default()
    d.text((left, 8), title, fill="black", font=font)
    base = top + height
    lo_pct = max(0, int(min(r[4] - r[5] for r in rows) * 10) * 10 - 10)
    hi_pct = min(100, int(max(r[4] + r[5] for r in rows) * 10) * 10 + 10)

    def y_of(v):
        return base - int(round(height * (100 * v - lo_pct) / (hi_pct - lo_pct)))

    for pct in range(lo_pct, hi_pct + 1, 10):
        y = y_of(pct / 100)
        d.line((left - 4, y, left + bar * len(rows), y), fill=(200, 200, 200) if pct != 50 else (200, 0, 0))
        d.text((4, y - 6), "%d%%" % pct, fill="black", font=font)
    for i, (_, _, _, _, score, half) in enumerate(rows):
        x = left + i * bar
        d.rectangle((x, y_of(score), x + bar - 2, base), fill=(150, 180, 220))
        d.line((x + 1, y_of(score + half), x + 1, y_of(score - half)), fill=(90, 90, 90))
        d.line((x, y_of(score), x + bar - 2, y_of(score)), fill=(0, 40, 140))
    # under each bar: green when its place is settled, else shaded by how many places it may hold
    strip = base + 4
    for i, (a, z) in enumerate(spans):
        x = left + i * bar
        if a == z:
            colour = (40, 150, 60)
        else:
            g = 230 - min(180, 180 * (z - a) // max(1, len(rows) // 3))
            colour = (g, g, g)
        d.rectangle((x, strip, x + bar - 1, strip + 6), fill=colour)
    d.text((left, strip + 10), "best " + ",".join(map(str, rows[0][0])), fill="black", font=font)
    worst = "worst " + ",".join(map(str, rows[-1][0]))
    d.text((left + bar * len(rows) - 6 * len(worst), strip + 10), worst, fill="black", font=font)
    d.text((left, strip + 24), "bar: score; line: 95% interval; strip: green = one place, darker = tied over more places",
           fill="black", font=font)
    tmp = path + ".tmp"
    try:
        img.save(tmp, "PNG")
        os.replace(tmp, path)
    except OSError as e:
        raise CliError("--png: cannot write %s (%s)" % (path, e.strerror or e))
