"""dicebox-sim sim (also plain `dicebox-sim`): the box in a terminal."""
from host_sim import common


def register(sub):
    p = sub.add_parser("sim", help="the dice box in this terminal (the default)")
    p.add_argument("--data", default=None, help="folder the simulated flash lives in (default: ~/.dicebox-sim)")
    p.add_argument("--shots", default=".", help="folder for screenshots (key s)")
    p.add_argument("--seed", type=common.seed_arg, help="hardware seed the box draws (default: fresh)")
    p.add_argument("--battery", choices=("3xAA-alkaline", "3xAA-nimh", "1S-lipo"),
                   help="run on this battery (the board file's \"battery\"): keys - / + set VSYS, u plugs USB")
    p.set_defaults(run=run)


def run(args):
    from host_sim import sim

    return sim.run(args.data, args.shots, args.seed, args.battery)
