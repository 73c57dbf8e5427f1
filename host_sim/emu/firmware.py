"""The MicroPython .uf2 that `make emu` and the emulator tests run, found in one place:

1. MP_FW, the user's own .uf2 (any MicroPython for RPI_PICO: checked to be one, not pinned);
2. the pinned build in the user's cache (platformdirs: ~/.cache/dicebox/firmware on Linux);
3. the pinned build beside the repository, ../shared/firmware (this project's checkouts and CI);
4. else the pinned build downloaded once into the cache, kept only if its SHA-256 is pinned.

A layout names its build: files (and auto) the stock RPI_PICO, rom the same with a ROMFS
partition, which MicroPython does not publish (docs/hardware.md builds one).
"""
import hashlib
import http.client
import os
import struct
import tempfile
import urllib.error
import urllib.request
from collections import namedtuple

from host_sim import ROOT
from host_sim.errors import CliError

DOWNLOAD_PAGE = "https://micropython.org/download/RPI_PICO/"
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "firmware")

Build = namedtuple("Build", "name sha256 url")
# the SHA-256s of the release-tag builds in ../shared/firmware (its README); micropython.org's
# own build of the release is other bytes, kept from a download only once its SHA-256 is here too
BUILDS = {
    "files": Build("firmware-RPI_PICO-v1.28.0.uf2",
                   ("4d4fb1f1dfb888b5cf127808ac30d6ccc99b66688995f199d1986055c458c7d6",),
                   "https://micropython.org/resources/firmware/RPI_PICO-20260406-v1.28.0.uf2"),
    "rom": Build("firmware-RPI_PICO-ROMFS256K-v1.28.0.uf2",
                 ("d275cb4cd7486847327cb0e831e2f89a7d7207e8ada037da523c40d0b39eea61",),
                 None),
}
BUILDS["auto"] = BUILDS["files"]

_UF2_BLOCK = 512
_UF2_MAGIC = (0x0A324655, 0x9E5D5157, 0x0AB16F30)
_UF2_FAMILY_FLAG = 0x2000
_UF2_DATA_MOST = 476
_RP2040 = 0xE48BFF56
# what the rp2 port reports as sys.implementation._machine for RPI_PICO (the W board adds " W")
_PICO = b"Raspberry Pi Pico with RP2040"
# twice the Pico's flash: no UF2 for it is bigger (a block's data is half the block), so a wrong URL stops here
_FLASH = 2 * 1024 * 1024
_MOST = 2 * _FLASH
_TIMEOUT_S = 30


class FirmwareError(CliError):
    pass


def cache_dir():
    """The per-user cache, as the platform has it (XDG_CACHE_HOME on Linux)."""
    import platformdirs

    return os.path.join(platformdirs.user_cache_dir("dicebox", appauthor=False), "firmware")


def check_uf2(path, label):
    """Refuse in one line what the emulator cannot boot: no file, not a UF2, not RP2040, not MicroPython for RPI_PICO."""
    try:
        with open(path, "rb") as f:
            data = f.read(_MOST + 1)
    except FileNotFoundError:
        raise FirmwareError("%s: no such file (MicroPython for RPI_PICO: %s)" % (label, DOWNLOAD_PAGE)) from None
    except OSError as e:
        raise FirmwareError("%s: cannot read it (%s)" % (label, e.strerror or e)) from None
    if not data or len(data) % _UF2_BLOCK or len(data) > _MOST:
        raise FirmwareError("%s: not a UF2 file (MicroPython for RPI_PICO: %s)" % (label, DOWNLOAD_PAGE))
    payload = []
    for at in range(0, len(data), _UF2_BLOCK):
        m0, m1, flags, _addr, size, _n, _total, family = struct.unpack_from("<8I", data, at)
        if (m0, m1, struct.unpack_from("<I", data, at + _UF2_BLOCK - 4)[0]) != _UF2_MAGIC or size > _UF2_DATA_MOST:
            raise FirmwareError("%s: not a UF2 file (MicroPython for RPI_PICO: %s)" % (label, DOWNLOAD_PAGE))
        if flags & _UF2_FAMILY_FLAG and family != _RP2040:
            raise FirmwareError("%s: a UF2 for another chip (family 0x%08x), not the Pico's RP2040 (MicroPython for "
                                "RPI_PICO: %s)" % (label, family, DOWNLOAD_PAGE))
        payload.append(data[at + 32:at + 32 + size])
    payload = b"".join(payload)
    if b"MicroPython v" not in payload or _PICO not in payload:
        raise FirmwareError("%s: not MicroPython for RPI_PICO (another board or program; %s)" % (label, DOWNLOAD_PAGE))
    return data


def _pinned(path, build):
    """path if it holds the pinned bytes (so a UF2 the emulator boots); a truncated or other file is named."""
    try:
        with open(path, "rb") as f:
            got = hashlib.sha256(f.read(_MOST + 1)).hexdigest()
    except OSError as e:
        raise FirmwareError("%s: cannot read it (%s)" % (path, e.strerror or e)) from None
    if got not in build.sha256:
        raise FirmwareError("%s: SHA-256 %s is not the pinned build's %s: delete it, or give your own with MP_FW=path"
                            % (path, got, build.sha256[0]))
    return path


def _why(e):
    if isinstance(e, urllib.error.HTTPError):
        return "HTTP %d %s" % (e.code, e.reason)
    if isinstance(e, urllib.error.URLError):
        return str(e.reason)
    if isinstance(e, http.client.IncompleteRead):
        return "the transfer was cut short"
    return str(e) or e.__class__.__name__


def fetch(build, cache):
    """Download build.url into cache/build.name; nothing is left there unless its SHA-256 is pinned."""
    part = None
    try:
        os.makedirs(cache, exist_ok=True)
        fd, part = tempfile.mkstemp(prefix=build.name + ".", suffix=".part", dir=cache)
        digest, got = hashlib.sha256(), 0
        with os.fdopen(fd, "wb") as out, urllib.request.urlopen(build.url, timeout=_TIMEOUT_S) as response:
            while True:
                chunk = response.read(1 << 16)
                if not chunk:
                    break
                got += len(chunk)
                if got > _MOST:
                    raise FirmwareError("%s: bigger than any RPI_PICO firmware, not kept; give your own .uf2 with "
                                        "MP_FW=path" % build.url)
                digest.update(chunk)
                out.write(chunk)
            told = response.headers.get("Content-Length")
            if told and told.isdigit() and int(told) != got:
                raise http.client.IncompleteRead(b"", int(told) - got)
        if digest.hexdigest() not in build.sha256:
            raise FirmwareError("%s: downloaded, SHA-256 %s is not the pinned %s, not kept; give your own .uf2 with "
                                "MP_FW=path" % (build.url, digest.hexdigest(), build.sha256[0]))
        target = os.path.join(cache, build.name)
        os.replace(part, target)
        part = None
        return target
    except (OSError, http.client.HTTPException, ValueError) as e:  # offline, refused, cut short, bad address
        raise FirmwareError("no %s: could not download %s (%s); set MP_FW=path/to/it.uf2 or save it as %s"
                            % (build.name, build.url, _why(e), os.path.join(cache, build.name))) from None
    finally:
        if part is not None:
            try:
                os.unlink(part)
            except OSError:
                pass


def find(layout="files", mp_fw=None, cache=None, shared=None):
    """The .uf2's path, or one FirmwareError line that says how to get it."""
    if mp_fw:
        check_uf2(mp_fw, "MP_FW=%s" % mp_fw)
        return mp_fw
    build = BUILDS[layout]
    cache = cache_dir() if cache is None else cache
    for folder in (cache, SHARED if shared is None else shared):
        path = os.path.join(folder, build.name)
        if os.path.exists(path):
            return _pinned(path, build)
    if build.url is None:
        raise FirmwareError("no %s: set MP_FW=path/to/your-romfs.uf2 (docs/hardware.md, \"ROMFS firmware for "
                            "RPI_PICO\") or save it as %s" % (build.name, os.path.join(cache, build.name)))
    return fetch(build, cache)
