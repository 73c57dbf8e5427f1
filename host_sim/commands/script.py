"""dicebox-sim script FILE: run a button script headless; PNG frames, a GIF, the record."""
import os

from host_sim import common
from host_sim.errors import CliError


def register(sub):
    p = sub.add_parser("script", help="run a scripted button session headless")
    p.add_argument("file", metavar="FILE", help="script: press BUTTON [MS] | hold BUTTONS MS | down|up BUTTONS | wait MS | shot NAME")
    p.add_argument("--out", default=".", help="folder for the PNG shots and the GIF (default: here)")
    p.add_argument("--gif", metavar="NAME", help="also write the whole session as an animated GIF")
    p.add_argument("--seed", type=common.seed_arg, help="hardware seed the box draws (default: fresh)")
    p.add_argument("--scale", type=int, default=4, choices=range(1, 9), metavar="1..8", help="PNG pixel size")
    p.add_argument("--controller", choices=("ssd1306", "sh1106"), default="ssd1306")
    p.add_argument("--data", metavar="DIR", help="run on this simulated flash folder, as `sim --data` does "
                   "(fights, History and Title Bout cards and charts kept; default: a flash in memory, gone after)")
    p.set_defaults(run=run)


def run(args):
    from host_sim import script
    from host_sim.device import Device, Platform

    text = common.read_text(args.file, "script")
    try:
        steps = script.parse(text, args.file)
    except script.ScriptError as e:
        raise CliError(str(e))
    try:
        os.makedirs(args.out, exist_ok=True)
    except (OSError, ValueError) as e:
        raise CliError("--out %r: %s" % (args.out, getattr(e, "strerror", None) or e))
    seed = None if args.seed is None else args.seed.to_bytes(4, "big")
    battery = script.battery_kind(steps)
    if args.data is None:
        device = Device(platform=Platform(seed), controller=args.controller, battery=battery)
    else:
        from host_sim.sim import make_store

        device = Device(store=make_store(args.data), platform=Platform.on_flash(args.data, seed),
                        controller=args.controller, battery=battery)
    frames = []  # (time ms, glass bytes) for the GIF
    if args.gif:
        device.on_frame = lambda dev: frames.append((dev.now, bytes(dev.glass())))
        frames.append((0, bytes(device.glass())))
    written = []

    def shot(name, dev):
        path = os.path.join(args.out, name + ".png")
        _write(path, lambda: dev.save_png(path, args.scale))
        written.append(path)

    def _write(path, save):
        try:
            save()
        except (OSError, ValueError) as e:
            raise CliError("%r: cannot write (%s)" % (path, getattr(e, "strerror", None) or e))

    try:
        script.run(device, steps, shot)
    except script.ScriptError as e:  # a step the screen cannot take (choose: no such row)
        raise CliError(str(e))
    if args.gif:
        path = os.path.join(args.out, args.gif if args.gif.endswith(".gif") else args.gif + ".gif")
        _write(path, lambda: _gif(frames, device.now, path, args.scale, device.panel.width, device.panel.height))
        written.append(path)
    for path in written:
        print("wrote %s" % path)
    sent = sorted(device.flush_bytes)
    if sent:
        print("frames %d, I2C bytes per frame: median %d, max %d (full frame 1025)" % (len(sent), sent[len(sent) // 2], sent[-1]))
    store = device.store
    last = store.current()
    if last is None and store.history():
        last = store.history_record(store.history()[0][0])
    if last is not None and _hides_seed(last):
        print("record: an unfinished boxing bout, seed hidden until the end (it would give the secrets away)")
    else:
        print("record: %s" % (last or "none"))
    return 0


def _hides_seed(text):
    from dicebox.core import record
    from dicebox.core.game import RecordError

    try:
        return record.replay(record.loads(text, "record")).hides_seed()
    except (RecordError, ValueError):
        return False


def _gif(frames, end, path, scale, width, height):
    from host_sim.fb import to_image

    images = []
    durations = []
    for i, (t, glass) in enumerate(frames):
        nxt = frames[i + 1][0] if i + 1 < len(frames) else end + 500
        images.append(to_image(glass, scale, width, height))
        durations.append(max(20, nxt - t))
    images[0].save(path, save_all=True, append_images=images[1:], duration=durations, loop=0)
