"""Islands as a PettingZoo AEC environment (and a Gymnasium view against a built-in bot).

An Islands move is a connected region of the board, so there are combinatorially many (a
``medium`` opening has thousands per number). The action space is therefore one cell, and a move
is painted cell by cell: the agent to move first picks a live number (a number that some legal
move paints), then adds one cell at a time, side by side with the region, until the region has
the number's size. The same agent acts again until its move is complete; then the other agent
moves. The action mask gives exactly the cells that keep the region completable to a legal move,
as the engine decides (``pencilbox.islands.Game.paintable``): every legal move can be painted,
and no illegal one. The same move can be painted in several orders.

Agents ``player_0`` (moves first) and ``player_1``. With ``opponent`` (a level of
:data:`pencilbox.islands.LEVELS`), the environment has one agent, the seat ``player`` (0 or 1),
and the bot plays the other seat inside ``step`` (and ``reset``, when it moves first).

Action: ``Discrete(n * n)``, the cell ``row * n + col``. Observation: a dict with
``observation``, an ``int32`` array of shape ``(n, n, 5)`` whose planes are :data:`PLANES`
(1 where the square is empty, holds an unpainted number, is painted; the number, 0 elsewhere;
1 on the region being painted), and ``action_mask``, an ``int8`` array of ``n * n`` (all zero
for an agent not to move). Rewards: at the end, +1 to the winner and -1 to the loser (a player
with no legal move loses), 0 each in a draw (every number painted). An illegal action ends the
game with -1 for the agent that took it (PettingZoo's ``TerminateIllegalWrapper``; the
unwrapped environment raises :class:`pencilbox.InputError`).

Boards: ``board`` (a :class:`pencilbox.islands.Board` or its text) is the start of every game;
else each ``reset`` draws one from the generator's ``preset`` (or ``params``) with a seed from
the environment's generator, the first worth playing from it (``playable``; ``False`` for any
board, which may be decided before the first move), and when the opponent moves first, one on
which its opening leaves the agent a move. ``reset(seed=...)`` reseeds that generator
and the opponent's; the ``strong`` opponent's moves also depend on how far its search gets in
``opponent_time_ms``.

>>> from pencilbox.envs import islands_v0
>>> e = islands_v0.env(preset="small", seed=1)
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["observation"].shape, obs["action_mask"].shape
((5, 5, 5), (25,))
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Union

from pencilbox.envs._deps import AECEnv, gymnasium, np, seeding, spaces, wrappers

from pencilbox import InputError, islands

#: The planes of an observation, in order.
PLANES = ("empty", "number", "painted", "value", "partial")
AGENTS = ("player_0", "player_1")
#: How many boards ``reset`` draws at most for one whose game is still on after the opponent's
#: opening (on ``small`` boards, an opening often leaves the agent no move).
REDRAWS = 100


def env(**kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's usual wrappers (illegal actions lose, actions in range,
    ``reset`` before ``step``); the arguments are :class:`raw_env`'s."""
    e = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


class raw_env(AECEnv):
    """Islands, a move painted cell by cell (see the module documentation).

    ``board``: a fixed start board (a :class:`pencilbox.islands.Board` or its text); else
    ``preset`` (one of :data:`pencilbox.islands.PRESETS`) or ``params`` (a
    :class:`pencilbox.islands.Params`) for the generator, and ``playable`` to draw boards worth
    playing only. ``seed``: the seed of the first ``reset`` that gives none. ``opponent``: a bot
    level to play the other seat (then the one agent plays seat ``player``), thinking
    ``opponent_time_ms`` per move. ``render_mode``: ``"ansi"`` or ``None``.
    """

    metadata = {"render_modes": ["ansi"], "name": "islands_v0", "is_parallelizable": False}

    def __init__(
        self,
        board: Union[islands.Board, str, None] = None,
        *,
        preset: str = "small",
        params: Optional[islands.Params] = None,
        playable: bool = True,
        seed: Optional[int] = None,
        opponent: Optional[str] = None,
        opponent_time_ms: int = 100,
        player: int = 0,
        render_mode: Optional[str] = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise InputError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if player not in (0, 1):
            raise InputError(f"player must be 0 or 1, not {player!r}")
        if opponent is not None and opponent not in islands.LEVELS:
            islands.Bot(opponent)  # raises the engine's message
        self._start = islands.read(board) if isinstance(board, str) else board
        self._params = params if params is not None else islands.preset(preset)
        self._playable = playable
        self._opponent_level = opponent
        self._opponent_time_ms = opponent_time_ms
        self._player = player
        self.render_mode = render_mode
        self.n = self._start.n if self._start is not None else self._params.n
        seats = [AGENTS[player]] if opponent is not None else list(AGENTS)
        self.possible_agents = seats
        self.agents = seats[:]
        cells = self.n * self.n
        high = np.ones((self.n, self.n, len(PLANES)), dtype=np.int32)
        high[:, :, PLANES.index("value")] = islands.MAX_NUMBER
        observation = spaces.Box(low=0, high=high, dtype=np.int32)
        self.observation_spaces = {
            a: spaces.Dict({"observation": observation,
                            "action_mask": spaces.Box(0, 1, shape=(cells,), dtype=np.int8)})
            for a in seats
        }
        self.action_spaces = {a: spaces.Discrete(cells) for a in seats}
        self._np_random, _ = seeding.np_random(seed)
        #: The game being played (a :class:`pencilbox.islands.Game`); ``None`` before ``reset``.
        self.game: Optional[islands.Game] = None
        #: The generator's seed of the current board (``None`` for a fixed board).
        self.board_seed: Optional[int] = None
        self._opponent: Optional[islands.Bot] = None
        self._board_planes = np.zeros((self.n, self.n, len(PLANES)), dtype=np.int32)

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
        for _ in range(REDRAWS):
            self._new_game()
            if not self.game.is_over or self._start is not None:
                break
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._board_changed()
        if self.game.is_over:
            # Decided before the agent's first move: a fixed board, or the opponent's opening
            # on every board drawn.
            self._finish()
            self._accumulate_rewards()

    def _new_game(self) -> None:
        """A game on the fixed board or a drawn one, the opponent's opening played."""
        if self._start is not None:
            start, self.board_seed = self._start, None
        else:
            drawn = int(self._np_random.integers(2**63))
            p = self._params
            if self._playable:
                self.board_seed, start = islands.playable(n=p.n, centers=p.centers, min=p.min, max=p.max,
                                                          seed=drawn)
            else:
                self.board_seed, start = drawn, islands.generate(n=p.n, centers=p.centers, min=p.min,
                                                                 max=p.max, seed=drawn)
        self.game = islands.Game(start)
        if self._opponent_level is not None:
            self._opponent = islands.Bot(self._opponent_level, self._opponent_time_ms,
                                         int(self._np_random.integers(2**63)))
            if self._player == 1:
                self._opponent_moves()

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        planes = self._board_planes.copy()
        mask = np.zeros(self.n * self.n, dtype=np.int8)
        if self.game is not None:
            for r, c in self.game.partial:
                planes[r, c, PLANES.index("partial")] = 1
            if agent == self.agent_selection and not self.terminations.get(agent, True):
                for r, c in self.game.paintable():
                    mask[r * self.n + c] = 1
        return {"observation": planes, "action_mask": mask}

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise InputError(f"{agent} must paint a cell: give its index row * n + col")
        self._cumulative_rewards[agent] = 0
        self._clear_rewards()
        row, col = divmod(int(action), self.n)
        move = self.game.paint((row, col))
        if move is not None:
            if self._opponent is not None and not self.game.is_over:
                self._opponent_moves()
            self._board_changed()
            if self.game.is_over:
                self._finish()
            elif self._opponent is None:
                self.agent_selection = AGENTS[self.game.to_move]
        self._accumulate_rewards()

    def render(self) -> Optional[str]:
        """The board as text: numbers, ``.`` empty, ``#`` painted, ``*`` the region being painted;
        then who is to move, or the result."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: pass render_mode='ansi'")
            return None
        if self.game is None:
            return ""
        partial = set(self.game.partial)
        rows = []
        for r, row in enumerate(self.game.board.squares):
            cells = ["*" if (r, c) in partial else "." if s == islands.EMPTY else "#" if s == islands.PAINTED
                     else str(s) for c, s in enumerate(row)]
            rows.append(" ".join(f"{x:>2}" for x in cells))
        if not self.game.is_over:
            rows.append(f"player_{self.game.to_move} to move")
        elif self.game.winner is None:
            rows.append("draw: every number is painted")
        else:
            rows.append(f"player_{self.game.winner} wins: player_{1 - self.game.winner} has no move")
        return "\n".join(rows)

    def close(self) -> None:
        pass

    def _opponent_moves(self) -> None:
        move = self._opponent.move(self.game.board)
        if move is not None:
            self.game.play(move)

    def _board_changed(self) -> None:
        """Refreshes the planes of the board (all but the region being painted)."""
        squares = np.asarray(self.game.board.squares, dtype=np.int32)
        planes = self._board_planes
        planes[:, :, PLANES.index("empty")] = squares == islands.EMPTY
        planes[:, :, PLANES.index("number")] = squares > 0
        planes[:, :, PLANES.index("painted")] = squares == islands.PAINTED
        planes[:, :, PLANES.index("value")] = np.maximum(squares, 0)
        planes[:, :, PLANES.index("partial")] = 0

    def _finish(self) -> None:
        winner = self.game.winner
        for a in self.agents:
            seat = AGENTS.index(a)
            self.rewards[a] = 0 if winner is None else (1 if seat == winner else -1)
            self.terminations[a] = True


class GymEnv(gymnasium.Env):
    """A single-agent Gymnasium view: the agent against a built-in ``opponent`` (default
    ``strong``), the other arguments as :class:`raw_env`'s. ``action_masks()`` gives the current
    mask (as sb3-contrib's maskable algorithms ask for it); an illegal action raises
    :class:`pencilbox.InputError`.
    """

    metadata = raw_env.metadata

    def __init__(self, opponent: str = "strong", **kwargs: Any) -> None:
        self.aec = raw_env(opponent=opponent, **kwargs)
        self.agent = self.aec.possible_agents[0]
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)
        self.render_mode = self.aec.render_mode

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None):
        super().reset(seed=seed)
        self.aec.reset(seed=seed, options=options)
        return self.aec.observe(self.agent), {}

    def step(self, action: int):
        self.aec.step(action)
        obs, reward, terminated, truncated, info = self.aec.last()
        return obs, float(reward), terminated, truncated, dict(info)

    def action_masks(self) -> np.ndarray:
        return self.aec.observe(self.agent)["action_mask"]

    def render(self) -> Optional[str]:
        return self.aec.render()


def gym_env(**kwargs: Any) -> GymEnv:
    """The single-agent Gymnasium view (see :class:`GymEnv`)."""
    return GymEnv(**kwargs)
