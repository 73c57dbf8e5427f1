"""`make emu`: the firmware on the real target, MicroPython's rp2 port in an
emulated RP2040, checked against the simulator.

    python -m host_sim.emu [--fw FIRMWARE.uf2] [--layout auto|files|rom] [--board rpi_pico]
                           [--script FILE | --no-tour] [--storm N] [--storms K] [--seed S] [--out DIR] [--json]

Without --fw (MP_FW=) it runs the pinned MicroPython build the layout names
(host_sim/emu/firmware.py finds or fetches it). The flash is laid out as
`make deploy` lays it (littlefs built from the staged files; for a firmware
with a ROMFS partition and --layout rom or auto, the modules in a ROMFS
image). It runs the tour (host_sim/emu/tour.txt, or
--script) and K storms of N random presses (seeded), each in one power-on,
and fails on any frame that differs from the simulator's, any exception on
the console, or a box that stops answering. A run that sets Settings to the
hardware seed is compared too: the box says each seed it draws on its console
and the simulator plays the script again with them. Figures: reset to Home, each
press from its GPIO edge to the frame's last I2C byte plus the bus time,
mode openings, the live heap and its largest free block after each frame.
The tour (or script) is played twice: the heap figures come from a pass whose
memory report collects after each frame, the times from one whose report
does not, so the box's collections fall in its presses as they do on a box.
A board file with a clock chip ("rtc") adds a power-off: a wound session the
simulator saved, the emulated Pico powered on with the chip 25 minutes on, and
the session must count them.
"""
import argparse
import json
import os
import random
import sys
import time

from host_sim import ROOT
from host_sim.errors import CliError

NAV = ("UP", "DOWN")


def storm_script(seed, presses):
    """Random presses in the script format: taps, long presses, short gaps, across modes."""
    rnd = random.Random(seed)
    lines = ["# storm seed %d" % seed, "wait 200"]
    for _ in range(presses):
        button = rnd.choice(("UP", "DOWN", "DOWN", "OK", "OK", "OK", "BACK", "BACK"))
        held = rnd.choice((40, 80, 80, 80, 120, 200, 700))
        lines.append("press %s %d" % (button, held))
        gap = rnd.choice((0, 0, 30, 100, 250))
        if gap:
            lines.append("wait %d" % gap)
    lines.append("wait 300")
    return "\n".join(lines) + "\n"


def _settings(seed):
    return json.dumps({"seed_source": "fixed", "seed": seed})


def probe_romfs(uf2, board):
    """The size of the firmware's ROMFS partition 0 in bytes, 0 if it has none (one short boot)."""
    from host_sim.emu.board import EmuBoard, littlefs_image

    # said again and again: what is printed before the host opens the port is lost, and
    # main.py may not end (the REPL waits for an interrupt the emulated USB host never sends)
    main = (b"import vfs, time\ntry:\n n = vfs.rom_ioctl(1)\nexcept Exception:\n n = 0\n"
            b"p = vfs.rom_ioctl(2, 0) if n else None\n"
            b"while True:\n print('ROMFS=%d' % (p.ioctl(4, 0) * p.ioctl(5, 0) if p else 0))\n time.sleep_ms(200)\n")
    emu = EmuBoard(uf2, board, littlefs_image({"main.py": main}))
    for _ in range(400):
        emu.run_ms(20)
        text = emu.console_text()
        if "ROMFS=" in text:
            return int(text.split("ROMFS=")[1].split()[0])
    raise CliError("%s: the firmware did not run main.py within 8 s of emulated time (is it MicroPython for "
                   "RPI_PICO?)" % uf2)


def _pct(values, p):
    if not values:
        return None
    values = sorted(values)
    return values[min(len(values) - 1, (len(values) * p + 99) // 100 - 1 if p < 100 else len(values) - 1)]


def run_one(name, text, args, layout, rom_size, work, report_mem=True):
    from host_sim import script
    from host_sim.emu.board import FS_OFFSET
    from host_sim.emu.run import Reference, Result, Run, stage_flash

    steps = script.parse(text, name)
    settings = _settings(args.seed)
    battery = script.battery_kind(steps)
    files, rom, board = stage_flash(args.board, layout, work, settings, report_mem, battery)
    controller = board["display"]["controller"]
    try:
        ref = Reference(steps, settings, controller, battery=battery)
    except RuntimeError as e:
        raise CliError("%s: %s" % (name, e)) from None
    result = Result()
    console = os.path.join(args.out, "%s-%s%s-console.txt" % (layout, name, "-raw" if report_mem == "raw" else ""))
    run = Run(args.fw, files, rom, FS_OFFSET - rom_size if rom is not None else None, board, console)
    from host_sim.progress import progress

    started = time.time()
    try:
        with progress(ref.end, "%s %s" % (layout, name), unit="ms", quiet=args.json) as bar:
            ref = run.play(ref, result, bar)
    except RuntimeError as e:
        result.failures.append(str(e))
    run.finish(ref, result)
    if battery is not None:
        from host_sim.emu.run import battery_check

        failures, result.battery = battery_check(ref, run.emu)
        result.failures += failures
    result.wall_s = time.time() - started
    result.emulated_ms = run.emu.now_ns / 1e6
    if result.failures:
        # what each side showed, numbered as the failure counts them: the first place to look
        from host_sim.emu.run import _dedupe

        got = _dedupe([b[4] for b in run.emu.bursts()])
        for side, frames in (("sim", _dedupe(ref.frames)), ("emu", got)):
            contact_sheet(frames, os.path.join(args.out, "%s-%s-frames-%s.png" % (layout, name, side)))
    return result


def contact_sheet(frames, path, cols=4):
    """Frames side by side at 2x, each with its number above it."""
    from PIL import Image, ImageDraw

    from host_sim.fb import to_image

    w, h = 2 * 128 + 8, 2 * 64 + 14
    sheet = Image.new("L", (cols * w, max(1, (len(frames) + cols - 1) // cols) * h), 96)
    draw = ImageDraw.Draw(sheet)
    for i, glass in enumerate(frames):
        x, y = (i % cols) * w, (i // cols) * h
        draw.text((x + 2, y + 1), str(i), fill=255)
        sheet.paste(to_image(glass, 2, 128, 64), (x, y + 12))
    sheet.save(path)
    return path


def summary(name, layout, r):
    nav = [p[2] for p in r.presses if p[0] in NAV and p[1] == "press"]
    ok = [p[2] for p in r.presses if p[0] == "OK"]
    used = [m[1] for m in r.mem]
    free = [m[2] for m in r.mem]
    big = [m[3] for m in r.mem]
    return {
        "run": name, "layout": layout, "ok": not r.failures, "failures": r.failures[:10],
        "boot_ms": r.boot_ms, "frames": r.frames,
        "nav_ms": {"n": len(nav), "p50": _pct(nav, 50), "p99": _pct(nav, 99), "max": max(nav) if nav else None},
        "ok_ms": {"n": len(ok), "p50": _pct(ok, 50), "p99": _pct(ok, 99), "max": max(ok) if ok else None},
        "mode_open_ms": r.opens,
        "heap_used_max": max(used) if used else None, "heap_free_min": min(free) if free else None,
        "largest_free_min": min(big) if big else None,
        "stack_peak": r.stack_peak,
        "flash": {"erases": r.flash[0], "pages": r.flash[1], "busy_ms": round(r.flash[2], 1)} if r.flash else None,
        "presses": [[p[0], p[1], round(p[2], 1), p[3]] for p in r.presses],  # button, edge, ms to its frame, bytes
        "shots": {k: {"free": v[0], "largest": v[1], "stack_peak": v[2]} for k, v in r.shot_mem.items()},
        "emulated_ms": round(r.emulated_ms), "wall_s": round(r.wall_s, 1),
        "battery": r.battery,
    }


def _fmt(v):
    if v is None:
        return "-"
    return "%.1f" % v if isinstance(v, float) else str(v)


def print_summary(s, out=sys.stdout):
    out.write("%-5s %-12s %s  boot %s ms  frames %d  nav p50/p99/max %s/%s/%s ms (n=%d)  OK p50/p99/max %s/%s/%s ms  "
              "modes %s ms  heap used max %s B, free min %s B, largest free min %s B, C stack peak %s B, flash %s  (%s ms emulated, %s s wall)\n"
              % (s["layout"], s["run"], "PASS" if s["ok"] else "FAIL", _fmt(s["boot_ms"]), s["frames"],
                 _fmt(s["nav_ms"]["p50"]), _fmt(s["nav_ms"]["p99"]), _fmt(s["nav_ms"]["max"]), s["nav_ms"]["n"],
                 _fmt(s["ok_ms"]["p50"]), _fmt(s["ok_ms"]["p99"]), _fmt(s["ok_ms"]["max"]),
                 "/".join("%.0f" % x for x in s["mode_open_ms"]) or "-", _fmt(s["heap_used_max"]),
                 _fmt(s["heap_free_min"]), _fmt(s["largest_free_min"]), _fmt(s["stack_peak"]),
                 "%(erases)d erases, %(pages)d pages, %(busy_ms).1f ms busy" % s["flash"] if s["flash"] else "-", s["emulated_ms"],
                 s["wall_s"]))
    if s.get("battery"):
        out.write("      battery: stopped at %(stop_ms)s ms, last flash write %(last_write_ms)s ms; files as the simulator's: %(files)s\n"
                  % s["battery"])
    for f in s["failures"]:
        out.write("      %s\n" % f)
    out.flush()


def main(argv=None):
    p = argparse.ArgumentParser(prog="make emu", description=__doc__.split("\n")[0])
    p.add_argument("--fw", default=os.environ.get("MP_FW", ""),
                   help="the MicroPython .uf2 for the board (MP_FW=; default: the pinned build)")
    p.add_argument("--layout", default="auto", choices=("auto", "files", "rom"))
    p.add_argument("--board", default="rpi_pico")
    p.add_argument("--script", help="a button script instead of the tour")
    p.add_argument("--no-tour", action="store_true", help="without the tour (the battery drain and the storms)")
    p.add_argument("--no-battery", action="store_true",
                   help="without the battery drain (host_sim/emu/battery.txt, run after the tour)")
    p.add_argument("--storm", type=int, default=40, metavar="N", help="random presses per storm (0: none)")
    p.add_argument("--storms", type=int, default=1, metavar="K", help="storms, each with its own seed")
    p.add_argument("--seed", type=int, default=None, help="the box's fixed seed and the first storm's (default: drawn)")
    p.add_argument("--out", default=os.path.join(ROOT, "build", "emu"))
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = p.parse_args(argv)
    try:
        try:
            import rp2040py  # noqa: F401
            import littlefs  # noqa: F401
        except ImportError:
            raise CliError("the emulator is not installed: run `make .venv/.installed` (rp2040py, littlefs-python)")
        from dicebox.core.compat import loads
        from host_sim import deploy
        from host_sim.emu import firmware

        deploy.check_board(deploy.board_path(args.board))  # one line naming the field, before the emulator starts
        args.fw = firmware.find(args.layout, args.fw)  # after the board: it may download
        os.makedirs(args.out, exist_ok=True)
        if args.seed is None:
            args.seed = random.randrange(1, 1000000000)
        with open(deploy.board_path(args.board), encoding="utf-8") as f:
            board = loads(f.read())  # the file's shape, as stage_flash reads it
        rom_size = probe_romfs(args.fw, board) if args.layout in ("auto", "rom") else 0
        layout = args.layout
        if layout == "auto":
            layout = "rom" if rom_size else "files"
        elif layout == "rom" and not rom_size:
            raise CliError("LAYOUT=rom: %s has no ROMFS partition (LAYOUT=files copies the files)" % args.fw)
        runs = []
        if args.script:
            from host_sim import common

            runs.append((os.path.splitext(os.path.basename(args.script))[0], common.read_text(args.script, "--script")))
        elif not args.no_tour:
            with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "tour.txt")) as f:
                runs.append(("tour", f.read()))
        if not args.script and not args.no_battery:
            with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "battery.txt")) as f:
                runs.append(("battery", f.read()))
        for k in range(args.storms if args.storm else 0):
            runs.append(("storm-%d" % (args.seed + k), storm_script(args.seed + k, args.storm)))
        print("make emu: %s, layout %s, box seed %d" % (args.fw, layout, args.seed), flush=True)
        work = os.path.join(args.out, "work")
        summaries = []
        for name, text in runs:
            r = run_one(name, text, args, layout, rom_size, work)
            if not name.startswith("storm-") and name != "battery":
                # Times come from a second pass whose memory report does not collect: a report
                # that collects after every frame keeps a box's collections out of every press
                timed = run_one(name, text, args, layout, rom_size, work, "raw")
                r.boot_ms, r.presses, r.opens = timed.boot_ms, timed.presses, timed.opens
                r.failures += ["timed pass: " + f for f in timed.failures]
                r.wall_s += timed.wall_s
                r.emulated_ms += timed.emulated_ms
            s = summary(name, layout, r)
            summaries.append(s)
            if not args.json:
                print_summary(s)
        if board.get("rtc"):
            from host_sim.emu.board import FS_OFFSET
            from host_sim.emu.run import clock_run

            started = time.time()
            failures, fig = clock_run(args.fw, args.board, layout, work, _settings(args.seed),
                                      FS_OFFSET - rom_size if layout == "rom" else None,
                                      os.path.join(args.out, "%s-clock-console.txt" % layout))
            fig.update({"run": "clock", "layout": layout, "ok": not failures, "failures": failures,
                        "wall_s": round(time.time() - started, 1)})
            summaries.append(fig)
            if not args.json:
                print("%-5s %-12s %s  %s off %s ms, counted %s ms (session %s -> %s ms; %s ms emulated, %s s wall)"
                      % (layout, "clock", "PASS" if fig["ok"] else "FAIL", fig.get("chip"), fig.get("off_ms"),
                         fig.get("counted_off_ms", "-"), fig.get("session_ms_before", "-"),
                         fig.get("session_ms_after", "-"), fig.get("emulated_ms", "-"), fig["wall_s"]), flush=True)
                for line in failures:
                    print("      %s" % line)
        with open(os.path.join(args.out, "%s.json" % layout), "w") as f:
            json.dump(summaries, f, indent=1)
        if args.json:
            print(json.dumps(summaries, indent=1))
        return 0 if all(s["ok"] for s in summaries) else 1
    except CliError as e:
        sys.stderr.write("make emu: error: %s\n" % e)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
