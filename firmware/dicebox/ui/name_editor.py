"""A name typed letter by letter with the four buttons, for a mode that gives its own labels."""
from dicebox import buttons
from dicebox.ui import draw, lang, text
from dicebox.ui.app import Screen


class NameEditor(Screen):
    """UP/DOWN change the letter, OK goes on, BACK goes back, a long OK ends the name at the cursor;
    a mode gives its labels (labels()) and the longest name (MAX)."""

    LETTERS = " ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-"
    # in Russian the Russian letters come first, then the Latin ones
    RU = " АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя"
    MAX = 12

    def labels(self):
        """(title, hint, second hint)."""
        raise NotImplementedError

    def __init__(self, app, name, on_done):
        Screen.__init__(self, app)
        ru = lang.LANG[0] == "ru"
        self.letters = self.RU + self.LETTERS[1:] if ru else self.LETTERS
        self.more = "\u0430" if ru else "a"  # a letter added at the end: "а" in Russian
        # a letter not offered (Ł, é) stays as it is until it is changed
        self.chars = list(name[: self.MAX]) or ["A"]
        self.pos = 0
        self.on_done = on_done

    def button(self, b, ev, now):
        app = self.app
        if b in (buttons.UP, buttons.DOWN) and ev in (buttons.PRESS, buttons.REPEAT):
            letters = self.letters
            i = letters.find(self.chars[self.pos])  # -1 for one not offered: UP goes to the first
            self.chars[self.pos] = letters[(i + (1 if b == buttons.UP else -1)) % len(letters)]
            app.redraw()
        elif b == buttons.OK and ev == buttons.CLICK and self.pos + 1 < self.MAX:
            self.pos += 1
            if self.pos == len(self.chars):
                self.chars.append(self.more)
            app.redraw()
        elif b == buttons.OK and ev == buttons.LONG:
            name = "".join(self.chars[: self.pos + 1]).strip()
            app.pop()
            if name:
                self.on_done(name)
        elif b == buttons.BACK and ev == buttons.CLICK:
            if self.pos:
                self.pos -= 1
                app.redraw()
            else:
                app.pop()

    def draw(self, c):
        title, hint, hint2 = self.labels()
        draw.header(c, title, "%d/%d" % (self.pos + 1, self.MAX))
        adv = text.MEDIUM.advance
        first = max(0, self.pos - 9)  # ten whole letters fit: the cursor's is one of them
        for i in range(first, min(len(self.chars), first + 10)):
            x = 2 + (i - first) * adv
            text.draw(c, self.chars[i], x, 20, text.MEDIUM)
            if i == self.pos:
                c.fill_rect(x, 38, adv - 2, 2, 1)
        text.draw_center(c, hint, 46)
        text.draw_center(c, hint2, 55)
