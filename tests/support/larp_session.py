# A LARP wound session driven like the device: raw ticks_ms that wrap at 2**30,
# a session clock, the scheduled inputs, TICK when an escalation is due, ACK
# after each alert, gc.collect() once a minute; optionally a power cut. The device journals each input as it
# comes (append-only, so saving costs no heap) and saves the clock every 10 s.
# Run by CPython and MicroPython; prints the events and the final state.
import gc
import sys

from dicebox.core import record
from dicebox.larp import common as larp
from dicebox.larp import wounds as W
from dicebox.core.jsonout import dumps

SAVE_MS = 10000


def run(schedule, start_raw, hours, cut_at, heap):
    rec = record.Record("wounds", {"participants": 30}, 0, [], [])
    game = record.start(rec)
    clock = larp.SessionClock(start_raw)
    saved_clock = 0
    saved = 0  # inputs in the journal
    k = 0
    raw = start_raw
    peak = 0
    end = hours * 3600000
    step = 1000
    real = 0
    while real < end:
        real += step
        raw = (raw + step) & larp.TICKS_MASK
        now = clock.update(raw)
        if cut_at and real == cut_at:
            # power cut for 5 minutes: the box sees none of it, then resumes from what it saved
            raw = (raw + 300000) & larp.TICKS_MASK
            rec = record.Record(rec.ruleset, rec.options, rec.seed, rec.inputs[:saved], [])
            game = record.replay(rec)
            clock = larp.SessionClock(raw, max(saved_clock, game.now))
            now = clock.ms
            print("resumed at", now)
        todo = []
        while k < len(schedule) and schedule[k][0] <= now:
            todo.append([now] + schedule[k][1:])
            k += 1
        due = game.next_due()
        if due >= 0 and due <= now:
            todo.insert(0, [now, W.TICK, 0, 0])
        for value in todo:
            rec.inputs.append(value)
            record.feed(game, rec, len(rec.inputs) - 1)
            saved += 1
        if game.alerts():
            rec.inputs.append([now, W.ACK, 0, 0])
            record.feed(game, rec, len(rec.inputs) - 1)
            saved += 1
        if now % SAVE_MS == 0:
            saved_clock = now
        if real % 60000 == 0:
            gc.collect()  # the device's main loop collects once a minute: no fragmentation build-up
            if heap:
                peak = max(peak, gc.mem_alloc())
        if real % 600000 == 0:
            game.views(now)  # the screen's list, as the device draws it
    for i in range(len(game.log)):
        kind, name, a, b, c = game.log.entry(i)
        if kind == 1:
            print(name, a, b, c)
    gc.collect()
    state = game.state()
    for key in sorted(state):
        print(key, dumps(state[key]))
    print("inputs", len(rec.inputs), "now", clock.ms)
    if heap:
        print("peak live heap", peak)
    return rec


if __name__ == "__main__":
    import json

    with open(sys.argv[1]) as f:
        sched = json.loads(f.read())
    run(sched, int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]) if len(sys.argv) > 5 else 0)
