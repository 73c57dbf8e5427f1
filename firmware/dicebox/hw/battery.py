"""VSYS on the Pico: ADC3 (GPIO29) reads VSYS through the board's 3:1 divider,
GPIO24 reads VBUS (high: USB powers the box). Loaded only when the board file
names a battery (device.boot).

On a Pico W (and Pico 2 W) GPIO29 is also the radio's SPI clock and GPIO24 its
data line, and VBUS is read through the radio chip (WL_GPIO2): the Pico W's
own example (pico-examples adc/read_vsys/power_status.c) reads VSYS only with
the radio's driver held (cyw43_thread_enter) and VBUS from the radio chip, which
MicroPython's Python code cannot do. dicebox leaves the gauge off there
(reads(): None) rather than take the radio's pins from under its driver.
"""
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
