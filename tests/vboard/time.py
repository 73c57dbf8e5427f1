"""Stand-in `time` for the virtual board: the clock moves only when the firmware
sleeps (and then the scenario in vb.py runs), so a test controls time exactly.
Only what the firmware uses: it shares the firmware's heap."""
import vb


def ticks_ms():
    return vb.clock_ms & 0x3FFFFFFF


def ticks_us():
    return (vb.clock_ms * 1000) & 0x3FFFFFFF


def ticks_diff(a, b):
    return ((a - b + 0x20000000) & 0x3FFFFFFF) - 0x20000000


def ticks_add(t, delta):
    return (t + delta) & 0x3FFFFFFF


def sleep_ms(ms):
    vb.advance(ms)
    vb.run_script()


def sleep(s):
    sleep_ms(int(s * 1000))
