"""Title Bout labels (loaded only with the mode, not at boot).

As in ui/lang.py, English here, Russian in titlebout_text_ru.py (imported only
while Russian is chosen), but packed: the keys and the English labels are one
string each, a line a label (each label line ends with its key). A string is
one object on the heap, its text stays in flash with the code; a tuple of 82
strings was 82 objects (~6 KB on the 64-bit unix port). lang.mode_label
reads the packed form.
"""
from dicebox.ui import lang

_KEYS = (
    "\nred\nblue\nown\nrounds\nstart\nrules\nas_doc\nchanged\ndrawn\nno_cards\nbad_cards\nround\nleft\n"
    "end_round\nnext_round\nsheet\nsheet_hint\ntotal\nwon\ndraw\nwins\nin_round\nanswer\nok_hint\nCF\n"
    "PL\nKI\npunch chart\nHP\nKDR1 chart\nKOR chart\ncount chart\ncut chart\nfoul chart\ninjury chart\n"
    "AGG tie\nstarts\ncontrol\nkeeps\nlands\nmisses\ndown\nko\nfoul\nwarning\ndq\ninjury\ncut\nstopped\n"
    "nothing\nkiller\nbell\nKO\nTKO\nDQ\ndecision\nq_agg\nq_cf\nq_pl\nq_hp\nq_ki\nq_tie\nq_which\n"
    "q_punch\nq_kind\nq_kdr\nq_kor\nq_count\nq_count_pts\nq_foul\nq_injury\nq_cut\nplain\nkd\nkd_cut\n"
    "number\nstop\nthree knockdowns\npts\nrds\ndowns\nok_on\ncharts\nbuiltin\nten\nlegend\nnot_saved\nname\nname_hint\nname_hint2\n"
    "no_cut\n"
    "r_agg_tie\nr_lose_control\nr_foul_chart\nr_ki_roll\nr_ki_clock\nr_round_end\nr_round_start\n"
    "r_decision\nr_three_knockdowns\nv_roll\nv_red\nv_ask\nv_attack\nv_cf\nv_split\nv_foul\nv_injury\n"
    "v_pl\nv_punch\nv_finish\nv_bell\nv_carry\nv_agg\nv_rounds\nv_points\nr_short\nversus\n"
    "r_assisted\nr_tie_break\nv_ten\nv_none\nv_next\nmarks\n"
    "p_jab\np_cross\np_hook\np_uppercut\np_overhand\n"
)

_EN = (
    "Red\n"                  # red
    "Blue\n"                 # blue
    "own card (asked)\n"     # own
    "Rounds\n"               # rounds
    "Start the bout\n"       # start
    "Rules\n"                # rules
    "as documented\n"        # as_doc
    "changed\n"              # changed
    "draw\n"                 # drawn
    "no cards found\n"       # no_cards
    "Bad card file\n"        # bad_cards
    "Round\n"                # round
    "left\n"                 # left
    "End of round\n"         # end_round
    "OK: round\n"            # next_round
    "Scoresheet\n"           # sheet
    "OK: scoresheet\n"       # sheet_hint
    "total\n"                # total
    "rounds\n"               # won
    "DRAW\n"                 # draw
    "wins\n"                 # wins
    "round\n"                # in_round
    "OK: answer\n"           # answer
    "OK: roll\n"             # ok_hint
    "CF\n"                   # CF
    "PL\n"                   # PL
    "KI\n"                   # KI
    "punch chart\n"          # punch chart
    "HP\n"                   # HP
    "KDR1 chart\n"           # KDR1 chart
    "KOR chart\n"            # KOR chart
    "count\n"                # count chart
    "cut chart\n"            # cut chart
    "foul chart\n"           # foul chart
    "injury chart\n"         # injury chart
    "AGG tie\n"              # AGG tie
    "starts\n"               # starts
    "control:\n"             # control
    "keeps control\n"        # keeps
    "lands\n"                # lands
    "misses\n"               # misses
    "DOWN, count\n"          # down
    "KNOCKOUT!\n"            # ko
    "foul\n"                 # foul
    "warning\n"              # warning
    "disqualified\n"         # dq
    "injury\n"               # injury
    "cut\n"                  # cut
    "STOPPED\n"              # stopped
    "nothing: a miss\n"      # nothing
    "Killer Instinct x\n"    # killer
    "the bell\n"             # bell
    "KO\n"                   # KO
    "TKO\n"                  # TKO
    "DQ\n"                   # DQ
    "decision\n"             # decision
    "AGG\n"                  # q_agg
    "CF\n"                   # q_cf
    "PL\n"                   # q_pl
    "HP\n"                   # q_hp
    "KI\n"                   # q_ki
    "AGG tie: who starts\n"  # q_tie
    "99/100: which chart\n"  # q_which
    "card: punch points\n"   # q_punch
    "card: punch kind\n"     # q_kind
    "KD chart at KDR1\n"     # q_kdr
    "KD chart at KOR\n"      # q_kor
    "count chart: count\n"   # q_count
    "count chart: points\n"  # q_count_pts
    "foul chart\n"           # q_foul
    "injury chart\n"         # q_injury
    "cut chart\n"            # q_cut
    "plain\n"                # plain
    "KD\n"                   # kd
    "KD+cut\n"               # kd_cut
    "number\n"               # number
    "stop\n"                 # stop
    "three knockdowns\n"     # three knockdowns
    "pts\n"                  # pts
    "rds\n"                  # rds
    "down\n"                 # downs
    "OK ▶\n"                 # ok_on
    "Charts\n"               # charts
    "built-in\n"             # builtin
    "10-pt\n"                # ten
    "D down C cut F foul\n"  # legend
    "card not saved\n"       # not_saved
    "Name\n"                 # name
    "UP/DN letter  OK next\n"  # name_hint
    "hold OK: end here\n"    # name_hint2
    "no cut\n"               # no_cut
    "Equal AGG\n"            # r_agg_tie
    "Lost CF\n"              # r_lose_control
    "99/100\n"               # r_foul_chart
    "KI roll\n"              # r_ki_roll
    "KI moves clock\n"       # r_ki_clock
    "Time up\n"              # r_round_end
    "New round\n"            # r_round_start
    "Decision\n"             # r_decision
    "3 downs is KO\n"        # r_three_knockdowns
    "roll-off\n"             # v_roll
    "red\n"                  # v_red
    "referee\n"              # v_ask
    "rival hits\n"           # v_attack
    "rival's CF\n"           # v_cf
    "foul/injury\n"          # v_split
    "foul chart\n"           # v_foul
    "injury chart\n"         # v_injury
    "as PL\n"                # v_pl
    "punch chart\n"          # v_punch
    "exch. ends\n"           # v_finish
    "bell now\n"             # v_bell
    "same lead\n"            # v_carry
    "AGG leads\n"            # v_agg
    "rounds\n"               # v_rounds
    "points\n"               # v_points
    "r\n"                    # r_short
    "v\n"                    # versus
    "Cards asked\n"         # r_assisted
    "If equal\n"             # r_tie_break
    "10-pt must\n"           # v_ten
    "draw\n"                 # v_none
    "next count\n"           # v_next
    "DCF\n"                  # marks
    "jab\n"                  # p_jab
    "cross\n"                # p_cross
    "hook\n"                 # p_hook
    "uppercut\n"             # p_uppercut
    "overhand\n"             # p_overhand
)


def tt(key):
    s = lang.mode_label(key, _KEYS, _EN, "titlebout_text_ru")
    return key if s is None else s
