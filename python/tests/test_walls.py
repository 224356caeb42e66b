"""pencilbox.walls against the CLI on the seed examples, and against a brute-force recursion over
the walls built (written here from the rules, independent of the engine's rectangles) on
random small boards."""

import functools
import json
import random

import pytest

import pencilbox
from pencilbox import walls
from conftest import ROOT

EXAMPLES = ROOT / "examples" / "walls"


def seed_examples():
    names = sorted(p.stem for p in EXAMPLES.glob("sample-*.in"))
    assert names, f"no seed example in {EXAMPLES}"
    return names


def board_text(rows):
    return f"{len(rows)} {len(rows[0])}\n" + "".join(r + "\n" for r in rows)


def random_board(rng, rows, cols):
    return board_text(["".join(rng.choice("..X") for _ in range(cols)) for _ in range(rows)])


class BruteForce:
    """The game from its rules: a position is the set of wall cells; a move at a free unmarked
    cell walls it and, in each direction, every cell up to the first wall (marked cells too)."""

    def __init__(self, text):
        first, *rows = text.split()
        self.rows, self.cols = map(int, (first, rows.pop(0)))
        self.marked = {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "X"}

    def moves(self, wall):
        return [(r, c) for r in range(self.rows) for c in range(self.cols)
                if (r, c) not in wall and (r, c) not in self.marked]

    def play(self, wall, cell):
        built = set(wall) | {cell}
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            r, c = cell[0] + dr, cell[1] + dc
            while 0 <= r < self.rows and 0 <= c < self.cols and (r, c) not in wall:
                built.add((r, c))
                r, c = r + dr, c + dc
        return frozenset(built)

    @functools.lru_cache(maxsize=None)
    def grundy(self, wall=frozenset()):
        values = {self.grundy(self.play(wall, m)) for m in self.moves(wall)}
        return next(v for v in range(len(values) + 1) if v not in values)


def cli_analysis(cli, text):
    done = cli("walls", "analyze", "--json", stdin=text)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("name", seed_examples())
def test_the_seed_examples_winner_is_the_contests_and_the_clis(cli, name):
    text = (EXAMPLES / f"{name}.in").read_text()
    want = (EXAMPLES / f"{name}.out").read_text().strip()
    assert walls.winner(text) == want
    assert cli("walls", "winner", stdin=text).stdout.strip() == want
    theirs = cli_analysis(cli, text)
    a = walls.analyze(text)
    assert a.grundy == walls.grundy(text) == theirs["grundy"] == BruteForce(text).grundy()
    assert [list(m) for m in a.winning_moves] == theirs["winning_moves"]
    assert a.winner.lower() == theirs["winner"]


def test_values_equal_the_brute_force_and_the_cli_on_random_small_boards(cli):
    rng = random.Random(27)
    for _ in range(40):
        text = random_board(rng, rng.randint(1, 3), rng.randint(1, 4))
        a = walls.analyze(text)
        assert a.grundy == BruteForce(text).grundy(), text
        assert a.winner == ("First" if a.grundy else "Second"), text
    for _ in range(5):
        text = random_board(rng, 3, 3)
        assert walls.grundy(text) == cli_analysis(cli, text)["grundy"], text


def test_play_follows_the_rules_and_the_values():
    rng = random.Random(5)
    for _ in range(10):
        text = random_board(rng, rng.randint(2, 3), rng.randint(2, 4))
        brute = BruteForce(text)
        game, wall = walls.Game(text), frozenset()
        while True:
            assert sorted(game.legal_moves()) == brute.moves(wall), (text, wall)
            assert game.grundy == brute.grundy(wall)
            assert game.to_move_wins == (game.grundy != 0)
            assert game.is_over == (not game.legal_moves())
            want = [m for m in brute.moves(wall) if brute.grundy(brute.play(wall, m)) == 0]
            assert game.winning_moves() == want
            for r in range(game.rows):
                for c in range(game.cols):
                    assert game.is_wall(r, c) == ((r, c) in wall)
            if game.is_over:
                assert game.engine_move() is None and game.parts == []
                break
            move = rng.choice(game.legal_moves())
            game.play(*move)
            wall = brute.play(wall, move)


def test_the_engine_wins_every_won_start_against_random_play():
    rng = random.Random(11)
    for _ in range(10):
        text = random_board(rng, rng.randint(2, 4), rng.randint(2, 4))
        game = walls.Game(text)
        engine_to_move = game.to_move_wins
        engine_moves = engine_to_move
        while not game.is_over:
            if engine_moves:
                move = game.engine_move()
                assert move in game.legal_moves()
                if game.to_move_wins:
                    assert move in game.winning_moves()
            else:
                move = rng.choice(game.legal_moves())
            game.play(*move)
            engine_moves = not engine_moves
        # The player to move at the end has lost: it is not the engine when it started winning.
        if engine_to_move:
            assert not engine_moves, text


def test_the_engines_move_is_the_clis(cli):
    for name in seed_examples():
        path = EXAMPLES / f"{name}.in"
        transcript = cli("walls", "play", "--first", "engine", str(path), stdin="q\n").stdout
        r, c = walls.Game(path.read_text()).engine_move()
        assert f"Engine plays {r} {c}." in transcript, transcript


def test_a_game_draws_as_the_cli_and_copies_are_independent():
    game = walls.Game("2 3\nX..\n...\n")
    assert str(game) == "  012\n0 X..\n1 ...\n"
    copy = game.copy()
    game.play(1, 1)
    assert str(game) == "  012\n0 X#.\n1 ###\n"
    assert str(copy) == "  012\n0 X..\n1 ...\n"
    assert game.parts == [(0, 2, 1, 3)]
    assert game.board == copy.board == "2 3\nX..\n...\n"


@pytest.mark.parametrize("text,message", [
    ("", "line 1, column 1"),
    ("2 2\n.a\n..\n", "line 2, column 2: row 1 has 'a', expected '.' or 'X'"),
    ("2 2\n.\n..\n", "line 2, column 1: row 1 has 1 character, expected 2"),
    ("2 2\n..\n", "line 3, column 1: expected row 2 of 2"),
    ("65 1\n", "the number of rows H must be between 1 and 64, got 65"),
])
def test_bad_boards_raise_input_error_with_the_clis_message(cli, text, message):
    for call in (walls.grundy, walls.winner, walls.analyze, walls.Game):
        with pytest.raises(pencilbox.InputError, match=message) as e:
            call(text)
    done = cli("walls", "winner", stdin=text)
    assert done.returncode == 2 and str(e.value) in done.stderr


def test_illegal_moves_raise_input_error_saying_why():
    game = walls.Game("2 2\nX.\n..\n")
    illegal = [((0, 0), r"cell \(0, 0\) is marked X"), ((2, 0), r"cell \(2, 0\) is off the 2x2 board"),
               ((-1, 0), "is not a cell"), ((0, -5), "is not a cell")]
    for move, message in illegal:
        with pytest.raises(pencilbox.InputError, match=message):
            game.play(*move)
    with pytest.raises(pencilbox.InputError, match="off the 2x2 board"):
        game.is_wall(0, 7)
    game.play(1, 1)
    with pytest.raises(pencilbox.InputError, match=r"cell \(1, 0\) is already a wall"):
        game.play(1, 0)
    assert walls.MAX_SIDE == 64
