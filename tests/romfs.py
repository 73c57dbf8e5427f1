"""The device's files as the Pico holds them, for tests under MicroPython.

`compiled`: firmware/, the simulated device and the display driver as .mpy
files (what `make deploy` copies to a stock Pico's flash; imported, their
bytecode is copied into the heap).

`rom`: the same files in a ROMFS image built by `mpremote romfs build`, the
layout of a Pico whose firmware has a ROMFS partition (docs/hardware.md): code
runs in place from memory-mapped flash and only the program's data is on the
heap. tests/support/rom_boot.py mounts the image and leaves the run exactly the
free heap of a bare `-X heapsize=TARGET` interpreter.
"""
import os
import shutil
import sysconfig

import pytest
from conftest import SUPPORT

from host_sim.bench import mpytree

CUT_EXIT = 75  # storm.py: a power cut ended the process
# support scripts that run from the image (their bytecode is not the device's heap either)
ROM_SCRIPTS = ("ui_parity", "storm", "larp_ui_session", "history_heap")


@pytest.fixture(scope="module")
def mplib(tmp_path_factory):
    """The installed driver libraries, laid out for MicroPython's path."""
    site = sysconfig.get_paths()["purelib"]
    out = tmp_path_factory.mktemp("mplib")
    shutil.copy(os.path.join(site, "adafruit_ssd1306.py"), out)
    shutil.copytree(os.path.join(site, "adafruit_bus_device"), out / "adafruit_bus_device")
    return out


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    """firmware/, the simulated device and the driver as .mpy, as on the Pico."""
    out = tmp_path_factory.mktemp("mpy")
    mpytree.device_tree(out)
    return out


class Rom:
    def __init__(self, image):
        self.image = image

    def run(self, mp, module, *args, target="128k", **kw):
        """Run a support script's module from the image with the heap of `target`."""
        heap, free, alloc = mpytree.rom_heap(mp.exe, self.image, target)
        return mp.run(SUPPORT / "rom_boot.py", self.image, free, alloc, module, *args, heap=heap, **kw)

    def run_restarting(self, mp, module, *args, target="128k", state, timeout=300):
        """run() again while the script ends its process at a power cut (storm.py
        --restart STATE, exit code 75): each power-on gets a new interpreter, as the
        Pico's heap is new after a cut. Returns the output of all of them."""
        heap, free, alloc = mpytree.rom_heap(mp.exe, self.image, target)
        out = b""
        while True:
            proc = mp.run(SUPPORT / "rom_boot.py", self.image, free, alloc, module, *args, "--restart", state,
                          heap=heap, timeout=timeout, check=False)
            out += proc.stdout
            if proc.returncode != CUT_EXIT:
                break
        if proc.returncode != 0:
            raise AssertionError("micropython %s %s failed (%d):\n%s\n%s" % (
                module, " ".join(str(a) for a in args), proc.returncode, out.decode(errors="replace")[-3000:],
                proc.stderr.decode(errors="replace")[-3000:]))
        return out


@pytest.fixture(scope="module")
def rom(compiled, tmp_path_factory):
    tree = tmp_path_factory.mktemp("romtree")
    shutil.copytree(compiled, tree, dirs_exist_ok=True)
    mpytree.compile_tree(SUPPORT, [n + ".py" for n in ROM_SCRIPTS], tree)
    image = tree.parent / (tree.name + ".romfs")
    mpytree.romfs(tree, image)
    return Rom(image)
