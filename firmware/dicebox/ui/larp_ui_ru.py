"""Russian LARP labels, in the order of larp_ui._KEYS (the comment names the
key). Imported only while Russian is chosen."""

LABELS = (
    "LARP",                   # larp
    "Бокс",                   # boxing
    "Дуэль",                  # duel
    "Огнестрел",              # shoot
    "Кулуарка",               # stealth
    "Раны",                   # wounds
    "Начать",                 # start
    "Карт",                   # cards
    "нет",                    # none
    "свой порядок",           # shows
    "отпусти: скрыто",        # release
    "ВВЕРХ/ВНИЗ  BACK бой",   # next_boxer
    "атакует первым",         # first
    "держи OK: БЛОК!",        # hold_block
    "держи ВВЕРХ: порядок",   # hold_see
    "было",                   # was
    "ПОБЕДА",                 # wins
    "К",                      # L
    "Т",                      # B
    "Г",                      # H
    "счёт",                   # score
    "цикл",                   # cycle
    "Холодное оружие",        # melee
    "Дуэль на пистолетах",    # gun_duel
    "OK: бросок",             # roll_ok
    "БОЯ НЕТ",                # no_duel
    "никто не победил",       # nobody
    "выстрел",                # shot
    "Цель",                   # target
    "не в списке",            # not_listed
    "конечность?",            # choose_limb
    "корпус/голова?",         # choose_bh
    "рана в голову",          # m_head
    "2 раны в корпус",        # m_body
    "4 раны в конечности",    # m_limbs
    "один цикл",              # m_firearms
    "OK: начать счёт",        # count_ok
    "OK: СТОП",               # stop_ok
    "доведена",               # completed
    "В список ран?",          # to_tracker
    "Дуэлянт %d это",         # who_is
    "Новая сессия",           # new_session
    "Участники",              # participants
    "список",                 # roster
    "Лёгкая мин",             # light_min
    "Тяжёлая мин",            # heavy_min
    "+ рана",                 # add
    "Первая помощь",          # aid
    "Вылечен",                # heal
    "Персонаж умирает",       # dies
    "Тяж. ранен до конца",    # stays
    "Закончить сессию",       # end_session
    "Закончить сессию?",      # end_q
    "ран нет",                # no_wounds
    "выбор",                  # choose
    "пом.",                   # helped
    "Начать список ран?",     # session_q
    "Медпомощь",              # medic
    "п.п.",                   # aid_short
    "мед.",                   # medic_short
    "рана",                   # wound_n
    "ран: %d",                # wounds_n
    "Стреляет: монета",       # shoots_coin
    "Стреляет: вызвавший",    # shoots_challenger
    "монета: стреляет %d",    # coin_shoots
    "монета: атакует %d",     # coin_attacks
    "СУДЬЯ",                  # judge
    "Снова бойцу %d?",        # judge_q
    "решение судьи",          # judge_note
    "скрыт: бой идёт",        # in_bout
    "уже показан",            # seen_once
    "судья: держи OK",        # judge_hold
    "судья показал %d р.",    # judged
    "П.п. от: лёгких",        # aid_light
    "П.п. от: любых",         # aid_any
)
