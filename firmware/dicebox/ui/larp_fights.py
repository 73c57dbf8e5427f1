"""LARP fights on the device: vulnerability boxing, melee duel, firearms, stealth.

Each play screen is a FightScreen (saved after every input, long BACK undo).
Boxing keeps its secrets: the deal shows only while a boxer holds OK on the
reveal screen, a blocked reaction reads BLOCK! and the seed appears only
after the end. Wounds of a duel, a shot or a stealth attack can go straight
onto the running wound tracker when the fight ends.
"""
from dicebox import buttons as B
from dicebox.core import larp
from dicebox.core import larp_boxing as BX
from dicebox.core import larp_stealth as ST
from dicebox.core import larp_text as LT
from dicebox.core import record as _record
from dicebox.core.log import EVENT, ROLL
from dicebox.ui import draw, text
from dicebox.ui.app import Confirm, Menu, Message, Screen
from dicebox.ui.fight import FightScreen
from dicebox.ui.lang import t
from dicebox.ui.larp_ui import L, ParticipantPicker, label, tracker


def screen_for(app, rec):
    return _SCREENS[rec.ruleset](app, rec)


def big_line(c, s, y, color=1):
    """MEDIUM when it fits the width, else SMALL (centred a little lower)."""
    if len(s) <= 10:
        text.draw_center(c, s, y, text.MEDIUM, color)
    else:
        text.draw_center(c, s, y + 4, text.SMALL, color)


def last_event(game, names):
    """(index, name, a, b, c) of the newest logged event among names, or None."""
    log = game.log
    for i in range(len(log) - 1, -1, -1):
        kind, name, a, b, c = log.entry(i)
        if kind == EVENT and name in names:
            return i, name, a, b, c
    return None


def roll_before(game, i, back):
    """Value of the back-th roll before log entry i (1 = the nearest)."""
    log = game.log
    while i > 0:
        i -= 1
        kind, name, a, b, c = log.entry(i)
        if kind == ROLL:
            back -= 1
            if not back:
                return b
    return 0


def _target_range(app):
    tr = tracker(app)
    return (tr.count(), tr.name) if tr is not None else (larp.MAX_PARTICIPANTS, None)


def offer_wounds(app, wounds, ask_who):
    """After a fight: its wounds onto the wound tracker, if one runs.

    wounds: [[who, kind name], ...]; ask_who: who is a duellist (1/2) whose
    participant number is asked, else who is the participant already."""
    tr = tracker(app)
    if tr is None or not wounds:
        return

    def put(p, who):
        for w, kind in wounds:
            if w == who:
                try:
                    tr.give_wound(p, larp.KIND_NAMES.index(kind))
                except ValueError as e:
                    app.push(Message(app, L("wounds"), str(e)))
                    return

    for who in (2, 1) if ask_who else sorted(set(w for w, _ in wounds)):
        if not any(w == who for w, _ in wounds):
            continue
        if ask_who:
            app.push(ParticipantPicker(app, L("who_is") % who, 0, 0, tr.count(),
                                       (lambda w: lambda p: p and put(p, w))(who), tr.name))
        elif who:
            kinds = ", ".join(label(LT.WOUNDS, larp.KIND_NAMES.index(k)) for w, k in wounds if w == who)
            note = ("%d %s %s" % (who, tr.name(who), kinds))[:19]
            app.push(Confirm(app, L("to_tracker"), note, (lambda w: lambda: put(w, w))(who)))


# --- Boxing ----------------------------------------------------------------------------
def boxing_setup(app):
    app.push(BoxingSetup(app))


class BoxingSetup(Menu):
    """Start (OK at once: defaults), cards per boxer, the reigning Champion."""

    def __init__(self, app):
        Menu.__init__(self, app, L("boxing"), [])
        self.cards = 3
        self.champion = 0
        self.build()

    def build(self):
        champ = L("none") if not self.champion else "%s %d" % (L("boxer"), self.champion)
        self.items = [
            (L("start"), self.start),
            ("%s: %d" % (L("cards"), self.cards), self.more_cards),
            ("%s: %s" % (L("champion"), champ), self.next_champion),
        ]

    def more_cards(self):
        self.cards = self.cards % 6 + 1
        self.build()
        self.app.redraw()

    def next_champion(self):
        self.champion = (self.champion + 1) % 3
        self.build()
        self.app.redraw()

    def start(self):
        app = self.app
        rec = _record.Record("boxing", {"cards": self.cards, "champion": self.champion}, app.new_seed())
        bout = BoxingScreen(app, rec)
        app.replace(bout)
        app.push(Reveal(app, bout.game))


class Reveal(Screen):
    """Each boxer sees his own order only while he holds OK; release blanks it."""

    def __init__(self, app, game):
        Screen.__init__(self, app)
        self.game = game
        self.boxer = 1
        self.showing = False

    def button(self, b, ev, now):
        app = self.app
        if b == B.OK:
            if ev == B.PRESS or ev == B.RELEASE:
                self.showing = ev == B.PRESS
                app.redraw()
        elif self.showing:
            return  # other buttons wait until the order is hidden again
        elif b in (B.UP, B.DOWN) and ev == B.PRESS:
            self.boxer = 3 - self.boxer
            app.redraw()
        elif b == B.BACK and ev == B.CLICK:
            app.pop()

    def resumed(self):
        # back from a screen pushed over a hold (a wound alert): its release went
        # there, so the order must not stay on screen with nobody holding
        self.showing = False

    def draw(self, c):
        draw.header(c, "%s %d" % (L("boxer"), self.boxer))
        if not self.showing:
            text.draw_center(c, L("hold"), 20)
            text.draw_center(c, L("shows"), 30)
            text.draw_center(c, L("next_boxer"), 55)
            return
        order = self.game.order(self.boxer)
        if len(order) <= 3:
            for i in range(len(order)):
                text.draw(c, "%d.%s" % (i + 1, label(LT.ZONES, order[i])), 4, 12 + i * 17, text.MEDIUM)
        else:
            for i in range(len(order)):
                text.draw(c, "%d.%s" % (i + 1, label(LT.ZONES, order[i])), 1 + (i // 3) * 64, 14 + (i % 3) * 12)
            text.draw_center(c, L("release"), 55)


class BoxingScreen(FightScreen):
    """UP/DOWN pick the target zone, OK enters the blow, hold OK: the
    Champion's BLOCK!, hold UP: the reveal screen again."""

    TABLE_DICE = False  # the deal is secret: never from the table

    def __init__(self, app, rec):
        FightScreen.__init__(self, app, rec)
        self.zone = 0

    def button(self, b, ev, now):
        app = self.app
        g = self.game
        if g.over:
            if ev == B.CLICK and b in (B.OK, B.BACK):
                self.leave()
            return
        if b in (B.UP, B.DOWN) and ev == B.PRESS:
            self.zone = (self.zone + (1 if b == B.DOWN else -1)) % BX.ZONE_COUNT
            app.redraw()
        elif b == B.UP and ev == B.LONG:
            self.zone = (self.zone + 1) % BX.ZONE_COUNT  # the press of this hold moved it
            app.push(Reveal(app, g))
        elif b == B.OK and ev == B.CLICK:
            self.blow(self.zone)
        elif b == B.OK and ev == B.LONG and g.can_block():
            self.blow(self.zone + BX.ZONE_COUNT)
        else:
            FightScreen.button(self, b, ev, now)

    def blow(self, value):
        self.give(value)
        self.app.beep(1500, 40)

    def summary(self):
        g = self.game
        r = g.result()
        s = r["score"]
        return "boxing %s %s %d-%d" % (r["method"], r["winner"] or "-", s[0], s[1])

    def draw(self, c):
        g = self.game
        if g.over:
            self.draw_end(c)
            return
        draw.header(c, "%s %d" % (L("round"), g.round), "%d>%d  %d/2" % (g.attacker, 3 - g.attacker, g.blow + 1))
        for z in range(BX.ZONE_COUNT):
            x = (z // 3) * 64
            y = 11 + (z % 3) * 9
            if z == self.zone:
                c.fill_rect(x, y, 63, 9, 1)
                text.draw(c, label(LT.ZONES, z), x + 2, y + 1, text.SMALL, 0)
            else:
                text.draw(c, label(LT.ZONES, z), x + 2, y + 1)
        last = last_event(g, ("blow", "block"))
        if last is None:
            coin = t("heads") if g.first == 1 else t("tails")
            text.draw_center(c, coin, 39, text.MEDIUM)
            note = "%d %s" % (g.first, L("first"))
        else:
            _, name, a, zone, reaction = last
            big_line(c, label(LT.REACTIONS, BX.BLOCK if name == "block" else reaction), 39)
            note = L("hold_block") if g.can_block() else "%d: %s" % (a, label(LT.ZONES, zone))
        text.draw_center(c, note, 56)

    def draw_end(self, c):
        g = self.game
        draw.header(c, L("boxing"), "%s %d" % (t("seed"), self.session.rec.seed))
        big_line(c, L(g.method), 11)
        s1 = g.score(1)
        s2 = g.score(2)
        line = ("%s %d  %d-%d" % (L("wins"), g.winner, s1, s2)) if g.winner else "%d-%d" % (s1, s2)
        text.draw_center(c, line, 28)
        blk = last_event(g, ("block",))
        y = 37
        if blk is not None:
            text.draw_center(c, "%s %s %s" % (label(LT.REACTIONS, BX.BLOCK), L("was"), label(LT.REACTIONS, blk[4])), y)
            y += 9
        for b in (1, 2):
            if y > 56:
                break
            names = [label(LT.ZONES, z) for z in g.order(b)]
            line = "%d: %s" % (b, " ".join(names))
            if len(line) > 21:
                line = "%d: %s" % (b, " ".join(n[:3] for n in names))
            text.draw(c, line[:21], 1, y)
            y += 9


# --- Melee / firearms duel ---------------------------------------------------------------
def duel_start(app):
    """Melee duel first (one OK); a firearms duel is one cycle of it."""

    def start(weapon):
        return lambda: app.replace(DuelScreen(app, _record.Record("duel", {"weapon": weapon}, app.new_seed())))

    app.push(Menu(app, L("duel"), [(L("melee"), start("melee")), (L("gun_duel"), start("firearms"))]))


class DuelScreen(FightScreen):
    """The challenge (UP/DOWN accept/refuse, OK), then OK rolls each cycle."""

    def __init__(self, app, rec):
        FightScreen.__init__(self, app, rec)
        self.refuse = False

    def button(self, b, ev, now):
        app = self.app
        g = self.game
        if g.method is not None:
            if ev == B.CLICK and b in (B.OK, B.BACK):
                self.leave()
            return
        if not g.answered and b in (B.UP, B.DOWN) and ev == B.PRESS:
            self.refuse = not self.refuse
            app.redraw()
        elif b == B.OK and ev == B.CLICK:
            if not g.answered:
                self.give(0 if self.refuse else 1)
            else:
                self.give(0)
                app.beep(1500, 40)
        else:
            FightScreen.button(self, b, ev, now)

    def finished(self):
        FightScreen.finished(self)
        offer_wounds(self.app, self.game.result()["wounds"], True)

    def draw(self, c):
        g = self.game
        title = L("duel") if g.options["weapon"] == "melee" else L("shoot")
        if not g.answered:
            draw.header(c, title)
            lines = draw.wrap(L("challenge"))
            for i in range(len(lines)):
                text.draw_center(c, lines[i], 12 + i * 9)
            for i in range(2):
                y = 34 + i * 14
                word = L("refuse") if i else L("accept")
                if (i == 1) == self.refuse:
                    c.fill_rect(0, y - 2, 128, 12, 1)
                    text.draw_center(c, word, y, text.SMALL, 0)
                else:
                    text.draw_center(c, word, y)
            return
        over = g.method is not None
        draw.header(c, title, ("%s %d" % (t("seed"), self.session.rec.seed)) if over else "%s %d" % (L("cycle"), g.cycles + 1))
        last = last_event(g, ("cycle",))
        if over:
            if g.method == "refused":
                big_line(c, L("no_duel"), 14)
            elif g.winner:
                big_line(c, "%s %d" % (L("wins"), g.winner), 12)
                text.draw_center(c, L("m_" + g.method), 29)
            else:
                big_line(c, L("nobody"), 12)
        elif last is None:
            text.draw_center(c, "%s %d" % (L("attack"), g.attacker), 14)
            big_line(c, L("roll_ok"), 24)
        if last is not None:
            i, _, a, diff, hit = last
            if not over:
                text.draw_center(c, "%s %d > %d" % (L("attack"), a, 3 - a), 11)  # the cycle shown
                text.draw_center(c, "%d-%d=%d" % (roll_before(g, i, 2), roll_before(g, i, 1), diff), 20, text.MEDIUM)
            if hit == larp.MISS:
                note = L("fails")
            else:
                note = "%d: %s" % (3 - a, label(LT.HITS, hit))
            text.draw_center(c, note, 37)
        if g.method == "refused":
            return
        for d in (1, 2):
            text.draw_center(c, "%d: %s%d/4 %s%d/2 %s%d/1" % (d, L("L"), g.limbs[d], L("B"), g.bodies[d], L("H"), g.heads[d]),
                             38 + d * 9)


# --- Firearms: one shot --------------------------------------------------------------------
def shoot_start(app):
    s = ShootScreen(app, _record.Record("shoot", {}, app.new_seed()))
    app.push(s)
    s.ask_target()


def _ask_target(screen):
    hi, name_of = _target_range(screen.app)
    screen.app.push(ParticipantPicker(screen.app, L("target"), 0, 0, hi, screen.give, name_of))


class ShootScreen(FightScreen):
    """OK: the target (0 = not on the tracker), the die, then the shooter's choice."""

    def __init__(self, app, rec):
        FightScreen.__init__(self, app, rec)
        self.pick = 0

    def ask_target(self):
        _ask_target(self)

    def choices(self):
        p = self.game.prompt()
        if p is None or p[0] == "target":
            return None
        return range(p[1], p[2] + 1)

    def changed(self):
        self.pick = 0
        FightScreen.changed(self)

    def button(self, b, ev, now):
        app = self.app
        if self.done:
            if ev == B.CLICK and b in (B.OK, B.BACK):
                self.leave()
            return
        ch = self.choices()
        if ch is not None and b in (B.UP, B.DOWN) and ev == B.PRESS:
            self.pick = (self.pick + (1 if b == B.DOWN else -1)) % len(ch)
            app.redraw()
        elif b == B.OK and ev == B.CLICK:
            if ch is None:
                self.ask_target()
            else:
                self.give(ch[self.pick])
        else:
            FightScreen.button(self, b, ev, now)

    def finished(self):
        FightScreen.finished(self)
        offer_wounds(self.app, self.game.result()["wounds"], False)

    def summary(self):
        g = self.game
        return "shoot %d %s" % (g.target, larp.HIT_NAMES[g.hits[-1]] if g.hits else "")

    def draw(self, c):
        g = self.game
        draw.header(c, L("shoot"), ("%s %d" % (t("seed"), self.session.rec.seed)) if self.done else "")
        if not g.shots:
            big_line(c, L("target"), 20)
            text.draw_center(c, "OK", 40)
            return
        i = last_event(g, ("shot",))
        die = roll_before(g, len(g.log), 1)
        text.draw(c, str(die), 4, 14, text.BIG)
        who = ("%d" % g.target) if g.target else "-"
        text.draw(c, "%s %s" % (L("target"), who), 30, 14)
        ch = self.choices()
        if ch is not None:
            text.draw(c, L("choose_limb") if len(ch) == 4 else L("choose_bh"), 30, 24)
            for k in range(len(ch)):
                y = 34 + (k % 2) * 10
                x = 30 + (k // 2) * 49
                word = label(LT.HITS, ch[k])
                if k == self.pick:
                    c.fill_rect(x - 1, y - 1, 48, 10, 1)
                    text.draw(c, word[:8], x, y, text.SMALL, 0)
                else:
                    text.draw(c, word[:8], x, y)
            return
        hit = i[4] if i is not None else larp.MISS
        big_line(c, label(LT.HITS, hit), 30)
        if hit != larp.MISS:
            text.draw_center(c, label(LT.WOUNDS, larp.hit_wound(hit)), 50, text.SMALL, 1, 24, 128)


# --- Stealth: the count ------------------------------------------------------------------------
def stealth_start(app):
    s = StealthScreen(app, _record.Record("stealth", {}, app.new_seed()))
    app.push(s)
    _ask_target(s)


class StealthScreen(FightScreen):
    """OK starts the count (a beep a beat, the display stays on), OK stops it;
    running through four counts completes the attack."""

    def __init__(self, app, rec):
        FightScreen.__init__(self, app, rec)
        self.counting = False
        self.start = 0
        self.elapsed = 0
        self.stop_at = -1  # elapsed ms at the judge's STOP press, until its click

    @property
    def keep_awake(self):
        return self.counting

    def beat(self):
        return self.game.options["beat_ms"]

    def button(self, b, ev, now):
        app = self.app
        g = self.game
        if self.done:
            if ev == B.CLICK and b in (B.OK, B.BACK):
                self.leave()
            return
        if b == B.OK and ev == B.PRESS and g.target is not None:
            if not self.counting:
                self.counting = True
                self.start = now
                self.elapsed = 0
                app.beep(2200, 60)
            else:
                # stopped at the press; entered at its click, so the click
                # cannot answer the screen that the end of the fight opens
                self.counting = False
                self.stop_at = larp.ticks_step(self.start, now)
            app.redraw()
        elif b == B.OK and ev in (B.CLICK, B.LONG) and self.stop_at >= 0:
            elapsed = self.stop_at
            self.stop_at = -1
            self.stop(elapsed)
        elif b == B.OK and ev == B.CLICK and g.target is None:
            _ask_target(self)
        elif self.counting:
            return  # BACK waits until the count is stopped
        else:
            FightScreen.button(self, b, ev, now)

    def stop(self, elapsed):
        self.counting = False
        self.give(min(elapsed, ST.COUNTS * self.beat()))
        self.app.beep(900, 200)

    def tick(self, now):
        if not self.counting:
            return False
        beat = self.beat()
        elapsed = larp.ticks_step(self.start, now)
        if elapsed >= ST.COUNTS * beat:
            self.stop(elapsed)
            return True
        if ST.beats(self.elapsed, elapsed, beat):
            self.elapsed = elapsed
            self.app.beep(2200, 60)
            return True
        self.elapsed = elapsed
        return False

    def finished(self):
        FightScreen.finished(self)
        offer_wounds(self.app, self.game.result()["wounds"], False)

    def summary(self):
        g = self.game
        return "stealth %d %s" % (g.target, larp.KIND_NAMES[g.kind])

    def draw(self, c):
        g = self.game
        draw.header(c, L("stealth"), ("%s %d" % (t("seed"), self.session.rec.seed)) if self.done else
                    ("%s %d" % (L("target"), g.target) if g.target else ""))
        if g.target is None:
            big_line(c, L("target"), 20)
            text.draw_center(c, "OK", 40)
            return
        if self.counting:
            n = ST.count_at(self.elapsed, self.beat())
            text.draw_center(c, str(n), 12, text.BIG)
            big_line(c, label(LT.WOUNDS, ST.wound_at(self.elapsed, self.beat())), 39)
            text.draw_center(c, L("stop_ok"), 56)
            return
        if self.stop_at >= 0:
            text.draw_center(c, str(ST.count_at(self.stop_at, self.beat())), 12, text.BIG)
            return
        if g.elapsed is None:
            big_line(c, L("count_ok"), 26)
            return
        n = ST.count_at(g.elapsed, self.beat())
        text.draw_center(c, L("completed") if n > ST.COUNTS else "%s %d" % (L("count"), n), 14)
        big_line(c, label(LT.WOUNDS, g.kind), 30)


_SCREENS = {"boxing": BoxingScreen, "duel": DuelScreen, "shoot": ShootScreen, "stealth": StealthScreen}
