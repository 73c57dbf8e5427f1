"""Where make emu and the emulator tests get MicroPython's .uf2 (host_sim/emu/firmware.py):
MP_FW, the per-user cache, beside the repository, else one download into the cache checked
against the pinned SHA-256. A stand-in server on 127.0.0.1 plays micropython.org."""
import hashlib
import os
import socket
import struct
import sys
import threading
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from host_sim.emu import __main__ as emu_main
from host_sim.emu import firmware

RP2040, RP2350 = 0xE48BFF56, 0xE48BFF59


def uf2(payload, family=RP2040):
    """payload as a UF2 of 256-byte blocks, as picotool and MicroPython's build write it."""
    chunks = [payload[i:i + 256] for i in range(0, len(payload), 256)]
    out = []
    for n, chunk in enumerate(chunks):
        head = struct.pack("<8I", 0x0A324655, 0x9E5D5157, 0x2000, 0x10000000 + 256 * n, 256, n, len(chunks), family)
        out.append(head + chunk.ljust(476, b"\0") + struct.pack("<I", 0x0AB16F30))
    return b"".join(out)


# the version and board strings straddle a block: the check reads the firmware, not the blocks
PICO = uf2(bytes(250) + b"MicroPython v1.28.0 on 2026-04-06; Raspberry Pi Pico with RP2040\0" + bytes(600))
OTHER_PICO = uf2(bytes(10) + b"MicroPython v1.27.0 on 2025-12-09; Raspberry Pi Pico with RP2040\0" + bytes(400))


class Site:
    """micropython.org, played on 127.0.0.1: the body it sends, how, and how often it was asked."""

    def __init__(self):
        self.body, self.status, self.cut_short, self.hits = PICO, 200, False, 0


@pytest.fixture
def site():
    state = Site()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            state.hits += 1
            if state.status != 200:
                self.send_error(state.status)
                return
            self.send_response(200)
            self.send_header("Content-Length", str(len(state.body) + (4096 if state.cut_short else 0)))
            self.end_headers()
            self.wfile.write(state.body)

        def log_message(self, *args):
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
    state.url = "http://127.0.0.1:%d/resources/firmware/RPI_PICO-20260406-v1.28.0.uf2" % httpd.server_port
    yield state
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture
def places(tmp_path, monkeypatch, site):
    """An empty per-user cache, nothing beside the repository, the stand-in site, and the files
    build pinned to PICO's SHA-256. The cache is set outright: on macOS and Windows platformdirs
    does not read XDG_CACHE_HOME, and a test must not write into the user's own cache."""
    cache = tmp_path / "cache" / "dicebox" / "firmware"
    monkeypatch.setattr(firmware, "cache_dir", lambda: str(cache))
    monkeypatch.delenv("MP_FW", raising=False)
    shared = tmp_path / "shared"
    shared.mkdir()
    monkeypatch.setattr(firmware, "SHARED", str(shared))
    build = firmware.Build("firmware-RPI_PICO-v1.28.0.uf2", (hashlib.sha256(PICO).hexdigest(),), site.url)
    for layout in ("files", "auto"):
        monkeypatch.setitem(firmware.BUILDS, layout, build)
    return cache, shared, build


def one_line(err):
    text = str(err)
    assert "\n" not in text.strip() and "Traceback" not in text, text
    return text


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG_CACHE_HOME is the Linux convention")
def test_the_cache_is_the_users_xdg_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert firmware.cache_dir() == str(tmp_path / "dicebox" / "firmware")


def test_mp_fw_is_taken_as_given_and_nothing_else_is_looked_at(tmp_path, places, site):
    cache, shared, build = places
    mine = tmp_path / "my.uf2"
    mine.write_bytes(OTHER_PICO)  # not the pinned build: MP_FW is the user's own
    assert firmware.find("files", str(mine)) == str(mine)
    assert site.hits == 0 and not cache.exists()


@pytest.mark.parametrize("content, said", [
    (None, "no such file"),
    (b"not a firmware\n", "not a UF2 file"),
    (PICO[:-10], "not a UF2 file"),
    (uf2(b"MicroPython v1.28.0; Raspberry Pi Pico 2 with RP2350" + bytes(300), RP2350), "another chip (family 0xe48bff59)"),
    (uf2(b"MicroPython v1.28.0; Raspberry Pi Pico W with RP2040" + bytes(300)), "not MicroPython for RPI_PICO"),
    (uf2(b"Arduino-Pico; Raspberry Pi Pico with RP2040" + bytes(300)), "not MicroPython for RPI_PICO"),
])
def test_a_bad_mp_fw_is_one_line_naming_it(tmp_path, places, site, content, said):
    path = tmp_path / "fw.uf2"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(firmware.FirmwareError) as e:
        firmware.find("files", str(path))
    text = one_line(e.value)
    assert text.startswith("MP_FW=%s: " % path) and said in text, text
    assert site.hits == 0


def test_the_cache_comes_before_the_shared_folder_before_a_download(places, site):
    cache, shared, build = places
    cache.mkdir(parents=True)
    (cache / build.name).write_bytes(PICO)
    (shared / build.name).write_bytes(PICO)
    assert firmware.find("files") == str(cache / build.name)
    (cache / build.name).unlink()
    assert firmware.find("auto") == str(shared / build.name)
    assert site.hits == 0


def test_with_none_it_downloads_once_into_the_cache(places, site):
    cache, shared, build = places
    got = firmware.find("files")
    assert got == str(cache / build.name) and open(got, "rb").read() == PICO
    assert os.listdir(cache) == [build.name]
    assert firmware.find("files") == got and site.hits == 1  # the second time from the cache


def test_a_download_with_another_checksum_is_refused_and_not_kept(places, site):
    cache, shared, build = places
    site.body = OTHER_PICO  # a good UF2, but not the pinned bytes
    with pytest.raises(firmware.FirmwareError) as e:
        firmware.find("files")
    text = one_line(e.value)
    assert hashlib.sha256(OTHER_PICO).hexdigest() in text and build.sha256[0] in text and "not kept" in text
    assert "MP_FW=" in text
    assert os.listdir(cache) == []
    site.body = PICO
    assert firmware.find("files") == str(cache / build.name) and site.hits == 2  # nothing was cached


@pytest.mark.parametrize("how, said", [("cut_short", "cut short"), ("404", "HTTP 404"), ("offline", "refused")])
def test_a_failed_download_is_one_line_that_says_how_to_get_the_file(places, site, monkeypatch, how, said):
    cache, shared, build = places
    if how == "cut_short":
        site.cut_short = True
    elif how == "404":
        site.status = 404
    else:
        with socket.socket() as s:  # a port nothing listens on
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        monkeypatch.setitem(firmware.BUILDS, "files", build._replace(url="http://127.0.0.1:%d/x.uf2" % port))
    with pytest.raises(firmware.FirmwareError) as e:
        firmware.find("files")
    text = one_line(e.value)
    assert said in text and "MP_FW=" in text and str(cache / build.name) in text, text
    assert not cache.exists() or os.listdir(cache) == []


def test_ctrl_c_in_a_download_leaves_nothing_in_the_cache(places, monkeypatch):
    cache, shared, build = places

    class Stalls:
        def __init__(self, *a, **k):
            self.sent = False

        def __enter__(self):
            return self

        def __exit__(self, *a):
            return False

        def read(self, n):
            if self.sent:
                raise KeyboardInterrupt
            self.sent = True
            return PICO[:n]

    monkeypatch.setattr(urllib.request, "urlopen", Stalls)
    with pytest.raises(KeyboardInterrupt):
        firmware.find("files")
    assert os.listdir(cache) == []


def test_a_cached_file_that_is_not_the_pinned_build_is_named_and_kept(places, site):
    cache, shared, build = places
    cache.mkdir(parents=True)
    (cache / build.name).write_bytes(OTHER_PICO)
    (shared / build.name).write_bytes(PICO)
    with pytest.raises(firmware.FirmwareError) as e:
        firmware.find("files")
    text = one_line(e.value)
    assert text.startswith(str(cache / build.name)) and "SHA-256" in text and "delete it" in text
    assert (cache / build.name).read_bytes() == OTHER_PICO and site.hits == 0


def test_the_romfs_build_is_never_downloaded(places, site):
    cache, shared, build = places
    with pytest.raises(firmware.FirmwareError) as e:
        firmware.find("rom")
    text = one_line(e.value)
    assert firmware.BUILDS["rom"].name in text and "MP_FW=" in text and "docs/hardware.md" in text
    assert site.hits == 0


def test_make_emu_without_a_firmware_says_in_one_line_how_to_get_one(places, site, capsys, tmp_path):
    site.status = 404
    assert emu_main.main(["--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("make emu: error: no firmware-RPI_PICO-v1.28.0.uf2: could not download")
    assert "MP_FW=" in err and "Traceback" not in err


def test_make_emu_refuses_an_mp_fw_that_is_not_a_uf2_in_one_line(places, capsys, tmp_path, monkeypatch):
    bad = tmp_path / "notes.txt"
    bad.write_text("hello\n")
    monkeypatch.setenv("MP_FW", str(bad))
    assert emu_main.main(["--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert err == "make emu: error: MP_FW=%s: not a UF2 file (MicroPython for RPI_PICO: %s)\n" % (bad, firmware.DOWNLOAD_PAGE)
