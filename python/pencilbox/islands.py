"""The Islands game.

On an N x N board of empty and numbered cells, players in turn paint a region: connected (by
sides), holding exactly one number, of exactly that many cells, touching no earlier paint (not
even at a side). A player who cannot move loses, unless every number has been painted: then the
game is a draw.

A board is the contest text (``game.in``): N, then N rows of N squares, ``#`` empty, ``B``
painted, or a number. A cell is a ``(row, col)`` pair, 0-based; a move is a list of cells (any
order when given, sorted when returned); a cell may be given as any pair of integers, a list
from JSON say.

>>> from pencilbox import islands
>>> board = islands.Board("3\\n2 # #\\n# # #\\n# # 1\\n")
>>> board.legal_moves()
Moves([[(0, 0), (0, 1)], [(0, 0), (1, 0)], [(2, 2)]])
>>> board.legal_moves()[-1]
[(2, 2)]
>>> after = board.play([(2, 2)])
>>> after.status, after.live_numbers
('ongoing', [(0, 0)])
>>> islands.solve(board).outcome
'Draw'
>>> move = islands.Bot("strong", time_ms=100, seed=1).move(board)
>>> board.validate(move) == move
True

A move can also be painted one cell at a time, which is how :mod:`pencilbox.envs.islands_v0`
lets an agent make one:

>>> game = islands.Game(board)
>>> game.paintable()
[(0, 0), (2, 2)]
>>> game.paint((0, 0)), game.paintable()
(None, [(0, 1), (1, 0)])
>>> game.paint((1, 0)), game.to_move
([(0, 0), (1, 0)], 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Tuple, Union

from pencilbox import _native

#: A cell: (row, col), 0-based.
Cell = Tuple[int, int]
#: A move: the cells of its region.
Move = List[Cell]

#: The bots' levels, weakest first.
LEVELS: Tuple[str, ...] = tuple(_native.ISLANDS_LEVELS)
#: The generator's presets, the contest's test groups (smallest first).
PRESETS: Tuple[str, ...] = tuple(_native.ISLANDS_PRESETS)
#: The largest side a board may have.
MAX_SIDE: int = _native.ISLANDS_MAX_SIDE
#: The largest number a square may hold.
MAX_NUMBER: int = _native.ISLANDS_MAX_NUMBER
#: The contest's time for one move, in milliseconds: a bot's default.
MOVE_LIMIT_MS: int = _native.ISLANDS_MOVE_LIMIT_MS
#: How many moves :meth:`Board.legal_moves` lists unless told otherwise.
LEGAL_MOVES_LIMIT: int = _native.ISLANDS_LEGAL_MOVES_LIMIT
#: The seconds :func:`solve` may take unless told otherwise (the CLI's default too).
SOLVE_TIME_LIMIT: float = _native.ISLANDS_SOLVE_TIME_LIMIT
#: In :attr:`Board.squares`: an empty square and a painted one (a number is itself).
EMPTY: int = _native.ISLANDS_EMPTY
PAINTED: int = _native.ISLANDS_PAINTED

#: A board: ``Board(text)`` reads the contest text (bad text raises :class:`pencilbox.InputError`
#: with the line and column); ``str(board)`` writes it. Immutable and hashable. ``n``,
#: ``squares`` (rows of ``EMPTY``, ``PAINTED`` or the number), ``numbers`` (a dict cell ->
#: number of the unpainted numbers), ``live_numbers`` (those a move can still paint), ``blocked_cells``
#: (unpainted cells next to paint, out of play), ``status`` (for the player to move:
#: ``ongoing``, ``no_move`` -- they have lost -- or ``draw``), ``legal_moves(limit=...)`` (a
#: read-only sequence of the moves, each made into Python objects only when looked at; more
#: than ``limit`` raises :class:`pencilbox.InputError`), ``validate(move)`` (the move sorted, or
#: :class:`pencilbox.InputError` with the rule it breaks), ``play(move)`` (the board after it).
Board = _native.IslandsBoard

#: A game from a start board (a :class:`Board` or its text), player 0 to move. ``play(move)``
#: plays a whole move; ``paintable()`` lists the cells ``paint(cell)`` accepts next (the live
#: numbers, then the cells that extend the region: each keeps it completable, and every legal
#: move can be painted), and ``paint`` returns the move once the region is complete. ``board``,
#: ``partial`` (the region being painted), ``to_move``, ``status``, ``is_over``, ``winner`` (0 or
#: 1 once someone has won; ``None`` in a draw or while the game goes on), ``moves``, ``copy()``.
Game = _native.IslandsGame

BoardLike = Union[Board, str]


def read(text: str) -> Board:
    """The board in the contest text; bad text raises :class:`pencilbox.InputError` with the line
    and column."""
    return Board(text)


@dataclass(frozen=True)
class Params:
    """The generator's parameters: side ``n``, how many ``centers`` the numbers gather around,
    numbers from ``min`` to ``max``."""

    n: int
    centers: int
    min: int
    max: int


def preset(name: str) -> Params:
    """The parameters of a preset (one of :data:`PRESETS`)."""
    return Params(*_native.islands_preset(name))


def _params(preset_name: Optional[str], n: int, centers: int, min: int, max: int) -> Params:
    return preset(preset_name) if preset_name is not None else Params(n, centers, min, max)


def generate(preset: Optional[str] = None, *, n: int = 5, centers: int = 1, min: int = 1, max: int = 5,
             seed: int = 0) -> Board:
    """The contest generator's board for ``seed``: of a preset (one of :data:`PRESETS`), else of
    the parameters given (as ``pencilbox islands generate``)."""
    p = _params(preset, n, centers, min, max)
    return _native.islands_generate(p.n, p.centers, p.min, p.max, seed)


def playable(preset: Optional[str] = None, *, n: int = 5, centers: int = 1, min: int = 1, max: int = 5,
             seed: int = 0) -> Tuple[int, Board]:
    """The first board worth playing among those of the seeds ``seed``, ``seed + 1``, ...: at
    least three live numbers and a choice that matters for the player to move. Returns its seed
    and the board (what the web app offers)."""
    p = _params(preset, n, centers, min, max)
    return _native.islands_playable(p.n, p.centers, p.min, p.max, seed)


@dataclass(frozen=True)
class Solution:
    """What :func:`solve` found: the ``outcome`` for the player to move under best play
    (``Win``, ``Draw`` or ``Loss``) and a ``best_move`` achieving it (``None`` when the game is
    over)."""

    outcome: str
    best_move: Optional[Move]


def solve(board: BoardLike, time_limit: Optional[float] = SOLVE_TIME_LIMIT) -> Solution:
    """The exact outcome of ``board`` for the player to move, and a move achieving it.

    Small boards and endgames solve at once; a ``medium`` or ``large`` opening does not. Past
    ``time_limit`` seconds (``None``: no limit, Ctrl-C stops it) raises :class:`TimeoutError`.
    """
    outcome, best = _native.islands_solve(board, time_limit)
    return Solution(outcome, best)


#: A bot: ``Bot(level="strong", time_ms=MOVE_LIMIT_MS, seed=0)``, ``level`` one of :data:`LEVELS`
#: (``strong`` is the best), ``time_ms`` the time it thinks per move, ``seed`` makes its choices
#: repeatable. ``move(board)`` (a :class:`Board` or its text) is its move, never illegal, or
#: ``None`` when the game is over.
Bot = _native.IslandsBot
