// node web_node.mjs SITE SCRIPT...: each button script played on the page's box (web/box.py)
// under MicroPython's WebAssembly build, in the site make web built (its micropython.mjs and
// files.json.gz, the bundle the page loads). Prints what tests/support/ui_parity.py prints:
// the panel's RAM in hex after every frame, then "frames N bytes B heap 0 harness 0";
// "== NAME" before each script. A fresh interpreter per script, a fresh flash in it.
import fs from "fs";
import path from "path";
import zlib from "zlib";
import { pathToFileURL } from "url";

const [site, ...scripts] = process.argv.slice(2);
const { loadMicroPython } = await import(pathToFileURL(path.resolve(site, "micropython.mjs")).href);
const files = JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(site, "files.json.gz"))).toString("utf8"));

function mkdirs(FS, dir) {
  let at = "";
  for (const part of dir.split("/").filter(Boolean)) {
    at += "/" + part;
    try { FS.mkdir(at); } catch (e) { /* there already */ }
  }
}

for (const script of scripts) {
  const out = [];
  const mp = await loadMicroPython({ heapsize: 4 * 1024 * 1024, stdout: (s) => out.push(s), stderr: (s) => process.stderr.write(s + "\n") });
  for (const [p, text] of Object.entries(files)) {
    mkdirs(mp.FS, "/" + p.slice(0, p.lastIndexOf("/")));
    mp.FS.writeFile("/" + p, p.endsWith(".mpy") ? Buffer.from(text, "base64") : text);  // compiled modules in base64
  }
  mp.FS.writeFile("/script.txt", fs.readFileSync(script));
  mp.FS.chdir("/");
  // the simulator's platform has no clock chip: neither has this one (wall_s None)
  mp.registerJsModule("webhost", { entropy: () => 0, wall_s: () => null, beep: () => null });
  try {
    mp.runPython([
      "import sys",
      "sys.path[:0] = ['/lib']",
      "from binascii import hexlify",
      "import box",
      "B = box.Box(b'\\x00\\x00\\x10\\x00')",
      "print(hexlify(B.panel.ram).decode())",
      "with open('/script.txt') as f:",
      "    text = f.read()",
      "frames = B.run_script(text, 0)",
      "if frames:",
      "    print(frames)",
      "print('frames %d bytes %d heap 0 harness 0' % (frames.count('\\n') + 1 + (1 if frames else 0), B.panel.bytes_in))",
    ].join("\n"));
  } catch (e) {
    process.stderr.write(String(e.message || e) + "\n");
    process.exit(1);
  }
  process.stdout.write("== " + path.basename(script) + "\n" + out.join("\n") + "\n");
}
