# Loads every demo Title Bout card as the device does, on a small heap
# (tests/test_titlebout_ui.py runs it with -X heapsize=72k).
from dicebox import cards

found, errors = cards.index_dir("firmware/data/titlebout/fighters")
for name, path in found:
    cards.load_card(path)
print(len(found), len(errors))
