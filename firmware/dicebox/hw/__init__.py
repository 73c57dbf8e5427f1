"""The hardware layer: the only code that imports `machine`.

i2c.I2CBus (what adafruit_bus_device wants, over machine.I2C), keys.Keys
(buttons sampled by a hardware timer IRQ), platform.Platform (entropy, piezo).
"""
