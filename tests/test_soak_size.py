"""The soak knob: `make soak` (DICEBOX_SOAK=1) must collect every hardening test
at full size, whatever a size is (a count, a stride, a list of modes or seeds)."""
import hardening


def test_soak_sizes(monkeypatch):
    monkeypatch.setattr(hardening, "SOAK", True)
    monkeypatch.setattr(hardening, "PERCENT", 100)
    assert hardening.size(150, 2500) == 2500
    assert hardening.size(["ops", "blocks-tear"], ["ops", "tear", "blocks", "blocks-tear"]) == [
        "ops", "tear", "blocks", "blocks-tear"]
    assert hardening.size(("3",), ("3", "4")) == ("3", "4")
    assert hardening.size(7, 1) == 1  # every 7th cut point at test size, every one at soak size
    assert hardening.size("16M", "32M") == "32M"
    monkeypatch.setattr(hardening, "PERCENT", 40)  # CI's slice: counts scale, never below the test size
    assert hardening.size(150, 2500) == 1000
    assert hardening.size(150, 200) == 150
    assert hardening.size(7, 1) == 1


def test_test_sizes(monkeypatch):
    monkeypatch.setattr(hardening, "SOAK", False)
    assert hardening.size(150, 2500) == 150
    assert hardening.size(7, 1) == 7
    assert hardening.size(("3",), ("3", "4")) == ("3",)
