"""Arena labels in English and Russian (kept out of ui/lang.py: loaded only in this mode)."""
from dicebox.ui import lang

_T = {
    "duel": ("Duel", "Поединок"),
    "cup": ("Tournament", "Турнир"),
    "fighters": ("Fighters", "Бойцы"),
    "new": ("+ New fighter", "+ Новый боец"),
    "edit": ("Edit", "Изменить"),
    "delete": ("Delete", "Удалить"),
    "delete_q": ("Delete fighter?", "Удалить бойца?"),
    "name": ("Name", "Имя"),
    "save": ("Save", "Сохранить"),
    "name_hint": ("UP/DN letter  OK next", "ВВЕРХ/ВНИЗ  OK далее"),
    "name_hint2": ("hold OK: end here", "держать OK: конец"),
    "left": ("%d points left", "осталось %d"),
    "sum_bad": ("Stats must sum to 24: %d left.", "Сумма должна быть 24: осталось %d."),
    "name_taken": ("The name %s is taken.", "Имя %s занято."),
    "full": ("The roster is full (%d).", "Список полон (%d)."),
    "health": ("Health", "Здоровье"),
    "rules": ("Rulings", "Правила"),
    "start": ("Start", "Начать"),
    "size": ("Fighters", "Бойцов"),
    "pick": ("Pick %d/%d", "Выбор %d/%d"),
    "pick_more": ("Pick %d fighters.", "Выберите %d бойцов."),
    "ok_step": ("OK step  hold OK auto", "OK шаг  держать: авто"),
    "ok_bracket": ("OK: bracket", "OK: сетка"),
    "wins": ("%s wins", "Победил %s"),
    "tie": ("Tie", "Ничья"),
    "champion": ("Champion", "Чемпион"),
    "round": ("Round %d", "Раунд %d"),
    "in_history": ("That match is in History.", "Этот бой уже в Истории."),
    "roster_error": ("Fighters file", "Файл бойцов"),
}

_STAT_NAMES = (("Power", "Сила"), ("Toughness", "Выносливость"), ("Agility", "Ловкость"), ("Special", "Особое"))


def t(key):
    pair = _T.get(key)
    if pair is None:
        return lang.t(key)
    return pair[1] if lang.LANG[0] == "ru" else pair[0]


def stat(i):
    return _STAT_NAMES[i][1 if lang.LANG[0] == "ru" else 0]
