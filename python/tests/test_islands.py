"""pencilbox.islands against the CLI (the same engine through another door), the referee and
brute force."""

import itertools
import json
import random

import pytest

import pencilbox
from pencilbox import islands

from conftest import ROOT

STATEMENT = (ROOT / "examples" / "islands" / "statement-1.in").read_text()


def random_board(rng, n, max_k, p_num, p_paint):
    """A random n x n board's text: numbers 1..max_k, painted squares, empty ones."""
    def square():
        x = rng.random()
        return "B" if x < p_paint else str(rng.randint(1, max_k)) if x < p_paint + p_num else "#"

    return f"{n}\n" + "".join(" ".join(square() for _ in range(n)) + "\n" for _ in range(n))


def legal_by_subsets(board):
    """Every legal move: each set of cells of a number's size, judged by the engine's rules."""
    cells = [(r, c) for r in range(board.n) for c in range(board.n)]
    out = set()
    for k in set(board.numbers.values()):
        for subset in itertools.combinations(cells, k):
            try:
                out.add(tuple(board.validate(list(subset))))
            except pencilbox.InputError:
                pass
    return out


def referee(cli, board_text, first, second, tmp_path):
    path = tmp_path / "board.in"
    path.write_text(board_text)
    done = cli("islands", "referee", "--first", first, "--second", second, "--board", path, "--json",
               "--time-ms", 60000)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_board_reads_and_writes_the_contest_text():
    board = islands.Board(STATEMENT)
    assert str(board) == STATEMENT
    assert islands.read(str(board)) == board and hash(islands.read(STATEMENT)) == hash(board)
    assert board.n == 5
    assert board.squares[1] == [islands.EMPTY, islands.EMPTY, 3, 1, islands.EMPTY]
    assert board.numbers == {(1, 2): 3, (1, 3): 1, (3, 0): 2, (3, 1): 1, (3, 3): 5}
    assert board.status == "ongoing"
    after = board.play([(4, 4), (3, 3), (3, 4), (4, 2), (4, 3)])
    assert after.squares[3][3] == islands.PAINTED
    assert after.blocked_cells == [(2, 3), (2, 4), (3, 2), (4, 1)]
    assert after.live_numbers == [(1, 2), (1, 3), (3, 0), (3, 1)]
    assert board.squares[3][3] == 5, "boards are immutable"


def test_bad_text_raises_the_message_the_cli_prints(cli):
    bad = "2\n# #\n# x\n"
    with pytest.raises(pencilbox.InputError) as e:
        islands.Board(bad)
    assert str(e.value) == 'line 3, column 3: unknown token "x" (expected `#`, `B` or a number)'
    assert isinstance(e.value, ValueError)
    done = cli("islands", "solve", "-", stdin=bad)
    assert done.returncode == 2 and str(e.value) in done.stderr
    with pytest.raises(pencilbox.InputError, match="row 1 has 1 tokens, expected 2"):
        islands.solve("2\n# #\n#\n")


@pytest.mark.parametrize("args,kwargs", [
    (["--preset", "small", "--seed", "7"], {"preset": "small", "seed": 7}),
    (["--preset", "medium", "--seed", "3"], {"preset": "medium", "seed": 3}),
    (["--n", "7", "--centers", "2", "--min", "1", "--max", "6", "--seed", "11"],
     {"n": 7, "centers": 2, "min": 1, "max": 6, "seed": 11}),
])
def test_generated_boards_are_the_clis(cli, args, kwargs):
    done = cli("islands", "generate", *args)
    assert done.returncode == 0, done.stderr
    assert str(islands.generate(**kwargs)) == done.stdout


def test_presets_and_playable_boards():
    assert islands.PRESETS == ("small", "medium", "large")
    assert islands.preset("medium") == islands.Params(n=15, centers=3, min=5, max=10)
    # Seed 18 of `small` has no number: the first board worth playing comes later.
    assert islands.generate("small", seed=18).numbers == {}
    seed, board = islands.playable("small", seed=18)
    assert seed > 18 and board == islands.generate("small", seed=seed)
    assert len(board.live_numbers) >= 3


def test_bad_generator_parameters_raise_the_engines_message():
    with pytest.raises(pencilbox.InputError, match=r"^unknown preset \"huge\": expected small, medium or large$"):
        islands.generate("huge")
    with pytest.raises(pencilbox.InputError, match=r"numbers must satisfy 1 <= min <= max <= 40000, got 0..3"):
        islands.generate(min=0, max=3)
    with pytest.raises(pencilbox.InputError, match="N must be between 1 and 200, got 0"):
        islands.generate(n=0)
    with pytest.raises(pencilbox.InputError, match="no board worth playing among the 1000 seeds from 5"):
        islands.playable(n=1, centers=1, min=1, max=1, seed=5)


def test_legal_moves_are_every_legal_set_of_cells_on_small_boards():
    rng = random.Random(1)
    for case in range(40):
        board = islands.Board(random_board(rng, 3 if case < 30 else 4, 4, 0.3, 0.12))
        listed = board.legal_moves()
        assert len(set(map(tuple, listed))) == len(listed), f"a move listed twice\n{board}"
        assert set(map(tuple, listed)) == legal_by_subsets(board), str(board)
        for move in listed:
            assert move == sorted(move)
        # The sequence: indices from either end, slices, iteration, all the same moves.
        assert list(listed) == [listed[i] for i in range(len(listed))] == listed[:]
        if listed:
            assert listed[-1] == listed[len(listed) - 1]
            assert listed[::2] == list(listed)[::2]
        with pytest.raises(IndexError):
            listed[len(listed)]


def test_legal_moves_are_bounded_by_the_limit():
    board = islands.generate("medium", seed=1)
    with pytest.raises(pencilbox.InputError, match="more than 100 legal moves"):
        board.legal_moves(100)
    small = islands.Board(STATEMENT)
    count = len(small.legal_moves())
    assert len(small.legal_moves(count)) == count
    with pytest.raises(pencilbox.InputError, match=f"more than {count - 1} legal moves"):
        small.legal_moves(count - 1)
    assert islands.LEGAL_MOVES_LIMIT == 1_000_000


def test_illegal_moves_raise_the_referees_words(cli, tmp_path):
    board = islands.Board(STATEMENT)
    illegal = {
        "1\n0 0\n": "the region holds no number",
        "2\n1 2\n1 3\n": "the region holds two or more numbers ((1, 2) and (1, 3))",
        "2\n1 2\n0 2\n": "the region has 2 cells but its number is 3",
        "3\n1 2\n0 2\n2 1\n": "the region is not connected (cell (2, 1) is cut off)",
        "1\n5 0\n": "cell (5, 0) is off the 5x5 board",
        "2\n1 3\n1 3\n": "cell (1, 3) is listed twice",
    }
    for text, words in illegal.items():
        k, *lines = text.split("\n")
        cells = [tuple(map(int, line.split())) for line in lines if line]
        with pytest.raises(pencilbox.InputError) as e:
            board.validate(cells)
        assert str(e.value) == words
        with pytest.raises(pencilbox.InputError):
            board.play(cells)
        with pytest.raises(pencilbox.InputError):
            islands.Game(board).play(cells)
        written = text.replace("\n", "\\n")
        record = referee(cli, STATEMENT, f"printf '{written}' > game.out", "random", tmp_path)
        assert record["result"] == "second" and record["reason"] == f"first illegal move: {words}"


def test_apply_and_status_agree_with_the_referee(cli, tmp_path):
    rng = random.Random(2)
    boards = [STATEMENT] + [str(islands.playable("small", seed=s)[1]) for s in (3, 40)]
    boards += [random_board(rng, 6, 4, 0.25, 0.0)]
    levels = ["greedy", "random"]
    for i, text in enumerate(boards):
        record = referee(cli, text, levels[i % 2], levels[(i + 1) % 2], tmp_path)
        game = islands.Game(text)
        for played in record["moves"]:
            assert not game.is_over and game.status == "ongoing"
            assert ["first", "second"][game.to_move] == played["player"]
            # The JSON's [row, col] lists are cells as good as tuples.
            assert game.play(played["cells"]) == sorted(tuple(c) for c in played["cells"])
        assert game.is_over
        expected = {"first": 0, "second": 1, "draw": None}[record["result"]]
        assert game.winner == expected, record
        assert game.status == ("draw" if expected is None else "no_move")
        assert game.moves == [sorted(tuple(c) for c in p["cells"]) for p in record["moves"]]
        with pytest.raises(pencilbox.InputError, match="the game is over"):
            game.play([(0, 0)])


def test_exact_outcomes_are_the_clis(cli):
    rng = random.Random(3)
    boards = [STATEMENT] + [random_board(rng, 5, 4, 0.2, 0.05) for _ in range(8)]
    for text in boards:
        done = cli("islands", "solve", "--json", "-", stdin=text)
        assert done.returncode == 0, done.stderr
        theirs = json.loads(done.stdout)
        ours = islands.solve(text)
        assert ours.outcome == theirs["outcome"], text
        board = islands.Board(text)
        if ours.best_move is None:
            assert theirs["move"] is None and board.status != "ongoing"
            continue
        assert board.validate(ours.best_move) == ours.best_move
        # The best move leaves the opponent the opposite outcome.
        flipped = {"Win": "Loss", "Draw": "Draw", "Loss": "Win"}[ours.outcome]
        assert islands.solve(board.play(ours.best_move)).outcome == flipped


def test_a_solve_past_its_time_limit_raises_timeout_error():
    board = islands.generate("medium", seed=1)
    # A limit already past: the search stops at its first look at the clock.
    with pytest.raises(TimeoutError, match="did not finish within the time limit of 0"):
        islands.solve(board, time_limit=0)
    with pytest.raises(pencilbox.InputError, match="time_limit must be a finite number of seconds"):
        islands.solve(board, time_limit=-1)


@pytest.mark.parametrize("level", islands.LEVELS)
def test_the_bots_play_legal_moves_to_the_end(level):
    bot = islands.Bot(level, time_ms=50, seed=4)
    assert (bot.level, bot.time_ms) == (level, 50)
    other = islands.Bot("random", seed=5)
    for seed in (1, 2):
        game = islands.Game(islands.playable("small", seed=seed)[1])
        while not game.is_over:
            player = bot if len(game.moves) % 2 == 0 else other
            move = player.move(game.board)
            assert game.board.validate(move) == move
            game.play(move)
        assert bot.move(game.board) is None


def test_a_bot_is_repeatable_with_its_seed_and_refuses_unknown_levels():
    board = islands.generate("medium", seed=2)
    assert islands.Bot("greedy", seed=9).move(board) == islands.Bot("greedy", seed=9).move(str(board))
    with pytest.raises(pencilbox.InputError, match=r'unknown level "best": expected random, greedy or strong'):
        islands.Bot("best")


def test_painting_cell_by_cell_offers_exactly_the_cells_of_legal_moves():
    rng = random.Random(5)
    for _ in range(25):
        text = random_board(rng, 4, 4, 0.3, 0.1)
        legal = legal_by_subsets(islands.Board(text))
        game = islands.Game(text)
        while game.paintable():
            region = set(game.partial)
            completions = [set(m) for m in legal if region <= set(m)]
            if not region:
                expected = {c for m in completions for c in m if game.board.numbers.get(c)}
            else:
                expected = {c for m in completions for c in m - region
                            if any(abs(c[0] - r) + abs(c[1] - k) == 1 for r, k in region)}
            assert set(game.paintable()) == expected, (text, region)
            move = game.paint(rng.choice(game.paintable()))
            if move is not None:
                assert tuple(move) in legal
                break


def test_painting_refuses_with_the_engines_words():
    game = islands.Game(STATEMENT)
    with pytest.raises(pencilbox.InputError, match=r"^the region holds no number$"):
        game.paint((0, 0))
    assert game.paint((1, 2)) is None and game.partial == [(1, 2)]
    for cell, words in [((1, 3), "the region holds two or more numbers ((1, 2) and (1, 3))"),
                        ((0, 0), "cell (0, 0) shares no side with the region"),
                        ((1, 2), "cell (1, 2) is already in the region"),
                        ((-1, 2), "cell (-1, 2) is off the 5x5 board")]:
        with pytest.raises(pencilbox.InputError) as e:
            game.paint(cell)
        assert str(e.value) == words
    assert game.partial == [(1, 2)], "a refused cell leaves the region as it was"
    with pytest.raises(pencilbox.InputError, match="a region is being painted"):
        game.play([(1, 3)])
    copy = game.copy()
    assert game.paint((0, 2)) is None
    assert game.paint((0, 1)) == [(0, 1), (0, 2), (1, 2)]
    assert (game.to_move, game.partial, copy.partial) == (1, [], [(1, 2)])
    cramped = islands.Game("3\n4 1 #\n1 # #\n# # #\n")
    with pytest.raises(pencilbox.InputError, match=r"the number 4 at \(0, 0\) can no longer be painted"):
        cramped.paint((0, 0))


def test_the_docstring_examples_run():
    import doctest

    assert doctest.testmod(islands, optionflags=doctest.ELLIPSIS).failed == 0


@pytest.mark.parametrize(
    "call,words",
    [
        (lambda: islands.generate("medium", seed=-1), "seed must be a whole number"),
        (lambda: islands.Bot("greedy", time_ms=-1), "time_ms must be a whole number"),
        (lambda: islands.Board(STATEMENT).legal_moves(-3), "limit must be a whole number"),
    ],
)
def test_negative_whole_numbers_are_bad_input(call, words):
    with pytest.raises(pencilbox.InputError, match=words):
        call()
