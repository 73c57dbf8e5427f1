# Runs a button script on the simulated device and prints the panel's display
# RAM after every frame. Run by CPython (adafruit_framebuf) and by
# MicroPython (native framebuf); the parity test compares the bytes.
import sys
from binascii import hexlify

from host_sim import script

path = sys.argv[1]
heap = "--heap" in sys.argv  # report the live-heap high-water (gc after each frame)
high = [0]
# The script is checked whole, then read again and run a line at a time: a
# parsed list of step tuples, or the script's lines (9 KB for arena.txt),
# would sit in the heap the firmware needs and count in its high-water.
with open(path) as f:
    script.parse(f.read(), path)

import host_sim.panel  # noqa: E402, F401  (this script reads the panel model: loaded with its code, before the firmware's)
import host_sim.memstore  # noqa: E402, F401  (the flash in memory: the Pico's is not on its heap)

if heap:
    import heapbase

    harness = heapbase.live()  # this script, the script reader and the panel model's code: no Pico holds them
from host_sim.device import Device, Platform  # noqa: E402

if heap:
    heapbase.live()  # a collect, as the firmware's loop does after its imports: long-lived objects go low
device = Device(platform=Platform(b"\x00\x00\x10\x00"))
if heap:
    device.flush_bytes = None  # the simulator's per-frame I2C log: not the box's heap
count = [0]


def frame(dev):
    count[0] += 1
    del dev.platform.beeps[:]  # the simulator's beeps: not the box's heap
    if heap:
        high[0] = max(high[0], heapbase.live())
    else:
        print(hexlify(dev.panel.ram).decode())


device.on_frame = frame
frame(device)
with open(path) as f:
    for line in f:
        script.run(device, script.parse(line.rstrip("\n"), path))
print("frames %d bytes %d heap %d harness %d" % (count[0], device.panel.bytes_in, high[0], harness if heap else 0))
