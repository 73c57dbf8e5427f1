"""The Pico's power-on: the board file checked, the hardware, the Store and their Loop; device.main()
forgets this module before the loop runs, so its code is not on the heap all session."""
import gc

from dicebox.core.compat import const
from dicebox.device import Loop

_BOARD_FILE = const("board.json")
DATA = "/data"


def load_board():
    from dicebox import call_once

    try:
        # the checker leaves after the call: its bytecode goes back to the heap
        return call_once("dicebox.board", "load", _BOARD_FILE)
    except MemoryError:
        gc.collect()  # room for the line
        print("dicebox: %s: no memory to check it" % _BOARD_FILE)
    except Exception as e:  # noqa: BLE001  not KeyboardInterrupt: Ctrl-C still stops the boot
        # on the USB console: there is no panel to show it on yet
        if type(e).__name__ == "BoardError":  # names the file and field
            print("dicebox:", e)
        else:  # a fault of the check itself: one line (a repr), never a traceback
            print("dicebox: %s: cannot be checked: %r" % (_BOARD_FILE, e))
    finally:
        gc.collect()
    return None


def boot(board):
    """The board's hardware, the Store and their Loop."""
    from dicebox.display import Display
    from dicebox.hw.i2c import I2CBus
    from dicebox.hw.keys import Keys
    from dicebox.hw.platform import Platform
    from dicebox.store import Store
    from dicebox.core import record  # noqa: F401  Home's too: the Store's check would load it only to drop it

    i2c = board["i2c"]
    disp = board["display"]
    bus = I2CBus(i2c["id"], i2c["sda"], i2c["scl"], i2c["freq"])
    display = Display(disp["width"], disp["height"], bus, disp["addr"], disp["controller"])
    keys = Keys(board["buttons"])
    store = Store(DATA)
    wall, lost = _rtc(board["rtc"], bus, store)
    platform = Platform(board["name"], keys, board["buzzer"], wall, lost)
    platform.report = bool(board.get("report_mem"))
    loop = Loop(display, keys, platform, store, platform.ms, board.get("report_mem", False))
    if board.get("battery"):
        from dicebox.hw.battery import attach

        attach(loop, board["battery"])
    return loop


def _rtc(chip, bus, store):
    """(the clock chip's seconds now or None, True if the time off is unknown) (hw/rtc.py)."""
    if chip is None:
        return None, True
    try:
        from dicebox import call_once

        seconds, lost, problem = call_once("dicebox.hw.rtc", "read_at_boot", bus, chip)
        gc.collect()  # the clock chip's drivers are gone: their heap is free before the App's
    except ImportError as e:  # its driver is not on the flash
        seconds, lost, problem = None, True, str(e)
    if problem is not None:
        store.notices.append("board.json rtc %s: %s; wound timers pause while the box is off" % (chip, problem))
    return seconds, lost


def start():
    """The Loop on this board's hardware, or None if its board file is not usable."""
    board = load_board()
    return boot(board) if board else None
