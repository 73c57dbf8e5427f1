"""Russian labels in lang._TABLE's order; imported only when Russian is chosen (lang.set_lang)."""

LABELS = (
    "Кости",                 # dice
    "монета",                # coin
    "ОК: бросок",            # roll_hint
    "держи ОК: формула",     # edit_hint
    "ОРЁЛ",                  # heads
    "РЕШКА",                 # tails
    "ОК да  НАЗАД нет",      # yes_no
    "НАЗАД: выход",          # back_hint
    "Формула",               # expr
    "ВВЕРХ/ВНИЗ  ОК далее",  # expr_hint
    "Внимание",              # notice
    "Ошибка",                # error
    "Титульный бой",         # titlebout
    "Судья ролевой игры",    # larp
    "Арена",                 # arena
    "История",               # history
    "Настройки",             # settings
    "Продолжить бой",        # resume
    "\u25b6 ранения",         # wounds_on
    "сид",                   # seed
    "(пока пусто)",          # empty
    "Сид",                   # seed_source
    "от прибора",            # hardware
    "заданный",              # fixed
    "Кости",                 # dice_source
    "прибор",                # box
    "на столе",              # table
    "Яркость",               # contrast
    "Сон",                   # sleep_s
    "Звук",                  # sound
    "Язык",                  # lang
    "Шаг ОК",                # step
    "бросок",                # roll
    "размен",                # exchange
    "вкл",                   # on
    "выкл",                  # off
    "никогда",               # never
    "English",               # en
    "Русский",               # ru
    "Заданный сид",          # fixed_seed
    "Отменить ввод?",        # undo_q
    "Выйти из боя?",         # leave_q
    "Бой сохранится.",       # leave_note
    "Отменено",              # undone
    "Бросьте",               # roll_for
    "бросков",               # rolls
    "с",                     # sec
    "отменит бросков: %d",   # undo_rolls
    "АБ",                    # sides
    "Затемнение",            # dim_s
    "день",                  # daylight
)
