"""Table dice on MicroPython: found by the button storm under MicroPython.
NeedDie called Exception.__init__ by name, which MicroPython's Exception does
not have: asking the players for a die raised AttributeError on the device
(every mode, whenever Settings said "table dice")."""
from conftest import FIRMWARE  # noqa: F401


def test_the_players_are_asked_for_a_die_on_micropython(mp, tmp_path):
    script = tmp_path / "ask.py"
    script.write_text(
        "from dicebox.core import record\n"
        "from dicebox.core.dice import NeedDie\n"
        "rec = record.Record('duel', {}, 1, [1, 0])\n"
        "try:\n"
        "    record.replay(rec, ask=True)\n"
        "except NeedDie as e:\n"
        "    print('asked', e.die, e.why)\n"
    )
    out = mp.run(script).stdout.decode().split()
    assert out[:2] == ["asked", "6"]
