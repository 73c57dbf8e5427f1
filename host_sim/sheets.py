"""Printable pages for what `pull` brings off a box: a Title Bout's scoresheet
and a tournament's bracket, drawn with Pillow, saved as PNG and as a one-page
A4 PDF (Pillow writes the PDF itself)."""
import os

from PIL import Image, ImageDraw, ImageFont

DPI = 150
A4 = (1240, 1754)  # 210 x 297 mm at 150 dpi
MARGIN = 90
_FONTS = (  # a font with Cyrillic (names may be Russian); Pillow's own if none is found
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/Library/Fonts/Arial Unicode.ttf",
    "C:/Windows/Fonts/arial.ttf",
)


def font(size, bold=False):
    for path in _FONTS:
        if bold:
            b = path.replace("DejaVuSans.ttf", "DejaVuSans-Bold.ttf").replace("arial.ttf", "arialbd.ttf")
            if os.path.exists(b):
                return ImageFont.truetype(b, size)
        if os.path.exists(path):
            return ImageFont.truetype(path, size)
    return ImageFont.load_default(size)


def save(img, base):
    """base.png (the drawn part) and base.pdf (it on an A4 page); the paths."""
    png, pdf = base + ".png", base + ".pdf"
    img.save(png)
    page = Image.new("RGB", A4, "white")
    w, h = img.size
    scale = min(1.0, (A4[0] - 2 * MARGIN) / w, (A4[1] - 2 * MARGIN) / h)
    if scale < 1.0:
        img = img.resize((int(w * scale), int(h * scale)), Image.LANCZOS)
    page.paste(img, (MARGIN, MARGIN))
    page.save(pdf, "PDF", resolution=DPI)
    return png, pdf


def _text(d, xy, s, f, fill="black", anchor="la"):
    d.text(xy, s, font=f, fill=fill, anchor=anchor)


_DECISIONS = {"rounds": "rounds won", "points": "points", "ten": "the ten-point must"}


def _marks(game, rnd, side):
    """A round's marks for one corner, as the box's scoresheet: "D C F-1"."""
    n = [game.marks(rnd, side, k) for k in range(4)]
    out = ["D"] * n[0] + ["C"] * n[1] + ["F"] * n[2]
    if n[3] and n[2]:
        out[-1] = "F-%d" % n[3]  # the box's "F-1": the foul that cost the points
    elif n[3]:
        out.append("-%d" % n[3])
    return " ".join(out)


def sheet_lines(game, names, r, done):
    """The scoresheet's lines under the table, (text, size): knockdowns, the
    ten-point card when it decides, the result, the legend."""
    rule = game.options.get("decision")
    lines = [("Knockdowns: %s %d, %s %d" % (names[0], game.knockdowns[0], names[1], game.knockdowns[1]), "mid")]
    if rule == "ten":
        ten = [game.ten_round(i) for i in range(done)]
        lines.append(("Ten-point card: %s %d, %s %d" % (names[0], sum(t[0] for t in ten), names[1],
                                                       sum(t[1] for t in ten)), "mid"))
        lines.append(("  by round: " + "  ".join("%d-%d" % t for t in ten), "small"))
    if r:
        if r.get("winner") is None:
            res = "Draw after round %d" % r["round"]
        else:
            why = " (%s)" % r["reason"] if r.get("reason") else ""
            res = "%s wins by %s%s in round %d" % (r["winner"], r["method"], why, r["round"])
    else:
        res = "Unfinished: round %d, clock %d" % (game.round, game.click)
    lines.append((res, "bold"))
    lines.append(("Under each round: D a knockdown, C a cut, F a foul, -n points deducted;", "small"))
    lines.append(("decision by %s" % _DECISIONS.get(rule, rule), "small"))
    return lines


def scoresheet(rec, game):
    """A Title Bout's scoresheet: points by round with each round's marks,
    totals, knockdowns, the ten-point card when it decides, result."""
    r = game.result() or {}
    names = [f.name if f is not None else "?" for f in game.fighters]
    score = game.score
    rounds = game.rounds
    cols = max(rounds, 1)
    cell, name_w, tot_w = 64, 330, 110
    big, mid, small = font(40, True), font(26), font(22)
    done = game.round if r else game.round - 1  # the round under way counts for no one yet
    sizes = {"mid": mid, "small": small, "bold": font(30, True)}
    lines = [(t, sizes[k]) for t, k in sheet_lines(game, names, r, done)]
    foot = "dicebox record: replay with  dicebox-sim replay FILE.json"
    head = "%s (red) v %s (blue), %d rounds, seed %d" % (names[0], names[1], rounds, rec.seed)
    # wide enough for the table and for every line of text (6 rounds and long names ran off the edge)
    w = max(2 * 40 + name_w + cols * cell + 2 * tot_w,
            80 + int(max([f.getlength(t) for t, f in lines] + [mid.getlength(head), small.getlength(foot)])))
    y_text = 150 + 50 + 2 * 70 + 30
    h = y_text + sum(46 if f is small else 50 for _, f in lines) + 70
    img = Image.new("RGB", (w, h), "white")
    d = ImageDraw.Draw(img)
    _text(d, (40, 30), "Title Bout scoresheet", big)
    _text(d, (40, 88), head, mid)
    top = 150
    x0 = 40 + name_w
    heads = ["R%d" % (i + 1) for i in range(cols)] + ["Total", "Won"]
    for i, label in enumerate(heads):
        x = x0 + (i * cell if i < cols else cols * cell + (i - cols) * tot_w)
        cw = cell if i < cols else tot_w
        _text(d, (x + cw // 2, top + 10), label, small, anchor="ma")
    won = [0, 0]
    for i in range(done):
        if score[0][i] != score[1][i]:
            won[0 if score[0][i] > score[1][i] else 1] += 1
    totals = game.totals()
    right = 40 + name_w + cols * cell + 2 * tot_w
    for side in (0, 1):
        y = top + 50 + side * 70
        d.rectangle((40, y, right, y + 70), outline="black", width=2)
        colour = (170, 0, 0) if side == 0 else (0, 60, 170)
        _text(d, (52, y + 20), names[side], mid, fill=colour)
        for i in range(cols):
            x = x0 + i * cell
            d.line((x, y, x, y + 70), fill="black", width=1)
            if i < game.round and (i < game.round - 1 or game.click or r):
                _text(d, (x + cell // 2, y + 8), str(score[side][i]), mid, anchor="ma")
                _text(d, (x + cell // 2, y + 42), _marks(game, i + 1, side), font(16), anchor="ma")
        x = x0 + cols * cell
        d.line((x, y, x, y + 70), fill="black", width=2)
        _text(d, (x + tot_w // 2, y + 20), str(totals[side]), mid, anchor="ma")
        d.line((x + tot_w, y, x + tot_w, y + 70), fill="black", width=1)
        _text(d, (x + tot_w + tot_w // 2, y + 20), str(won[side]), mid, anchor="ma")
    y = y_text
    for t, f in lines:
        _text(d, (40, y), t, f)
        y += 46 if f is small else 50
    _text(d, (40, h - 50), foot, small, fill=(90, 90, 90))
    return img


def bracket(rec, game):
    """A tournament's bracket: a column per round, each match's winner in bold."""
    names = [f[0] for f in game.fighters]
    rounds = game.bracket()
    results = {}
    for rnd, i, j, w, method in game.results:
        results[(rnd, min(i, j), max(i, j))] = (w, method)  # the last of a tie's rematches stands
    n = len(names)
    col, box_h, gap = 300, 56, 24
    cols = len(rounds) if game.champion >= 0 else len(rounds) + 1
    w = 80 + cols * col
    h = 200 + n * (box_h + gap)
    img = Image.new("RGB", (w, h), "white")
    d = ImageDraw.Draw(img)
    big, mid, bold, small = font(40, True), font(24), font(24, True), font(20)
    _text(d, (40, 30), "Arena tournament: %d fighters" % n, big)
    champ = names[game.champion] if game.champion >= 0 else None
    _text(d, (40, 88), ("Champion: %s" % champ) if champ else "Unfinished", font(28, True))
    top = 160
    centres = [top + k * (box_h + gap) + box_h // 2 for k in range(n)]
    for r, entrants in enumerate(rounds):
        x = 40 + r * col
        _text(d, (x, top - 34), "Champion" if (champ and r == len(rounds) - 1) else "Round %d" % (r + 1), small)
        ys = []
        for k, f in enumerate(entrants):
            y = centres[k] - box_h // 2
            d.rectangle((x, y, x + col - 60, y + box_h), outline="black", width=2)
            won = r + 1 < len(rounds) and f in rounds[r + 1]
            _text(d, (x + 12, y + 14), names[f], bold if won or (champ and r == len(rounds) - 1) else mid)
            ys.append(centres[k])
            if k % 2 == 1 and r < len(rounds) - 1 or (k % 2 == 1 and not champ):
                a, b = entrants[k - 1], f
                res = results.get((r, min(a, b), max(a, b)))
                if res:
                    from dicebox.arena.rules import METHODS

                    # in the gap between the pair's boxes, by the line to the winner
                    _text(d, (x + col - 66, (ys[-2] + ys[-1]) // 2), METHODS[res[1]] or "", small,
                          fill=(90, 90, 90), anchor="rm")
        new = []
        for k in range(0, len(ys) - 1, 2):
            mid_y = (ys[k] + ys[k + 1]) // 2
            d.line((x + col - 60, ys[k], x + col - 30, ys[k], x + col - 30, ys[k + 1], x + col - 60, ys[k + 1]),
                   fill="black", width=2)
            d.line((x + col - 30, mid_y, x + col, mid_y), fill="black", width=2)
            new.append(mid_y)
        centres = new + centres[len(new):]
    _text(d, (40, h - 40), "seed %d; replay with  dicebox-sim replay FILE.json" % rec.seed, small, fill=(90, 90, 90))
    return img


def story(rec, game, lines):
    """An Arena story as the box tells it (host_sim/story.story_lines): the fighter, how it ended, the tale."""
    import textwrap

    big, bold, mid, small = font(40, True), font(28, True), font(24), font(20)
    res = game.result()
    name = game.name
    if res is None:
        head = "Unfinished: rival %d of 5" % (game.road.rung + 1)
    elif res["winner"] is not None:
        head = "Champion of the Arena"
    else:
        head = "The road ended at rival %d of 5" % res["rung"]
    build = rec.options["fighter"][1]
    rows = []
    for line in lines:
        if not line:
            rows.append(("", small))
            continue
        for k, part in enumerate(textwrap.wrap(line, 78)):
            rows.append((part, bold if k == 0 and line.startswith(("Rival ", "Соперник ")) else mid))
    w = 1100
    h = 230 + 34 * len(rows)
    img = Image.new("RGB", (w, h), "white")
    d = ImageDraw.Draw(img)
    _text(d, (40, 30), "Arena story: %s %s" % (name, ",".join(str(v) for v in build)), big)
    _text(d, (40, 88), head, bold)
    y = 150
    for t, f in rows:
        _text(d, (40, y), t, f)
        y += 34
    _text(d, (40, h - 50), "seed %d; replay with  dicebox-sim replay FILE.json" % rec.seed, small, fill=(90, 90, 90))
    return img
