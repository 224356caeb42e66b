"""The Wall Making Game (JAG Spring Contest 2015).

An impartial game on a board of empty (``.``) and marked (``X``) cells. A move chooses a cell
that is neither a wall nor marked; it and, in each of the four directions, every cell up to the
first wall or the edge become walls (marked cells too). A player who cannot move loses.

A board is the contest's text, as ``pencilbox walls`` reads it: ``H W`` on the first line, then
``H`` rows of ``W`` characters. Moves are ``(row, col)``, 0-based. Bad input raises
:class:`pencilbox.InputError` with the line and column.

>>> from pencilbox import walls
>>> walls.grundy("2 2\\nX.\\n..\\n"), walls.winner("2 2\\nX.\\n..\\n")
(2, 'First')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Tuple

from pencilbox import _native

__all__ = ["MAX_SIDE", "Analysis", "Game", "analyze", "grundy", "winner"]

#: The most rows or columns of a board.
MAX_SIDE: int = _native.WALLS_MAX_SIDE

Move = Tuple[int, int]


@dataclass(frozen=True)
class Analysis:
    """The start position of a board: its Sprague-Grundy value, the ``winner`` with perfect
    play (``"First"`` or ``"Second"``, the contest's answer) and every winning first move, row
    by row (none when the first player loses)."""

    grundy: int
    winner: str
    winning_moves: Tuple[Move, ...]


def analyze(board: str) -> Analysis:
    """The value, the winner and the winning first moves, as ``pencilbox walls analyze``."""
    value, who, moves = _native.walls_analyze(board)
    return Analysis(value, who, tuple(moves))


def grundy(board: str) -> int:
    """The Sprague-Grundy value of the board's start position (0: the first player loses)."""
    return analyze(board).grundy


def winner(board: str) -> str:
    """``"First"`` or ``"Second"``: who wins from the start with perfect play, as ``pencilbox
    walls winner`` prints it."""
    return analyze(board).winner


#: A game in progress: ``Game(board)`` starts it on a board's text. ``play(row, col)`` makes a
#: move (an illegal one raises :class:`pencilbox.InputError` saying why); ``legal_moves()``,
#: ``winning_moves()`` (those leaving the opponent lost), ``engine_move()`` (the perfect
#: engine's: a winning move that ends soonest, else the one leaving the longest play; ``None``
#: when over); ``grundy`` (the position's value), ``to_move_wins``, ``is_over``, ``parts``
#: (the independent rectangles in play, ``(top, left, bottom, right)``, bottom and right
#: exclusive), ``is_wall(row, col)``, ``copy()`` (cheap: the board's tables are shared) and
#: ``str()`` (a drawing: ``#`` wall, ``X`` marked, ``.`` free).
Game = _native.WallsGame
