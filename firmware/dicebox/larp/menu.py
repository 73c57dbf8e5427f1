"""LARP judge: the menu and the LARP screens' labels; the screens are imported only when opened."""
import sys

from dicebox import load
from dicebox.core.compat import const
from dicebox.ui.app import Menu
from dicebox import drop_new, pinned
from dicebox.ui.lang import label, table_label

# Labels only the LARP screens use, packed as ui/lang.py's, Russian in menu_ru.py. A lookup
# costs time for every character before its line, so the menu's and the fights' labels come first.
_TABLE = (
    "\nknockout\tKNOCKOUT"
    "\ndraw\tDRAW"
    "\ndecision\tDECISION"
    "\nround\tRound"
    "\nboxer\tBoxer"
    "\nchampion\tChampion"
    "\nheads\theads"
    "\ntails\ttails"
    "\nchallenge\tI challenge you to a fight!"
    "\naccept\tAccepted"
    "\nrefuse\tRefused"
    "\nattack\tAttack"
    "\ndefence\tDefence"
    "\nfails\tattack fails"
    "\nhelp\thelp given"
    "\ndies\tdies"
    "\nstays\tstays heavy"
    "\nack\tOK"
    "\ncount\tcount"
    "\nhold\thold OK"
    "\nz0\thead"
    "\nz1\tjaw"
    "\nz2\tear"
    "\nz3\tbody"
    "\nz4\tribs"
    "\nz5\tstomach"
    "\nr0\tHA!"
    "\nr1\tOH!"
    "\nr2\tOOOF!"
    "\nr3\tBLOCK!"
    "\nh0\tmiss"
    "\nh1\tleft arm"
    "\nh2\tright arm"
    "\nh3\tleft leg"
    "\nh4\tright leg"
    "\nh5\tbody"
    "\nh6\thead"
    "\nh7\tlimb"
    "\nb1\tlight"
    "\nb2\theavy"
    "\nb3\tmortal"
    "\ns1\tlight"
    "\ns2\theavy"
    "\ns3\tmortal"
    "\ns4\tdead"
    "\ns5\theavy to end"
    "\nlarp\tLARP"
    "\nboxing\tBoxing"
    "\nduel\tDuel"
    "\nshoot\tFirearms"
    "\nstealth\tStealth"
    "\nwounds\tWounds"
    "\nrunning\trunning"
    "\ntarget\tTarget"
    "\nchoose_limb\twhich limb?"
    "\nchoose_bh\tbody or head?"
    "\nnot_listed\tnot on tracker"
    "\nshot\tshot"
    "\ncount_ok\tOK: start count"
    "\nstop_ok\tOK: STOP"
    "\ncompleted\tcompleted"
    "\ncycle\tcycle"
    "\nL\tL"
    "\nB\tB"
    "\nH\tH"
    "\nroll_ok\tOK: roll"
    "\nwins\tWINNER %d"
    "\nno_duel\tNO DUEL"
    "\nno_winner\tNO WINNER"
    "\nnobody\tnobody wins"
    "\nmelee\tMelee duel"
    "\ngun_duel\tFirearms duel"
    "\nm_head\thead wound"
    "\nm_body\t2 body wounds"
    "\nm_limbs\t4 limb wounds"
    "\nm_firearms\tone cycle"
    "\nshoots_coin\tShooter: coin"
    "\nshoots_challenger\tShooter: challenger"
    "\ncoin_shoots\tcoin: %d shoots"
    "\ncoin_attacks\tcoin: %d attacks"
    "\nfirst\tattacks first"
    "\nshows\tto see your order"
    "\nrelease\trelease: hidden"
    "\nnext_boxer\tUP/DN boxer  BACK go"
    "\nhold_block\thold OK: BLOCK!"
    "\nhold_see\thold UP: own order"
    "\nwas\twas"
    "\nscore\tscore"
    "\ncards\tCards"
    "\nstart\tStart"
    "\nnone\tnone"
    "\nin_bout\thidden: bout is on"
    "\nseen_once\talready seen once"
    "\njudge\tJUDGE"
    "\njudge_hold\tjudge: hold OK"
    "\njudge_note\tjudge's override"
    "\njudged\tjudge showed it %dx"
    "\njudge_q\tShow boxer %d again?"
    "\nto_tracker\tOnto the tracker?"
    "\nwho_is\tWho is duellist %d?"
    "\nnew_session\tNew session"
    "\nparticipants\tPeople"
    "\nroster\troster"
    "\nlight_min\tLight min"
    "\nheavy_min\tHeavy min"
    "\nadd\t+ wound"
    "\naid\tFirst aid"
    "\nheal\tHealed"
    "\nw_dies\tCharacter dies"
    "\nw_stays\tStays heavy to end"
    "\nend_session\tEnd session"
    "\nend_q\tEnd the session?"
    "\nno_wounds\tno wounds"
    "\nchoose\task!"
    "\nhelped\thelp"
    "\nsession_q\tStart a wound list?"
    "\nmedic\tMedical help"
    "\naid_short\taid"
    "\nmedic_short\tmed"
    "\nwound_n\twound"
    "\nwounds_n\t%d wounds"
    "\naid_light\tAid stops: light"
    "\naid_any\tAid stops: any"
    "\n"
)

# What a row opens: (label key, module, function). A fight plays with the wound session asleep
# (rest): awake beside a fight, which saves after every input, it ran a power-on out of heap.
_ITEMS = const((
    ("boxing", "dicebox.larp.boxing_ui", "boxing_setup"),
    ("duel", "dicebox.larp.duel_ui", "duel_start"),
    ("shoot", "dicebox.larp.shoot_ui", "shoot_start"),
    ("stealth", "dicebox.larp.stealth_ui", "stealth_start"),
    ("wounds", "dicebox.larp.wounds_ui", "open_tracker"),
))

def larp_label(key):
    """A LARP label in the Settings language (ours, then lang.py's)."""
    return table_label(key, _TABLE, "dicebox.larp.menu_ru", label)


def code_label(prefix, code):
    """A code's label: prefix z a boxing zone, r a reaction (larp/boxing.py), h where
    a hit lands, b a wound kind on a big line, s in a wound list row (larp/common.py)."""
    return larp_label(prefix + str(code))


def start(app):
    return LarpMenu(app)


def screen_for(app, rec):
    """Resume an unfinished LARP fight over the LARP menu (BACK leads there); the session sleeps."""
    rest(app, ())
    app.push(LarpMenu(app))  # over Home, where a resumed fight opens
    return load("dicebox.larp.fights").screen_for(app, rec)


class LarpMenu(Menu):
    def __init__(self, app):
        Menu.__init__(self, app, larp_label("larp"), [])
        self.build()
        self.loaded = tuple(sys.modules)  # the menu's own; a fight's come and go

    def resumed(self):
        # back from a fight or the wound list: their modules leave the heap, as a
        # mode's do on Home (a running wound session's stay: Home pinned them), so
        # the next fight does not sit on top of the last one's code
        drop_new(self.loaded)
        self.build()

    def build(self):
        self.title = larp_label("larp")
        running = getattr(self.app.stack[0], "tasks", ())
        self.items = [((larp_label(key) + " \u25b6 " + larp_label("running")) if key == "wounds" and running else larp_label(key), self._opener(mod, fn))
                      for key, mod, fn in _ITEMS]

    def _opener(self, mod, fn):
        def open_item():
            if mod == "dicebox.larp.wounds_ui":
                tracker(self.app)  # asleep after a fight: it wakes before the list's code loads
            else:
                rest(self.app, self.loaded)
            getattr(load(mod), fn)(self.app)

        return open_item


def tracker(app):
    """The running wound session, or None; asleep (timer.py), it wakes for good: a LARP screen holds it."""
    for task in getattr(app.stack[0], "tasks", ()):
        if hasattr(task, "wake"):
            return task.wake(for_good=True)
        if hasattr(task, "give_wound"):
            task.woken = False
            return task
    return None


def rest(app, loaded):
    """A fight opens: the wound session sleeps while it is played (once any alert is acknowledged);
    the modules in `loaded` (the screens' below, less what the session pinned) stay."""
    home = app.stack[0]
    own = [n for n in loaded if n not in pinned()]
    for task in getattr(home, "tasks", ()):
        if hasattr(task, "doze"):
            task.woken = True
            task.doze(own)
