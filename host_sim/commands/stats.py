"""dicebox-sim stats RULESET ...: many fights, summarised.

Each rule set adds a module under host_sim.stats with register(subparsers);
list it in STATS.
"""
STATS = ("titlebout", "arena")


def register(sub):
    p = sub.add_parser("stats", help="run many fights and summarise the results")
    inner = p.add_subparsers(dest="ruleset", metavar="RULESET", parser_class=type(p))
    inner.required = True
    for name in STATS:
        module = __import__("host_sim.stats." + name, fromlist=["register"])
        module.register(inner)
