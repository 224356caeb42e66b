"""pencilbox.openspiel against OpenSpiel itself: its action numbering and turn rule against the
engine's, exact values against OpenSpiel's own alpha-beta, the bot legal everywhere and
beating OpenSpiel's MCTS bot."""

import collections
import random
import subprocess
import sys

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts, minimax
from open_spiel.python.bots.uniform_random import UniformRandomBot

from pencilbox import dots
from pencilbox.openspiel import PencilboxBot, box_owners, boxes_taken, exact_returns, exact_value


def load(rows, cols, margin=False):
    return pyspiel.load_game("dots_and_boxes", {"num_rows": rows, "num_cols": cols, "utility_margin": margin})


def random_state(game, rng, moves):
    """The state after `moves` random actions from the start (fewer if the game ends first)."""
    state = game.new_initial_state()
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("rows,cols", [(1, 2), (1, 3), (2, 2), (3, 2), (3, 3), (4, 5), (7, 3)])
def test_openspiel_numbers_actions_as_pencilbox_numbers_lines(rows, cols):
    # The same actions in OpenSpiel and in the engine's game: the same lines drawn (OpenSpiel's
    # line string is made from its own grid, not from the action numbers), the same legal
    # moves, the same boxes to the same players (OpenSpiel's picture), the same player to move.
    rng = random.Random(rows * 100 + cols)
    game = load(rows, cols)
    kept_turn = 0
    for _ in range(10):
        state = game.new_initial_state()
        ours = dots.Game(rows, cols)
        assert state.legal_actions() == ours.legal_moves()
        while not state.is_terminal():
            mover = state.current_player()
            assert mover == ours.to_move
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            taken = ours.play(action)
            assert state.dbn_string() == ours.lines
            assert state.legal_actions() == ours.legal_moves()
            assert box_owners(state) == ours.boxes
            assert boxes_taken(state) == ours.scores
            if taken and not state.is_terminal():
                assert state.current_player() == mover, "a box completed keeps the turn"
                kept_turn += 1
        assert ours.is_over
    assert kept_turn > 0, "no random game completed a box before its end: the turn rule went untested"


def alpha_beta_returns(game, state):
    value, _ = minimax.alpha_beta_search(game, state, maximizing_player_id=0)
    return [value, -value]


@pytest.mark.parametrize("rows,cols,least", [(1, 1, 0), (1, 2, 0), (2, 1, 0), (1, 3, 3), (2, 2, 4)])
def test_exact_values_are_openspiels_alpha_beta(rows, cols, least):
    # Random states reached by play (boxes already taken count in the returns), in both of
    # OpenSpiel's utilities: the score margin and the win/loss/draw sign.
    rng = random.Random(rows * 10 + cols)
    margin_game, sign_game = load(rows, cols, margin=True), load(rows, cols)
    lines = margin_game.num_distinct_actions()
    seen_taken = 0
    for _ in range(12):
        moves = rng.randrange(least, lines + 1)
        history = random_state(margin_game, rng, moves).history()
        margin_state, sign_state = margin_game.new_initial_state(), sign_game.new_initial_state()
        for action in history:
            margin_state.apply_action(action)
            sign_state.apply_action(action)
        expected = alpha_beta_returns(margin_game, margin_state)
        assert exact_returns(margin_state) == expected, margin_state.history()
        assert exact_returns(sign_state) == alpha_beta_returns(sign_game, sign_state)
        first, second = boxes_taken(margin_state)
        seen_taken += first + second
        if not margin_state.is_terminal():
            mover = margin_state.current_player()
            assert exact_value(margin_state) == expected[mover] - (first - second) * (1 if mover == 0 else -1)
    assert seen_taken > 0, "no random state had a box taken: the boxes taken went untested"


def test_exact_values_from_line_strings_count_the_start_boxes_for_nobody():
    # OpenSpiel's start position from a line string: its complete boxes are nobody's.
    rng = random.Random(7)
    game = load(2, 2, margin=True)
    complete = 0
    for _ in range(30):
        lines = "".join(rng.choice("0011") if i else "1" for i in range(12))
        state = game.new_initial_state(lines)
        owners = box_owners(state)
        assert owners == [None] * 4
        complete += sum(1 for b in dots.Game(2, 2, lines).boxes if b == -1)
        expected = alpha_beta_returns(game, state)
        assert exact_returns(state) == expected, lines
        if not state.is_terminal():
            assert exact_value(state) == expected[0]
    assert complete > 0, "no start position had a complete box"


def test_the_returns_at_the_end_are_openspiels():
    rng = random.Random(3)
    for margin in (False, True):
        game = load(3, 3, margin)
        for _ in range(5):
            state = random_state(game, rng, 24)
            assert state.is_terminal()
            assert exact_returns(state) == state.returns()
            assert exact_value(state) == 0


@pytest.mark.parametrize("level", dots.LEVELS)
@pytest.mark.parametrize("rows,cols", [(1, 1), (2, 3), (3, 3), (8, 8)])
def test_the_bot_moves_legally_at_every_level(level, rows, cols):
    # Against a random player from both seats; 8x8 is beyond the exact solver.
    game = load(rows, cols)
    rng = random.Random(level)
    for seat in (0, 1):
        bot = PencilboxBot(game, seat, level, time_ms=20, seed=seat)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == seat:
                policy, action = bot.step_with_policy(state)
                assert action in state.legal_actions()
                assert sorted(a for a, _ in policy) == state.legal_actions()
                assert sum(p for _, p in policy) == 1.0 and dict(policy)[action] == 1.0
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)


def test_the_bot_refuses_a_finished_game_and_other_games():
    game = load(1, 1)
    state = game.new_initial_state()
    for action in range(4):
        state.apply_action(action)
    with pytest.raises(ValueError, match="over"):
        PencilboxBot(game, 0).step(state)
    with pytest.raises(ValueError, match="tic_tac_toe"):
        PencilboxBot(pyspiel.load_game("tic_tac_toe"), 0)


def test_the_bot_plays_perfectly_on_small_boards():
    # Each move keeps the exact value: OpenSpiel's alpha-beta of the state after it is the
    # alpha-beta of the state before.
    rng = random.Random(11)
    game = load(2, 2, margin=True)
    bot = PencilboxBot(game, 0, time_ms=1000)
    for _ in range(6):
        state = random_state(game, rng, rng.randrange(3, 8))
        if state.is_terminal():
            continue
        before = alpha_beta_returns(game, state)
        state.apply_action(bot.step(state))
        assert alpha_beta_returns(game, state) == before


def test_the_bot_beats_mcts_on_3x3():
    # Six games, three in each seat, through OpenSpiel's own harness. The match is
    # deterministic: MCTS's generators are seeded, and pencilbox plays only exact moves (the
    # reasons are checked), which depend on the position alone, the seed breaking ties; so this
    # passes or fails the same way every time. Exact play cannot lose 3x3 from the second seat
    # (the second player wins by 3); from the first it wins only by MCTS's mistakes, which
    # 1,000 simulations a move still make.
    game = load(3, 3)
    results = {0: [], 1: []}
    reasons = collections.Counter()
    for i in range(6):
        seat = i % 2
        ours = PencilboxBot(game, seat, time_ms=5000, seed=i)
        theirs = mcts.MCTSBot(game, 2.0, 1000, mcts.RandomRolloutEvaluator(1, np.random.RandomState(i)),
                              random_state=np.random.RandomState(i))
        bots = [ours, theirs] if seat == 0 else [theirs, ours]
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(i))
        results[seat].append(returns[seat])
        reasons.update(ours.reasons)
    assert set(reasons) <= {"exact", "forced"}, f"pencilbox did not solve every move: {reasons}"
    assert dots.solve("0" * 24, 3, 3).value == -3
    assert -1.0 not in results[1], results
    wins = sum(r == 1.0 for rs in results.values() for r in rs)
    assert wins >= 5, results


def test_openspiels_cpp_harness_plays_the_bot():
    # pyspiel.evaluate_bots calls the bot through OpenSpiel's C++ Bot interface. The random bot
    # is seeded and pencilbox solves 2x3 exactly, so these are the same two games every time.
    game = load(2, 3)
    for seat in (0, 1):
        bot = PencilboxBot(game, seat, time_ms=1000)
        other = UniformRandomBot(1 - seat, np.random.RandomState(seat))
        bots = [bot, other] if seat == 0 else [other, bot]
        returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, seat)
        assert returns[seat] == 1.0
        assert sum(bot.reasons.values()) > 0


@pytest.mark.parametrize("module,hidden,extra", [
    ("pencilbox.openspiel", "pyspiel", "openspiel"),
    ("pencilbox.envs.dots_v0", "pettingzoo", "pettingzoo"),
    ("pencilbox.envs.islands_v0", "gymnasium", "pettingzoo"),
])
def test_a_missing_optional_dependency_names_its_extra(module, hidden, extra):
    code = f"import sys; sys.modules[{hidden!r}] = None; import {module}"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode != 0
    assert "ImportError" in done.stderr and f'pip install "pencilbox[{extra}]"' in done.stderr
