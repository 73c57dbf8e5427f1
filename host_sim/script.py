"""Scripted button sessions: parse a script, drive a Device with it.

Runs under CPython and MicroPython alike (tests compare the two). Lines:

    press OK            click a button (held 80 ms)
    press OK 900        hold it 900 ms (a long press)
    hold UP+DOWN 200    several buttons at once
    down OK             press and keep holding (a shot can show the held screen)
    up OK               release what `down` holds
    choose History      on a menu: DOWN until the row so labelled is selected, then OK
                        (scripts keep working when a mode adds a row)
    wait 500            let time pass
    shot NAME           mark this frame to be saved as NAME.png
    battery KIND        the box runs on this battery (3xAA-alkaline, 3xAA-nimh,
                        1S-lipo; the board file's "battery"): said before the first press
    battery 3900        VSYS is now 3900 mV (what ADC3 reads); battery usb: on USB
    # ...               a comment
Buttons: UP DOWN OK BACK LEFT RIGHT.
"""
from dicebox import buttons as B


class ScriptError(ValueError):
    pass


def _buttons(word, where):
    mask = 0
    for part in word.split("+"):
        part = part.upper()
        if part not in B.NAMES:
            raise ScriptError("%s: unknown button '%s' (UP DOWN OK BACK LEFT RIGHT)" % (where, part))
        mask |= 1 << B.NAMES.index(part)
    return mask


def _ms(word, where):
    try:
        value = int(word)
    except ValueError:
        raise ScriptError("%s: '%s' is not a time in ms" % (where, word))
    if not 0 <= value <= 3600000:
        raise ScriptError("%s: %d ms is outside 0..3600000" % (where, value))
    return value


def parse(text, name="script"):
    """Steps as tuples: ('hold', mask, ms), ('wait', ms), ('shot', name)."""
    steps = []
    lineno = 0
    for line in text.split("\n"):
        lineno += 1
        where = "%s:%d" % (name, lineno)
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        op = words[0].lower()
        if op in ("press", "hold") and 2 <= len(words) <= 3:
            ms = _ms(words[2], where) if len(words) == 3 else 80
            steps.append(("hold", _buttons(words[1], where), ms))
        elif op in ("down", "up") and len(words) == 2:
            steps.append((op, _buttons(words[1], where)))
        elif op == "wait" and len(words) == 2:
            steps.append(("wait", _ms(words[1], where)))
        elif op == "choose" and len(words) >= 2:
            steps.append(("choose", " ".join(words[1:]), where))
        elif op == "shot" and len(words) == 2:
            steps.append(("shot", words[1]))
        elif op == "battery" and len(words) == 2:
            steps.append(("battery", _battery(words[1], where)))
        else:
            raise ScriptError("%s: cannot read '%s' (press BUTTON [MS] | hold BUTTONS MS | down|up BUTTONS | choose LABEL | wait MS | shot NAME | battery MV|usb|KIND)" % (where, line.strip()))
    return steps


_KINDS = ("3xAA-alkaline", "3xAA-nimh", "1S-lipo")  # dicebox.core.battery.KINDS


def _battery(word, where):
    if word in _KINDS:
        return word
    if word.lower() == "usb":
        return 0
    try:
        value = int(word)
    except ValueError:
        value = -1
    if not 1000 <= value <= 6000:
        raise ScriptError("%s: battery '%s': a voltage in mV (1000..6000), usb, or one of %s"
                          % (where, word, " ".join(_KINDS)))
    return value


def battery_kind(steps):
    """The battery the script names (`battery KIND`), or None."""
    for step in steps:
        if step[0] == "battery" and isinstance(step[1], str):
            return step[1]
    return None


def run(device, steps, on_shot=None):
    for step in steps:
        if step[0] == "hold":
            device.hold(step[1], step[2])
        elif step[0] == "down":
            device.levels |= step[1]
            device.wait(60)
        elif step[0] == "up":
            device.levels &= ~step[1]
            device.wait(60)
        elif step[0] == "choose":
            _choose(device, step[1], step[2])
        elif step[0] == "wait":
            device.wait(step[1])
        elif step[0] == "battery":
            if not isinstance(step[1], str):
                device.vsys = step[1]
        elif on_shot is not None:
            on_shot(step[1], device)


def _choose(device, label, where):
    top = device.app.top
    items = getattr(top, "items", None)
    if items is None:
        raise ScriptError("%s: choose '%s': the screen is not a menu" % (where, label))
    for _ in range(len(items)):
        if top.items[top.sel][0] == label:
            device.hold(1 << B.OK, 80)
            return
        device.hold(1 << B.DOWN, 80)
    raise ScriptError("%s: choose: no row '%s' on this menu" % (where, label))
