"""A MicroPython REPL on a serial-like port: the unix port's interpreter on one
pty, a second pty whose path mpremote opens, and a thread carrying the bytes
between them (a USB serial port is a tty too). Nothing in between answers for
the interpreter: mpremote talks to the real raw REPL."""
import os
import pty
import select
import subprocess
import threading
import tty


class PtyRepl:
    def __init__(self, micropython, cwd):
        self.board_m, board_s = pty.openpty()
        tty.setraw(board_s)
        self.host_m, self.host_s = pty.openpty()
        tty.setraw(self.host_s)
        self.port = os.ttyname(self.host_s)
        self.proc = subprocess.Popen([micropython], stdin=board_s, stdout=board_s, stderr=board_s, cwd=cwd,
                                     close_fds=True)
        os.close(board_s)
        self.stop = False
        self.thread = threading.Thread(target=self._carry, daemon=True)
        self.thread.start()

    def _carry(self):
        pair = {self.board_m: self.host_m, self.host_m: self.board_m}
        while not self.stop:
            try:
                ready, _, _ = select.select(list(pair), [], [], 0.05)
            except (OSError, ValueError):
                return
            for fd in ready:
                try:
                    data = os.read(fd, 4096)
                except OSError:
                    continue  # the other side not open yet (mpremote between runs)
                if data:
                    try:
                        os.write(pair[fd], data)
                    except OSError:
                        pass

    def close(self):
        self.stop = True
        self.thread.join(2)
        self.proc.kill()
        self.proc.wait()
        for fd in (self.board_m, self.host_m, self.host_s):
            try:
                os.close(fd)
            except OSError:
                pass
