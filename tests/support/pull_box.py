# A box's /data as the firmware writes it, on MicroPython: records from
# tests/records into History (a Title Bout, a tournament, a duel), two shots
# folded into one entry, a Title Bout left unfinished in round 4.
#   micropython pull_box.py BOXDIR RECORDSDIR
import sys

from dicebox.core import record
from dicebox.store import Store

box, records = sys.argv[1], sys.argv[2]
st = Store(box + "/data")


def load(name):
    with open(records + "/" + name + ".json") as f:
        return record.loads(f.read())


st.add_history(load("titlebout-12-rounds").dumps(), "Hagler decision r12 167-66 v Antuofermo")
st.add_history(load("arena-cup-8").dumps(), "Cup 8: Striker")
st.add_history(load("larp-duel").dumps(), "duel a wins")
for k in range(2):
    shot = load("larp-shots")
    shot.seed += k
    st.add_history(shot.dumps(), "shoot %d" % k, (), False, "shoot")
bout = load("titlebout-12-rounds")
bout.inputs = []
game = record.replay(bout)
while game.round < 4:
    bout.inputs.append(0)
    record.feed(game, bout, len(bout.inputs) - 1)
st.save_current(bout.dumps())
st.put("Title Bout R4 Antuofermo 15-49 Hagler", (bout.dumps(),))
print("ok", len(st.history()), len(st.unfinished()))
