"""Russian labels of ui/power.py, in the order of its _TABLE (the comment names the key)."""

LABELS = (
    "Батарея садится",                                         # low
    "Осталось %d%%. Скоро замените батареи: всё сохраняется.",  # low_note
    "Батарея почти пуста",                                      # critical
    "Осталось %d%%. Замените сейчас: прибор скоро встанет, всё сохранено.",  # critical_note
    "Батарея разряжена",                                        # empty
    "всё сохранено",                                            # saved
    "Новые батареи:",                                           # swap
    "всё как было",                                             # swap2
)
