"""VSYS on the Pico: ADC3 (GPIO29) through the board's 3:1 divider, VBUS on GPIO24 (high: USB);
loaded only when the board file names a battery. On a Pico W (and 2 W) those pins are the radio's
and VBUS is on its chip, which Python code cannot read beside the radio's driver (pico-examples
adc/read_vsys/power_status.c): the gauge stays off there (reads(): None)."""
import sys

from machine import ADC, Pin


def attach(loop, kind):
    """The loop's battery gauge for the board file's battery `kind` (core/battery.KINDS)."""
    read = reads()
    if read is not None:
        from dicebox.core.battery import KINDS, Power

        loop.power = Power(KINDS.index(kind), read)


def reads():
    """A function () -> VSYS in mV (0 on USB power), or None on a board where the gauge is off."""
    if " W" in getattr(sys.implementation, "_machine", ""):
        print("dicebox: board.json battery: the gauge is off on a Pico W (GPIO29 is the radio's)")
        return None
    adc = ADC(29)
    vbus = Pin(24, Pin.IN)

    def read():
        if vbus.value():
            return 0
        # four conversions summed: 3 x 3300 mV over 4 x 65536
        return (adc.read_u16() + adc.read_u16() + adc.read_u16() + adc.read_u16()) * 9900 >> 18

    return read
