# Run under MicroPython by b_ui.py (the firmware, the simulated device and the
# driver as .mpy). Prints bench rows.
#   micropython -X heapsize=187500 ui_frames.py tour docs/scripts/tour.txt
#       the tour of every screen: App.render + Display.flush time of each
#       frame (time.ticks_us), free heap after boot, live-heap high-water
#   micropython -X heapsize=187500 ui_frames.py dice
#       a fresh box: Dice, 50 rolls, back to Home (the session goes to History)
import gc
import sys
from time import ticks_diff, ticks_us

from host_sim import script

mode = sys.argv[1]
HEAP = "the Pico's budget heap"  # b_ui's -X heapsize: 120,000 B live on the Pico in 64-bit bytes
lines = []
if mode == "tour":
    with open(sys.argv[2]) as f:
        lines = f.read().split("\n")
    script.parse("\n".join(lines), sys.argv[2])  # checked whole, run a line at a time

from dicebox import buttons as B  # noqa: E402
from host_sim.device import Device, Platform  # noqa: E402


def row(figure, value, unit):
    print("row\t%s\t%s\t%s" % (figure, value, unit))


gc.collect()
device = Device(platform=Platform(b"\x00\x00\x10\x00"))
gc.collect()
free_boot = gc.mem_free()
app = device.app
display = device.display

if mode == "tour":
    times = []
    spent = [0]
    render = app.render
    flush = display.flush

    def timed_render(canvas):
        t = ticks_us()
        drawn = render(canvas)
        spent[0] = ticks_diff(ticks_us(), t)
        return drawn

    def timed_flush():
        t = ticks_us()
        flush()
        times.append(spent[0] + ticks_diff(ticks_us(), t))

    app.render = timed_render
    display.flush = timed_flush
    high = [gc.mem_alloc()]

    def frame(dev):
        gc.collect()  # outside the timed part
        high[0] = max(high[0], gc.mem_alloc())

    device.on_frame = frame
    for line in lines:
        script.run(device, script.parse(line, sys.argv[2]))
    times.sort()
    row("UI render+flush per frame, tour (%d frames, best of 3 runs), median" % len(times), times[len(times) // 2], "us")
    row("UI render+flush per frame, tour, max", times[-1], "us")
    row("UI tour: free heap after boot (%s, simulated device)" % HEAP, free_boot, "bytes")
    row("UI tour: live-heap high-water (%s)" % HEAP, high[0], "bytes")
else:
    device.press(B.OK)  # Dice is the first item of a fresh box
    for _ in range(50):
        device.press(B.OK)
        device.flush_bytes = []  # the simulator's own per-frame log: keep it off the heap
    gc.collect()
    free_fight = gc.mem_free()
    rolls = len(app.top.session.rec.inputs)
    device.press(B.BACK)
    gc.collect()
    row("UI %d-roll dice session (%s): free heap in it / back on Home" % (rolls, HEAP),
        "%d / %d" % (free_fight, gc.mem_free()), "bytes")
