"""wounds --script checks every line before it prints anything: a line out of
time order is a bad line like a misspelt one, listed with the others, and
the lines above it are not played first."""
from test_cli import cli


def test_a_line_out_of_time_order_is_refused_before_any_output(tmp_path):
    good = ["0:%02d:00 wound %d light" % (i, i % 20 + 1) for i in range(35)]
    lines = good + ["0:10:00 ack", "0:40:00 wound 1 hevy", "0:41:00 list", "0:39:00 ack"]
    script = tmp_path / "s.txt"
    script.write_text("\n".join(good + ["0:10:00 ack"]) + "\n")  # the one bad line: still nothing printed
    code, out, err = cli("wounds", "--script", str(script))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert err.rstrip().endswith("line 36: '0:10:00 ack': time 0:10:00 is before the line above (0:34:00)"), err
    script.write_text("\n".join(lines) + "\n")
    code, out, err = cli("wounds", "--script", str(script))
    assert code == 2 and out == "" and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert err.startswith("dicebox-sim: error: %s line 36: '0:10:00 ack': time 0:10:00 is before the line above "
                          "(0:34:00); 2 more bad lines: 37, 39" % script), err


def test_the_time_order_runs_over_the_good_lines_only(tmp_path):
    # a bad line's time is no time: the next line is held to the last good one
    script = tmp_path / "s.txt"
    script.write_text("0:05 wound 1 light\n0:50 wound 2 hevy\n0:10 wound 3 light\n0:20 list\n")
    code, out, err = cli("wounds", "--script", str(script))
    assert code == 2 and out == ""
    assert "line 2: '0:50 wound 2 hevy': 'hevy' is not one of" in err
    assert "more bad line" not in err  # line 3 at 0:10 follows 0:05, the last good line
