"""Slitherlink.

A puzzle is given as text in any format ``pencilbox slither`` reads: THSL text (``ROWS COLS``,
then rows of clues ``0``-``3``, ``.`` or ``-`` blank, ``?`` hidden), Slink text (several THSL
puzzles, then ``0 0``), a puzz.link URL or a Loopy game ID; or as a :class:`Puzzle` already
read. Every function that takes one puzzle refuses input holding several with
:class:`pencilbox.InputError`: :func:`read` returns them all, and :func:`solve_all` and
:func:`grade_all` answer for each.

Edges are numbered as the CLI's JSON output numbers them: first the horizontal edges row by row
(``(rows + 1) * cols`` of them), then the vertical ones (``rows * (cols + 1)``).

``time_limit`` is in seconds, :data:`TIME_LIMIT` unless given (``None``: no limit); a call that
runs out of it raises :class:`TimeoutError`. The work runs without the GIL; Ctrl-C is raised
when the call ends, which the time limit bounds (the Slitherlink engine stops at a deadline, not
at a flag).

>>> from pencilbox import slither
>>> s = slither.solve("4x4t0:3a3d3a0c2a0")
>>> s.verdict, len(s.edges)
('unique', 18)
>>> print(slither.grade("4x4t0:3a3d3a0c2a0"))
tricky
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Tuple, Union

from pencilbox import _native
from pencilbox._native import InputError

__all__ = [
    "LEVELS", "GENERATE_LEVELS", "GENERATE_SIDES", "OUTCOMES", "TIME_LIMIT", "TRIAL_DEPTH", "Puzzle",
    "Solution",
    "Count", "Grade", "Move", "Explanation", "NotUnique", "NoSolution", "MultipleSolutions", "read",
    "solve", "solve_all", "count", "grade", "grade_all", "explain", "generate",
]

#: The difficulty levels, easiest first, as ``pencilbox slither grade`` names them: Loopy's
#: ``easy``, ``normal``, ``tricky`` and ``hard``, then ``expert`` (stronger deductions), then
#: ``trial-1``, ``trial-2``, ... (the depth of trial needed; deeper ones than listed exist).
LEVELS: Tuple[str, ...] = tuple(_native.SLITHER_LEVELS)
#: The levels :func:`generate` makes.
GENERATE_LEVELS: Tuple[str, ...] = tuple(_native.SLITHER_GENERATE_LEVELS)
#: The least and the most rows (and columns) of a generated puzzle.
GENERATE_SIDES: Tuple[int, int] = tuple(_native.SLITHER_GENERATE_SIDES)
#: How an explanation ends.
OUTCOMES: Tuple[str, ...] = tuple(_native.SLITHER_OUTCOMES)
#: The time limit of every call unless given, in seconds: the CLI's ``--timeout`` default.
TIME_LIMIT: float = _native.SLITHER_TIME_LIMIT
#: The deepest nesting of trials :func:`explain` allows unless told otherwise.
TRIAL_DEPTH: int = _native.SLITHER_TRIAL_DEPTH

#: The puzzle has not exactly one solution (what :func:`grade` needs); a subclass of
#: :class:`pencilbox.InputError`. Its subclasses say which: :class:`NoSolution` and
#: :class:`MultipleSolutions`.
NotUnique = _native.SlitherNotUnique
NoSolution = _native.SlitherNoSolution
MultipleSolutions = _native.SlitherMultipleSolutions

#: One puzzle: ``Puzzle(text)`` reads it (text with exactly one puzzle). ``rows``, ``cols``,
#: ``clues`` (rows of 0-3, ``None`` blank, ``"?"`` hidden); its forms ``text`` (THSL, also
#: ``str(puzzle)``), ``url`` (puzz.link) and ``loopy`` (Loopy game ID); and drawings with a loop
#: given by its edges: ``picture(edges)`` (THSL picture), ``grid(edges=None)``,
#: ``svg(edges=None)``, ``json(edges=None)``. Puzzles are immutable, hashable and compare by
#: their clues.
Puzzle = _native.SlitherPuzzle

PuzzleLike = Union[str, Puzzle]


def read(text: str) -> List[Puzzle]:
    """Every puzzle of ``text``, in order (one, except for Slink text)."""
    return _native.slither_read(text)


def _one(puzzle: PuzzleLike, instead: str) -> Puzzle:
    """The one puzzle given; for text holding several, an error that says what to do
    ``instead``."""
    if isinstance(puzzle, Puzzle):
        return puzzle
    if not isinstance(puzzle, str):
        raise InputError(f"expected a puzzle's text or a Puzzle, not {type(puzzle).__name__}")
    puzzles = read(puzzle)
    if len(puzzles) != 1:
        raise InputError(f"the input holds {len(puzzles)} puzzles, not one: {instead}")
    return puzzles[0]


def _all(puzzles: Union[str, List[PuzzleLike]]) -> List[Puzzle]:
    if isinstance(puzzles, str):
        return read(puzzles)
    return [_one(p, "give each puzzle as an item of the list") for p in puzzles]


@dataclass(frozen=True)
class Solution:
    """What :func:`solve` found.

    ``verdict`` is ``"unique"``, ``"multiple"`` or ``"none"``. ``edges`` are the loop's edges:
    the solution when unique, one of them when there are several, ``None`` when there is none.
    The renderings are those of ``pencilbox slither solve --output ...``.
    """

    puzzle: Puzzle
    verdict: str
    edges: Optional[Tuple[int, ...]]

    @property
    def unique(self) -> bool:
        return self.verdict == "unique"

    def picture(self) -> str:
        """The THSL picture (the judge's, ``--output thsl``); :class:`NoSolution` without a
        loop."""
        if self.edges is None:
            raise NoSolution("the puzzle has no solution: no loop to draw")
        return self.puzzle.picture(list(self.edges))

    def grid(self) -> str:
        """The compact picture (``--output grid``): the puzzle alone without a loop."""
        return self.puzzle.grid(self._loop())

    def svg(self) -> str:
        """An SVG drawing (``--output svg``)."""
        return self.puzzle.svg(self._loop())

    def json(self) -> str:
        """JSON (``--output json``): size, URL, clues and the loop's edges."""
        return self.puzzle.json(self._loop())

    @property
    def url(self) -> str:
        """The puzzle's puzz.link URL."""
        return self.puzzle.url

    @property
    def text(self) -> str:
        """The puzzle's THSL text."""
        return self.puzzle.text

    def _loop(self) -> Optional[List[int]]:
        return None if self.edges is None else list(self.edges)

    def __str__(self) -> str:
        return self.picture() if self.edges is not None else "no solution"


def solve(puzzle: PuzzleLike, time_limit: Optional[float] = TIME_LIMIT) -> Solution:
    """Solves a puzzle and proves whether its solution is unique (see :class:`Solution`)."""
    p = _one(puzzle, "solve_all(text) solves each")
    verdict, edges = _native.slither_solve(p, time_limit)
    return Solution(p, verdict, None if edges is None else tuple(edges))


def solve_all(puzzles: Union[str, List[PuzzleLike]],
              time_limit: Optional[float] = TIME_LIMIT) -> List[Solution]:
    """:func:`solve` for every puzzle of the text (or list); ``time_limit`` is per puzzle."""
    return [solve(p, time_limit) for p in _all(puzzles)]


@dataclass(frozen=True)
class Count:
    """What :func:`count` found: ``found`` solutions, and whether that is all (``complete``) or
    the count stopped at its limit."""

    found: int
    complete: bool

    def __str__(self) -> str:
        return str(self.found) if self.complete else f"{self.found}+"


def count(puzzle: PuzzleLike, limit: int = 2, time_limit: Optional[float] = TIME_LIMIT) -> Count:
    """Counts the solutions, stopping at ``limit`` (at least 1); ``str()`` prints it as
    ``pencilbox slither count`` does."""
    p = _one(puzzle, "read(text) gives each of them")
    if limit < 1:
        raise InputError(f"limit must be at least 1, not {limit}")
    return Count(*_native.slither_count(p, limit, time_limit))


class Grade(str):
    """A puzzle's difficulty: the level itself, as ``pencilbox slither grade`` prints it (one of
    :data:`LEVELS`, or a deeper ``trial-N``), so that ``grade(text) == "tricky"``; with
    ``steps`` (of the solve at that level) and ``score`` (orders puzzles within a level, higher
    is harder)."""

    steps: int
    score: int

    def __new__(cls, level: str, steps: int, score: int) -> "Grade":
        grade = super().__new__(cls, level)
        grade.steps, grade.score = steps, score
        return grade

    @property
    def level(self) -> str:
        """The level's name, a plain ``str``."""
        return str.__str__(self)

    def __repr__(self) -> str:
        return f"Grade({self.level!r}, steps={self.steps}, score={self.score})"


def grade(puzzle: PuzzleLike, time_limit: Optional[float] = TIME_LIMIT) -> Grade:
    """The level of a puzzle with exactly one solution: the least level whose techniques solve
    it. A puzzle with none raises :class:`NoSolution`, one with several
    :class:`MultipleSolutions` (both :class:`NotUnique`, an :class:`pencilbox.InputError`)."""
    return Grade(*_native.slither_grade(_one(puzzle, "grade_all(text) grades each"), time_limit))


def grade_all(puzzles: Union[str, List[PuzzleLike]],
              time_limit: Optional[float] = TIME_LIMIT) -> List[Grade]:
    """:func:`grade` for every puzzle of the text (or list); the first puzzle without exactly
    one solution raises."""
    return [grade(p, time_limit) for p in _all(puzzles)]


@dataclass(frozen=True)
class Move:
    """One move of an explanation: a deduction step (``rule`` names it, ``depth`` is 0) or a
    trial (``rule`` is ``None``, ``depth`` how deeply assumptions nest). ``text`` is the move as
    ``pencilbox slither explain`` prints it; ``lines`` and ``crosses`` are the edges it
    decides."""

    text: str
    rule: Optional[str]
    depth: int
    lines: Tuple[int, ...]
    crosses: Tuple[int, ...]

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Explanation:
    """What :func:`explain` found.

    ``moves`` in order; ``outcome`` one of :data:`OUTCOMES` (``solved``; ``stuck``: nothing
    within the trial depth decides an edge; ``contradiction``: the puzzle has no solution);
    ``verdict`` the solver's (as :attr:`Solution.verdict`); ``summary`` the closing line and
    ``picture`` the THSL picture of the lines decided, as the CLI prints them; ``lines`` those
    edges, ``decided`` how many of the board's ``num_edges`` are decided (lines and crosses);
    ``trials`` the trials used and ``depth`` the deepest. ``str()`` is the whole of ``pencilbox slither
    explain``'s output.
    """

    moves: Tuple[Move, ...]
    outcome: str
    verdict: str
    summary: str
    picture: str
    lines: Tuple[int, ...]
    decided: int
    num_edges: int
    trials: int
    depth: int

    @property
    def solved(self) -> bool:
        return self.outcome == "solved"

    def __str__(self) -> str:
        steps = "".join(f"step {i}: {m.text}\n" for i, m in enumerate(self.moves, 1))
        return f"{steps}{self.summary}\n{self.picture}"


def explain(puzzle: PuzzleLike, time_limit: Optional[float] = TIME_LIMIT,
            trial_depth: int = TRIAL_DEPTH) -> Explanation:
    """Solves as a person would, step by step: every deduction rule and, when they are stuck,
    the cheapest trial (an edge assumed and refuted) up to ``trial_depth`` (0: rules only; on a
    puzzle without exactly one solution at most 1)."""
    p = _one(puzzle, "read(text) gives each of them")
    if trial_depth < 0:
        raise InputError(f"trial_depth must be 0 or more, not {trial_depth}")
    e = _native.slither_explain(p, time_limit, trial_depth)
    moves = tuple(Move(m["text"], m["rule"], m["depth"], tuple(m["lines"]), tuple(m["crosses"]))
                  for m in e.pop("moves"))
    return Explanation(moves=moves, lines=tuple(e.pop("lines")), **e)


def generate(rows: int, cols: int, level: str, seed: int = 0,
             time_limit: Optional[float] = TIME_LIMIT) -> Puzzle:
    """A new puzzle of ``rows`` x ``cols`` with exactly one solution and level ``level`` (one of
    :data:`GENERATE_LEVELS`), made from the random numbers of ``seed`` (the same seed, the same
    puzzle). Its ``text`` and ``url`` are what the other functions read. Raises
    :class:`TimeoutError` past ``time_limit``, :class:`RuntimeError` when every random loop it
    tries gives a puzzle of another level (another seed may succeed)."""
    return _native.slither_generate(rows, cols, level, seed, time_limit)
