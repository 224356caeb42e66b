"""pencilbox.slither against the CLI (the same engines through another door), the owned fixture
of generated puzzles (crates/slither/tests/fixtures/generated.txt) and a brute-force count."""

import itertools
import json
import random

import pytest

import pencilbox
from pencilbox import slither
from conftest import ROOT

SEED = ROOT / "examples" / "slither"
FIXTURE = ROOT / "crates" / "slither" / "tests" / "fixtures" / "generated.txt"
# A generated 5x5 puzzle the rules alone leave stuck after 38 steps: explain needs a trial.
TRIAL_URL = "https://puzz.link/p?slither/5/5/gbc51bg11ai3c"
# Loopy's Tricky deductions, not its Normal ones, solve it.
TRICKY = "4x4t0:3a3d3a0c2a0"
BLANK_2X2 = "2 2\n. .\n. .\n"
NO_SOLUTION = "1 1\n0\n"


def seed_text():
    return (SEED / "thsl-1.in").read_text()


def cli_ok(cli, *args, stdin=""):
    done = cli("slither", *args, stdin=stdin)
    assert done.returncode == 0, done.stderr
    return done.stdout


def fixtures():
    """The fixture's puzzles: (rows, cols, level, seed, THSL text, the loop's inside cells)."""
    assert FIXTURE.is_file(), f"the fixture {FIXTURE} is missing"
    out = []
    for line in FIXTURE.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        size, level, seed, clues, inside = line.split()
        rows, cols = map(int, size.split("x"))
        text = f"{rows} {cols}\n" + "".join(" ".join(row) + "\n" for row in clues.split("/"))
        cells = [[ch == "x" for ch in row] for row in inside.split("/")]
        out.append((rows, cols, level, int(seed), text, cells))
    assert out, f"{FIXTURE} holds no puzzle"
    return out


def small_fixtures():
    # The boards up to 10x10 keep the suite fast; the larger ones take the CLI's debug build long.
    return [f for f in fixtures() if f[0] * f[1] <= 100]


def edges_of_inside(rows, cols, inside):
    """The loop around the inside cells, in the documented numbering: horizontal edges row by
    row, then vertical ones. An edge is on the loop when the cells on its two sides differ."""
    def cell(r, c):
        return 0 <= r < rows and 0 <= c < cols and inside[r][c]

    horizontal = [r * cols + c for r in range(rows + 1) for c in range(cols) if cell(r - 1, c) != cell(r, c)]
    first_v = (rows + 1) * cols
    vertical = [first_v + r * (cols + 1) + c for r in range(rows) for c in range(cols + 1)
                if cell(r, c - 1) != cell(r, c)]
    return tuple(horizontal + vertical)


def test_the_seed_example_is_solved_as_the_judge_and_the_cli_print_it(cli):
    s = slither.solve(seed_text())
    assert s.verdict == "unique" and s.unique
    assert s.picture() == (SEED / "thsl-1.out").read_text()
    assert s.picture() == str(s) == cli_ok(cli, "solve", stdin=seed_text())


@pytest.mark.parametrize("puzzle", [seed_text(), TRIAL_URL, TRICKY])
def test_every_rendering_is_the_clis(cli, puzzle):
    s = slither.solve(puzzle)
    solved = [("thsl", s.picture()), ("grid", s.grid()), ("svg", s.svg()), ("json", s.json() + "\n")]
    for output, ours in solved:
        assert ours == cli_ok(cli, "solve", "--output", output, stdin=puzzle), output
    p = s.puzzle
    converted = [("thsl", p.text), ("url", p.url + "\n"), ("loopy", p.loopy + "\n"), ("grid", p.grid())]
    for output, ours in converted:
        assert ours == cli_ok(cli, "convert", "--output", output, stdin=puzzle), output
    assert json.loads(s.json())["loop_edges"] == list(s.edges)


def test_every_format_reads_the_same_puzzle():
    p = slither.Puzzle(TRICKY)
    assert (p.rows, p.cols) == (4, 4)
    assert p.clues[0] == [3, None, 3, None]
    for text in [p.text, p.url, p.loopy, "  " + p.url + "\n", p.url.replace("https://puzz.link/", "")]:
        assert slither.Puzzle(text) == p, text
        assert hash(slither.Puzzle(text)) == hash(p)
    assert str(p) == p.text
    assert slither.read(p.text) == [p]
    hidden = slither.Puzzle("1 3\n? 1 .\n")
    assert hidden.clues == [["?", 1, None]]
    assert slither.Puzzle(hidden.url) == hidden


@pytest.mark.parametrize("fixture", small_fixtures(), ids=lambda f: f"{f[0]}x{f[1]}-{f[2]}")
def test_fixture_puzzles_have_their_loop_and_level(cli, fixture):
    rows, cols, level, _, text, inside = fixture
    s = slither.solve(text)
    assert s.verdict == "unique"
    assert sorted(s.edges) == sorted(edges_of_inside(rows, cols, inside))
    g = slither.grade(text)
    assert (str(g), g.level) == (level, level)
    # The grade is the level's name (a str), with the steps and score besides.
    assert g == level and isinstance(g, str) and type(g.level) is str
    theirs = json.loads(cli_ok(cli, "grade", "--json", stdin=text))
    assert (g.level, g.steps, g.score) == (theirs["level"], theirs["steps"], theirs["score"])
    e = slither.explain(text)
    assert e.solved and e.verdict == "unique"
    assert sorted(e.lines) == sorted(s.edges)


def test_levels_are_the_clis_on_puzzles_of_every_level(cli):
    puzzles = [seed_text(), TRICKY, TRIAL_URL] + [f[4] for f in small_fixtures()]
    ours = [str(slither.grade(p)) for p in puzzles]
    theirs = [cli_ok(cli, "grade", stdin=p).strip() for p in puzzles]
    assert ours == theirs
    assert set(ours) == set(slither.GENERATE_LEVELS), "a level is missing from the puzzles"
    assert ours[:2] == ["easy", "tricky"]


def test_verdicts_and_counts_are_the_clis(cli):
    none = slither.solve(NO_SOLUTION)
    assert (none.verdict, none.edges, str(none)) == ("none", None, "no solution")
    with pytest.raises(slither.NoSolution):
        none.picture()
    assert none.grid() == cli_ok(cli, "convert", "--output", "grid", stdin=NO_SOLUTION)
    several = slither.solve(BLANK_2X2)
    assert several.verdict == "multiple" and not several.unique
    # One of the solutions, the one `solve --any` prints.
    assert several.json() + "\n" == cli_ok(cli, "solve", "--any", "--output", "json", stdin=BLANK_2X2)
    theirs = cli_ok(cli, "count", "--limit", "20", stdin=BLANK_2X2)
    assert str(slither.count(BLANK_2X2, limit=20)) + "\n" == theirs
    assert slither.count(BLANK_2X2, limit=20) == slither.Count(13, True)
    assert slither.count(BLANK_2X2) == slither.Count(2, False)
    assert str(slither.count(BLANK_2X2)) == "2+"


def loops_by_brute_force(rows, cols, clues):
    """Every set of edges that is one loop meeting the clues, by trying all of them."""
    n_h = (rows + 1) * cols
    n = n_h + rows * (cols + 1)

    def h(r, c):
        return r * cols + c

    def v(r, c):
        return n_h + r * (cols + 1) + c

    def ends(e):  # the two dots of an edge
        if e < n_h:
            r, c = divmod(e, cols)
            return (r, c), (r, c + 1)
        r, c = divmod(e - n_h, cols + 1)
        return (r, c), (r + 1, c)

    found = 0
    for bits in range(1, 1 << n):
        on = [e for e in range(n) if bits >> e & 1]
        if any(k is not None and k != sum(bits >> e & 1 for e in (h(r, c), h(r + 1, c), v(r, c), v(r, c + 1)))
               for r, row in enumerate(clues) for c, k in enumerate(row)):
            continue
        degree = {}
        for e in on:
            for dot in ends(e):
                degree[dot] = degree.get(dot, 0) + 1
        if any(d != 2 for d in degree.values()):
            continue
        # Every dot has two lines: one loop when a walk from one dot reaches them all.
        seen, todo = set(), [ends(on[0])[0]]
        while todo:
            dot = todo.pop()
            if dot not in seen:
                seen.add(dot)
                todo.extend(x for e in on for x in ends(e) if dot in ends(e))
        found += len(seen) == len(degree)
    return found


@pytest.mark.parametrize("rows,cols", [(1, 2), (1, 3), (2, 2)])
def test_counts_equal_a_brute_force_count_on_random_small_puzzles(rows, cols):
    rng = random.Random(rows * 10 + cols)
    for _ in range(12):
        clues = [[rng.choice([None, None, 0, 1, 2, 3]) for _ in range(cols)] for _ in range(rows)]
        text = f"{rows} {cols}\n" + "".join(" ".join("." if k is None else str(k) for k in row) + "\n"
                                            for row in clues)
        want = loops_by_brute_force(rows, cols, clues)
        assert slither.count(text, limit=100) == slither.Count(want, True), text
        verdict = slither.solve(text).verdict
        assert verdict == {0: "none", 1: "unique"}.get(want, "multiple"), text


def slink():
    return "1 1\n0\n1 2\n3 .\n" + BLANK_2X2 + "0 0\n"


def test_several_puzzles_are_solved_each_by_solve_all_as_the_cli_numbers_them(cli):
    with pytest.raises(pencilbox.InputError, match=r"holds 3 puzzles, not one: solve_all\(text\)"):
        slither.solve(slink())
    solutions = slither.solve_all(slink())
    assert [s.verdict for s in solutions] == ["none", "unique", "multiple"]
    words = {"none": "no solution\n", "multiple": "multiple solutions\n"}
    ours = "".join(f"{i}\n" + (s.picture() if s.unique else words[s.verdict])
                   for i, s in enumerate(solutions, 1))
    assert ours == cli_ok(cli, "solve", stdin=slink())
    assert [str(s) for s in slither.solve_all([seed_text(), slither.Puzzle(TRICKY)])] == [
        slither.solve(seed_text()).picture(), slither.solve(TRICKY).picture()]
    assert len(slither.read(slink())) == 3
    # One puzzle in the numbered form is one puzzle.
    assert slither.solve("1 2\n3 .\n0 0\n").unique
    with pytest.raises(pencilbox.InputError, match="grade_all"):
        slither.grade(slink())
    assert [str(g) for g in slither.grade_all([seed_text(), TRICKY])] == ["easy", "tricky"]
    for call in (slither.explain, slither.count, slither.Puzzle):
        with pytest.raises(pencilbox.InputError, match="3 puzzles"):
            call(slink())


def test_grading_a_puzzle_without_one_solution_says_which(cli):
    with pytest.raises(slither.MultipleSolutions, match="several solutions") as several:
        slither.grade(BLANK_2X2)
    with pytest.raises(slither.NoSolution, match="no solution") as none:
        slither.grade(NO_SOLUTION)
    for e in (several.value, none.value):
        assert isinstance(e, slither.NotUnique) and isinstance(e, pencilbox.InputError)
    assert cli("slither", "grade", stdin=BLANK_2X2).stderr == "multiple solutions\n"
    assert cli("slither", "grade", stdin=NO_SOLUTION).stderr == "no solution\n"


@pytest.mark.parametrize("puzzle,args", [
    (seed_text(), ()),
    (TRIAL_URL, ()),
    (TRIAL_URL, ("--trial-depth", "0")),
    (BLANK_2X2, ()),
    (NO_SOLUTION, ()),
])
def test_explanations_are_the_clis(cli, puzzle, args):
    depth = int(args[1]) if args else slither.TRIAL_DEPTH
    e = slither.explain(puzzle, trial_depth=depth)
    done = cli("slither", "explain", *args, stdin=puzzle)
    assert str(e) == done.stdout
    assert done.returncode == (0 if e.solved else 1)
    assert e.outcome in slither.OUTCOMES
    assert e.summary == done.stdout.splitlines()[len(e.moves)]
    # The moves decide each edge once, and their lines are the lines at the end.
    decided = [edge for m in e.moves for edge in m.lines + m.crosses]
    assert len(decided) == len(set(decided)) == e.decided
    assert sorted(edge for m in e.moves for edge in m.lines) == sorted(e.lines)
    for m in e.moves:
        assert (m.rule is None) == (m.depth > 0) and str(m) == m.text


def test_an_explanation_tells_its_trial():
    e = slither.explain(TRIAL_URL)
    assert (e.outcome, e.verdict, e.trials, e.depth) == ("solved", "unique", 1, 1)
    trial = e.moves[38]
    assert trial.depth == 1 and trial.rule is None
    assert trial.text.startswith("trial (depth 1): suppose the edge between dots (4, 1) and (5, 1)")
    assert e.moves[0].rule is not None and e.moves[0].depth == 0
    stuck = slither.explain(TRIAL_URL, trial_depth=0)
    assert (stuck.outcome, len(stuck.moves), stuck.decided, stuck.num_edges) == ("stuck", 38, 41, 60)
    assert slither.explain(NO_SOLUTION).outcome == "contradiction"


# The fixture's puzzles that generate quickly: each is the first of its level its seed gives.
QUICK = [f for f in fixtures() if f[0] * f[1] <= 36]


@pytest.mark.parametrize("fixture", QUICK, ids=lambda f: f"{f[0]}x{f[1]}-{f[2]}")
def test_generate_makes_the_fixtures_puzzle_of_its_level(cli, fixture):
    rows, cols, level, seed, text, _ = fixture
    p = slither.generate(rows, cols, level, seed)
    assert p == slither.Puzzle(text)
    assert slither.Puzzle(p.url) == p and slither.Puzzle(p.text) == p
    assert slither.solve(p).unique
    assert str(slither.grade(p)) == level
    theirs = cli_ok(cli, "generate", "--size", f"{rows}x{cols}", "--difficulty", level, "--seed", seed)
    assert p.text == theirs


def test_names_are_the_engines_as_the_cli_lists_them(cli):
    help_text = cli_ok(cli, "generate", "--help")
    assert f"[possible values: {', '.join(slither.GENERATE_LEVELS)}]" in help_text
    assert slither.LEVELS[:5] == ("easy", "normal", "tricky", "hard", "expert")
    assert slither.GENERATE_SIDES == (2, 100)
    assert f"[default: {slither.TRIAL_DEPTH}]" in cli_ok(cli, "explain", "--help")
    assert f"[default: {slither.TIME_LIMIT:g}]" in cli_ok(cli, "solve", "--help")


def test_time_limits_are_honoured():
    # A blank board needs the search, which looks at the clock at every node.
    for call in (slither.solve, slither.grade, slither.explain, slither.count):
        with pytest.raises(TimeoutError, match="ran out of time"):
            call("8 8\n" + ". . . . . . . .\n" * 8, time_limit=0)
    with pytest.raises(TimeoutError, match="no easy puzzle of 5x5"):
        slither.generate(5, 5, "easy", 1, time_limit=0)
    assert slither.solve(seed_text(), time_limit=60).unique


@pytest.mark.parametrize("text,message", [
    ("", "the input is empty"),
    ("2 2\n1 4\n. .\n", "line 2, column 3: clue 4 is above 3"),
    ("2 3\n1 . .\n. .\n", "line 3, column 1: row 2 has 2 clues, expected 3"),
    ("2 2\n1 x\n. .\n", "line 2, column 3"),
    ("p?nurikabe/3/3/abc", "not slither"),
    ("3x3t0:zzz", "line 1"),
    ("hello", "line 1, column 1: not a Slitherlink puzzle"),
])
def test_bad_puzzles_raise_input_error_with_the_clis_message(cli, text, message):
    readers = (slither.read, slither.Puzzle, slither.solve, slither.solve_all, slither.grade,
               slither.grade_all, slither.explain, slither.count)
    for call in readers:
        with pytest.raises(pencilbox.InputError, match=message) as e:
            call(text)
        assert isinstance(e.value, ValueError)
    done = cli("slither", "solve", stdin=text)
    assert done.returncode == 2 and str(e.value) in done.stderr


def test_bad_arguments_raise_input_error():
    p = slither.Puzzle(TRICKY)
    bad = [
        lambda: slither.generate(5, 5, "impossible", 1),
        lambda: slither.generate(5, 5, "trial-3", 1),
        lambda: slither.generate(1, 5, "easy", 1),
        lambda: slither.generate(101, 5, "easy", 1),
        lambda: slither.generate(-1, 5, "easy", 1),
        lambda: slither.generate(5, 5, "easy", -1),
        lambda: slither.generate(5, 5, "easy", 2**64),
        lambda: slither.solve(TRICKY, time_limit=-1),
        lambda: slither.solve(TRICKY, time_limit=float("nan")),
        lambda: slither.explain(TRICKY, trial_depth=-1),
        lambda: slither.count(TRICKY, limit=0),
        lambda: slither.solve(42),
        lambda: p.picture([40]),
        lambda: p.grid([-1]),
        lambda: p.svg([10**30]),
        lambda: p.json([0, "1"]),
    ]
    for call in bad:
        with pytest.raises(pencilbox.InputError):
            call()
    with pytest.raises(pencilbox.InputError, match="edge 40 is not on a 4x4 board"):
        p.picture([40])
    with pytest.raises(pencilbox.InputError, match="expected easy, normal, tricky, hard, expert or trial-N"):
        slither.generate(5, 5, "impossible", 1)
    with pytest.raises(pencilbox.InputError, match="does not make trial-3 puzzles"):
        slither.generate(5, 5, "trial-3", 1)
    with pytest.raises(pencilbox.InputError, match="between 2 and 100, not 1x5"):
        slither.generate(1, 5, "easy", 1)
