"""Title Bout labels (loaded only with the mode, not at boot).

As in ui/lang.py: flat tuples, English here, Russian in titlebout_text_ru.py,
imported only while Russian is chosen; each label line ends with its key.
"""
from dicebox.ui import lang

_KEYS = (
    "red", "blue", "own", "rounds", "start", "rules", "as_doc", "changed", "drawn", "no_cards", "bad_cards",
    "round", "left", "end_round", "next_round", "sheet", "sheet_hint", "total", "won", "draw", "wins",
    "in_round", "answer", "ok_hint", "CF", "PL", "KI", "punch chart", "HP", "KDR1 chart", "KOR chart",
    "count chart", "cut chart", "foul chart", "injury chart", "AGG tie", "starts", "control", "keeps",
    "lands", "misses", "down", "ko", "foul", "warning", "dq", "injury", "cut", "stopped", "nothing", "killer",
    "bell", "KO", "TKO", "DQ", "decision", "q_agg", "q_cf", "q_pl", "q_hp", "q_ki", "q_tie", "q_which",
    "q_punch", "q_kind", "q_kdr", "q_kor", "q_count", "q_count_pts", "q_foul", "q_injury", "q_cut", "plain",
    "kd", "kd_cut", "number", "stop", "three knockdowns", "pts", "rds", "downs", "ok_on",
)

_EN = (
    "Red",                   # red
    "Blue",                  # blue
    "own card (asked)",      # own
    "Rounds",                # rounds
    "Start the bout",        # start
    "Rules",                 # rules
    "as documented",         # as_doc
    "changed",               # changed
    "draw",                  # drawn
    "no cards found",        # no_cards
    "Bad card file",         # bad_cards
    "Round",                 # round
    "left",                  # left
    "End of round",          # end_round
    "OK: round",             # next_round
    "Scoresheet",            # sheet
    "OK: scoresheet",        # sheet_hint
    "total",                 # total
    "rounds",                # won
    "DRAW",                  # draw
    "wins",                  # wins
    "round",                 # in_round
    "OK: answer",            # answer
    "OK: roll",              # ok_hint
    "CF",                    # CF
    "PL",                    # PL
    "KI",                    # KI
    "punch chart",           # punch chart
    "HP",                    # HP
    "KDR1 chart",            # KDR1 chart
    "KOR chart",             # KOR chart
    "count",                 # count chart
    "cut chart",             # cut chart
    "foul chart",            # foul chart
    "injury chart",          # injury chart
    "AGG tie",               # AGG tie
    "starts",                # starts
    "control:",              # control
    "keeps control",         # keeps
    "lands",                 # lands
    "misses",                # misses
    "DOWN, count",           # down
    "KNOCKOUT!",             # ko
    "foul",                  # foul
    "warning",               # warning
    "disqualified",          # dq
    "injury",                # injury
    "cut",                   # cut
    "STOPPED",               # stopped
    "nothing: a miss",       # nothing
    "Killer Instinct x",     # killer
    "the bell",              # bell
    "KO",                    # KO
    "TKO",                   # TKO
    "DQ",                    # DQ
    "decision",              # decision
    "AGG",                   # q_agg
    "CF",                    # q_cf
    "PL",                    # q_pl
    "HP",                    # q_hp
    "KI",                    # q_ki
    "AGG tie: who starts",   # q_tie
    "99/100: which chart",   # q_which
    "card: punch points",    # q_punch
    "card: punch kind",      # q_kind
    "KD chart at KDR1",      # q_kdr
    "KD chart at KOR",       # q_kor
    "count chart: count",    # q_count
    "count chart: points",   # q_count_pts
    "foul chart",            # q_foul
    "injury chart",          # q_injury
    "cut chart",             # q_cut
    "plain",                 # plain
    "KD",                    # kd
    "KD+cut",                # kd_cut
    "number",                # number
    "stop",                  # stop
    "three knockdowns",      # three knockdowns
    "pts",                   # pts
    "rds",                   # rds
    "down",                  # downs
    "OK ▶",                  # ok_on
)


def tt(key):
    s = lang.mode_label(key, _KEYS, _EN, "titlebout_text_ru")
    return key if s is None else s
