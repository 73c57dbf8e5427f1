"""Russian words of the arena rulings screen in edit._TABLE's order; imported only while Russian is
chosen and the rulings are open."""

LABELS = (
    "Оглушение",            # stun
    "порог -1",             # stun=harder
    "бросок -1",            # stun=literal
    "Эффекты",              # effects
    "по таблице",           # effects=table
    "по тексту",            # effects=text
    "оба",                  # effects=both
    "Кто ниже",             # lower
    "по броску",            # lower=die
    "по запасу",            # lower=margin
    "Мины",                 # pass
    "каждая клетка",        # pass=every
    "конец отброса",        # pass=land
    "2-й обвал",            # crumble
    "сужает",               # crumble=shrink
    "ничего",               # crumble=once
    "Вампир-ничья",         # vampire_tie
    "оба",                  # vampire_tie=both
    "бросок",               # vampire_tie=rolloff
    "Мина+кристалл",        # share
    "врозь",                # share=no
    "можно",                # share=yes
)
