"""Russian arena labels, in the order of arena_text._KEYS (the comment names
the key). Imported only while Russian is chosen. "Победа за %s", not
"Победил %s": a past-tense verb has a gender (docs/rules/arena.md, U12)."""

LABELS = (
    "Поединок",                             # duel
    "Турнир",                               # cup
    "Бойцы",                                # fighters
    "+ Новый боец",                         # new
    "Изменить",                             # edit
    "Удалить",                              # delete
    "Удалить бойца?",                       # delete_q
    "Имя",                                  # name
    "Сохранить",                            # save
    "ВВЕРХ/ВНИЗ  ОК далее",                 # name_hint
    "держать ОК: конец",                    # name_hint2
    "очки: %d",                             # left
    "Сумма должна быть 24: осталось %d.",   # sum_bad
    "Имя %s занято.",                       # name_taken
    "Список полон (%d).",                   # full
    "Здоровье",                             # health
    "Правила",                              # rules
    "Начать",                               # start
    "Бойцов",                               # size
    "Выбор %d/%d",                          # pick
    "Выберите %d бойцов.",                  # pick_more
    "ОК шаг  держать: авто",                # ok_step
    "ОК: сетка",                            # ok_bracket
    "Победа за %s",                         # wins
    "Ничья",                                # tie
    "Чемпион",                              # champion
    "Раунд %d",                             # round
    "Этот бой уже в Истории.",              # in_history
    "Файл бойцов",                          # roster_error
    "кости",                                # dice_rolled
    "М%d В%d",                              # clock
)

STATS = ("Сила", "Выносливость", "Ловкость", "Особое")
