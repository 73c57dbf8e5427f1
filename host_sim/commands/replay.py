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
    if args.json:
        common.print_json(common.transcript_obj(rec, game, questions))
    else:
        for line in text_lines(rec, game, questions):
            print(line)
    return 0


def text_lines(rec, game, questions):
    """What `replay` prints: the transcript, and a finished bout's scoresheet."""
    out = common.transcript_lines(rec, game, questions)
    if rec.ruleset == "titlebout" and game.end:
        from host_sim.fights.titlebout import scoresheet_lines

        out += scoresheet_lines(game)
    return out
