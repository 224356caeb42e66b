"""OpenSpiel: pencilbox's Dots-and-Boxes engines as a ``pyspiel.Bot``, and exact values of
OpenSpiel's ``dots_and_boxes`` states.

OpenSpiel's ``dots_and_boxes`` numbers its actions as pencilbox numbers lines (the horizontal
lines row by row, then the vertical ones), and a state's ``dbn_string()`` is pencilbox's line
string; so a state passes to the engines as that string and its game's ``num_rows`` and
``num_cols``, and the engines' line numbers are OpenSpiel's actions.

>>> import pyspiel
>>> from pencilbox.openspiel import PencilboxBot, exact_value
>>> game = pyspiel.load_game("dots_and_boxes", {"num_rows": 2, "num_cols": 2})
>>> state = game.new_initial_state()
>>> exact_value(state)
2
>>> bot = PencilboxBot(game, 0, time_ms=100)
>>> bot.step(state) in state.legal_actions()
True

OpenSpiel is an optional dependency: ``pip install "pencilbox[openspiel]"``.
"""

from __future__ import annotations

import collections
from typing import List, Optional, Tuple

try:
    import pyspiel
except ImportError as e:  # pragma: no cover - the tests install every extra
    raise ImportError(
        'pencilbox.openspiel needs OpenSpiel (the module pyspiel): pip install "pencilbox[openspiel]"'
    ) from e

from pencilbox import dots

#: OpenSpiel's name of the game this module plays.
GAME = "dots_and_boxes"

__all__ = ["GAME", "PencilboxBot", "board_size", "box_owners", "boxes_taken", "exact_value", "exact_returns"]


def board_size(game: pyspiel.Game) -> Tuple[int, int]:
    """The board of an OpenSpiel ``dots_and_boxes`` game, (rows, cols) of boxes, from its
    parameters; any other game raises ``ValueError``."""
    name = game.get_type().short_name
    if name != GAME:
        raise ValueError(f"pencilbox plays OpenSpiel's {GAME}, not {name}")
    params = game.get_parameters()
    return int(params["num_rows"]), int(params["num_cols"])


def _utility_margin(game: pyspiel.Game) -> bool:
    """Whether the game's returns are the final score margin (else +1/-1/0 for a win, a loss
    and a draw)."""
    return bool(game.get_parameters().get("utility_margin", False))


def box_owners(state: pyspiel.State) -> List[Optional[int]]:
    """Who took each box, row-major: 0 or 1, ``None`` for a box not taken. A box complete in a
    start position made from a line string (``game.new_initial_state(lines)``) counts as taken
    by nobody, as OpenSpiel counts it.

    OpenSpiel's Python API shows the takers only in the state's picture (``str(state)``), which
    marks each box taken with ``1`` (player 0) or ``2`` (player 1) at its middle.
    """
    rows, cols = board_size(state.get_game())
    picture = str(state).split("\n")
    owners: List[Optional[int]] = []
    for r in range(rows):
        row = picture[2 * r + 1] if 2 * r + 1 < len(picture) else ""
        if len(row) != 4 * cols + 1:
            raise ValueError(f"OpenSpiel's picture of a {rows}x{cols} board has an unexpected row {row!r}")
        for c in range(cols):
            mark = row[4 * c + 2]
            owners.append(int(mark) - 1 if mark in "12" else None)
    return owners


def boxes_taken(state: pyspiel.State) -> Tuple[int, int]:
    """The boxes each player has taken so far, (player 0's, player 1's), as OpenSpiel counts
    them for its returns (see :func:`box_owners`)."""
    owners = box_owners(state)
    return owners.count(0), owners.count(1)


def exact_value(state: pyspiel.State) -> int:
    """The exact value of an OpenSpiel ``dots_and_boxes`` state for the player to move: their
    boxes minus the opponent's, of the boxes still unclaimed, under best play by both (0 once
    the game is over). It is :func:`pencilbox.dots.solve` of the state's lines: quick on small
    boards and late in a game, long early on large ones (from 4x4 up); Ctrl-C stops it, and a
    board beyond the exact solver raises :class:`pencilbox.InputError`.
    """
    if state.is_terminal():
        return 0
    rows, cols = board_size(state.get_game())
    return dots.solve(state.dbn_string(), rows, cols).value


def exact_returns(state: pyspiel.State) -> List[float]:
    """The returns, ``[player 0's, player 1's]``, that the state ends with under best play by
    both, as OpenSpiel's ``returns()`` would give them at the end: the final score margin
    (the boxes taken so far, :func:`boxes_taken`, and :func:`exact_value` of the rest) when the
    game's ``utility_margin`` is set, else its sign (+1 a win, -1 a loss, 0 a draw: best play
    for the margin is best play for the sign, which only orders margins the same way).
    """
    first, second = boxes_taken(state)
    margin = first - second
    if not state.is_terminal():
        value = exact_value(state)
        margin += value if state.current_player() == 0 else -value
    if not _utility_margin(state.get_game()):
        margin = (margin > 0) - (margin < 0)
    return [float(margin), float(-margin)]


class PencilboxBot(pyspiel.Bot):
    """A pencilbox engine playing OpenSpiel's ``dots_and_boxes`` (any board the game's
    parameters give): ``level`` is one of :data:`pencilbox.dots.LEVELS` (``strong`` plays
    exactly wherever the rest of the game solves in its time, else searches), ``time_ms`` its
    time per move, ``seed`` makes its choices repeatable; ``threads`` and ``tt_mib`` as for
    :class:`pencilbox.dots.Bot`. It plays for whichever player is to move in the state it is
    given; ``player_id`` is kept for OpenSpiel's bookkeeping.

    The engine keeps what it learnt (its transposition table) from move to move and game to
    game; it needs no notice of the opponent's moves, since each move is chosen from the state.
    """

    def __init__(self, game: pyspiel.Game, player_id: int, level: str = "strong", time_ms: int = dots.BOT_TIME_MS,
                 seed: int = 0, *, threads: int = 1, tt_mib: int = dots.BOT_TABLE_MIB) -> None:
        pyspiel.Bot.__init__(self)
        self._rows, self._cols = board_size(game)
        self._player_id = player_id
        self._bot = dots.Bot(level, time_ms, seed, threads=threads, tt_mib=tt_mib)
        #: How the engine chose its moves so far: a count by reason (``exact``, ``forced``,
        #: ``search``, ...: :class:`pencilbox.dots.Choice`).
        self.reasons: collections.Counter = collections.Counter()

    def player_id(self) -> int:
        return self._player_id

    def choose(self, state: pyspiel.State) -> dots.Choice:
        """The engine's move in the state and how it chose it (see :class:`pencilbox.dots.Choice`)."""
        if state.is_terminal():
            raise ValueError("the game is over: there is no move to make")
        choice = self._bot.choose(state.dbn_string(), self._rows, self._cols)
        self.reasons[choice.reason] += 1
        return choice

    def step(self, state: pyspiel.State) -> int:
        """The engine's move (an OpenSpiel action) in the state."""
        return self.choose(state).line

    def provides_policy(self) -> bool:
        return True

    def step_with_policy(self, state: pyspiel.State) -> Tuple[List[Tuple[int, float]], int]:
        """The move and the policy that plays it surely, as OpenSpiel's MCTS bot gives it: each
        legal action with probability 1 for the move, 0 for the others."""
        action = self.step(state)
        return [(a, 1.0 if a == action else 0.0) for a in state.legal_actions()], action

    def restart(self) -> None:
        """A new game: nothing to forget (the engine's table holds values of positions, good in
        any game)."""

    def restart_at(self, state: pyspiel.State) -> None:
        """A game from the state: as :meth:`restart`."""

    def inform_action(self, state: pyspiel.State, player_id: int, action: int) -> None:
        """Another player's move: the engine reads each state afresh, so it needs no notice."""

    def __repr__(self) -> str:
        return f"PencilboxBot({self._rows}x{self._cols}, player {self._player_id}, {self._bot!r})"
