"""Russian arena labels in text._TABLE's order, imported only while Russian is chosen. "Победа за %s",
not "Победил %s": a past-tense verb has a gender (docs/rules/arena.md, U12)."""

LABELS = (
    "М%d В%d",                              # clock
    "ОК шаг  держи: авто",                  # ok_step
    "кости",                                # dice_rolled
    "Победа за %s",                         # wins
    "Ничья",                                # tie
    "ОК: сетка",                            # ok_bracket
    "Раунд %d",                             # round
    "Чемпион",                              # champion
    "Турнир",                               # cup
    "Этот бой уже в Истории.",              # in_history
    "Поединок",                             # duel
    "Здоровье",                             # health
    "Правила",                              # rules
    "Начать",                               # start
    "Бойцы",                                # fighters
    "+ Новый боец",                         # new
    "Изменить",                             # edit
    "Удалить",                              # delete
    "Удалить бойца?",                       # delete_q
    "Имя",                                  # name
    "Сохранить",                            # save
    "ВВЕРХ/ВНИЗ  ОК далее",                 # name_hint
    "держи ОК: конец",                      # name_hint2
    "очки: %d",                             # left
    "Сумма должна быть 24: осталось %d.",   # sum_bad
    "Имя %s занято.",                       # name_taken
    "Список полон (%d).",                   # full
    "Бойцов",                               # size
    "Выбор %d/%d",                          # pick
    "Выберите %d бойцов.",                  # pick_more
    "Файл бойцов",                          # roster_error
    "Сюжет",                                # story
    "Боец",                                 # fighter
    "Р",                                    # round_letter
    "к",                                    # die_letter
)

STATS = ("Сила", "Выносливость", "Ловкость", "Особое")
