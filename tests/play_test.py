#!/usr/bin/env python3
"""`mj play` in a real terminal: Sokoban won, recorded, replayed.

`mj play models/Sokoban.xml --record FILE` runs in a pseudo-terminal (Python's pty module, 80x24); the test reads
the screen as the terminal gets it, sends the 29 arrow keys of tests/interactive_test.cpp's solution (as a terminal
sends them: ESC [ A ... D), each once the screen shows that the key before was taken ("N keys"), waits for "the game
is over", quits with q and checks that the terminal was restored (the alternate screen left, the cursor shown).
The record then replays through `mj run --inputs` to the won grid that the C++, Python and JavaScript tests reach,
and Ctrl-C ends a game as q does. Every wait is for text on the screen, never for a time.

    python3 tests/play_test.py MJ
"""
import os
import pty
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile

try:
    import fcntl
    import termios
except ImportError:  # pragma: no cover
    sys.exit("play_test needs a POSIX terminal")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOLUTION = (
    "Left Left Up Left Up Right Right Left Left Up Up Right Down Left Down Right Up Right Right Down Up Up Right "
    "Right Down Left Up Left Down"
).split()
ARROWS = {"Up": b"\x1b[A", "Down": b"\x1b[B", "Right": b"\x1b[C", "Left": b"\x1b[D"}
WON = "WWWWWWWWWBBWBBBWWBBBPBBWWBBGGWBWWBBWGBBWWBBBBBWWWBBWBBBWWWWGWWWW"  # rows of 8, top first
LEAVE = b"\x1b[?25h\x1b[?1049l"  # the cursor shown, the alternate screen left


class Terminal:
    """mj in a pseudo-terminal of 80x24: what it writes, keys sent to it."""

    def __init__(self, args, cwd):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.chdir(cwd)
            os.execv(args[0], args)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.screen = b""

    def wait_for(self, pattern):
        """Reads until `pattern` (bytes, a regex) is in what mj wrote since the last wait; returns the match."""
        while True:
            m = re.search(pattern, self.screen)
            if m:
                self.screen = self.screen[m.end() :]
                return m
            select.select([self.fd], [], [])  # blocks until mj writes: no timer
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:  # the other end closed: mj has ended
                chunk = b""
            if not chunk:
                raise AssertionError(f"mj ended before writing {pattern!r}; last: {self.screen[-400:]!r}")
            self.screen += chunk

    def send(self, data):
        os.write(self.fd, data)

    def finish(self):
        """Reads what is left until mj ends; returns (exit status, the rest)."""
        rest = self.screen
        while True:
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            rest += chunk
        _, status = os.waitpid(self.pid, 0)
        return status, rest


def play_and_win(mj, folder):
    record = os.path.join(folder, "game.txt")
    game = Terminal([mj, "play", os.path.join(ROOT, "models", "Sokoban.xml"), "--record", record], folder)
    game.wait_for(rb"Sokoban seed 1, step \d+, 0 keys: waiting for a key")
    for n, key in enumerate(SOLUTION, 1):
        game.send(ARROWS[key])
        game.wait_for(rb", %d keys: " % n)
    game.wait_for(rb"the game is over")
    game.send(b"q")
    status, rest = game.finish()
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, (status, rest[-400:])
    assert LEAVE in rest, f"the terminal was not restored: {rest[-400:]!r}"
    summary = rest.split(LEAVE)[-1].decode()
    assert re.search(r"Sokoban seed 1: \d+ steps, 29 keys, the game over -> .*game.txt", summary), summary
    return record


def replayed_grid(mj, record, folder):
    state = os.path.join(folder, "replay", "final.txt")  # a folder --state makes
    done = subprocess.run(
        [mj, "run", os.path.join(ROOT, "models", "Sokoban.xml"), "--inputs", record, "--state", state, "--no-picture"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "warning" not in done.stderr, done.stderr  # the game was played: no word of a game waiting for keys
    with open(state, encoding="utf-8") as f:
        header, legend, *rows = f.read().split("\n")
    assert header.startswith("Sokoban 8 8 1 1 "), header
    return "".join(rows)


def quit_with_control_c(mj, folder):
    record = os.path.join(folder, "interrupted.txt")
    game = Terminal([mj, "play", os.path.join(ROOT, "models", "Sokoban.xml"), "--record", record], folder)
    game.wait_for(rb"waiting for a key")
    game.send(ARROWS["Left"])
    game.wait_for(rb", 1 keys: ")
    game.send(b"\x03")
    status, rest = game.finish()
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, (status, rest[-400:])
    assert LEAVE in rest, f"the terminal was not restored: {rest[-400:]!r}"
    with open(record, encoding="utf-8") as f:
        assert re.fullmatch(r"#[^\n]*\n\d+ ArrowLeft\n", f.read())
    # a signal (a terminal closed, kill) restores the terminal too, then ends mj as the signal does
    game = Terminal([mj, "play", os.path.join(ROOT, "models", "Sokoban.xml")], folder)
    game.wait_for(rb"waiting for a key")
    os.kill(game.pid, signal.SIGTERM)
    status, rest = game.finish()
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGTERM, status
    assert LEAVE in rest, f"the terminal was not restored: {rest[-400:]!r}"


def refused_without_a_terminal(mj, folder):
    done = subprocess.run(
        [mj, "play", os.path.join(ROOT, "models", "Sokoban.xml")],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        cwd=folder,
    )
    assert done.returncode == 1 and done.stderr.startswith("mj: play needs a terminal: "), done.stderr


def main():
    mj = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "mj"))
    folder = tempfile.mkdtemp(prefix="mj-play-test-")
    try:
        record = play_and_win(mj, folder)
        grid = replayed_grid(mj, record, folder)
        assert grid == WON, grid
        quit_with_control_c(mj, folder)
        refused_without_a_terminal(mj, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print("play: Sokoban won in a terminal (29 keys), its record replayed by mj run --inputs to the won grid")


if __name__ == "__main__":
    main()
