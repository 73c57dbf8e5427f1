"""Russian Title Bout labels, in the order of titlebout_text._KEYS (the
comment names the key). Imported only while Russian is chosen."""

LABELS = (
    "Красный",                 # red
    "Синий",                   # blue
    "своя карта (вопросы)",    # own
    "Раунды",                  # rounds
    "Начать бой",              # start
    "Правила",                 # rules
    "по описанию",             # as_doc
    "изменено",                # changed
    "ничья",                   # drawn
    "нет карт",                # no_cards
    "Ошибка в карте",          # bad_cards
    "Раунд",                   # round
    "ост.",                    # left
    "Конец раунда",            # end_round
    "OK: раунд",               # next_round
    "Протокол",                # sheet
    "OK: протокол",            # sheet_hint
    "всего",                   # total
    "раунды",                  # won
    "НИЧЬЯ",                   # draw
    "победа",                  # wins
    "раунд",                   # in_round
    "OK: ответ",               # answer
    "OK: бросок",              # ok_hint
    "CF",                      # CF
    "PL",                      # PL
    "KI",                      # KI
    "таблица ударов",          # punch chart
    "HP",                      # HP
    "таблица KDR1",            # KDR1 chart
    "таблица KOR",             # KOR chart
    "счёт",                    # count chart
    "рассечения",              # cut chart
    "фолы",                    # foul chart
    "травмы",                  # injury chart
    "равная AGG",              # AGG tie
    "начинает",                # starts
    "контроль:",               # control
    "держит контроль",         # keeps
    "попал",                   # lands
    "мимо",                    # misses
    "НОКДАУН, счёт",           # down
    "НОКАУТ!",                 # ko
    "фол",                     # foul
    "предупр.",                # warning
    "дисквалиф.",              # dq
    "травма",                  # injury
    "рассечение",              # cut
    "ОСТАНОВЛЕН",              # stopped
    "ничего: промах",          # nothing
    "Инстинкт убийцы x",       # killer
    "гонг",                    # bell
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
    "очки",                    # pts
    "раунды",                  # rds
    "нокдауны",                # downs
    "OK ▶",                    # ok_on
    "Таблицы",                 # charts
    "встроенные",              # builtin
    "10-очк",                  # ten
    "D нокд C расс F фол",     # legend
    "карта не сохранена",      # not_saved
    "Имя",                     # name
    "ВВЕРХ/ВНИЗ  OK далее",    # name_hint
    "держать OK: конец",       # name_hint2
)
