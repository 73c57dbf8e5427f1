"""Arena duels for the host's many-fight commands (`stats arena`, `balance arena`):
the same rules and the same dice stream as firmware/dicebox/arena/rules.py, with
no log, no record and no per-die calls through Dice and Rng.

A fight here and the core's fight from the same seed and options end the same
(winner, method, moments, health): tests/test_arena_fast.py draws seeds, builds
and rulings and compares every one with the fully logged replay, so any fight a
summary counts can be replayed on the box or with `dicebox-sim fight arena
--seed S`. Kept apart from the core because the core is what runs on the Pico:
there, the log is the point.

Plain Python (runs on MicroPython too, where the bench measures it); with
numpy on the host, draws_for() makes a batch of fights' draws at once. The
generator is the core's: s * A mod M equals Schrage's product, and k steps
from a state are one multiplication by A**k mod M.
"""
from dicebox.arena import rules as _arena
from dicebox.core import rng as _rng

_np = False  # numpy, imported at the first batch (not at every dicebox-sim start); None without it


def _numpy():
    global _np
    if _np is False:
        try:
            import numpy

            _np = numpy
        except ImportError:  # MicroPython: one draw at a time
            _np = None
    return _np

_M1 = 1073741789
_A1 = 32737
_M2 = 1073741783
_A2 = 32741
_SPAN = _M1 - 1
_W1 = pow(_A1, 8, _M1)  # the core's eight warm-up steps at once
_W2 = pow(_A2, 8, _M2)
# rejection limits of Rng.below(n): a draw at or above is thrown away
_LIM = {n: _SPAN - _SPAN % n for n in (3, 6, 8, 20)}
_SAFE = min(_LIM.values())  # below this a draw is good for every die

_MINE = _arena.MINE
_CRYSTAL = _arena.CRYSTAL
KO = 1
RINGOUT = 2
TIMEUP = 3
SUDDEN = 4
TIE = 5

# moves by die face, 0 = unused: test stats, bonus, damage code, effects
_STUN = 1
_KB = 2
_SWITCH = 4
_EVENT = 8


def _table(moves):
    return [None] + [tuple(m) for m in moves]


_ATT = _table(_arena.ATTACK)
_DEF = _table(_arena.DEFEND)


def _check_seed(seed):
    if not 0 <= seed <= _rng.SEED_MAX:
        raise ValueError("seed must be 0..999999999")


def _draws(s1, s2):
    """The core generator's draws, each less 1 (Rng.below's v), forever."""
    M1, A1, M2, A2, SPAN = _M1, _A1, _M2, _A2, _SPAN
    while True:
        s1 = s1 * A1 % M1
        s2 = s2 * A2 % M2
        v = s1 - s2
        yield v - 1 if v > 0 else v - 1 + SPAN


_BATCH = 64  # draws made ahead for each fight of a batch; a longer fight goes on one at a time
_P1 = [pow(_A1, k, _M1) for k in range(1, _BATCH + 1)]
_P2 = [pow(_A2, k, _M2) for k in range(1, _BATCH + 1)]


def draws_for(seeds):
    """For each seed, the first _BATCH draws of its fight (Rng.below's v, in
    order) as a list, all made at once with numpy: step k of a multiplicative
    generator is the start state times A**k mod M. None without numpy."""
    np = _numpy()
    if np is None:
        return None
    s = np.array(seeds, dtype=np.int64)
    if len(seeds) and (s.min() < 0 or s.max() > 999999999):
        _check_seed(int(s.min()) if s.min() < 0 else int(s.max()))
    # every product is below 2**60: exact in int64
    s1 = (s + 1) * _W1 % _M1
    s2 = (_M2 - 1 - s) * _W2 % _M2
    v = s1[:, None] * np.array(_P1, dtype=np.int64) % _M1 - s2[:, None] * np.array(_P2, dtype=np.int64) % _M2 - 1
    v[v < 0] += _SPAN
    return v.tolist()


def make(options, track=None):
    """fight(a, b, seed) -> (winner 0/1/-1, method code, moments, health a, health b)
    for checked options (check_options(arena.OPTIONS, ...)); a and b are builds
    [P, T, A, S] (the options' own builds are not used). fight(..., hp_a=H, hp_b=H):
    the fighter starts with H health (the story mode's carried health; a crystal
    still heals up to the options' health). track: a list of two that each
    fight fills with fighter a's lowest health and the times a was knocked
    back (the story's objectives)."""
    start_hp = options["health"]
    harder = options["stun"] == "harder"
    effects = options["effects"]
    by_margin = options["lower"] == "margin"
    pass_every = options["pass"] == "every"
    crumble_once = options["crumble"] == "once"
    vampire_both = options["vampire_tie"] == "both"
    share = options["share"]
    # effects of a hit by attack / defend face under the chosen column
    text_att = (0, 0, _STUN, 0, _STUN | _KB, _KB, _KB)
    att_fx = [0] * 7
    def_fx = [0] * 7
    for face in range(1, 7):
        table_a = _ATT[face][4]
        table_d = _DEF[face][4]
        att_fx[face] = table_a if effects == "table" else (text_att[face] if effects == "text" else table_a | text_att[face])
        if face == 6 and effects == "text":
            def_fx[face] = _KB | _SWITCH
        elif face == 6 and effects == "both":
            def_fx[face] = table_d | _KB | _SWITCH
        else:
            def_fx[face] = table_d
    att_fx = tuple(att_fx)
    def_fx = tuple(def_fx)
    M1, A1, M2, A2, SPAN, SAFE, LIM = _M1, _A1, _M2, _A2, _SPAN, _SAFE, _LIM
    W1, W2 = _W1, _W2
    ATT, DEF = _ATT, _DEF

    tables = {}

    def targets_of(build):
        """Move-test targets of a build by attack and defend face (cached)."""
        t = tuple(build)
        tab = tables[t] = (
            [0] + [t[m[0]] + t[m[1]] + m[2] for m in ATT[1:]],
            [0] + [t[m[0]] + t[m[1]] + m[2] for m in DEF[1:]],
        )
        return tab

    # one fight's state, reset by each fight(): the helpers below are made once
    nxt = None
    stats = None
    hp = [0, 0]
    pos = [4, 5]
    stun = [False, False]
    cells = [0] * 10
    ends = [1, 8, 0]  # lo, hi, crumbles
    res = [-1, 0]  # winner, method (0: going on)
    # this moment's attacker and each side's d20 face and target (for "lower")
    matt = fa = fd = ta = td = 0
    low_box = [-1]
    role = [0]  # the attacker
    clock = [10]
    zeros = [0] * 10
    trk = track if track is not None else [0, 0]  # a's lowest health, a's knock-backs

    def die(n):
        """One roll 1..n, exactly as Dice.roll -> Rng.below(n) + 1."""
        v = nxt()
        if v >= SAFE:
            while v >= LIM[n]:
                v = nxt()
        return v % n + 1

    def die_from(v, n):
        while v >= LIM[n]:
            v = nxt()
        return v % n + 1

    def end(w, m):
        res[0] = w
        res[1] = m

    def check_ko():
        if res[1]:
            return
        da = hp[0] == 0
        db = hp[1] == 0
        if da and db:
            end(-1, KO)
        elif da:
            end(1, KO)
        elif db:
            end(0, KO)

    def damage(f, amount, check=True):
        # only a fighter brought to 0 can end it: damage dealt together
        # (check False) is followed by its own check_ko()
        h = hp[f] - amount
        if f == 0 and h < trk[0]:
            trk[0] = h if h > 0 else 0
        if h > 0:
            hp[f] = h
            return
        hp[f] = 0
        if check:
            check_ko()

    def rolloff():
        while True:
            ra = die(20)
            rb = die(20)
            if ra != rb:
                return 0 if ra < rb else 1

    def lower():
        if low_box[0] >= 0:
            return low_box[0]
        if by_margin:
            ka = ta - fa
            kb = td - fd
        else:
            ka = fa
            kb = fd
        if matt:
            ka, kb = kb, ka
        if ka != kb:
            low_box[0] = 0 if ka < kb else 1
        else:
            low_box[0] = rolloff()
        return low_box[0]

    def knock(f, n):
        if res[1]:
            return
        o = 1 - f
        step = -1 if pos[f] < pos[o] else 1
        if f == 0:
            trk[1] += 1
        while n > 0:
            n -= 1
            to = pos[f] + step
            if to < ends[0] or to > ends[1]:
                end(o, RINGOUT)
                return
            pos[o] = pos[f]
            pos[f] = to
            if n == 0 or pass_every:
                cell = cells[to]
                if cell & _MINE:
                    cells[to] = cell & ~_MINE
                    damage(f, die(3))
                    if res[1]:
                        return
                    n += 1
                if cell & _CRYSTAL:
                    cells[to] = cells[to] & ~_CRYSTAL
                    h = hp[f] + die(3)
                    hp[f] = h if h < start_hp else start_hp

    def amount(code):
        if code == 3:
            return die(3)
        if code == 4:
            return die(3) + 1
        if code == 5:
            return die(6)
        return code

    def hit(f, dmg, fx):
        if dmg:
            h = hp[f] - (dmg if dmg < 3 else amount(dmg))
            if f == 0 and h < trk[0]:
                trk[0] = h if h > 0 else 0
            if h <= 0:
                hp[f] = 0
                check_ko()
                return
            hp[f] = h
        if fx & _STUN:
            stun[f] = True
        if fx & _KB:
            knock(f, 1)

    def grapple(f):
        damage(f, die(3))
        knock(f, die(3))

    def count_down(n):
        t = clock[0] - n
        if t < 0:
            t = 0
        clock[0] = t
        if t == 0:
            if hp[0] > hp[1]:
                end(0, TIMEUP)
            elif hp[1] > hp[0]:
                end(1, TIMEUP)
            else:
                end(-1, TIE)

    def free(s, item):
        if s == pos[0] or s == pos[1]:
            return False
        cell = cells[s]
        return cell == 0 or (share and not cell & item)

    def place(item):
        lo = ends[0]
        hi = ends[1]
        for s in range(lo, hi + 1):
            if free(s, item):
                break
        else:
            return
        while True:
            s = die(8)
            if lo <= s <= hi and free(s, item):
                break
        cells[s] |= item

    def crumble():
        ends[2] += 1
        if ends[2] > 1 and crumble_once:
            return
        lo = ends[0]
        hi = ends[1]
        cells[lo] = 0
        cells[hi] = 0
        ends[0] = lo + 1
        ends[1] = hi - 1
        out_a = pos[0] == lo or pos[0] == hi
        out_b = pos[1] == lo or pos[1] == hi
        if out_a and out_b:
            end(-1, RINGOUT)
        elif out_a:
            end(1, RINGOUT)
        elif out_b:
            end(0, RINGOUT)

    def opposed(stat, ties_stand):
        att = role[0]
        while True:
            sa = die(20) + stats[att][stat]
            sd = die(20) + stats[1 - att][stat]
            if sa > sd:
                return 1 - att
            if sd > sa:
                return att
            if ties_stand:
                return -1

    def event():
        n = die(20)
        att = role[0]
        dfn = 1 - att
        if n == 1:
            place(_MINE)
        elif n <= 5:
            stat = n - 2
            order = (att, dfn)
            failed = [False, False]
            for f in order:
                failed[f] = not die(20) <= 2 * stats[f][stat]
            for f in order:
                if failed[f]:
                    damage(f, 1 if n == 4 else (2 if n == 5 else die(3)), False)
            check_ko()
            if n == 4 and not res[1]:
                for f in order:
                    if failed[f]:
                        stun[f] = True
        elif n == 6:
            damage(lower(), die(3))
        elif n == 7:
            crumble()
        elif n == 8:
            grapple(1 - lower())
        elif n == 9:
            damage(att, 1)
            if not res[1]:
                stun[att] = True
                role[0] = dfn
        elif n == 10:
            count_down(die(3))
        elif n == 11:
            pos[0], pos[1] = pos[1], pos[0]
        elif n == 14:
            knock(opposed(2, False), die(3))
        elif n <= 15:
            low = opposed(0 if n == 12 else (1 if n == 13 else 3), True)
            if low < 0:
                damage(0, 2, False)
                damage(1, 2, False)
                check_ko()
            else:
                damage(low, die(3))
                if n == 15:
                    knock(low, die(3))
        elif n == 16:
            place(_CRYSTAL)
        elif n == 17:
            sa = stats[0][3]
            sb = stats[1][3]
            if sa == sb and vampire_both:
                da = die(3)
                db = die(3)
                damage(0, da, False)
                damage(1, db, False)
                check_ko()
                if not res[1]:
                    stun[0] = True
                    stun[1] = True
                return
            if sa == sb:
                f = 1 - rolloff()
            else:
                f = 0 if sa > sb else 1
            damage(f, die(3))
            if not res[1]:
                stun[f] = True
        elif n == 18:
            grapple(att)
        elif n == 19:
            grapple(dfn)
        else:
            while True:
                ra = die(20)
                rb = die(20)
                if ra != rb:
                    break
            end(0 if ra > rb else 1, SUDDEN)

    def fight(a, b, seed, draws=None, hp_a=None, hp_b=None):
        """draws: the seed's row of draws_for(), else they are made one at a time."""
        nonlocal nxt
        if not 0 <= seed <= 999999999:
            _check_seed(seed)
        if draws is not None:
            nxt = iter(draws).__next__
            try:
                return play(a, b, hp_a, hp_b)
            except StopIteration:  # a fight longer than the row: again, drawing on
                pass
        nxt = _draws((seed + 1) * W1 % M1, (_M2 - 1 - seed) * W2 % M2).__next__
        return play(a, b, hp_a, hp_b)

    def play(a, b, hp_a=None, hp_b=None):
        nonlocal stats, matt, fa, fd, ta, td
        stats = (a, b)
        tabs = (tables.get(tuple(a)) or targets_of(a), tables.get(tuple(b)) or targets_of(b))
        hp[0] = hp[1] = start_hp
        if hp_a is not None:
            hp[0] = hp_a
        if hp_b is not None:
            hp[1] = hp_b
        trk[0] = hp[0]
        trk[1] = 0
        pos[0] = 4
        pos[1] = 5
        stun[0] = stun[1] = False
        cells[:] = zeros
        ends[0] = 1
        ends[1] = 8
        ends[2] = 0
        res[0] = -1
        res[1] = 0
        clock[0] = 10
        # initiative
        while True:
            sa = die(20) + a[2]
            sb = die(20) + b[2]
            if sa != sb:
                break
        role[0] = 0 if sa > sb else 1
        moments = 0
        while not res[1]:
            moments += 1
            att = role[0]
            dfn = 1 - att
            # the moment's four dice, inlined: a draw below SAFE is good for any die
            v = nxt()
            am = v % 6 + 1 if v < SAFE else die_from(v, 6)
            v = nxt()
            dm = v % 6 + 1 if v < SAFE else die_from(v, 6)
            matt = att
            ta = tabs[att][0][am]
            v = nxt()
            fa = v % 20 + 1 if v < SAFE else die_from(v, 20)
            if stun[att]:
                stun[att] = False
                if harder:
                    ta -= 1
                    ok_att = fa <= ta
                else:
                    ok_att = fa - 1 <= ta
                    ta += 1  # a literal stun shows as target+1
            else:
                ok_att = fa <= ta
            td = tabs[dfn][1][dm]
            v = nxt()
            fd = v % 20 + 1 if v < SAFE else die_from(v, 20)
            if stun[dfn]:
                stun[dfn] = False
                if harder:
                    td -= 1
                    ok_def = fd <= td
                else:
                    ok_def = fd - 1 <= td
                    td += 1
            else:
                ok_def = fd <= td
            low_box[0] = -1
            if ok_att and not ok_def:
                hit(dfn, ATT[am][3], att_fx[am])
            elif ok_def and not ok_att:
                fx = def_fx[dm]
                hit(att, DEF[dm][3], fx)
                if fx & _SWITCH and not res[1]:
                    role[0] = 1 - role[0]
                if fx & _EVENT and not res[1]:
                    event()
            elif not ok_att:
                event()
            else:
                # both passed: section 3 by defender move
                if dm == 1 or dm == 3:
                    if am == 1 or am == 3:
                        event()
                    elif am == 2 or am == 4:
                        knock(lower(), 1)
                    elif am == 5:
                        grapple(lower())
                    elif lower() == dfn:
                        damage(dfn, 1)
                    else:
                        role[0] = 1 - role[0]
                elif dm == 2:
                    hit(lower(), ATT[am][3], att_fx[am])
                elif dm == 4:
                    low = lower()
                    if am == 6:
                        damage(low, die(6))
                        knock(low, die(3))
                    else:
                        damage(low, 1)
                        knock(low, 1)
                elif dm == 5 or am != 6:
                    grapple(lower())
                else:
                    low = lower()
                    big = die(6)
                    small = die(3)
                    damage(low, big, False)
                    damage(1 - low, small, False)
                    check_ko()
            if not res[1]:
                t = clock[0] - 1
                clock[0] = t
                if t == 0:
                    count_down(0)
        return res[0], res[1], moments, hp[0], hp[1]

    return fight
