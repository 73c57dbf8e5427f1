"""Show boxing with vulnerabilities (docs/rules/larp.md).

Inputs: one a blow, its zone code 0..5 (ZONE_NAMES), + 6 when the reigning Champion calls
BLOCK! on it. The secrets (the deal, a blocked blow's reaction) stay out of describe(),
state() and the transcript until the bout is over.
"""
from dicebox.core import dice as _dice
from dicebox.core.compat import const
from dicebox.core.game import Game as _Game

RULESET = "boxing"
_HA = const(0)
_OH = const(1)
_OOOF = const(2)
BLOCK = const(3)
ZONE_COUNT = const(6)
# The codes' names in the record and the transcript; the screens' words are larp/menu.py's
ZONE_NAMES = ("head", "jaw", "ear", "body", "ribs", "stomach")  # in the order of the rules text
REACTION_NAMES = ("HA!", "OH!", "OOOF!", "BLOCK!")
_BLOWS = const(2)  # blows in one attack
_CARDS = const(("", "card for boxer 1", "card for boxer 2"))  # roll purposes of the secret deal


def _count_bits(mask):
    n = 0
    while mask:
        n += mask & 1
        mask >>= 1
    return n


OPTIONS = (
    ("cards", 3, (1, 6)),  # vulnerabilities each boxer draws (ruling B1)
    ("rounds", 12, (1, 24)),
    ("round", "both", ("both", "attack")),  # a round: one attack by each boxer, or one attack (B2)
    ("reset", "none", ("none", "oh", "any")),  # which wrong blow sends progress back to 0 (B3)
    ("decision", "sequence", ("sequence", "found")),  # what "correctly guessed" counts (B4)
    ("champion", 0, (0, 2)),  # boxer who is the reigning Champion, 0 none
    ("block", "blow", ("blow", "attack")),  # what one BLOCK! covers (B6)
)


class Game(_Game):
    RULESET = RULESET
    OPTIONS = OPTIONS

    def __init__(self, options, dice, log):
        _Game.__init__(self, options, dice, log)
        self.orders = [None, self._deal(1), self._deal(2)]  # index 1, 2: boxer's own vulnerabilities
        coin = dice.roll(_dice.COIN, "initiative")
        self.first = coin  # heads (1): boxer 1 attacks first
        log.event("toss", coin, self.first)
        self.attacker = self.first
        self.round = 1
        self.attack_no = 0  # attacks done in this round
        self.blow = 0  # blows done in this attack
        self.progress = [0, 0, 0]  # attacker's next index into the opponent's order
        self.best = [0, 0, 0]
        self.found = [0, 0, 0]  # bit per opponent zone known to be a vulnerability
        self.blows = 0
        self.block_used = False
        self.hiding = False  # the rest of this attack is under a block ("attack" option)
        self.winner = None
        self.method = None
        log.event("round", 1)

    def _deal(self, boxer):
        left = list(range(ZONE_COUNT))
        order = []
        for _ in range(self.options["cards"]):
            k = 0
            if len(left) > 1:
                k = self.dice.roll(len(left), _CARDS[boxer]) - 1
            order.append(left.pop(k))
        self.log.event("deal", boxer, len(order))
        return tuple(order)

    # --- what the screen may show -------------------------------------------
    @property
    def over(self):
        return self.method is not None

    def order(self, boxer):
        """Boxer's own secret order (zone codes): the hold-to-see screen only."""
        return self.orders[boxer]

    def can_block(self):
        champ = self.options["champion"]
        return champ != 0 and champ != self.attacker and not self.block_used and not self.over

    def secret(self, why):
        return why in _CARDS and not self.over

    def hides_seed(self):
        return not self.over

    def prompt(self):
        if self.over:
            return None
        return ("target", 0, 2 * ZONE_COUNT - 1 if self.can_block() else ZONE_COUNT - 1)

    def check(self, value):
        if isinstance(value, int) and ZONE_COUNT <= value < 2 * ZONE_COUNT and not self.can_block() and not self.over:
            champ = self.options["champion"]
            if champ == 0:
                raise ValueError("BLOCK! needs a reigning Champion (option champion)")
            if champ == self.attacker:
                raise ValueError("the Champion (boxer %d) is attacking, not defending" % champ)
            raise ValueError("the Champion has used his one BLOCK! of the bout")
        _Game.check(self, value)

    # --- the rules ------------------------------------------------------------
    def apply(self, value):
        blocked = value >= ZONE_COUNT
        zone = value % ZONE_COUNT
        a = self.attacker
        order = self.orders[3 - a]
        p = self.progress[a]
        reset = self.options["reset"]
        if zone == order[p]:
            reaction = _OOOF
            p += 1
            self.found[a] |= 1 << zone
        elif zone in order:
            reaction = _OH
            self.found[a] |= 1 << zone
            if reset != "none":
                p = 0
        else:
            reaction = _HA
            if reset == "any":
                p = 0
        self.progress[a] = p
        if p > self.best[a]:
            self.best[a] = p
        self.blows += 1
        if blocked:
            self.block_used = True
            self.hiding = self.options["block"] == "attack"
        if blocked or self.hiding:
            self.log.event("block", a, zone, reaction)
        else:
            self.log.event("blow", a, zone, reaction)
        if p == len(order):
            self._end(a, "knockout")
            return
        self.blow += 1
        if self.blow < _BLOWS:
            return
        self.blow = 0
        self.hiding = False
        self.attacker = 3 - a
        self.attack_no += 1
        if self.attack_no < (2 if self.options["round"] == "both" else 1):
            return
        self.attack_no = 0
        if self.round == self.options["rounds"]:
            self._decide()
            return
        self.round += 1
        self.log.event("round", self.round)

    def score(self, boxer):
        if self.options["decision"] == "found":
            return _count_bits(self.found[boxer])
        return self.best[boxer]

    def _decide(self):
        s1 = self.score(1)
        s2 = self.score(2)
        if s1 == s2:
            self._end(None, "draw")
        else:
            self._end(1 if s1 > s2 else 2, "decision")

    def _end(self, winner, method):
        self.winner = winner
        self.method = method
        self.log.event(method, winner or 0, self.score(1), self.score(2))

    def result(self):
        if not self.over:
            return None
        return {
            "winner": self.winner,
            "method": self.method,
            "round": self.round,
            "score": [self.score(1), self.score(2)],
            "orders": [[ZONE_NAMES[z] for z in self.orders[b]] for b in (1, 2)],
        }

    def state(self):
        s = {
            "round": self.round,
            "attacker": self.attacker,
            "blow": self.blow,
            "blows": self.blows,
            "first": self.first,
            "champion": self.options["champion"],
            "block_used": self.block_used,
            "over": self.over,
        }
        if self.over:  # secrets only once the bout is over
            s["orders"] = [list(self.orders[1]), list(self.orders[2])]
            s["progress"] = self.progress[1:]
            s["best"] = self.best[1:]
            s["found"] = self.found[1:]
        return s

    def describe(self, name, a, b, c):
        if name == "blow":
            return "boxer %d -> %s: %s" % (a, ZONE_NAMES[b], REACTION_NAMES[c])
        if name == "block":
            shown = "boxer %d -> %s: BLOCK!" % (a, ZONE_NAMES[b])
            return shown + (" (was %s)" % REACTION_NAMES[c] if self.over else "")
        if name == "deal":
            return "boxer %d draws %d secret cards" % (a, b)
        if name == "toss":
            return "coin: %s, boxer %d attacks first" % ("heads" if a == 1 else "tails", b)
        if name == "round":
            return "round %d" % a
        if name == "knockout":
            return "KNOCKOUT: boxer %d wins (score %d-%d)" % (a, b, c)
        if name == "decision":
            return "after the last round boxer %d wins on points %d-%d" % (a, b, c)
        if name == "draw":
            return "after the last round: draw %d-%d" % (b, c)
        return _Game.describe(self, name, a, b, c)
