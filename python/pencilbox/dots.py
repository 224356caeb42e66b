"""Dots-and-Boxes.

A position is OpenSpiel's line string: one ``0`` or ``1`` per line, in the order OpenSpiel's
``dots_and_boxes`` numbers its actions (pencilbox numbers lines the same way), for a board of
``rows`` x ``cols`` boxes: first the horizontal lines row by row, then the vertical ones. A
value is a net score for the player to move: their boxes minus the opponent's, of the boxes
still unclaimed, under best play by both.

>>> from pencilbox import dots
>>> dots.solve("0" * 12, 2, 2).value
2
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Union

from pencilbox import _native

#: The playing levels, weakest first.
LEVELS: tuple = tuple(_native.DOTS_LEVELS)
#: The engine's defaults: the most MiB of a solve's table, of a playing engine's, and a playing
#: engine's time per move in milliseconds.
SOLVE_TABLE_MIB: int = _native.DOTS_SOLVE_TABLE_MIB
BOT_TABLE_MIB: int = _native.DOTS_BOT_TABLE_MIB
BOT_TIME_MS: int = _native.DOTS_BOT_TIME_MS

Number = Union[int, float]


@dataclass(frozen=True)
class Solution:
    """What :func:`solve` found.

    ``value`` is exact (an ``int``) when ``exact``; otherwise the strong engine's estimate (a
    ``float``, with ``std_error`` and ``playouts``), or ``None`` when its search was too thin to
    estimate. ``lower``..``upper`` is what the exact solver proved of the value. ``best_move``
    is a line number (``None`` when every line is drawn). ``move_values``, when asked for with
    ``moves=True``, maps lines to the mover's value after drawing them: every legal line when
    exact; for an estimate, the moves the search weighed, each with the lines symmetric to it
    (not every legal line: the search never looks at some).
    """

    value: Optional[Number]
    exact: bool
    best_move: Optional[int]
    lower: int
    upper: int
    nodes: int
    std_error: Optional[float] = None
    playouts: Optional[int] = None
    why: Optional[str] = None
    move_values: Optional[Dict[int, Optional[Number]]] = field(default=None)


def solve(
    lines: str,
    rows: int,
    cols: int,
    time_limit: Optional[float] = None,
    *,
    moves: bool = False,
    threads: int = 1,
    tt_mib: int = SOLVE_TABLE_MIB,
) -> Solution:
    """The value and a best move of a position, exactly.

    With ``time_limit`` (seconds), the exact solve gets most of it and, when it does not finish,
    the strong engine's search the rest: then ``exact`` is false and ``value`` its estimate.
    Without it the solve runs to the end (Ctrl-C stops it), and a board beyond the exact solver
    raises :class:`pencilbox.InputError`. ``moves=True`` also values every legal move;
    ``threads`` (1 or 2) and ``tt_mib`` (the transposition table's most MiB) tune the solver;
    with two threads and no ``time_limit``, the best move of a large position is the one the
    search proved, which can differ from call to call among equally good moves.
    """
    return Solution(**_native.dots_solve(lines, rows, cols, time_limit, moves, threads, tt_mib))


def endgame_value(lines: str, rows: int, cols: int) -> int:
    """The exact value of a simple loony endgame, for the player to move.

    Every unclaimed box must have exactly two undrawn sides, so that the position is made of
    independent chains and loops; any other position raises :class:`pencilbox.InputError`.
    """
    return _native.dots_endgame_value(lines, rows, cols)


def legal_moves(lines: str, rows: int, cols: int) -> List[int]:
    """The undrawn lines of a position, in line order."""
    return _native.dots_legal_moves(lines, rows, cols)


@dataclass(frozen=True)
class Choice:
    """A bot's move and how it chose it: ``reason`` is ``exact`` (the move keeps the exact value),
    ``forced`` (the only move worth considering), ``proven`` (the exact solve ran out of time
    after proving the move good), ``search`` (the search's choice), ``heuristic``,
    ``large-board`` (the chain rules, beyond the solver) or ``level`` (the random and greedy
    levels)."""

    line: int
    reason: str


class Bot:
    """A playing engine: ``level`` is one of :data:`LEVELS` (``strong`` is the best), ``time_ms``
    the time it thinks per move, ``seed`` makes its choices repeatable. Keep one bot for a whole
    game: it reuses what it learnt on earlier moves.

    >>> Bot("strong", time_ms=100).move("0" * 12, 2, 2) in range(12)
    True
    """

    def __init__(self, level: str = "strong", time_ms: int = BOT_TIME_MS, seed: int = 0, *,
                 threads: int = 1, tt_mib: int = BOT_TABLE_MIB) -> None:
        self._bot = _native.DotsBot(level, time_ms, seed, threads, tt_mib)

    @property
    def level(self) -> str:
        return self._bot.level

    @property
    def time_ms(self) -> int:
        return self._bot.time_ms

    def move(self, lines: str, rows: int, cols: int) -> int:
        """The engine's move in the position: a line number."""
        return self._bot.move(lines, rows, cols)

    def choose(self, lines: str, rows: int, cols: int) -> Choice:
        """The engine's move in the position and how it chose it."""
        return Choice(*self._bot.choose(lines, rows, cols))

    def __repr__(self) -> str:
        return repr(self._bot)


#: A game in progress: ``Game(rows, cols, lines=None)``; ``play(line)`` draws a line for the
#: player to move and returns the boxes it completed (then that player moves again); ``lines``,
#: ``to_move`` (0, 1, or ``None`` when over), ``scores``, ``boxes``, ``legal_moves()``, ``copy()``,
#: ``picture`` (the ASCII picture: boxes marked ``A`` for player 0, ``B`` for 1, ``#`` for the start's).
Game = _native.DotsGame
