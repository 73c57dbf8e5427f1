"""Russian Title Bout labels in text._TABLE's order; imported only while Russian is chosen."""

LABELS = (
    "Раунд",                   # round
    "ост.",                    # left
    "Красный",                 # red
    "Синий",                   # blue
    "CF",                      # CF
    "PL",                      # PL
    "HP",                      # HP
    "попал",                   # lands
    "держит контроль",         # keeps
    "мимо",                    # misses
    "начинает",                # starts
    "контроль:",               # control
    "джеб",                    # p_jab
    "кросс",                   # p_cross
    "хук",                     # p_hook
    "апперкот",                # p_uppercut
    "оверхенд",                # p_overhand
    "НОКДАУН, счёт",           # down
    "KI",                      # KI
    "равная AGG",              # AGG tie
    "таблица ударов",          # punch chart
    "таблица KDR1",            # KDR1 chart
    "таблица KOR",             # KOR chart
    "счёт",                    # count chart
    "рассечения",              # cut chart
    "фолы",                    # foul chart
    "травмы",                  # injury chart
    "фол",                     # foul
    "травма",                  # injury
    "рассечение",              # cut
    "без рассечения",          # no_cut
    "ничего: промах",          # nothing
    "предупр.",                # warning
    "дисквалиф.",              # dq
    "ОСТАНОВЛЕН",              # stopped
    "НОКАУТ!",                 # ko
    "Инстинкт убийцы ×",       # killer
    "гонг",                    # bell
    "Конец раунда",            # end_round
    "очки",                    # pts
    "раунды",                  # rds
    "ОК ▶",                    # ok_on
    "ОК: раунд",               # next_round
    "ОК: ответ",               # answer
    "ОК: бросок",              # ok_hint
    "побеждает",               # wins
    "НИЧЬЯ",                   # draw
    "своя карта (вопросы)",    # own
    "Раунды",                  # rounds
    "Начать бой",              # start
    "Правила",                 # rules
    "по описанию",             # as_doc
    "изменено",                # changed
    "ничья",                   # drawn
    "нет карт",                # no_cards
    "Ошибка в карте",          # bad_cards
    "Протокол",                # sheet
    "ОК: протокол",            # sheet_hint
    "всего",                   # total
    "раунды",                  # won
    "раунд",                   # in_round
    "КО",                      # KO
    "ТКО",                     # TKO
    "дискв.",                  # DQ
    "по очкам",                # decision
    "AGG",                     # q_agg
    "CF",                      # q_cf
    "PL",                      # q_pl
    "HP",                      # q_hp
    "KI",                      # q_ki
    "AGG равны: кто начнёт",   # q_tie
    "99/100: какая таблица",   # q_which
    "карта: очки удара",       # q_punch
    "карта: вид удара",        # q_kind
    "нокдаун по KDR1",         # q_kdr
    "нокаут по KOR",           # q_kor
    "счёт: до скольки",        # q_count
    "счёт: очки",              # q_count_pts
    "таблица фолов",           # q_foul
    "таблица травм",           # q_injury
    "таблица рассечений",      # q_cut
    "обычный",                 # plain
    "KD",                      # kd
    "KD+рассеч.",              # kd_cut
    "число",                   # number
    "стоп",                    # stop
    "три нокдауна",            # three knockdowns
    "нокдауны",                # downs
    "Таблицы",                 # charts
    "встроенные",              # builtin
    "10-очк",                  # ten
    "Н нокд Р расс Ф фол",     # legend
    "карта не сохранена",      # not_saved
    "Имя",                     # name
    "ВВЕРХ/ВНИЗ  ОК далее",    # name_hint
    "держи ОК: конец",         # name_hint2
    "Равная AGG",              # r_agg_tie
    "Провал CF",               # r_lose_control
    "99/100",                  # r_foul_chart
    "Бросок KI",               # r_ki_roll
    "Часы при KI",             # r_ki_clock
    "Время",                   # r_round_end
    "Новый раунд",             # r_round_start
    "Решение",                 # r_decision
    "3 нокдауна КО",           # r_three_knockdowns
    "переброс",                # v_roll
    "красный",                 # v_red
    "судья",                   # v_ask
    "атака",                   # v_attack
    "бросок CF",               # v_cf
    "фол/травма",              # v_split
    "фолы",                    # v_foul
    "травмы",                  # v_injury
    "как PL",                  # v_pl
    "таблица",                 # v_punch
    "доиграть",                # v_finish
    "сразу гонг",              # v_bell
    "тот же",                  # v_carry
    "по AGG",                  # v_agg
    "раунды",                  # v_rounds
    "очки",                    # v_points
    "р",                       # r_short
    "—",                       # versus
    "Карты вручную",           # r_assisted
    "Равенство",               # r_tie_break
    "10-балльная",             # v_ten
    "ничья",                   # v_none
    "доп. счёт",               # v_next
    "НРФ",                     # marks
    "ТБ Р%d",                  # tb_round
)
