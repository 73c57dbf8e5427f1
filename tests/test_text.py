"""Fonts, font build and the text renderer on the host canvas."""
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT, ROOT / "firmware", ROOT / "tools"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

from host_sim import fb  # noqa: E402
import build_fonts  # noqa: E402
from dicebox.ui import text as T  # noqa: E402


def pixels(c, x0=0, y0=0, x1=128, y1=64):
    return {(x, y) for y in range(y0, y1) for x in range(x0, x1) if c.pixel(x, y)}


def render(s, x=0, y=0, font=T.SMALL, color=1, bg=0):
    c = fb.Canvas()
    c.fill(bg)
    end = T.draw(c, s, x, y, font, color)
    return c, end


def test_masters_compile_and_fontdata_is_current():
    text, fonts = build_fonts.build()
    assert (ROOT / "firmware/dicebox/ui/fontdata.py").read_text(encoding="utf-8") == text, \
        "fontdata.py is stale: run python tools/build_fonts.py"
    for name, (w, h, adv, ranges, extra, box, data), _ in fonts:
        count = sum(hi - lo + 1 for lo, hi, _ in ranges) + len(extra) // 2  # extra: UTF-16BE code points
        assert len(data) == count * w * ((h + 7) // 8), name


@pytest.mark.parametrize("font,chars", [(T.SMALL, build_fonts.REQUIRED_SMALL),
                                        (T.MEDIUM, build_fonts.REQUIRED_SMALL),
                                        (T.BIG, build_fonts.REQUIRED_BIG)])
def test_required_glyphs_present(font, chars):
    box = font.index(0xFFFD)
    idx = [font.index(ord(c)) for c in chars]
    assert all(i != box for c, i in zip(chars, idx) if c != "\ufffd")
    assert len(set(idx)) == len(idx)  # every character its own glyph


def test_every_glyph_matches_its_master():
    small = build_fonts.parse(str(ROOT / "tools/fonts/small.txt"))
    big = build_fonts.parse(str(ROOT / "tools/fonts/big.txt"))
    for master, font, k in ((small, T.SMALL, 1), (small, T.MEDIUM, 2), (big, T.BIG, 2)):
        for cp, rows in master.glyphs.items():
            c, _ = render(chr(cp), font=font)
            want = {(x, y) for y, r in enumerate(build_fonts.scaled(rows, k))
                    for x, px in enumerate(r) if px == "#"}
            assert pixels(c, 0, 0, font.advance, font.height) == want, "U+%04X" % cp
            assert pixels(c) == want


@pytest.mark.parametrize("font", [T.SMALL, T.MEDIUM, T.BIG])
def test_width_matches_drawing(font):
    s = "0%8" if font is T.BIG else "Ш#Ж@Щ"  # glyphs inked in first and last column
    c, end = render(s, 3, 1, font)
    ink = pixels(c)
    w = T.width(s, font)
    assert end == 3 + w + font.gap == 3 + len(s) * font.advance
    assert min(x for x, _ in ink) == 3 and max(x for x, _ in ink) == 3 + w - 1
    assert T.width("", font) == 0 and T.draw(fb.Canvas(), "", 7, 0, font) == 7


def test_draw_center():
    c = fb.Canvas()
    x = T.draw_center(c, "ОХ!", 10)
    assert x == (128 - T.width("ОХ!")) // 2
    assert pixels(c) == pixels(render("ОХ!", x, 10)[0])


def test_unknown_chars_draw_the_box():
    box = pixels(render("\ufffd")[0])
    assert box
    for s in ("\x00", "\n", "漢", "😀", "\ud800", "ễ", "\x7f"):
        assert pixels(render(s)[0]) == box, repr(s)
    assert pixels(render("?", font=T.BIG)[0]) == pixels(render("\ufffd", font=T.BIG)[0])


def test_never_raises_on_any_str():
    weird = "".join(chr(i) for i in list(range(0, 0x500)) + [0x2000, 0xD800, 0xDFFF, 0xFFFF, 0x10FFFF])
    for font in (T.SMALL, T.MEDIUM, T.BIG):
        T.draw(fb.Canvas(), weird, -50, 3, font)
        T.draw(fb.Canvas(), weird, 0, 0, font, 0)


@pytest.mark.parametrize("font", [T.SMALL, T.MEDIUM, T.BIG])
def test_color0_on_filled_bar(font):
    s = "ЁЖ!1" if font is not T.BIG else "1+2"
    ink, _ = render(s, 2, 3, font)
    c, _ = render(s, 2, 3, font, color=0, bg=1)
    bar = {(x, y) for y in range(64) for x in range(128)}
    assert pixels(c) == bar - pixels(ink)  # glyph pixels cleared, the rest of the bar kept


def test_color1_keeps_background():
    c = fb.Canvas()
    c.fill_rect(0, 0, 128, 4, 1)
    T.draw(c, "ХА", 0, 0)
    assert pixels(c) == {(x, y) for x in range(128) for y in range(4)} | pixels(render("ХА")[0])


@pytest.mark.parametrize("x,y", [(-3, 0), (-11, 5), (124, 2), (125, 60), (10, -5), (-4, -6), (127, 63)])
@pytest.mark.parametrize("font", [T.SMALL, T.MEDIUM, T.BIG])
def test_clipping_draws_the_visible_part(font, x, y):
    s = "Ж8"
    # reference: draw unclipped on a big canvas, then cut out the visible window
    big = fb.FrameBuffer(bytearray(400 * 25), 400, 200, fb.MVLSB)
    T.draw(big, s, 100 + x, 60 + y, font)
    want = {(px - 100, py - 60) for py in range(200) for px in range(400) if big.pixel(px, py)}
    want = {(px, py) for px, py in want if 0 <= px < 128 and 0 <= py < 64}
    c, end = render(s, x, y, font)
    assert end == x + 2 * font.advance
    assert pixels(c) == want


BAD = [
    ("@width 5\n@height 2\n@advance 6\n== U+0041 A\n#...#\n", "t.txt:4: glyph U+0041 has 1 rows, expected 2"),
    ("@width 5\n@height 1\n@advance 6\n== U+0041 A\n#...\n", "t.txt:5: row is 4 wide, expected 5"),
    ("@width 5\n@height 1\n@advance 6\n== U+0041 A\n#####\n== U+FFFD\n#####\n== U+0041\n.....\n",
     "t.txt:8: duplicate code point U+0041 (first at line 4)"),
    ("@width 5\n@height 1\n@advance 6\n== U+0041 B\n#####\n", "t.txt:4: header says U+0041 but shows 'B'"),
    ("@width 5\n@height 1\n@advance 6\n== U+0041\n#####\n#####\n", "t.txt:6: glyph U+0041 has more than 1 rows"),
    ("@width 5\n@height 1\n@advance 6\n== U+0041\n##x##\n", "t.txt:5: row may hold only"),
    ("@width 5\n@height 1\n== U+0041\n#####\n", "t.txt:3: missing @advance"),
    ("@width 5\n@height 1\n@advance 6\n== U+0041\n#####\n", "missing U+FFFD"),
]


@pytest.mark.parametrize("src,msg", BAD)
def test_build_rejects_bad_masters(tmp_path, src, msg):
    path = tmp_path / "t.txt"
    path.write_text(src, encoding="utf-8")
    with pytest.raises(build_fonts.FontError) as e:
        build_fonts.parse(str(path))
    assert str(e.value).replace(str(tmp_path) + "/", "").endswith(msg) or msg in str(e.value)
    assert "t.txt:" in str(e.value)


def test_text_on_a_plain_adafruit_framebuffer():
    """The simulator's display is a plain adafruit FrameBuffer: text lands there as on a Canvas."""
    import adafruit_framebuf

    a = fb.Canvas()
    b = adafruit_framebuf.FrameBuffer(bytearray(1024), 128, 64, adafruit_framebuf.MVLSB)
    T.draw(a, "Ok ✓", 5, 5)
    T.draw(b, "Ok ✓", 5, 5)
    assert a.buf == b.buf and any(a.buf)


def test_save_png(tmp_path):
    c, _ = render("PNG")
    path = fb.save_png(c.buf, str(tmp_path / "x.png"))
    from PIL import Image

    im = Image.open(path)
    assert im.size == (512, 256)
    assert im.getpixel((0, 0)) == 255 and im.getpixel((4 * 4, 0)) == 0  # P's top-left lit, col 4 not
