"""Russian labels, in the order of lang._KEYS (the comment names the key).
Imported only when Russian is chosen (lang.set_lang)."""

LABELS = (
    "Кости",                 # dice
    "Титульный бой",         # titlebout
    "Судья ролевой игры",    # larp
    "Арена",                 # arena
    "История",               # history
    "Настройки",             # settings
    "Продолжить бой",        # resume
    "зерно",                 # seed
    "ОК: бросок",            # roll_hint
    "держать ОК: формула",   # edit_hint
    "ОРЁЛ",                  # heads
    "РЕШКА",                 # tails
    "(пока пусто)",          # empty
    "Зерно",                 # seed_source
    "от прибора",            # hardware
    "заданное",              # fixed
    "Кости",                 # dice_source
    "прибор",                # box
    "на столе",              # table
    "Контраст",              # contrast
    "Сон",                   # sleep_s
    "Звук",                  # sound
    "Язык",                  # lang
    "Шаг ОК",                # step
    "бросок",                # roll
    "обмен",                 # exchange
    "вкл",                   # on
    "выкл",                  # off
    "никогда",               # never
    "English",               # en
    "Русский",               # ru
    "Заданное зерно",        # fixed_seed
    "Отменить ввод?",        # undo_q
    "Выйти из боя?",         # leave_q
    "Он сохранится.",        # leave_note
    "ОК да  НАЗАД нет",      # yes_no
    "Отменено",              # undone
    "Бросьте",               # roll_for
    "Формула",               # expr
    "ВВЕРХ/ВНИЗ  ОК далее",  # expr_hint
    "бросков",               # rolls
    "Внимание",              # notice
    "Ошибка",                # error
    "НАЗАД: выход",          # back_hint
    "с",                     # sec
    "идут ранения",          # wounds_on
    "бросков назад: %d",     # undo_rolls
    "монета",                # coin
    "АБ",                    # sides
)
