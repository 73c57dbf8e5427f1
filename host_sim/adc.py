"""The Pico's VSYS reading as hw/battery.py gets it, for the simulator and the
emulated board alike (make emu feeds its ADC3 adc_raw, the simulator's gauge
reads adc_mv): the same voltage gives both the same mV. Apart from device.py,
so a box without a battery does not hold it (the heap tests count device.py).
"""


def adc_raw(mv):
    """The RP2040 ADC's 12-bit result for VSYS at mv: VSYS/3 against its 3.3 V reference."""
    return max(0, min(4095, (mv * 4096 + 4950) // 9900))


def adc_mv(mv):
    """What hw/battery.py makes of VSYS at mv: four read_u16 (the 12 bits scaled as the rp2
    port scales them) summed, x 9900 >> 18. The simulator's gauge reads this, so it sees what
    the emulated Pico's does from the same voltage (make emu); 0 stays 0 (USB)."""
    if mv <= 0:
        return 0
    raw = adc_raw(mv)
    return (4 * (raw << 4 | raw >> 8) * 9900) >> 18
