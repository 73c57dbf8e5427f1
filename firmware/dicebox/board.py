"""Board files (boards/*.json, board.json on the device): which pins, bus and panel a build uses,
checked with clear errors; pure, so the host checks a board before deploying it."""
from dicebox.core import compat
from dicebox.core.compat import const


_FIELDS = const(("name", "chip", "i2c", "display", "buttons", "buzzer", "rtc", "report_mem", "battery"))
_BATTERIES = const(("3xAA-alkaline", "3xAA-nimh", "1S-lipo"))  # core/battery.py's KINDS
_BUTTONS = const(("UP", "DOWN", "OK", "BACK", "LEFT", "RIGHT"))  # order of dicebox.buttons
_REQUIRED_BUTTONS = const(("UP", "DOWN", "OK", "BACK"))
_CHIPS = const(("RP2040", "RP2350"))
_CONTROLLERS = const(("ssd1306", "sh1106"))
_RTCS = const(("ds3231", "pcf8563"))  # clock chips on the display's bus (hw/rtc.py), at 0x68 / 0x51
_FREQS = const((100000, 400000, 1000000))
# The UI lays out on 64 rows; a 128x32 panel would show half of each screen.
_UI_SIZES = const(((128, 64),))
_WHY_64 = const("every screen needs 64 rows: a 10-row header, then 28-row result digits or 5 list rows")
# GPIOs on the Pico / Pico 2 header (23, 24, 25, 29 are wired on the board).
HEADER_PINS = tuple(range(0, 23)) + (26, 27, 28)
# Which GPIO can be SDA / SCL of each I2C block (the same on RP2040 and RP2350A).
_SDA_PINS = const(((0, 4, 8, 12, 16, 20), (2, 6, 10, 14, 18, 26)))
_SCL_PINS = const(((1, 5, 9, 13, 17, 21), (3, 7, 11, 15, 19, 27)))


class BoardError(ValueError):
    """A bad board file: the message names the file, the field and the problem."""


def _int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _obj(obj, field, keys, where):
    if not isinstance(obj, dict):
        raise BoardError("%s: field '%s': must be an object" % (where, field))
    for k in obj:
        if k not in keys:
            from dicebox.core.errtext import shown  # only when it fails
            raise BoardError("%s: field '%s.%s': unknown field (known: %s)" % (where, field, shown(k, 30)[1:-1], ", ".join(keys)))
    return obj


def _need(obj, field, key, where):
    if key not in obj:
        raise BoardError("%s: field '%s.%s': missing" % (where, field, key))
    return obj[key]


def _pin(value, field, where):
    if not _int(value) or value not in HEADER_PINS:
        from dicebox.core.errtext import shown  # only when it fails
        raise BoardError("%s: field '%s': %s is not a header GPIO (0..22, 26..28)" % (where, field, shown(value)))
    return value


def _choice(value, allowed, field, where):
    if value not in allowed or isinstance(value, bool):  # true == 1 in Python: not an I2C block
        from dicebox.core.errtext import shown  # only when it fails
        raise BoardError("%s: field '%s': %s is not one of %s" % (where, field, shown(value), ", ".join([str(a) for a in allowed])))
    return value


def check(obj, where="board.json"):
    """The checked board as a dict of plain values; raises BoardError."""
    if not isinstance(obj, dict):
        raise BoardError("%s: must be a JSON object" % where)
    for k in obj:
        if k not in _FIELDS:
            from dicebox.core.errtext import shown  # only when it fails
            raise BoardError("%s: field '%s': unknown field (known: %s)" % (where, shown(k, 30)[1:-1], ", ".join(_FIELDS)))
    for k in ("name", "chip", "i2c", "display", "buttons"):
        if k not in obj:
            raise BoardError("%s: field '%s': missing" % (where, k))
    name = obj["name"]
    if not isinstance(name, str) or not 0 < len(name) <= 40:
        raise BoardError("%s: field 'name': must be text of 1..40 characters" % where)
    chip = _choice(obj["chip"], _CHIPS, "chip", where)

    i2c = _obj(obj["i2c"], "i2c", ("id", "sda", "scl", "freq"), where)
    bus = _choice(_need(i2c, "i2c", "id", where), (0, 1), "i2c.id", where)
    sda = _pin(_need(i2c, "i2c", "sda", where), "i2c.sda", where)
    scl = _pin(_need(i2c, "i2c", "scl", where), "i2c.scl", where)
    if sda not in _SDA_PINS[bus]:
        raise BoardError("%s: field 'i2c.sda': GP%d is not an SDA pin of I2C%d (use one of %s)"
                         % (where, sda, bus, ", ".join([str(p) for p in _SDA_PINS[bus]])))
    if scl not in _SCL_PINS[bus]:
        raise BoardError("%s: field 'i2c.scl': GP%d is not an SCL pin of I2C%d (use one of %s)"
                         % (where, scl, bus, ", ".join([str(p) for p in _SCL_PINS[bus]])))
    freq = _choice(i2c.get("freq", 400000), _FREQS, "i2c.freq", where)

    disp = _obj(obj["display"], "display", ("controller", "width", "height", "addr"), where)
    controller = _choice(disp.get("controller", "ssd1306"), _CONTROLLERS, "display.controller", where)
    width = disp.get("width", 128)
    height = disp.get("height", 64)
    if (width, height) not in _UI_SIZES:
        from dicebox.core.errtext import shown  # only when it fails
        raise BoardError("%s: field 'display': %sx%s is not supported (the UI lays out on %s: %s)"
                         % (where, shown(width), shown(height), ", ".join(["%dx%d" % s for s in _UI_SIZES]), _WHY_64))
    addr = _choice(disp.get("addr", 0x3C), (0x3C, 0x3D), "display.addr", where)

    keys = _obj(obj["buttons"], "buttons", _BUTTONS, where)
    pins = [None] * len(_BUTTONS)
    for i in range(len(_BUTTONS)):
        b = _BUTTONS[i]
        value = keys.get(b)
        if value is None:
            if b in _REQUIRED_BUTTONS:
                raise BoardError("%s: field 'buttons.%s': missing (UP, DOWN, OK and BACK are needed)" % (where, b))
            continue
        pins[i] = _pin(value, "buttons." + b, where)
    buzzer = obj.get("buzzer")
    if buzzer is not None:
        _pin(buzzer, "buzzer", where)
    rtc = obj.get("rtc")
    if rtc is not None:
        _choice(rtc, _RTCS, "rtc", where)

    used = {sda: "i2c.sda", scl: "i2c.scl"}
    for field, pin in [("buttons." + _BUTTONS[i], pins[i]) for i in range(len(pins))] + [("buzzer", buzzer)]:
        if pin is None:
            continue
        if pin in used:
            raise BoardError("%s: field '%s': GP%d is already used by %s" % (where, field, pin, used[pin]))
        used[pin] = field
    battery = obj.get("battery")
    if battery is not None:
        _choice(battery, _BATTERIES + ("none",), "battery", where)
        if battery == "none":
            battery = None
    report = obj.get("report_mem", False)
    if not isinstance(report, bool) and report != "raw":
        raise BoardError("%s: field 'report_mem': must be true, false or \"raw\"" % where)
    return {
        "name": name,
        "chip": chip,
        "i2c": {"id": bus, "sda": sda, "scl": scl, "freq": freq},
        "display": {"controller": controller, "width": width, "height": height, "addr": addr},
        "buttons": pins,
        "buzzer": buzzer,
        "rtc": rtc,
        "report_mem": report,
        "battery": battery,
    }


def loads(text, where="board.json"):
    try:
        obj = compat.loads(text)
    except ValueError:
        raise BoardError("%s: not valid JSON" % where)
    return check(obj, where)


def load(path):
    try:
        with open(path, "rb") as f:
            data = f.read(4097)  # one byte past the limit: a huge file would end the boot out of heap
    except OSError:
        raise BoardError("%s: cannot be read (copy a board file there: make deploy BOARD=...)" % path)
    except ValueError:  # a NUL in the name (host command line)
        raise BoardError("%r: not a usable file name" % path)
    if len(data) > 4096:
        raise BoardError("%s: larger than 4096 bytes (a board file is a few hundred)" % path)
    try:
        text = data.decode("utf-8")
    except UnicodeError:
        raise BoardError("%s: not UTF-8 text" % path)
    return loads(text, path)
