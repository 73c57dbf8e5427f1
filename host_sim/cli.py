"""dicebox-sim: the desktop simulator and the host command line.

Each subcommand lives in its own module under host_sim.commands and adds
itself through register(subparsers).
"""
import argparse
import sys

import host_sim  # noqa: F401  (puts firmware/ on sys.path)
from host_sim.errors import CliError, Stopped

COMMANDS = ("roll", "replay", "fight", "stats", "script", "sim", "balance", "shoot", "wounds", "pull", "story")


_LINE_MOST = 500  # an error line: a value cut to one_line's 300 and the problem after it


def one_line(message, most=300):
    """The error as one printable line: control characters (a fuzzed or pasted
    argument may hold any) escaped, and cut short."""
    out = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in str(message))
    return out if len(out) <= most else out[: most - 3] + "..."


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise CliError(message)


def build_parser():
    parser = _Parser(prog="dicebox-sim", description="dicebox: dice box simulator and tools")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    for name in COMMANDS:
        module = __import__("host_sim.commands." + name, fromlist=["register"])
        module.register(sub)
    return parser


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if args.command is None:
            args = parser.parse_args(["sim"])
        return args.run(args) or 0
    except CliError as e:
        sys.stderr.write("dicebox-sim: error: %s\n" % one_line(e, _LINE_MOST))
        return 2
    except KeyboardInterrupt as e:
        more = " " + one_line(e, _LINE_MOST) if isinstance(e, Stopped) else ""
        sys.stderr.write("dicebox-sim: stopped (Ctrl-C)%s\n" % more)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
