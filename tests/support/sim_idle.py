# Bytes allocated (heap frames included: micropython.mem_total counts them) by 100 idle
# passes of the firmware's loop on the simulated device, on Home and in a fight.   sim_idle.py
import micropython

from host_sim import script
from host_sim.device import Device, Platform



def idle(label, *lines, battery=None):
    d = Device(platform=Platform(b"\x00\x00\x10\x00"), battery=battery)
    d.flush_bytes = None
    if battery:
        d.vsys = 4500
    for line in lines:
        script.run(d, script.parse(line, "sim_idle"))
    d.wait(1000)  # its frames drawn and collected
    loop = d.loop
    before = micropython.mem_total()
    for _ in range(100):
        d.now += 10
        loop._pass()
    print(label, micropython.mem_total() - before)


idle("home")
idle("dice", "choose Dice")
idle("arena", "choose Arena", "choose Duel", "choose Start", "press OK")
idle("larp", "choose LARP judge")
idle("battery", battery="3xAA-alkaline")
