# Loads every demo Title Bout card as the device does, on a small heap
# (tests/test_titlebout_ui.py runs it with -X heapsize=72k): the set-up's list
# with none on the flash yet (every card through the checks), then each card.
from dicebox.titlebout import cardlist
from dicebox.titlebout import cards


class NoList:
    def read_text(self, name):
        return None

    def write_text(self, name, text, more=(), apart=False):
        pass


found, errors = cardlist.index(NoList(), ["firmware/data/titlebout/fighters"])
for name, path in found:
    cards.load_card(path)
print(len(found), len(errors))
