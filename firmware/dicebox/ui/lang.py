"""Labels in English and Russian; the Settings language picks the column."""

_T = {
    "dice": ("Dice", "Кости"),
    "titlebout": ("Title Bout", "Титульный бой"),
    "larp": ("LARP judge", "Судья LARP"),
    "arena": ("Arena", "Арена"),
    "history": ("History", "История"),
    "settings": ("Settings", "Настройки"),
    "resume": ("Resume fight", "Продолжить бой"),
    "seed": ("seed", "сид"),
    "roll_hint": ("OK: roll", "OK: бросок"),
    "edit_hint": ("hold OK: expression", "держать OK: формула"),
    "heads": ("HEADS", "ОРЁЛ"),
    "tails": ("TAILS", "РЕШКА"),
    "empty": ("(nothing yet)", "(пока пусто)"),
    "seed_source": ("Seed", "Сид"),
    "hardware": ("hardware", "аппаратный"),
    "fixed": ("fixed", "заданный"),
    "dice_source": ("Dice", "Кости"),
    "box": ("box rolls", "бросает бокс"),
    "table": ("table dice", "свои кости"),
    "contrast": ("Contrast", "Контраст"),
    "sleep_s": ("Sleep", "Сон"),
    "sound": ("Sound", "Звук"),
    "lang": ("Language", "Язык"),
    "step": ("OK steps", "Шаг OK"),
    "roll": ("one roll", "бросок"),
    "exchange": ("exchange", "обмен"),
    "on": ("on", "вкл"),
    "off": ("off", "выкл"),
    "never": ("never", "никогда"),
    "en": ("English", "English"),
    "ru": ("Русский", "Русский"),
    "fixed_seed": ("Fixed seed", "Заданный сид"),
    "undo_q": ("Undo last input?", "Отменить ввод?"),
    "leave_q": ("Leave the fight?", "Выйти из боя?"),
    "leave_note": ("It stays saved.", "Он сохранится."),
    "yes_no": ("OK yes  BACK no", "OK да  BACK нет"),
    "undone": ("Undone", "Отменено"),
    "roll_for": ("Roll", "Бросьте"),
    "expr": ("Expression", "Выражение"),
    "expr_hint": ("UP/DN change  OK next", "ВВЕРХ/ВНИЗ  OK далее"),
    "rolls": ("rolls", "бросков"),
    "notice": ("Notice", "Внимание"),
    "error": ("Error", "Ошибка"),
    "back_hint": ("BACK: leave", "BACK: выход"),
}

LANG = ["en"]


def set_lang(code):
    LANG[0] = code


def t(key):
    pair = _T.get(key)
    if pair is None:
        return key
    return pair[1] if LANG[0] == "ru" else pair[0]
