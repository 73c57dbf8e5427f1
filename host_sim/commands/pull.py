"""dicebox-sim pull [--port P] [--out DIR] [--from DIR]: everything the box keeps, off it.

Copies the box's /data over USB with mpremote (or a folder, --from: the
simulator's flash) and writes, for every fight in History, every small
procedure of a folded entry and every fight left unfinished: NAME.json (the
record, what `replay` reads), NAME.txt and NAME.transcript.json (the
transcript), for a Title Bout NAME.scoresheet.png/.pdf, for a tournament
NAME.bracket.png/.pdf, for an Arena story NAME.story.txt and .story.png/.pdf
(the story as the box tells it); and index.txt, one line each. The box's files are only
read: the copy is worked on, never the box or the folder.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

from host_sim import common
from host_sim.errors import CliError

DATA = "data"  # the box's store, relative to the device's / (dicebox/boot.py DATA)
_CUT = 40  # characters of a summary in a file name


def register(sub):
    p = sub.add_parser("pull", help="copy History and unfinished fights off a box (records, transcripts, sheets)")
    p.add_argument("--port", default="auto", help="the Pico's serial port (default: the one mpremote finds)")
    p.add_argument("--out", default="dicebox-pull", metavar="DIR", help="folder to write (default: ./dicebox-pull)")
    p.add_argument("--from", dest="source", metavar="DIR",
                   help="read a folder instead of a box (the simulator's flash: ~/.dicebox-sim)")
    p.set_defaults(run=run)


def mpremote_cmd():
    exe = shutil.which("mpremote") or os.path.join(os.path.dirname(sys.executable), "mpremote")
    if os.path.exists(exe):
        return [exe]
    return [sys.executable, "-m", "mpremote"]


def copy_from_box(port, dest):
    """mpremote copies the box's data folder to dest/data; one line if it cannot."""
    cmd = mpremote_cmd() + ["connect", port, "resume", "fs", "cp", "-r", ":" + DATA, dest + "/"]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    except FileNotFoundError:
        raise CliError("mpremote is not installed (pip install mpremote); or use --from DIR")
    except subprocess.TimeoutExpired:
        raise CliError("--port %s: the box stopped answering (mpremote timed out after 600 s)" % port)
    said = " ".join((p.stderr or p.stdout or "").split())
    if p.returncode != 0 or not os.path.isdir(os.path.join(dest, DATA)):
        if "no device found" in said:
            raise CliError("--port: no Pico found on USB: plug the box in, or give --port, or --from DIR")
        if "failed to access" in said or "could not open" in said.lower():
            raise CliError("--port %s: no box there (%s)" % (port, said[:200]))
        if "No such file" in said or "ENOENT" in said:
            raise CliError("--port %s: the box has no /%s folder (nothing saved yet?)" % (port, DATA))
        raise CliError("--port %s: mpremote failed (%s)" % (port, said[:300] or "exit %d" % p.returncode))
    return os.path.join(dest, DATA)


def _slug(text):
    out = "".join(ch if ch.isalnum() else "-" for ch in text.lower())
    while "--" in out:
        out = out.replace("--", "-")
    return out.strip("-")[:_CUT].strip("-")


class Writer:
    def __init__(self, out):
        self.out = out
        self.index = []
        self.problems = []
        self.secret = []  # records whose seed would give an unfinished bout's secrets away

    def fight(self, base, text, what, label):
        """One fight: its record, transcript and sheet; a record that does not
        replay is kept as it is, with its error beside it."""
        from dicebox.core import record as _record
        from dicebox.core.game import RecordError

        path = os.path.join(self.out, base)
        common.write_text(path + ".json", text.rstrip("\n") + "\n")
        try:
            rec = _record.loads(text, base + ".json")
            game = _record.replay(rec)
        except (RecordError, ValueError) as e:
            common.write_text(path + ".error.txt", "%s\n" % e)
            self.problems.append("%s.json: %s" % (base, e))
            self.index.append("%-52s %-10s %s (does not replay: %s)" % (base, what, label, e))
            return
        if game.hides_seed():
            self.secret.append(base + ".json")
        from host_sim.commands.replay import text_lines

        # the same text and JSON `replay` prints from NAME.json
        questions = common.questions_of(rec) if rec.ruleset == "titlebout" else None
        common.write_text(path + ".txt", "\n".join(text_lines(rec, game, questions)) + "\n")
        common.write_text(path + ".transcript.json", json.dumps(common.transcript_obj(rec, game, questions), indent=2,
                                                               sort_keys=True, ensure_ascii=False) + "\n")
        from host_sim import sheets

        if rec.ruleset == "titlebout":
            sheets.save(sheets.scoresheet(rec, game), path + ".scoresheet")
        elif rec.ruleset == "arena_cup":
            sheets.save(sheets.bracket(rec, game), path + ".bracket")
        elif rec.ruleset == "arena_story":  # the story as the box tells it, as text and on a page
            from host_sim.story import story_lines

            told = story_lines(game)
            common.write_text(path + ".story.txt", "\n".join(told) + "\n")
            sheets.save(sheets.story(rec, game, told), path + ".story")
        self.index.append("%-52s %-10s %s" % (base, what, label))


def pull(root, out):
    """Write every fight of the store folder `root` (a copy) into out; the Writer."""
    from dicebox.larp import journal
    from dicebox.core import record as _record
    from dicebox.store import Store

    store = Store(root)  # its start-up check works on the copy: damage set aside, said below
    w = Writer(out)
    for note in store.notices:
        w.problems.append("damaged on the box, copied as it is: " + note)
    for hid, summary, pinned, n in store.entries():
        what = "pinned" if pinned else "History"
        if n:
            for k, item in enumerate(store.items(hid)):
                w.fight("f%06d-%03d-%s" % (hid, k + 1, _slug(item)), store.history_record(hid, k), what, item)
        else:
            w.fight("h%06d-%s" % (hid, _slug(summary)), store.history_record(hid), what, summary)
    for name, label in store.unfinished():
        text = store.read_text(name)
        w.fight("%s-%s" % (name[:7], _slug(label)), text[text.find("\n") + 1 :], "unfinished", label)
    if store.has_current():
        w.fight("current", store.current(), "unfinished", "the fight on the box's screen")
    if store.exists("wounds.rec"):  # a wound session still running: its header and journal
        try:
            before, after = _record.loads(store.read_text("wounds.rec") or "", "wounds.rec").around_inputs()
            w.fight("wounds-running", before + ",".join(journal.lines(store, "wounds.jnl")) + after,
                    "unfinished", "the wound session under way")
        except Exception as e:  # noqa: BLE001  a damaged header: said, the rest goes on
            w.problems.append("wounds.rec: %s" % e)
    for name in sorted(os.listdir(root)):
        if name.endswith(".bad"):  # what the box set aside: copied as it is
            shutil.copyfile(os.path.join(root, name), os.path.join(out, name))
            w.index.append("%-52s %-10s %s" % (name, "set aside", "a damaged file, copied as it is"))
    common.write_text(os.path.join(out, "index.txt"), "\n".join(w.index) + "\n")
    return w


def run(args):
    for opt, value in (("--out", args.out), ("--from", args.source), ("--port", args.port)):
        if value is not None and "\0" in value:
            raise CliError("%s %r: a name with a NUL byte in it" % (opt, value))
    try:
        os.makedirs(args.out, exist_ok=True)
    except OSError as e:
        raise CliError("--out %s: cannot make the folder (%s)" % (args.out, e.strerror or e))
    with tempfile.TemporaryDirectory(prefix="dicebox-pull-") as tmp:
        if args.source:
            if not os.path.isdir(args.source):
                raise CliError("--from %s: not a folder" % args.source)
            root = os.path.join(tmp, DATA)
            shutil.copytree(args.source, root)
        else:
            root = copy_from_box(args.port, tmp)
        w = pull(root, args.out)
    for line in w.problems:
        sys.stderr.write("dicebox-sim: note: %s\n" % common_one_line(line))
    for name in w.secret:
        sys.stderr.write("dicebox-sim: note: %s is an unfinished boxing bout: its seed rebuilds both secret orders, "
                         "keep the file from the players (its transcripts do not show it)\n" % name)
    print("%d fights written to %s (index.txt lists them)" % (sum(1 for x in w.index if "set aside" not in x), args.out))
    if not args.source:
        print("the box waits at its REPL now: press its reset button or unplug it to play on")
    return 0


def common_one_line(text):
    from host_sim.cli import one_line

    return one_line(text)
