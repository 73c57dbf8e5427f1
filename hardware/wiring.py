"""The wiring picture in docs/hardware.md, drawn from a board file: `make wiring`.

    python hardware/wiring.py [boards/rpi_pico.json] [docs/img/wiring.png]

The GPIOs come from the board file, so the picture shows what `make deploy`
puts on the box; the Pico's header numbers are the Pico datasheet's pinout.
"""
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")  # no display: a file only
import schemdraw  # noqa: E402
import schemdraw.elements as elm  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# Raspberry Pi Pico / Pico 2 header: GPIO -> physical pin (datasheet pinout)
HEADER = {0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15, 12: 16,
          13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27, 22: 29,
          26: 31, 27: 32, 28: 34}


def draw(board, out):
    b = board["buttons"]
    buttons = [(k, b[k]) for k in ("UP", "DOWN", "OK", "BACK", "LEFT", "RIGHT") if b.get(k) is not None]
    i2c = board["i2c"]
    # left side, top first (schemdraw lists a side's pins from the bottom)
    top_first = [("GP%d (SDA)" % i2c["sda"], i2c["sda"], "sda"), ("GP%d (SCL)" % i2c["scl"], i2c["scl"], "scl")]
    top_first += [("GP%d" % gp, gp, name) for name, gp in buttons]
    if board.get("buzzer") is not None:
        top_first.append(("GP%d" % board["buzzer"], board["buzzer"], "buzzer"))
    left = [elm.IcPin(name=n, pin=str(HEADER[gp]), side="left", anchorname=a) for n, gp, a in reversed(top_first)]
    right = [elm.IcPin(name="3V3 OUT", pin="36", side="right", anchorname="v33", pos=0.12),
             elm.IcPin(name="GND", pin="38", side="right", anchorname="gnd", pos=0.4),
             elm.IcPin(name="VSYS", pin="39", side="right", anchorname="vsys", pos=0.7),
             elm.IcPin(name="VBUS", pin="40", side="right", anchorname="vbus", pos=0.92)]
    with schemdraw.Drawing(show=False) as d:
        d.config(fontsize=11, unit=2.5, margin=0.6)
        pico = elm.Ic(pins=left + right, edgepadW=2.2, edgepadH=0.8, pinspacing=1.2, leadlen=1.0)
        d += pico.anchor("center").at((0, 0)).label(board.get("name", "Pico") + "\n(header pin numbers)", loc="top")
        # the display: four wires; the module has its own I2C pull-ups
        oled = elm.Ic(pins=[elm.IcPin(name="SCL", side="right", anchorname="scl"),
                            elm.IcPin(name="SDA", side="right", anchorname="sda"),
                            elm.IcPin(name="VCC", side="top", anchorname="vcc"),
                            elm.IcPin(name="GND", side="bottom", anchorname="gnd")],
                      edgepadW=2.6, edgepadH=1.2, pinspacing=1.2, leadlen=0.6)
        d += oled.anchor("sda").at((pico.sda[0] - 9.5, pico.sda[1])).label(
            "%s OLED\n128x64\nI2C 0x%02X" % (board["display"]["controller"].upper(), board["display"]["addr"]),
            loc="center")
        d += elm.Line().at(oled.sda).to(pico.sda)
        d += elm.Line().at(oled.scl).to(pico.scl)
        d += elm.Vdd().at(oled.vcc).label("3V3 OUT (pin 36)")
        d += elm.Ground().at(oled.gnd)
        # each button: its GPIO to GND; the RP2's internal pull-up holds the pin high
        for name, gp in buttons:
            d += elm.Line().at(getattr(pico, name)).left(1.0)
            d += elm.Button().left().label(name, loc="top")
            d += elm.Line().left(0.5)
            d += elm.Ground()
        if board.get("buzzer") is not None:
            d += elm.Line().at(pico.buzzer).left(1.0)
            d += elm.Crystal().left().label("piezo", loc="top")
            d += elm.Line().left(0.5)
            d += elm.Ground()
        # power: USB on VBUS reaches VSYS through the Pico's own Schottky (D1);
        # the battery is ORed in on VSYS through a second one
        d += elm.Line().at(pico.vbus).right(1.0)
        d += elm.Label().label("USB 5 V (to VSYS through the Pico's D1)", loc="right", halign="left")
        d += elm.Line().at(pico.vsys).right(0.8)
        d += elm.Schottky().right().reverse().label("1N5817", loc="top")
        d += elm.Switch().right().label("on/off", loc="bottom")
        d += elm.Line().right(0.5)
        bat = elm.Battery().down().toy(pico.gnd).label("3 x AA\n(+ up)", loc="bottom", ofst=0.3)
        d += bat
        d += elm.Line().at(pico.gnd).tox(bat.end)
        d += elm.Dot().at(bat.end)
        d += elm.Line().at(bat.end).down(0.6)
        d += elm.Ground()
        d += elm.Line().at(pico.v33).right(1.0)
        d += elm.Label().label("3V3 OUT: OLED VCC only", loc="right", halign="left")
        d.save(out, dpi=110)


def main(argv):
    board_path = argv[0] if argv else os.path.join(ROOT, "boards", "rpi_pico.json")
    out = argv[1] if len(argv) > 1 else os.path.join(ROOT, "docs", "img", "wiring.png")
    with open(board_path, encoding="utf-8") as f:
        draw(json.load(f), out)
    print("wrote", out)


if __name__ == "__main__":
    main(sys.argv[1:])
