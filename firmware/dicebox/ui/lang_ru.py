"""Russian labels, in the order of lang._KEYS (the comment names the key).
Imported only when Russian is chosen (lang.set_lang)."""

LABELS = (
    "Кости",                 # dice
    "Титульный бой",         # titlebout
    "Судья LARP",            # larp
    "Арена",                 # arena
    "История",               # history
    "Настройки",             # settings
    "Продолжить бой",        # resume
    "сид",                   # seed
    "OK: бросок",            # roll_hint
    "держать OK: формула",   # edit_hint
    "ОРЁЛ",                  # heads
    "РЕШКА",                 # tails
    "(пока пусто)",          # empty
    "Сид",                   # seed_source
    "аппаратный",            # hardware
    "заданный",              # fixed
    "Кости",                 # dice_source
    "бросает бокс",          # box
    "свои кости",            # table
    "Контраст",              # contrast
    "Сон",                   # sleep_s
    "Звук",                  # sound
    "Язык",                  # lang
    "Шаг OK",                # step
    "бросок",                # roll
    "обмен",                 # exchange
    "вкл",                   # on
    "выкл",                  # off
    "никогда",               # never
    "English",               # en
    "Русский",               # ru
    "Заданный сид",          # fixed_seed
    "Отменить ввод?",        # undo_q
    "Выйти из боя?",         # leave_q
    "Он сохранится.",        # leave_note
    "OK да  BACK нет",       # yes_no
    "Отменено",              # undone
    "Бросьте",               # roll_for
    "Выражение",             # expr
    "ВВЕРХ/ВНИЗ  OK далее",  # expr_hint
    "бросков",               # rolls
    "Внимание",              # notice
    "Ошибка",                # error
    "BACK: выход",           # back_hint
)
