"""pencilbox.envs.islands_v0: PettingZoo's own checks, and games played through the environment
whose masks allow exactly the cells of legal moves."""

import random

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import pencilbox
from pencilbox import islands
from pencilbox.envs import islands_v0

from conftest import ROOT

STATEMENT = (ROOT / "examples" / "islands" / "statement-1.in").read_text()
PLANE = {name: i for i, name in enumerate(islands_v0.PLANES)}


@pytest.mark.parametrize("kwargs", [
    {},
    {"board": STATEMENT},
    {"preset": "medium"},
    {"opponent": "greedy"},
    {"opponent": "random", "player": 1},
])
def test_the_environment_passes_pettingzoos_api_test(kwargs):
    api_test(islands_v0.env(seed=3, **kwargs), num_cycles=200)


@pytest.mark.parametrize("kwargs", [{}, {"opponent": "greedy", "player": 1}])
def test_a_seed_repeats_the_game(kwargs):
    seed_test(lambda: islands_v0.env(**kwargs), num_cycles=100)


def allowed(legal, numbers, region):
    """The cells that may come next after `region` by the list of every legal move: a number some
    move paints, then a cell next to the region that some move holding the region holds."""
    moves = [set(m) for m in legal if region <= set(m)]
    if not region:
        return {c for m in moves for c in m if c in numbers}
    return {c for m in moves for c in m - region if any(abs(c[0] - r) + abs(c[1] - k) == 1 for r, k in region)}


def mask_cells(mask, n):
    return {divmod(int(a), n) for a in np.flatnonzero(mask)}


def check_observation(obs, game, n):
    planes = obs["observation"]
    squares = np.array(game.board.squares)
    assert planes.shape == (n, n, len(islands_v0.PLANES)) and planes.dtype == np.int32
    assert (planes[:, :, PLANE["empty"]] == (squares == islands.EMPTY)).all()
    assert (planes[:, :, PLANE["painted"]] == (squares == islands.PAINTED)).all()
    assert (planes[:, :, PLANE["value"]] == np.maximum(squares, 0)).all()
    partial = {tuple(x) for x in np.argwhere(planes[:, :, PLANE["partial"]])}
    assert partial == set(game.partial)


@pytest.mark.parametrize("seed", range(4))
def test_random_games_paint_only_legal_moves(seed):
    rng = random.Random(seed)
    e = islands_v0.env(preset="small", seed=seed)
    e.reset()
    raw = e.unwrapped
    n = raw.n
    played = 0
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        game = raw.game
        assert agent == f"player_{game.to_move}"
        check_observation(obs, game, n)
        before = game.board
        legal = before.legal_moves()
        cells = mask_cells(obs["action_mask"], n)
        assert cells == allowed(legal, set(before.live_numbers), set(game.partial)), str(before)
        cell = rng.choice(sorted(cells))
        moves_before = len(game.moves)
        e.step(cell[0] * n + cell[1])
        if len(raw.game.moves) > moves_before:
            move = raw.game.moves[-1]
            assert before.validate(move) == move
            assert move in legal
            played += 1
    game = raw.game
    assert game.is_over and played == len(game.moves) > 0
    assert not e.agents
    rewards = {a: raw._cumulative_rewards.get(a) for a in islands_v0.AGENTS}
    assert rewards == {a: None for a in islands_v0.AGENTS}, "agents leave once they have seen their reward"


def final_rewards(e):
    """Plays random legal cells to the end; the reward each agent saw last."""
    rng = random.Random(0)
    seen = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        seen[agent] = reward
        if terminated or truncated:
            e.step(None)
        else:
            e.step(rng.choice(np.flatnonzero(obs["action_mask"])))
    return seen


@pytest.mark.parametrize("opponent,player", [(None, 0), ("random", 0), ("greedy", 1)])
def test_the_winner_gets_one_and_the_loser_minus_one(opponent, player):
    for seed in range(3):
        e = islands_v0.env(preset="small", seed=seed, opponent=opponent, player=player)
        e.reset()
        seen = final_rewards(e)
        winner = e.unwrapped.game.winner
        for agent, reward in seen.items():
            seat = islands_v0.AGENTS.index(agent)
            assert reward == (0 if winner is None else 1 if seat == winner else -1)
        assert set(seen) == ({f"player_{player}"} if opponent else set(islands_v0.AGENTS))


def test_the_opponent_moves_inside_step():
    e = islands_v0.env(board=STATEMENT, opponent="greedy", player=1)
    e.reset(seed=0)
    game = e.unwrapped.game
    assert e.agents == ["player_1"] and len(game.moves) == 1 and game.to_move == 1
    # Paint the first cell offered until the move is complete: then the opponent has answered.
    while len(game.moves) == 1:
        obs, *_ = e.last()
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert len(game.moves) == 3 or game.is_over
    assert game.to_move == 1 or game.is_over


def test_an_illegal_action_loses_and_the_raw_environment_raises():
    e = islands_v0.env(board=STATEMENT)
    e.reset()
    e.step(0)  # (0, 0): no number
    assert e.terminations["player_0"] and e.rewards["player_0"] == -1
    raw = islands_v0.raw_env(board=STATEMENT)
    raw.reset()
    with pytest.raises(pencilbox.InputError, match="the region holds no number"):
        raw.step(0)


def test_bad_options_raise_input_error():
    with pytest.raises(pencilbox.InputError, match='unknown level "best"'):
        islands_v0.env(opponent="best")
    with pytest.raises(pencilbox.InputError, match="unknown preset"):
        islands_v0.env(preset="huge")
    with pytest.raises(pencilbox.InputError, match="player must be 0 or 1"):
        islands_v0.env(opponent="random", player=2)


def test_the_gymnasium_view_plays_against_the_bot():
    e = islands_v0.gym_env(opponent="greedy", preset="small")
    rng = random.Random(1)
    for seed in range(3):
        obs, info = e.reset(seed=seed)
        terminated = False
        while not terminated:
            assert e.observation_space.contains(obs)
            mask = e.action_masks()
            assert (mask == obs["action_mask"]).all()
            obs, reward, terminated, truncated, info = e.step(int(rng.choice(np.flatnonzero(mask))))
            assert not truncated
        winner = e.aec.game.winner
        assert reward == (0.0 if winner is None else 1.0 if winner == 0 else -1.0)
    assert e.reset(seed=7)[0]["observation"].tolist() == e.reset(seed=7)[0]["observation"].tolist()


def test_render_shows_the_board_and_the_region():
    e = islands_v0.env(board="3\n2 # #\n# # #\n# # 1\n", render_mode="ansi")
    e.reset()
    e.step(0)
    assert e.render() == " *  .  .\n .  .  .\n .  .  1\nplayer_0 to move"


def test_the_docstring_examples_run():
    import doctest

    assert doctest.testmod(islands_v0, optionflags=doctest.ELLIPSIS).failed == 0


def test_a_board_decided_before_any_move_pays_its_outcome():
    # One cell holding a 2: no move at all, so the first player has lost at once.
    raw = islands_v0.raw_env(board="1\n2\n")
    raw.reset()
    assert raw.terminations == {"player_0": True, "player_1": True}
    assert raw._cumulative_rewards == {"player_0": -1, "player_1": 1}
    assert raw.last()[1] == -1
