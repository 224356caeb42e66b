"""pencilbox.envs.dots_v0: PettingZoo's API test, games through the environment against the
engine's game, rewards, seeding, the opponent, rendering, and the Gymnasium view."""

import random

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import pencilbox
from pencilbox import dots
from pencilbox.envs import dots_v0

# PettingZoo's API test warns of what PettingZoo's own board games do too: a dict observation
# (with the action mask), all zeros on an empty board.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation numpy array is all zeros"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
]


@pytest.mark.parametrize("rows,cols", [(1, 1), (2, 2), (3, 3), (2, 4)])
@pytest.mark.parametrize("rewards", dots_v0.REWARDS)
def test_the_two_player_environment_passes_the_api_test(rows, cols, rewards):
    api_test(dots_v0.env(rows=rows, cols=cols, rewards=rewards, render_mode="ansi"), num_cycles=200)


@pytest.mark.parametrize("opponent", dots.LEVELS)
@pytest.mark.parametrize("player", [0, 1, None])
def test_the_environment_against_an_engine_passes_the_api_test(opponent, player):
    env = dots_v0.env(rows=3, cols=3, opponent=opponent, player=player, opponent_time_ms=10)
    api_test(env, num_cycles=200)
    assert env.possible_agents == [dots_v0.DRAWN_SEAT_AGENT if player is None else dots_v0.AGENTS[player]]


@pytest.mark.parametrize("kwargs", [{}, {"opponent": "greedy", "player": None}, {"opponent": "random"}])
def test_a_seeded_environment_passes_the_seed_test(kwargs):
    seed_test(lambda: dots_v0.env(rows=2, cols=3, **kwargs), num_cycles=100)


def first_legal(observation):
    return int(np.flatnonzero(observation["action_mask"])[0])


def play_random(env, rng):
    """Plays a game through `env` with random legal moves; returns the moves (agent, line),
    the rewards each agent got from `last()` in order, and the observations seen."""
    moves, rewards = [], {a: 0 for a in env.possible_agents}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        rewards[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        line = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        moves.append((agent, line, observation))
        env.step(line)
    return moves, rewards


@pytest.mark.parametrize("rows,cols", [(1, 2), (2, 2), (3, 3), (3, 5)])
@pytest.mark.parametrize("rewards", dots_v0.REWARDS)
def test_a_game_through_the_environment_is_the_engines_game(rows, cols, rewards):
    rng = random.Random(rows * 10 + cols)
    kept_turn = 0
    for _ in range(5):
        env = dots_v0.env(rows=rows, cols=cols, rewards=rewards)
        env.reset(seed=1)
        moves, got = play_random(env, rng)
        game = dots.Game(rows, cols)
        n_lines = len(game.lines)
        previous = None
        for agent, line, observation in moves:
            seat = dots_v0.AGENTS.index(agent)
            assert seat == game.to_move
            kept_turn += previous == agent
            lines = np.array([int(c) for c in game.lines])
            assert (observation["observation"][:n_lines] == lines).all()
            assert (observation["action_mask"] == 1 - lines).all()
            mine = {seat: 1, 1 - seat: -1}
            assert list(observation["observation"][n_lines:]) == [mine.get(b, 0) for b in game.boxes]
            game.play(line)
            previous = agent
        assert game.is_over
        a, b = game.scores
        if rewards == "boxes":
            assert got == {"player_0": a - b, "player_1": b - a}
        else:
            sign = (a > b) - (a < b)
            assert got == {"player_0": sign, "player_1": -sign}
    assert kept_turn > 0, "no agent moved twice running: the turn rule went untested"


def test_an_engine_opponent_plays_inside_step():
    # The agent sees only its own turns; the lines that appear between them are the engine's,
    # and the rewards add up to the final margin (per box) from the agent's seat.
    for seat in (0, 1):
        env = dots_v0.env(rows=3, cols=3, opponent="greedy", player=seat, rewards="boxes")
        env.reset(seed=seat)
        assert env.infos[dots_v0.AGENTS[seat]] == {"player": seat}
        observation, *_ = env.last()
        assert observation["observation"][:24].sum() == seat, "the engine moves first in the second seat"
        total = 0
        seen = observation["observation"][:24].sum()
        for agent in env.agent_iter():
            observation, reward, termination, truncation, _ = env.last()
            total += reward
            drawn = observation["observation"][:24].sum()
            assert drawn >= seen
            seen = drawn
            env.step(None if termination else first_legal(observation))
        raw = env.unwrapped
        scores = raw._game.scores
        assert raw._game.is_over
        assert total == scores[seat] - scores[1 - seat]


def test_a_seeded_reset_repeats_the_games():
    def moves(seed):
        env = dots_v0.env(rows=3, cols=3, opponent="random", player=None)
        env.reset(seed=seed)
        seen = []
        for agent in env.agent_iter():
            observation, _, termination, truncation, info = env.last()
            seen.append((info["player"], observation["observation"].tobytes()))
            env.step(None if termination or truncation else first_legal(observation))
        return seen

    assert moves(4) == moves(4)
    assert len({moves(seed)[0][0] for seed in range(8)}) == 2, "player=None never varied the seat"


def test_an_illegal_move_loses_in_env_and_raises_in_raw_env():
    env = dots_v0.env(rows=2, cols=2)
    env.reset()
    env.step(0)
    env.step(0)
    assert env.terminations == {"player_0": True, "player_1": True}
    assert env.rewards["player_1"] == -1
    raw = dots_v0.raw_env(rows=2, cols=2)
    raw.reset()
    raw.step(0)
    with pytest.raises(pencilbox.InputError, match="cannot draw line 0"):
        raw.step(0)


def test_bad_arguments_are_refused():
    with pytest.raises(pencilbox.InputError, match="opponent"):
        dots_v0.env(opponent="grandmaster")
    with pytest.raises(pencilbox.InputError, match="rewards"):
        dots_v0.env(rewards="points")
    with pytest.raises(pencilbox.InputError, match="player"):
        dots_v0.env(opponent="greedy", player=2)
    with pytest.raises(pencilbox.InputError):
        dots_v0.env(rows=0, cols=3)
    with pytest.raises(pencilbox.InputError):
        dots_v0.env(rows=2, cols=2, start="0101")


def test_a_start_position_and_the_picture():
    # 2x2 with the top-left box's top, left and bottom drawn: player_0 takes it, and moves again.
    start = "101000100000"
    env = dots_v0.env(rows=2, cols=2, start=start, render_mode="ansi")
    env.reset()
    env.step(7)
    assert env.agent_selection == "player_0"
    game = dots.Game(2, 2, start)
    game.play(7)
    text = env.render()
    assert text.startswith(game.picture)
    assert "A player_0 1, B player_1 0: player_0 to move" in text
    assert game.picture == "+---+   +\n| A |\n+---+   +\n\n+   +   +\n"


def test_the_gymnasium_view_passes_the_env_checker():
    env = dots_v0.gym_env(rows=2, cols=3, opponent="greedy")
    check_env(env, skip_render_check=True)


def test_the_gymnasium_view_plays_a_game():
    env = dots_v0.gym_env(rows=3, cols=3, opponent="strong", opponent_time_ms=10, player=1)
    observation, info = env.reset(seed=0)
    assert env.observation_space.contains(observation)
    assert info["player"] == 1 and observation[:24].sum() == 1
    assert (env.action_masks() == info["action_mask"]).all()
    terminated, rewards = False, []
    while not terminated:
        action = int(np.flatnonzero(info["action_mask"])[0])
        observation, reward, terminated, truncated, info = env.step(action)
        assert not truncated
        rewards.append(reward)
    assert set(rewards[:-1]) <= {0.0} and rewards[-1] in (-1.0, 0.0, 1.0)
    # A drawn line is illegal: the episode ends with a loss.
    observation, _ = env.reset(seed=0)
    _, reward, terminated, _, info = env.step(int(np.flatnonzero(observation[:24])[0]))
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
