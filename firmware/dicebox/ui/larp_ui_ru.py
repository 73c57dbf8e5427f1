"""Russian LARP labels, in the order of larp_ui._KEYS (the comment names the
key). Imported only while Russian is chosen."""

LABELS = (
    "Ролевая игра",           # larp
    "Бокс",                   # boxing
    "Дуэль",                  # duel
    "Огнестрел",              # shoot
    "Кулуарка",               # stealth
    "Ранения",                # wounds
    "Начать",                 # start
    "Карт",                   # cards
    "нет",                    # none
    "чтобы увидеть порядок",  # shows
    "отпусти: скрыто",        # release
    "▲▼ боец  НАЗАД: бой",    # next_boxer
    "атакует первым",         # first
    "держи ОК: БЛОК!",        # hold_block
    "держи ВВЕРХ: порядок",   # hold_see
    "было",                   # was
    "Победа: %d",             # wins
    "К",                      # L
    "Т",                      # B
    "Г",                      # H
    "счёт",                   # score
    "цикл",                   # cycle
    "Холодное оружие",        # melee
    "Дуэль на пистолетах",    # gun_duel
    "ОК: бросок",             # roll_ok
    "БОЯ НЕТ",                # no_duel
    "никто не победил",       # nobody
    "выстрел",                # shot
    "Цель",                   # target
    "не в списке",            # not_listed
    "конечность?",            # choose_limb
    "корпус/голова?",         # choose_bh
    "ранение в голову",       # m_head
    "2 ранения в корпус",     # m_body
    "4 конечности ранены",    # m_limbs
    "один цикл",              # m_firearms
    "ОК: начать счёт",        # count_ok
    "ОК: СТОП",               # stop_ok
    "доведена",               # completed
    "В список ранений?",      # to_tracker
    "Кто дуэлянт %d?",        # who_is
    "Новая сессия",           # new_session
    "Участники",              # participants
    "список",                 # roster
    "Лёгкое, мин",            # light_min
    "Тяжёлое, мин",           # heavy_min
    "+ ранение",              # add
    "Первая помощь",          # aid
    "Вылечен",                # heal
    "Персонаж умирает",       # dies
    "Тяжёлое до конца",       # stays
    "Закончить сессию",       # end_session
    "Закончить сессию?",      # end_q
    "ранений нет",            # no_wounds
    "выбор",                  # choose
    "помощь",                 # helped
    "Начать список ранений?", # session_q
    "Медпомощь",              # medic
    "1-я пом.",               # aid_short
    "медпом.",                # medic_short
    "ранение",                # wound_n
    "ранений: %d",            # wounds_n
    "Стреляет: монета",       # shoots_coin
    "Стреляет: вызвавший",    # shoots_challenger
    "монета: стреляет %d",    # coin_shoots
    "монета: атакует %d",     # coin_attacks
    "СУДЬЯ",                  # judge
    "Снова бойцу %d?",        # judge_q
    "решение судьи",          # judge_note
    "скрыт: бой идёт",        # in_bout
    "уже показан",            # seen_once
    "судья: держи ОК",        # judge_hold
    "судья показал %d р.",    # judged
    "1-я помощь: лёгкие",     # aid_light
    "1-я помощь: любые",      # aid_any
    "идут",                   # running
    "Победы нет",             # no_winner
)
