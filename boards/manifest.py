# Frozen firmware: MicroPython for the Pico with dicebox's code built in, so it
# runs in place from flash (no ROMFS partition needed). Build command and the
# heap this gives: docs/hardware.md, "Where the code lives". Then
# `make deploy LAYOUT=frozen` copies only main.py, board.json and the demo cards.
#
# Paths are relative to this file (MicroPython's manifest rules). The display
# driver and its bus library come from this checkout's virtual environment, as
# `make deploy` takes them: run `make .venv/.installed` first.
import glob

# The port's own frozen modules: _boot.py mounts the flash filesystem.
include("$(PORT_DIR)/boards/manifest.py")

# Every module under firmware/dicebox, at its import path (dicebox/...).
package("dicebox", base_path="../firmware")

_site = sorted(glob.glob("../.venv/lib/python3*/site-packages/adafruit_ssd1306.py"))
if not _site:
    raise Exception("adafruit_ssd1306 not found in the dicebox checkout's .venv: run `make .venv/.installed` there")
_site = _site[-1][: -len("/adafruit_ssd1306.py")]
module("adafruit_ssd1306.py", base_path=_site)
package("adafruit_bus_device", base_path=_site)
