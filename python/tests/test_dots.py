"""pencilbox.dots against the CLI (the same engines through another door) and the rules."""

import json
import random

import pytest

import pencilbox
from pencilbox import dots

ROOT_EXAMPLES = "examples/dots"


def lines_count(rows, cols):
    return rows * (cols + 1) + cols * (rows + 1)


def random_position(rng, rows, cols, drawn):
    n = lines_count(rows, cols)
    chosen = set(rng.sample(range(n), drawn))
    return "".join("1" if i in chosen else "0" for i in range(n))


def cli_solve(cli, lines, rows, cols):
    done = cli("dots", "solve", "--board", f"{rows}x{cols}", "--json", "--moves", stdin=lines + "\n")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_2x2_value_is_the_clis():
    assert dots.solve("0" * 12, 2, 2).value == 2


@pytest.mark.parametrize("rows,cols", [(1, 1), (1, 3), (2, 2), (2, 3), (3, 3)])
def test_values_and_move_values_match_the_cli_on_random_positions(cli, rows, cols):
    rng = random.Random(rows * 10 + cols)
    n = lines_count(rows, cols)
    for _ in range(8):
        # 3x3 from about half drawn: the CLI's debug build solves them quickly.
        least = n // 2 if rows * cols >= 9 else 0
        lines = random_position(rng, rows, cols, rng.randrange(least, n))
        ours = dots.solve(lines, rows, cols, moves=True)
        theirs = cli_solve(cli, lines, rows, cols)
        assert ours.exact and theirs["exact"]
        assert ours.value == theirs["value"], lines
        assert ours.lower == ours.upper == ours.value
        assert ours.move_values == {m["line"]: m["value"] for m in theirs["moves"]}, lines
        assert ours.move_values[ours.best_move] == ours.value
        assert sorted(ours.move_values) == dots.legal_moves(lines, rows, cols)


def test_a_full_board_has_no_move():
    s = dots.solve("1" * 12, 2, 2, moves=True)
    assert (s.value, s.best_move, s.move_values) == (0, None, {})


def olympiad_to_lines(text):
    # The olympiad text lists the horizontal lines row by row, then the vertical ones: the order
    # of OpenSpiel's line string.
    first, *rows = text.split()
    n, m = int(first), int(rows.pop(0))
    return "".join(rows), n, m


@pytest.mark.parametrize("name", ["endgame-1", "endgame-2"])
def test_endgame_values_are_the_seed_examples(cli, name):
    from conftest import ROOT

    text = (ROOT / ROOT_EXAMPLES / f"{name}.in").read_text()
    expected = int((ROOT / ROOT_EXAMPLES / f"{name}.out").read_text())
    lines, rows, cols = olympiad_to_lines(text)
    assert dots.endgame_value(lines, rows, cols) == expected
    assert dots.solve(lines, rows, cols).value == expected
    done = cli("dots", "endgame", stdin=text)
    assert int(done.stdout) == expected


def test_the_estimate_past_a_time_limit_says_so():
    s = dots.solve("0" * 60, 5, 5, time_limit=0.2)
    assert not s.exact
    assert s.why
    assert s.lower < s.upper
    assert s.value is None or isinstance(s.value, float)
    assert s.best_move in range(60)


@pytest.mark.parametrize(
    "call,words",
    [
        (lambda: dots.solve("01x" + "0" * 9, 2, 2), "line 1, column 3"),
        (lambda: dots.solve("0" * 11, 2, 2), "2x2"),
        (lambda: dots.solve("0" * 12, 0, 2), "0"),
        (lambda: dots.solve("0" * 12, 2, 2, time_limit=-1), "time_limit"),
        (lambda: dots.solve("0" * 12, 2, 2, threads=9), "threads"),
        (lambda: dots.solve("0" * 144, 8, 8), "time_limit"),
        (lambda: dots.endgame_value("0" * 12, 2, 2), "undrawn side"),
        (lambda: dots.Bot("superb"), "unknown level"),
        (lambda: dots.Bot("basic").move("1" * 12, 2, 2), "over"),
        (lambda: dots.Game(2, 2).play(12), "not on a 2x2 board"),
        # Negative or huge whole numbers are bad input too, named, not an OverflowError.
        (lambda: dots.solve("0" * 12, -1, 2), "rows must be a whole number"),
        (lambda: dots.Game(2, 2).play(-1), "line must be a whole number"),
        (lambda: dots.Game(2, 2).play(10**30), "line must be a whole number"),
        (lambda: dots.Bot(seed=-1), "seed must be a whole number"),
        (lambda: dots.Bot(seed=2**64), "seed must be a whole number"),
        (lambda: dots.Bot(time_ms=-5), "time_ms must be a whole number"),
        (lambda: dots.solve("0" * 12, 2, 2, tt_mib=-1), "tt_mib must be a whole number"),
    ],
)
def test_bad_input_raises_input_error_with_the_engines_words(call, words):
    with pytest.raises(pencilbox.InputError) as e:
        call()
    assert isinstance(e.value, ValueError)
    assert words in str(e.value)


def test_every_level_plays_legal_moves_to_the_end_of_a_game():
    for level in dots.LEVELS:
        bot = dots.Bot(level, time_ms=20, seed=3)
        game = dots.Game(2, 3)
        while not game.is_over:
            line = bot.move(game.lines, 2, 3)
            assert line in game.legal_moves()
            game.play(line)
        assert sum(game.scores) == 6


def test_a_seeded_random_bot_repeats_its_game():
    def game(seed):
        bot, g, played = dots.Bot("random", seed=seed), dots.Game(3, 3), []
        while not g.is_over:
            played.append(bot.move(g.lines, 3, 3))
            g.play(played[-1])
        return played

    assert game(5) == game(5)
    assert game(5) != game(6)


def test_the_game_keeps_the_turn_after_a_box_and_passes_it_otherwise():
    g = dots.Game(1, 1)
    # Lines of the 1x1 board: 0 top, 1 bottom, 2 left, 3 right.
    assert [g.play(0), g.to_move, g.play(1), g.to_move, g.play(2), g.to_move] == [0, 1, 0, 0, 0, 1]
    assert g.play(3) == 1
    assert (g.to_move, g.is_over, g.scores, g.boxes) == (None, True, (0, 1), [1])
    with pytest.raises(pencilbox.InputError):
        g.play(3)
    # From a start position, boxes already complete belong to nobody.
    assert dots.Game(1, 1, "1111").boxes == [-1]


def test_the_strong_bot_takes_the_exact_best_move_where_it_solves():
    rng = random.Random(7)
    bot = dots.Bot("strong", time_ms=2000)
    for _ in range(10):
        lines = random_position(rng, 3, 3, rng.randrange(10, 20))
        s = dots.solve(lines, 3, 3, moves=True)
        assert s.move_values[bot.move(lines, 3, 3)] == s.value, lines


def busy_engine_threads():
    """The ids and CPU ticks of the engine's worker threads (named `pencilbox`, Linux's /proc)."""
    import pathlib

    ticks = {}
    for task in pathlib.Path("/proc/self/task").iterdir():
        if (task / "comm").read_text().strip() == "pencilbox":
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
            ticks[task.name] = int(fields[11]) + int(fields[12])
    return ticks


def test_ctrl_c_stops_a_long_solve_and_the_next_call_works():
    import os
    import signal
    import threading

    dots.solve("1" * 24, 3, 3)  # starts this thread's engine worker
    before = busy_engine_threads()
    assert before, "no engine worker thread named pencilbox"
    stop = threading.Event()

    def interrupt_once_busy():
        # The signal goes once the worker has used CPU time on the long solve, so it cannot
        # arrive before the solve has started.
        while not stop.is_set():
            now = busy_engine_threads()
            if any(now.get(t, 0) > ticks + 5 for t, ticks in before.items()):
                os.kill(os.getpid(), signal.SIGINT)
                return
            stop.wait(0.01)

    watcher = threading.Thread(target=interrupt_once_busy)
    watcher.start()
    try:
        # Without Ctrl-C this returns an estimate after two minutes, and the test fails. It also
        # shows the GIL released: the watcher runs Python code while the solve runs.
        with pytest.raises(KeyboardInterrupt):
            dots.solve("0" * 60, 5, 5, time_limit=120)
    finally:
        stop.set()
        watcher.join()
    assert dots.solve("0" * 12, 2, 2).value == 2
