"""dicebox-sim replay RECORD_FILE: rebuild a saved fight and print its transcript."""
from host_sim import common


def register(sub):
    p = sub.add_parser("replay", help="print the transcript of a saved record")
    p.add_argument("record", metavar="RECORD_FILE")
    p.add_argument("--json", action="store_true", help="print the transcript as JSON")
    p.set_defaults(run=run)


def run(args):
    rec, game = common.load_record(args.record)
    questions = common.questions_of(rec) if rec.ruleset == "titlebout" else None
    common.print_transcript(rec, game, args.json, questions)
    if rec.ruleset == "titlebout" and not args.json and game.end:
        from host_sim.fights.titlebout import scoresheet_lines

        for line in scoresheet_lines(game):
            print(line)
    return 0
