"""The rules core: pure integer code shared unchanged by the Pico and the host.

No I/O, no clock, no floats, no platform imports. Randomness comes from a
seeded generator (rng), time comes in as integer arguments.
"""
