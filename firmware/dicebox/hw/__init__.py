"""The hardware layer, the only code that imports `machine`: the I2C bus adafruit_bus_device wants,
the buttons sampled by a timer IRQ, the platform (entropy, piezo)."""
