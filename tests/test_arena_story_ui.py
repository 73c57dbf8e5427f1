"""The Arena's story mode on the box, pressed through the simulated buttons:
from the Arena menu to the end, a power cut mid-ladder, History, Russian."""
import pytest
from conftest import imports_during

from dicebox import buttons as B
from dicebox.arena import story as S
from dicebox.core import record
from dicebox.store import Store
from dicebox.ui import lang
from host_sim import story as host_story
from test_arena_ui import choose, device, open_arena, top


def start_story(d, fighter=None):
    open_arena(d)
    choose(d, "Story")
    assert top(d) == "StorySetUp"
    if fighter:
        choose(d, "Fighter", fighter)
    choose(d, "Start")
    assert top(d) == "StoryScreen"
    return d.app.top


def view(d):
    """The story's view: 0 a fight (StoryFight), 1 a tale, 2 a card, 3 the end (StoryScreen)."""
    return 0 if top(d) == "StoryFight" else getattr(d.app.top, "view", None)


def play_on(d, s, until=None, most=400):
    """OK through the story (the policy's reward when one is asked) until `until`(game) or the end."""
    game = s.session.game
    for _ in range(most):
        if until is not None and until(game):
            return
        if top(d) == "Reward":
            want = host_story.choose(game.road)
            rows = d.app.top.items
            for i, (text, _) in enumerate(rows):
                if (want == S.HEALTH and i == len(rows) - 1) or (want != S.HEALTH and text.startswith(
                        "+1 %s" % ("Power", "Toughness", "Agility", "Special")[want - 1])):
                    d.app.top.sel = i
                    break
            d.press(B.OK)
            continue
        if view(d) == 3:  # END
            return
        d.press(B.OK, 900 if view(d) == 0 and not game.between() else 80)
    raise AssertionError("the story did not end")


@pytest.fixture(autouse=True)
def english():
    lang.set_lang("en")
    yield
    lang.set_lang("en")


def test_a_story_from_the_arena_menu_to_history():
    import sys

    from dicebox import forget

    for name in [n for n in sys.modules if n.startswith(("dicebox.arena.story", "dicebox.arena.play"))]:
        forget(name)  # loaded by another test: Home would take them for its own boot modules and keep them
    d = device(seed=9)
    loaded = imports_during(start_story, d)
    assert "dicebox.arena.story" in loaded and "dicebox.arena.story_play" in loaded
    assert "dicebox.arena.play" not in loaded  # a card needs none of the fight screen's code
    s = d.app.top
    g = s.game
    assert s.view == 2 and s.title()[0] == "Rival 1/5"  # the first rival's card
    fight_code = ("dicebox.arena.words", "dicebox.arena.play", "dicebox.arena.story_fight")
    d.wait(300)  # the card read: its fight screen's code loads meanwhile, a module a loop pass
    assert all(n in sys.modules for n in fight_code)
    before = set(sys.modules)
    fight = imports_during(d.press, B.OK)  # the fight: its screen's code, loaded already; the story's words go
    assert top(d) == "StoryFight" and "dicebox.arena.story_fight" in fight and not set(sys.modules) - before
    assert "dicebox.arena.story_text" not in __import__("sys").modules
    assert s.page[0].startswith(S.CAST[g.road.rungs[0][0]][0] + " ")
    rec = s.session.rec
    assert rec.ruleset == "arena_story" and rec.options["fighter"] == ["Even", [6, 6, 6, 6]]
    play_on(d, s)
    s = d.app.top
    assert s.done and g.result() is not None and d.store.current() is None
    assert "dicebox.arena.play" not in __import__("sys").modules  # the tales and the end run without it
    (ident, summary), = d.store.history()
    assert summary.startswith("Story: Even ")
    # the History entry is the whole story: it replays to the same tale, which its transcript tells
    hrec = record.loads(d.store.history_record(ident))
    assert hrec.inputs == rec.inputs
    again = record.replay(hrec)
    text = list(record.lines(again, hrec))
    told = host_story.story_lines(record.replay(hrec))
    assert all(any(t in line for line in text) for t in told if t)
    # the end view is the whole story
    assert s.page[0].startswith("Rival 1/5: ") and any("Goal" in line for line in s.page)
    d.press(B.OK)
    assert top(d) == "StorySetUp"  # the set-up it was started from comes back
    loaded = imports_during(choose, d, "Start")  # the story's code was dropped with it: loaded again
    assert "dicebox.arena.story_play" in loaded and "dicebox.arena.story_text" in loaded


def test_the_same_seed_on_the_box_and_the_host_tells_the_same_story():
    d = device(seed=9)
    s = start_story(d)
    play_on(d, s)
    s = d.app.top
    # the box chose as the host's policy does: the host tells the same story from the same seed
    rec, game = host_story.play(s.session.rec.seed, "Even", (6, 6, 6, 6))
    assert rec.inputs == s.session.rec.inputs
    assert host_story.story_lines(game) == host_story.story_lines(s.game)


def test_a_power_cut_mid_ladder_resumes_the_story(tmp_path):
    d = device(Store(str(tmp_path)), seed=21)
    s = start_story(d)
    play_on(d, s, until=lambda g: g.road.rung >= 1 or g.road.chances < 3)
    d.press(B.OK)  # a step more: a card, a tale or a fight under way
    s = d.app.top
    state = s.game.state()
    rec = s.session.rec.dumps()
    d.app.settle()
    d2 = device(Store(str(tmp_path)))  # power back: straight into the story
    s2 = d2.app.top
    assert top(d2) == top(d) and s2.game.state() == state and s2.session.rec.dumps() == rec
    play_on(d2, s2)
    assert d2.app.top.done and len(d2.store.history()) == 1


def test_left_mid_story_it_resumes_from_home_under_its_own_label(tmp_path):
    d = device(Store(str(tmp_path)), seed=4)
    start_story(d)
    d.press(B.OK)  # the first fight: initiative
    d.press(B.OK)
    d.press(B.BACK)
    d.press(B.OK)  # leave? yes: kept
    while top(d) != "Home":
        d.press(B.BACK)
    labels = [label for _, label in d.store.unfinished()]
    assert labels == ["Story: Even 1/5"]
    rows = [i[0] for i in d.app.top.items]
    assert "\u25b6 Story: Even 1/5" in rows
    d.app.top.sel = rows.index("\u25b6 Story: Even 1/5")
    d.press(B.OK)
    assert top(d) == "StoryFight" and d.app.top.game.road.rung == 0 and d.app.top.game.match.moment == 1


@pytest.mark.parametrize("lg", ("en", "ru"))
def test_a_fight_left_is_kept_under_the_tales_label_without_the_storys_words(lg):
    import sys

    from dicebox import forget

    for name in [n for n in sys.modules if n.startswith("dicebox.arena.story")]:
        forget(name)  # loaded by another test: Home would keep them as its boot modules
    lang.set_lang(lg)
    d = device(seed=4)
    start_story(d)
    d.press(B.OK)  # the first fight: initiative
    assert top(d) == "StoryFight" and "dicebox.arena.story_play" not in sys.modules
    fight = d.app.top
    d.press(B.BACK)
    loaded = imports_during(d.press, B.OK)  # leave? yes: kept under its label
    assert "dicebox.arena.story_play" not in loaded and "dicebox.arena.story_text" not in loaded
    from dicebox.arena import story_play

    label = story_play.progress(fight.game)  # the label a card or a tale left gives
    assert fight.progress() == label and label.startswith(("Story: ", "Сюжет: "))
    assert [kept for _, kept in d.store.unfinished()] == [label]


def test_russian_screens():
    d = device(seed=9)
    d.app.settings["lang"] = "ru"
    d.app.apply_settings(d.app.settings, save=False)
    d.app.top.build()  # Home: its labels in the language
    choose(d, "Арена")
    choose(d, "Сюжет", "Начать")
    s = d.app.top
    assert s.title()[0] == "Соперник 1/5"
    assert any(line.startswith("Цель: ") for line in s.page)
    play_on(d, s)
    assert any("Соперник" in line for line in d.app.top.page)
    (ident, summary), = d.store.history()
    assert summary.startswith("Сюжет: Even ")


def test_pull_gives_the_story_as_text_and_pdf(tmp_path):
    from host_sim.commands.pull import pull

    data = tmp_path / "data"
    d = device(Store(str(data)), seed=9)
    s = start_story(d)
    play_on(d, s)
    s = d.app.top
    w = pull(str(data), str(tmp_path))
    base = [n for n in w.index if "story-even" in n][0].split()[0]
    told = (tmp_path / (base + ".story.txt")).read_text(encoding="utf-8")
    assert told.splitlines() == host_story.story_lines(s.game)
    assert (tmp_path / (base + ".story.pdf")).read_bytes().startswith(b"%PDF")
    assert (tmp_path / (base + ".story.png")).exists() and (tmp_path / (base + ".txt")).exists()


@pytest.mark.parametrize("code", ["en", "ru"])
def test_every_story_screen_lays_out_with_the_widest_name(code):
    """A whole story, the reward menu and the end included, with a 12-letter
    name of the widest letter, in both languages: nothing cut or overlapping."""
    from dicebox.arena import roster
    from test_layout import checked, collect
    from test_layout import device as layout_device

    d = layout_device(code)
    roster.save(d.store, [("WWWWWWWWWWWW", (9, 9, 3, 3)), ("Even", (6, 6, 6, 6))])
    checker = checked(d, "story " + code)
    choose(d, "Арена" if code == "ru" else "Arena")
    choose(d, "Сюжет" if code == "ru" else "Story")
    choose(d, "Начать" if code == "ru" else "Start")
    seen = set()
    for _ in range(600):
        seen.add((top(d), view(d)))
        if view(d) == 3:
            for _ in range(80):
                d.press(B.DOWN)
            break
        if top(d) == "StoryScreen":
            for _ in range(len(d.app.top.page)):
                d.press(B.DOWN)
        d.press(B.OK)
    problems = [p for p in collect(checker, latin=True) if not p.startswith("Latin 'WWWW")]  # the name itself
    assert not problems, "\n".join(problems)
    assert {("StoryScreen", v) for v in (1, 2, 3)} | {("StoryFight", 0), ("Reward", None)} <= seen


def test_undo_hands_the_story_back_between_its_screens():
    d = device(seed=9)
    s = start_story(d)
    d.press(B.OK)  # initiative: the fight screen
    assert top(d) == "StoryFight"
    d.press(B.BACK, 900)  # undo? yes
    d.press(B.OK)
    assert top(d) == "StoryScreen" and d.app.top.view == 2 and d.app.top.session.rec.inputs == []
    play_on(d, d.app.top, until=lambda g: g.road.pending)  # a reward to choose: the fight's end shows first
    assert top(d) == "StoryFight" and d.app.top.game.between()
    d.press(B.OK)  # its tale
    assert top(d) == "StoryScreen" and d.app.top.view == 1
    d.press(B.OK)
    assert top(d) == "Reward"
    d.press(B.OK)  # the first reward: the next card
    s = d.app.top
    assert top(d) == "StoryScreen" and s.view == 2 and s.session.rec.inputs[-1] in (1, 2, 3, 4)
    d.press(B.BACK, 900)  # the reward taken back: its tale again
    d.press(B.OK)
    assert top(d) == "StoryScreen" and d.app.top.view == 1 and d.app.top.game.road.pending
    d.press(B.BACK, 900)  # and the fight's last step: the finished fight goes on again
    d.press(B.OK)
    assert top(d) == "StoryFight" and not d.app.top.game.between()
