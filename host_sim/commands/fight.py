"""dicebox-sim fight RULESET ...: one fight, printed as a transcript.

Each rule set adds a module under host_sim.fights with register(subparsers);
list it in FIGHTS.
"""
FIGHTS = ("titlebout", "arena", "larp_boxing", "larp_duel")


def register(sub):
    p = sub.add_parser("fight", help="run one fight and print its transcript")
    inner = p.add_subparsers(dest="ruleset", metavar="RULESET", parser_class=type(p))
    inner.required = True
    for name in FIGHTS:
        module = __import__("host_sim.fights." + name, fromlist=["register"])
        module.register(inner)
