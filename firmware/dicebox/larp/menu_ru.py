"""Russian LARP labels, in the order of larp_ui._TABLE (the comment names the
key). Imported only while Russian is chosen."""

LABELS = (
    "НОКАУТ",                  # knockout
    "НИЧЬЯ",                   # draw
    "РЕШЕНИЕ",                 # decision
    "Раунд",                   # round
    "Боец",                    # boxer
    "Чемпион",                 # champion
    "орёл",                    # heads
    "решка",                   # tails
    "Вызываю тебя на бой!",    # challenge
    "Принимаю вызов",          # accept
    "Отказ",                   # refuse
    "Атака",                   # attack
    "Защита",                  # defence
    "атака не прошла",         # fails
    "помощь оказана",          # help
    "умирает",                 # dies
    "остаётся тяжело ранен",   # stays
    "ОК",                      # ack
    "счёт",                    # count
    "держи ОК,",               # hold
    "голова",                 # z0
    "челюсть",                # z1
    "ухо",                    # z2
    "корпус",                 # z3
    "рёбра",                  # z4
    "живот",                  # z5
    "ХА!",                    # r0
    "ОХ!",                    # r1
    "УУУХ!",                  # r2
    "БЛОК!",                  # r3
    "промах",                 # h0
    "левая рука",             # h1
    "правая рука",            # h2
    "левая нога",             # h3
    "правая нога",            # h4
    "корпус",                 # h5
    "голова",                 # h6
    "конечность",             # h7
    "лёгкая",                 # b1
    "тяжёлая",                # b2
    "смертельная",            # b3
    "лёгкая",                 # s1
    "тяжёл.",                 # s2
    "смерт.",                 # s3
    "мёртв",                  # s4
    "тяж.до конца",           # s5
    "Ролевая игра",           # larp
    "Бокс",                   # boxing
    "Дуэль",                  # duel
    "Огнестрел",              # shoot
    "Кулуарка",               # stealth
    "Ранения",                # wounds
    "идут",                   # running
    "Цель",                   # target
    "конечность?",            # choose_limb
    "корпус/голова?",         # choose_bh
    "не в списке",            # not_listed
    "выстрел",                # shot
    "ОК: начать счёт",        # count_ok
    "ОК: СТОП",               # stop_ok
    "атака доведена",         # completed
    "цикл",                   # cycle
    "К",                      # L
    "Т",                      # B
    "Г",                      # H
    "ОК: бросок",             # roll_ok
    "Победа: %d",             # wins
    "БОЯ НЕТ",                # no_duel
    "Победы нет",             # no_winner
    "никто не победил",       # nobody
    "Холодное оружие",        # melee
    "Дуэль на пистолетах",    # gun_duel
    "ранение в голову",       # m_head
    "2 ранения в корпус",     # m_body
    "4 конечности ранены",    # m_limbs
    "один цикл",              # m_firearms
    "Стреляет: монета",       # shoots_coin
    "Стреляет: вызвавший",    # shoots_challenger
    "монета: стреляет %d",    # coin_shoots
    "монета: атакует %d",     # coin_attacks
    "атакует первым",         # first
    "чтобы увидеть порядок",  # shows
    "отпусти: скрыто",        # release
    "▲▼ боец  НАЗАД: бой",    # next_boxer
    "держи ОК: БЛОК!",        # hold_block
    "держи ВВЕРХ: порядок",   # hold_see
    "было",                   # was
    "счёт",                   # score
    "Карт",                   # cards
    "Начать",                 # start
    "нет",                    # none
    "скрыт: бой идёт",        # in_bout
    "уже показан",            # seen_once
    "СУДЬЯ",                  # judge
    "судья: держи ОК",        # judge_hold
    "решение судьи",          # judge_note
    "судья показал %d р.",    # judged
    "Снова бойцу %d?",        # judge_q
    "В список ранений?",      # to_tracker
    "Кто дуэлянт %d?",        # who_is
    "Новая сессия",           # new_session
    "Участники",              # participants
    "список",                 # roster
    "Лёгкая, мин",            # light_min
    "Тяжёлая, мин",           # heavy_min
    "+ ранение",              # add
    "Первая помощь",          # aid
    "Вылечен",                # heal
    "Персонаж умирает",       # w_dies
    "Тяжёлое до конца",       # w_stays
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
    "1-я пом.: лёгкие раны",  # aid_light
    "1-я пом.: любые раны",   # aid_any
)
