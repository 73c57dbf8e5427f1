// The box in a browser: MicroPython's WebAssembly port runs the firmware's own loop
// (web/box.py); this page is its hardware: the panel on a canvas, four buttons, a
// beeper, a flash kept in IndexedDB and a clock. make web builds it (host_sim/web.py).
import { loadMicroPython } from "./micropython.mjs";

const BUTTONS = { UP: 0, DOWN: 1, OK: 2, BACK: 3, LEFT: 4, RIGHT: 5 };
const KEYS = {
  ArrowUp: "UP", ArrowDown: "DOWN", ArrowLeft: "LEFT", ArrowRight: "RIGHT",
  Enter: "OK", " ": "OK", Backspace: "BACK", Escape: "BACK",
};
const DATA = "/data"; // the box's flash: everything under it is kept
const TICK_MS = 10; // one pass of the Pico's loop
const params = new URLSearchParams(location.search);
const stats = { loadMs: null, presses: [], frames: 0, error: null, synced: 0, beeps: [] };
window.dicebox = { stats, ready: false };

const log = (s) => { document.getElementById("log").textContent = s; };
const now = () => Math.floor(performance.now());

// ---- the flash: /data in the module's file system, each pass's changes in one IndexedDB transaction
function openDb() {
  return new Promise((resolve, reject) => {
    const r = indexedDB.open("dicebox", 1);
    r.onupgradeneeded = () => r.result.createObjectStore("files");
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

function readAll(db) {
  return new Promise((resolve, reject) => {
    const out = new Map();
    const tx = db.transaction("files", "readonly");
    const req = tx.objectStore("files").openCursor();
    req.onsuccess = () => {
      const c = req.result;
      if (c) { out.set(c.key, c.value); c.continue(); } else resolve(out);
    };
    req.onerror = () => reject(req.error);
  });
}

function mkdirs(FS, path) {
  let at = "";
  for (const part of path.split("/").filter(Boolean)) {
    at += "/" + part;
    try { FS.mkdir(at); } catch (e) { /* there already */ }
  }
}

class Flash {
  constructor(FS, db) {
    this.FS = FS; this.db = db;
    this.kept = new Map(); // path -> {dir} or {mtime, size, bytes}: what IndexedDB holds
    this.last = 0;
  }

  restore(saved) {
    mkdirs(this.FS, DATA);
    const paths = [...saved.keys()].sort();
    for (const p of paths) {
      const v = saved.get(p);
      if (v === "dir") { mkdirs(this.FS, p); this.kept.set(p, { dir: true }); }
    }
    for (const p of paths) {
      const v = saved.get(p);
      if (v instanceof Uint8Array) {
        mkdirs(this.FS, p.slice(0, p.lastIndexOf("/")));
        this.FS.writeFile(p, v);
        const st = this.FS.stat(p);
        this.kept.set(p, { mtime: +st.mtime, size: v.length, bytes: v });
      }
    }
    this.last = Date.now();
  }

  walk(path, out) {
    for (const name of this.FS.readdir(path)) {
      if (name === "." || name === "..") continue;
      const p = path + "/" + name;
      const st = this.FS.stat(p);
      if (this.FS.isDir(st.mode)) { out.set(p, { dir: true }); this.walk(p, out); } else out.set(p, { mtime: +st.mtime, size: st.size });
    }
    return out;
  }

  // What changed since the last sync, written in one transaction: all of a pass's
  // writes land or none do (the tab closed mid-pass is a power cut before it).
  sync() {
    const seen = this.walk(DATA, new Map());
    const puts = [];
    const dels = [];
    const recent = this.last - 2;
    for (const [p, s] of seen) {
      const k = this.kept.get(p);
      if (s.dir) { if (!k || !k.dir) puts.push([p, "dir", { dir: true }]); continue; }
      if (k && !k.dir && k.size === s.size && k.mtime === s.mtime && s.mtime < recent) continue;
      const bytes = this.FS.readFile(p);
      if (k && !k.dir && k.size === bytes.length && k.bytes.every((b, i) => b === bytes[i])) { k.mtime = s.mtime; continue; }
      puts.push([p, bytes, { mtime: s.mtime, size: bytes.length, bytes }]);
    }
    for (const p of this.kept.keys()) if (!seen.has(p)) dels.push(p);
    this.last = Date.now();
    if (!puts.length && !dels.length) return;
    if (!this.db) { // nowhere to keep it: this visit only
      for (const [p, , k] of puts) this.kept.set(p, k);
      for (const p of dels) this.kept.delete(p);
      return;
    }
    const tx = this.db.transaction("files", "readwrite");
    const st = tx.objectStore("files");
    for (const [p, v, k] of puts) { st.put(v, p); this.kept.set(p, k); }
    for (const p of dels) { st.delete(p); this.kept.delete(p); }
    tx.oncomplete = () => { stats.synced += 1; };
  }

  files() { // [path under data/, bytes] of every kept file
    const out = [];
    for (const [p, k] of [...this.walk(DATA, new Map())].sort()) if (!k.dir) out.push([p.slice(1), this.FS.readFile(p)]);
    return out;
  }
}

// ---- a zip of the flash (stored, no compression): unzip, then `dicebox-sim pull --from data`
const CRC = new Uint32Array(256).map((_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
function crc32(b) { let c = 0xffffffff; for (const x of b) c = CRC[(c ^ x) & 0xff] ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; }
function zip(files) {
  const enc = new TextEncoder();
  const parts = []; const central = []; let at = 0;
  for (const [name, data] of files) {
    const n = enc.encode(name); const crc = crc32(data);
    const head = new DataView(new ArrayBuffer(30));
    [[0, 0x04034b50, 4], [4, 20, 2], [8, 0, 2], [14, crc, 4], [18, data.length, 4], [22, data.length, 4], [26, n.length, 2]]
      .forEach(([o, v, w]) => (w === 4 ? head.setUint32(o, v, true) : head.setUint16(o, v, true)));
    head.setUint16(6, 0x800, true); // names in UTF-8
    const cen = new DataView(new ArrayBuffer(46));
    [[0, 0x02014b50, 4], [4, 20, 2], [6, 20, 2], [8, 0x800, 2], [16, crc, 4], [20, data.length, 4], [24, data.length, 4], [28, n.length, 2], [42, at, 4]]
      .forEach(([o, v, w]) => (w === 4 ? cen.setUint32(o, v, true) : cen.setUint16(o, v, true)));
    parts.push(head, n, data); central.push(cen, n);
    at += 30 + n.length + data.length;
  }
  const size = central.reduce((s, p) => s + p.byteLength, 0);
  const end = new DataView(new ArrayBuffer(22));
  [[0, 0x06054b50, 4], [8, files.length, 2], [10, files.length, 2], [12, size, 4], [16, at, 4]]
    .forEach(([o, v, w]) => (w === 4 ? end.setUint32(o, v, true) : end.setUint16(o, v, true)));
  return new Blob([...parts, ...central, end], { type: "application/zip" });
}

// ---- sound: the piezo's square wave
let audio = null;
function beep(freq, ms) {
  stats.beeps.push([freq, ms]);
  try {
    audio = audio || new AudioContext();
    const o = audio.createOscillator(); const g = audio.createGain();
    o.type = "square"; o.frequency.value = freq; g.gain.value = 0.05;
    o.connect(g).connect(audio.destination);
    o.start(); o.stop(audio.currentTime + ms / 1000);
  } catch (e) { /* no audio: the box beeps silently */ }
}

// ---- the panel: the controller's RAM as the glass shows it (host_sim/panel.py's lit())
const canvas = document.getElementById("panel");
const ctx = canvas.getContext("2d");
const image = ctx.createImageData(128, 64);
function draw(state) {
  const v = state.split(" ");
  const [on, entire, inverted, seg, com, start, offset, columns, width, height, contrast] = v.slice(0, 11).map(Number);
  const hex = v[11];
  const ram = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < ram.length; i++) ram[i] = parseInt(hex.substr(2 * i, 2), 16);
  const px = image.data;
  const level = 110 + Math.round((145 * contrast) / 255); // dimmer at a low contrast
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let lit = false;
      if (on) {
        if (entire) lit = true;
        else {
          let col = seg ? x : width - 1 - x;
          if (columns !== 128) col += (columns - width) >> 1;
          const row = ((com ? y : height - 1 - y) + start + offset) & 63;
          lit = (((ram[(row >> 3) * columns + col] >> (row & 7)) & 1) === 1) !== !!inverted;
        }
      }
      const o = (y * 128 + x) * 4;
      px[o] = lit ? Math.round(level * 0.75) : 0; px[o + 1] = lit ? level : 0; px[o + 2] = lit ? 255 : 0; px[o + 3] = 255;
    }
  }
  ctx.putImageData(image, 0, 0);
}

async function main() {
  if ("serviceWorker" in navigator && params.get("sw") !== "0") navigator.serviceWorker.register("sw.js").catch(() => {});
  log("loading…");
  const [mp, files, db] = await Promise.all([
    loadMicroPython({ heapsize: 4 * 1024 * 1024, stdout: (s) => console.log(s), stderr: (s) => console.error(s) }),
    fetch("files.json.gz").then((r) => new Response(r.body.pipeThrough(new DecompressionStream("gzip"))).json()),
    openDb().catch(() => null), // none (a private window may refuse it): the box runs, keeping nothing
  ]);
  const FS = mp.FS;
  for (const [path, text] of Object.entries(files)) {
    mkdirs(FS, "/" + path.slice(0, path.lastIndexOf("/")));
    FS.writeFile("/" + path, path.endsWith(".mpy") ? Uint8Array.from(atob(text), (c) => c.charCodeAt(0)) : text);
  }
  FS.chdir("/");
  const flash = new Flash(FS, db);
  flash.restore(db ? await readAll(db) : new Map());
  const pick = new Uint32Array(1);
  mp.registerJsModule("webhost", {
    entropy: () => crypto.getRandomValues(pick)[0] & 0x3fffffff,
    wall_s: () => Math.floor(Date.now() / 1000),
    beep,
  });
  const seed = params.get("seed"); // 8 hex digits: the simulator's --seed draws (the tests)
  mp.runPython("import sys\nsys.path[:0] = ['/lib']\nimport box\n");
  mp.runPython(seed ? "B = box.Box(bytes.fromhex('" + seed.replace(/[^0-9a-f]/gi, "").slice(0, 8) + "'))" : "B = box.Box()");
  const B = mp.globals.get("B");
  let shown = -1;
  let levels = 0;
  const show = (frames) => { if (frames !== shown) { shown = frames; stats.frames = frames; draw(B.glass()); } };
  const run = (fn) => {
    try { fn(); } catch (e) { stats.error = String(e); log("the box stopped: " + e); throw e; }
    flash.sync();
  };
  stats.boot = B.glass().split(" ").pop(); // the panel RAM at power-on (the reload test)
  run(() => show(B.advance(now())));
  stats.loadMs = performance.now();
  log(db ? "" : "this browser keeps no storage for the page: what the box keeps goes when it closes");
  // a browser starts its audio only after a touch or a key: made now (tens of ms, never in a
  // press), the first touch or key starts it
  try { audio = new AudioContext(); } catch (e) { /* no audio: the box beeps silently */ }
  const wake = () => { try { audio?.resume(); } catch (e) { /* no audio */ } };
  document.addEventListener("pointerdown", wake, { once: true });
  document.addEventListener("keydown", wake, { once: true });

  const set = (bit, down, t0) => {
    const was = levels;
    levels = down ? levels | (1 << bit) : levels & ~(1 << bit);
    if (levels === was) return;
    const t = performance.now();
    run(() => show(B.buttons(levels, now())));
    stats.presses.push({ button: bit, down, stepMs: performance.now() - t, toFrameMs: performance.now() - t0 });
  };
  setInterval(() => run(() => show(B.advance(now()))), TICK_MS);
  document.addEventListener("visibilitychange", () => run(() => show(B.advance(now()))));

  for (const el of document.querySelectorAll("[data-button]")) {
    const bit = BUTTONS[el.dataset.button];
    el.addEventListener("pointerdown", (e) => { e.preventDefault(); el.setPointerCapture(e.pointerId); el.classList.add("down"); set(bit, true, e.timeStamp); });
    const up = (e) => { el.classList.remove("down"); set(bit, false, e.timeStamp); };
    el.addEventListener("pointerup", up);
    el.addEventListener("pointercancel", up);
    el.addEventListener("contextmenu", (e) => e.preventDefault());
  }
  const keyEl = (name) => document.querySelector('[data-button="' + name + '"]');
  document.addEventListener("keydown", (e) => {
    const name = KEYS[e.key];
    if (!name || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    if (e.repeat) return; // held: the box sees one long press
    keyEl(name)?.classList.add("down");
    set(BUTTONS[name], true, e.timeStamp);
  });
  document.addEventListener("keyup", (e) => {
    const name = KEYS[e.key];
    if (!name) return;
    keyEl(name)?.classList.remove("down");
    set(BUTTONS[name], false, e.timeStamp);
  });

  document.getElementById("download").addEventListener("click", () => {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(zip(flash.files()));
    a.download = "dicebox-data.zip";
    a.click();
  });
  for (const [id, folder] of [["cards", "/data/titlebout/fighters"], ["charts", "/data/titlebout/charts"]]) {
    document.getElementById(id).addEventListener("change", async (e) => {
      mkdirs(FS, folder);
      for (const f of e.target.files) FS.writeFile(folder + "/" + f.name.replace(/[/\\]/g, "_"), new Uint8Array(await f.arrayBuffer()));
      flash.sync();
      log(e.target.files.length + " file(s) in " + folder.slice(1) + ": Title Bout's set-up lists them");
      e.target.value = "";
    });
  }

  // for the browser test (tests/test_web_browser.py)
  Object.assign(window.dicebox, {
    ready: true,
    script: (text, boot) => { let out; run(() => { out = B.run_script(text, now(), !!boot); show(B.frames); }); return out; },
    glass: () => B.glass(),
    files: () => flash.files().map(([p, b]) => [p, b.length]),
  });
}

main().catch((e) => { stats.error = String(e && e.stack || e); log("the box could not start: " + e); });
