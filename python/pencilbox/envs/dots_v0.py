"""Dots-and-Boxes as a PettingZoo AEC environment, for two agents or for one against a
built-in engine; and a single-agent Gymnasium view of the latter.

>>> from pencilbox.envs import dots_v0
>>> env = dots_v0.env(rows=2, cols=2)
>>> env.reset(seed=0)
>>> for agent in env.agent_iter():
...     observation, reward, termination, truncation, info = env.last()
...     action = None if termination or truncation else int(observation["action_mask"].argmax())
...     env.step(action)
>>> env.close()

**Rules.** The engine's (:class:`pencilbox.dots.Game`): the agents draw lines in turn, and an
agent that completes a box takes it and moves again, so the same agent may be selected several
times running. The game ends when every line is drawn.

**Actions.** A line number, ``Discrete(lines)``: the horizontal lines row by row, then the
vertical ones (OpenSpiel's ``dots_and_boxes`` actions). ``env()`` ends the game with a loss
(reward -1) for an agent that draws a drawn line, as PettingZoo's classic games do;
``raw_env`` raises :class:`pencilbox.InputError`.

**Observations.** ``{"observation": ..., "action_mask": ...}``. ``observation`` is an ``int8``
vector, the observing agent's view: one entry per line (1 drawn, 0 not), then one per box
row-major (1 the observer's, -1 the opponent's, 0 unclaimed or complete in the start
position). ``action_mask`` (``int8``, one per line) marks the undrawn lines for the agent to
move, and is all zeros for the other.

**Rewards.** ``rewards="outcome"`` (the default): at the end +1 to the winner and -1 to the
loser (0 each for a draw), nothing before. ``rewards="boxes"``: each box as it is taken, +1
to the taker and -1 to the other, so an agent's rewards over a game add up to its final score
margin.

**An opponent.** With ``opponent`` one of :data:`pencilbox.dots.LEVELS` (``"strong"`` the
best), the other player is that engine, thinking ``opponent_time_ms`` per move, and it moves
inside ``step`` (and inside ``reset`` when it moves first): the one agent sees only its own
turns, and its rewards include the effect of the engine's moves. ``player`` is the agent's
seat: 0 (moves first, the agent ``player_0``), 1 (``player_1``), or ``None`` to draw it at each
reset from the environment's seeded generator (the agent ``agent_0``);
``infos[agent]["player"]`` says which.

**Seeding.** ``reset(seed=...)`` seeds the environment's generator, which draws the seat and
the engine's seed. The ``random`` and ``greedy`` levels then play the same games again; the
``basic`` and ``strong`` levels think against the clock and repeat their moves only where they
solve the rest of the game exactly within their time.

**Rendering.** ``render_mode="ansi"``: ``render()`` returns the board as an ASCII picture
(boxes marked ``A`` for the first mover, ``B`` for the second) and the score; ``"human"``
prints it after every move.
"""

from __future__ import annotations

from typing import Any, Dict, Optional

from pencilbox.envs._deps import AECEnv, EzPickle, gymnasium, np, seeding, spaces, wrappers

from pencilbox import InputError, dots

__all__ = ["env", "raw_env", "gym_env", "GymEnv", "REWARDS"]

#: The reward schemes: the outcome at the end, or each box as it is taken.
REWARDS = ("outcome", "boxes")

#: The agents by seat (``player_0`` moves first).
AGENTS = ("player_0", "player_1")
#: The one agent against an engine when its seat is drawn at each reset.
DRAWN_SEAT_AGENT = "agent_0"

#: The reward of an illegal move in :func:`env` and :func:`gym_env`: a loss.
ILLEGAL_REWARD = -1


def env(**kwargs: Any) -> AECEnv:
    """The environment wrapped as PettingZoo's classic games are: an illegal move ends the game
    with a loss for its agent, actions are checked against the action space, and the calls
    are checked for their order. Arguments as for :class:`raw_env`."""
    wrapped = raw_env(**kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=ILLEGAL_REWARD)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv, EzPickle):
    """Dots-and-Boxes on a board of ``rows`` x ``cols`` boxes (see the module's docs): for two
    agents, or with ``opponent`` (a level name) for one against the engine. ``start`` is a
    position to start from (a line string; all undrawn when omitted), the first mover to move.
    """

    metadata = {"render_modes": ["ansi", "human"], "name": "dots_v0", "is_parallelizable": False,
                "render_fps": 1}

    def __init__(self, rows: int = 3, cols: int = 3, opponent: Optional[str] = None,
                 render_mode: Optional[str] = None, *, player: Optional[int] = 0, rewards: str = "outcome",
                 opponent_time_ms: int = 100, start: Optional[str] = None) -> None:
        EzPickle.__init__(self, rows, cols, opponent, render_mode, player=player, rewards=rewards,
                          opponent_time_ms=opponent_time_ms, start=start)
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InputError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        if rewards not in REWARDS:
            raise InputError(f"rewards must be one of {REWARDS}, not {rewards!r}")
        if opponent is not None and opponent not in dots.LEVELS:
            raise InputError(f"opponent must be one of {dots.LEVELS} or None, not {opponent!r}")
        if player not in (None, 0, 1):
            raise InputError(f"player must be 0, 1 or None, not {player!r}")
        # The board and the start position, checked by the engine now rather than at reset.
        self._start = dots.Game(rows, cols, start)
        self.rows, self.cols = rows, cols
        self.render_mode = render_mode
        self._opponent_level = opponent
        self._opponent_time_ms = opponent_time_ms
        self._player = player
        self._reward_scheme = rewards

        if opponent is None:
            self.possible_agents = list(AGENTS)
        else:
            self.possible_agents = [DRAWN_SEAT_AGENT if player is None else AGENTS[player]]
        n_lines = len(self._start.lines)
        n_boxes = rows * cols
        observation = spaces.Dict({
            "observation": spaces.Box(low=-1, high=1, shape=(n_lines + n_boxes,), dtype=np.int8),
            "action_mask": spaces.Box(low=0, high=1, shape=(n_lines,), dtype=np.int8),
        })
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n_lines) for a in self.possible_agents}
        self.np_random: Optional[np.random.Generator] = None
        self._opponent: Optional[dots.Bot] = None
        self._game = self._start.copy()
        self._seats: Dict[str, int] = {}

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # --- the game

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        if seed is not None or self.np_random is None:
            self.np_random, _ = seeding.np_random(seed)
            if self._opponent_level is not None:
                # A fresh engine whose seed the generator draws: a seeded reset repeats it.
                engine_seed = int(self.np_random.integers(2**63))
                self._opponent = dots.Bot(self._opponent_level, self._opponent_time_ms, engine_seed)
        self._game = self._start.copy()
        self.agents = self.possible_agents[:]
        if self._opponent_level is None:
            self._seats = {agent: seat for seat, agent in enumerate(AGENTS)}
        else:
            seat = self._player
            if seat is None:
                seat = int(self.np_random.integers(2))
            self._seats = {self.possible_agents[0]: seat}
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: ({"player": s} if self._opponent_level else {}) for a, s in self._seats.items()}
        self.agent_selection = self.agents[0]
        self._settle()
        self._accumulate_rewards()

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        legal = self._game.legal_moves()
        if action is None or int(action) not in legal:
            raise InputError(f"{agent} cannot draw line {action!r}: legal are {legal}")
        self._cumulative_rewards[agent] = 0
        self.rewards = {a: 0 for a in self.agents}
        self._draw(int(action))
        self._settle()
        self._accumulate_rewards()
        if self.render_mode == "human":
            print(self.render())

    def _seat_agent(self, seat: int) -> Optional[str]:
        """The agent in a seat; ``None`` for the engine's."""
        return next((a for a, s in self._seats.items() if s == seat), None)

    def _draw(self, line: int) -> None:
        """The player to move draws the line; with per-box rewards, what it takes is paid now."""
        mover = self._game.to_move
        taken = self._game.play(line)
        if taken and self._reward_scheme == "boxes":
            for agent, seat in self._seats.items():
                self.rewards[agent] += taken if seat == mover else -taken

    def _settle(self) -> None:
        """After a move: the engine plays its turns, then the agent to move is selected, or at
        the end the outcome is paid and every agent is done."""
        while not self._game.is_over and self._seat_agent(self._game.to_move) is None:
            self._draw(self._opponent.move(self._game.lines, self.rows, self.cols))
        if not self._game.is_over:
            self.agent_selection = self._seat_agent(self._game.to_move)
            return
        if self._reward_scheme == "outcome":
            scores = self._game.scores
            for agent, seat in self._seats.items():
                margin = scores[seat] - scores[1 - seat]
                self.rewards[agent] += (margin > 0) - (margin < 0)
        self.terminations = {a: True for a in self.agents}

    # --- what the agents see

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        seat = self._seats[agent]
        lines = np.frombuffer(self._game.lines.encode(), dtype=np.uint8) - ord("0")
        owner = {seat: 1, 1 - seat: -1}
        boxes = [owner.get(b, 0) for b in self._game.boxes]
        observation = np.concatenate([lines, boxes]).astype(np.int8)
        mask = np.zeros(len(lines), dtype=np.int8)
        if agent == self.agent_selection and not self._game.is_over:
            mask[self._game.legal_moves()] = 1
        return {"observation": observation, "action_mask": mask}

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (dots_v0 has 'ansi', 'human')")
            return None
        a, b = self._game.scores
        names = {seat: self._seat_agent(seat) or f"{self._opponent_level} engine" for seat in (0, 1)}
        status = "game over" if self._game.is_over else f"{names[self._game.to_move]} to move"
        return f"{self._game.picture}A {names[0]} {a}, B {names[1]} {b}: {status}\n"

    def close(self) -> None:
        pass


class GymEnv(gymnasium.Env):
    """One agent against a built-in engine as a Gymnasium environment: the observation is the
    vector of :class:`raw_env`'s observations (lines, then boxes from the agent's view), the
    action a line (``Discrete``), and ``info["action_mask"]`` (and ``action_masks()``, as
    sb3-contrib's maskable algorithms ask for it) marks the legal ones. An illegal action ends
    the episode with reward -1 and ``info["illegal_action"]`` true, so that random actions (as
    Gymnasium's checker takes) are harmless. Arguments as for :class:`raw_env`, ``opponent``
    required.
    """

    metadata = raw_env.metadata

    def __init__(self, rows: int = 3, cols: int = 3, opponent: str = "strong", render_mode: Optional[str] = None,
                 **kwargs: Any) -> None:
        if opponent is None:
            raise InputError("the Gymnasium view is of one agent: name an opponent level")
        self._aec = raw_env(rows, cols, opponent, render_mode, **kwargs)
        self.agent = self._aec.possible_agents[0]
        self.render_mode = render_mode
        self.observation_space = self._aec.observation_space(self.agent)["observation"]
        self.action_space = self._aec.action_space(self.agent)

    def _now(self, **info: Any):
        seen = self._aec.observe(self.agent)
        return seen["observation"], {**self._aec.infos[self.agent], "action_mask": seen["action_mask"], **info}

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        super().reset(seed=seed)
        self._aec.reset(seed=seed, options=options)
        return self._now()

    def step(self, action: int):
        if not self.action_masks()[int(action)]:
            # A move on a finished game is illegal too: every mask entry is 0 then.
            observation, info = self._now(illegal_action=True)
            return observation, float(ILLEGAL_REWARD), True, False, info
        self._aec.step(int(action))
        _, reward, terminated, truncated, _ = self._aec.last()
        observation, info = self._now()
        return observation, float(reward), terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """The legal actions now (all zero once the episode is over)."""
        return self._aec.observe(self.agent)["action_mask"]

    def render(self) -> Optional[str]:
        return self._aec.render()


def gym_env(rows: int = 3, cols: int = 3, opponent: str = "strong", **kwargs: Any) -> GymEnv:
    """The single-agent Gymnasium view (:class:`GymEnv`) against the engine ``opponent``."""
    return GymEnv(rows, cols, opponent, **kwargs)
