"""The arena fight screen's line for every event the cores log, in Russian, imported only while
Russian is chosen; the fighter first and the present tense, so a line reads right whatever the
fighter's name or sex (docs/rules/arena.md, U12)."""

# Move-table names by die face 1..6, as arena/rules.py ATTACK and DEFEND.
ATTACK = ("Удар", "Сильный удар", "Удар ногой", "Сильный удар ногой", "Захват", "Спецприём")
DEFEND = ("Блок", "Контрудар", "Уклон", "Щит", "Захват", "Спецприём")
# The random events 1..20, as arena/rules.py EVENTS.
EVENTS = (
    "Мина", "Духи павших", "Вспышка", "Зыбкая почва", "Магические удары",
    "Кровавые споры", "Обвал", "Прилив сил", "Нечестный приём", "Скачок времени",
    "Рокировка", "Сшибка", "Обмен ударами", "Двойной рывок", "Война энергий",
    "Целебный кристалл", "Вампир энергии", "Суперконтрудар", "Суперкомбо", "Внезапная смерть",
)
# How a fight ended, by arena/rules.py method code (a tie comes when time runs out).
METHODS = (None, "нокаут", "ринг-аут", "по времени", "внезапная смерть", "по времени")


def _item(code):
    return "мина" if code == 1 else "целебный кристалл"  # arena/rules.py MINE = 1


def say(m, name, a, b, c, face):
    """The line for one logged event of match m (an arena.Game); face is the
    last d20 rolled (a test shows roll/target)."""
    who = m.names
    if name == "moves":
        return "%s — %s" % (ATTACK[b - 1], DEFEND[c - 1])
    if name == "test":
        return "%s %d/%d %s" % (who[a], face, b, "успех" if c else "провал")
    if name == "damage":
        return "%s: -%d, здоровье %d" % (who[a], b, c)
    if name == "init":
        return "%s атакует (%d против %d)" % (who[a], b if a == 0 else c, c if a == 0 else b)
    if name == "init_tie":
        return "инициатива равна (%d): переброс" % a
    if name == "moment":
        return "момент %d (время %d)" % (a, b)
    if name == "stunned_test":
        return "%s: оглушение, проверка -1" % who[a]
    if name == "lower":
        return "меньший бросок: %s" % who[a]
    if name == "heal":
        return "%s: +%d, здоровье %d" % (who[a], b, c)
    if name == "stun":
        return "%s: оглушение" % who[a]
    if name == "switch":
        return "смена: теперь атакует %s" % who[a]
    if name == "knock":
        return "%s отлетает на %d %s" % (who[a], b, "клетку" if b == 1 else "клетки")  # b is 1..3
    if name == "moved":
        return "%s на клетке %d, %s следом на %d" % (who[a], b, who[1 - a], c)
    if name == "ringout":
        return "%s вне арены (клетка %d)" % (who[a], b)
    if name == "mine_blast":
        return "%s: взрыв мины на клетке %d" % (who[a], b)
    if name == "crystal_used":
        return "%s: целебный кристалл на клетке %d" % (who[a], b)
    if name == "placed":
        return "%s на клетке %d" % (_item(a), b)
    if name == "no_space":
        return "нет свободной клетки: %s не ставится" % _item(a)
    if name == "crumble":
        return "арена теперь: клетки %d..%d" % (a, b)
    if name == "crumble_none":
        return "арена больше не рушится"
    if name == "event":
        return "событие %d: %s" % (a, EVENTS[a - 1])
    if name == "swap":
        return "смена мест: %s на %d, %s на %d" % (who[0], a, who[1], b)
    if name == "opposed":
        return "счёт: %s %d, %s %d" % (who[a], b, who[1 - a], c)
    if name == "time":
        return "время %d" % a
    if name == "end":
        if a < 0:
            return "ничья (%s)" % METHODS[b]
        return "%s побеждает (%s)" % (who[a], METHODS[b])
    return "%s %d %d %d" % (name, a, b, c)  # a name this table does not know yet


def say_cup(cup, name, a, b, c):
    """The line for one of the tournament's own events (arena/cup.py)."""
    names = cup.fighters
    if name == "match":
        return "раунд %d: %s — %s" % (a + 1, names[b][0], names[c][0])
    if name == "cup_tie":
        return "%s — %s: ничья (%d), бой заново" % (names[a][0], names[b][0], c)
    if name == "cup_rolloff":
        return "третья ничья: бросок %d против %d" % (b, c)
    if name == "advance":
        return "%s проходит раунд %d" % (names[a][0], b + 1)
    if name == "champion":
        return "%s выигрывает турнир" % names[a][0]
    return "%s %d %d %d" % (name, a, b, c)
