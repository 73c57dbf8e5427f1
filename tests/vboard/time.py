"""Stand-in `time` for the virtual board: the clock moves only when the firmware
sleeps (and then the scenario in vb.py runs), so a test controls time exactly."""
import vb


def ticks_ms():
    return vb.clock_ms & vb.TICKS_MASK


def ticks_us():
    return (vb.clock_ms * 1000) & vb.TICKS_MASK


def ticks_diff(a, b):
    return ((a - b + vb.TICKS_HALF) & vb.TICKS_MASK) - vb.TICKS_HALF


def ticks_add(t, delta):
    return (t + delta) & vb.TICKS_MASK


def sleep_ms(ms):
    vb.advance(max(0, int(ms)))
    vb.run_script()


def sleep_us(us):
    sleep_ms(us // 1000)


def sleep(s):
    sleep_ms(int(s * 1000))


def time():
    return vb.clock_ms // 1000
