"""The rules core: pure integer code shared unchanged by the Pico and the host (no I/O, clock,
floats or platform imports: randomness from the seeded rng, time as integer arguments)."""
