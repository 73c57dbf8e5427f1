# Replays record files and prints canonical transcript JSON and text:
# run by both CPython and MicroPython; the parity tests compare the bytes.
import sys

from dicebox.core import record
from dicebox.core.jsonout import dump, dumps


def main(paths):
    for path in paths:
        with open(path) as f:
            rec = record.loads(f.read(), path)
        game = record.replay(rec)
        print("== " + path.rsplit("/", 1)[-1])
        for line in record.lines(game, rec):
            print(line)
        dump(record.transcript(game, rec), sys.stdout.write)  # a 12-round bout is ~100 KB
        print()
        print(dumps({"rng": list(game.dice.rng.state()), "forced_used": game.dice.used}))


main(sys.argv[1:])
