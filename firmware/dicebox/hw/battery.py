"""VSYS on the Pico: ADC3 (GPIO29) through the board's 3:1 divider, VBUS on GPIO24 (high: USB);
loaded only when the board file names a battery. Off on a Pico W (and 2 W): those pins are the
radio's there (pico-examples adc/read_vsys/power_status.c)."""
import sys


def attach(loop, kind, read=None):
    """The loop's battery gauge for the board file's battery `kind` (core/battery.KINDS), reading
    VSYS with `read` (a host's simulated battery) or the Pico's pins."""
    read = read or reads()
    if read is not None:
        loop.power = _Later(loop, kind, read)


class _Later:
    """The gauge (core/battery.Power) until the boot's first frame is on the glass: its code loaded
    in the boot would put the battery board's reset to Home over budget (docs/benchmarks.md)."""

    def __init__(self, loop, kind, read):
        self.loop = loop
        self.kind = kind
        self.read = read
        self.passes = 0

    def tick(self, app, now):
        self.passes += 1
        if self.passes > 1:  # the first pass draws Home
            from dicebox import pin, pinned
            from dicebox.core.battery import KINDS, Power

            # it stays loaded as boot's modules do (ui/home.py): dropped, a warning's import
            # of it would load a second copy
            name = "dicebox.core.battery"
            app.stack[0].boot_modules += (name,)
            pin(pinned() + (name,))
            power = self.loop.power = Power(KINDS.index(self.kind), self.read)
            power.tick(app, now)

    def icon(self, c):
        pass  # no reading yet


def reads():
    """A function () -> VSYS in mV (0 on USB power), or None on a board where the gauge is off."""
    if " W" in getattr(sys.implementation, "_machine", ""):
        print("dicebox: board.json battery: the gauge is off on a Pico W (GPIO29 is the radio's)")
        return None
    from machine import ADC, Pin

    adc = ADC(29)
    vbus = Pin(24, Pin.IN)

    def read():
        if vbus.value():
            return 0
        # four conversions summed: 3 x 3300 mV over 4 x 65536
        return (adc.read_u16() + adc.read_u16() + adc.read_u16() + adc.read_u16()) * 9900 >> 18

    return read
