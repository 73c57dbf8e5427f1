"""Russian wound kinds and alert words in kinds._TABLE's order; imported only while Russian is chosen."""

LABELS = (
    "нет",                    # 0
    "лёгкая рана",            # 1
    "тяжёлая рана",           # 2
    "смертельная рана",       # 3
    "мёртв",                  # 4
    "тяжёлая до конца",       # 5
    "ТРЕВОГА",                # alert
    "ОК: принято",            # alert_ack
    "рана",                   # wound
)
