"""A match in OpenSpiel: pencilbox's engine (pencilbox.openspiel.PencilboxBot) against OpenSpiel's
MCTS bot (open_spiel.python.algorithms.mcts.MCTSBot, random rollouts) on dots_and_boxes.

    target/venv/bin/python python/bench/openspiel_match.py --board 3x3 --games 20 \\
        --simulations 10000 --time-ms 1000 [--level strong] [--seed 0] [--rollouts 1] [--uct-c 2]

The colours alternate: pencilbox moves first in the even games (0, 2, ...), MCTS in the odd
ones. Game i seeds MCTS's generators with seed + i and pencilbox's engine with seed + i, and
is played by OpenSpiel's own harness (open_spiel.python.algorithms.evaluate_bots). Prints a
line per game (pencilbox's colour, its result, the boxes, the seconds per move of each side,
how pencilbox chose its moves) and the totals: wins, draws and losses for pencilbox, by colour.
The game's returns are OpenSpiel's default, +1/-1/0.
"""

import argparse
import collections
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, mcts

from pencilbox.openspiel import PencilboxBot, boxes_taken


class Timed(pyspiel.Bot):
    """A bot that counts its moves and the seconds it thinks (a wrapper for the report)."""

    def __init__(self, bot):
        pyspiel.Bot.__init__(self)
        self.bot, self.moves, self.seconds = bot, 0, 0.0

    def step(self, state):
        start = time.perf_counter()
        action = self.bot.step(state)
        self.seconds += time.perf_counter() - start
        self.moves += 1
        return action

    def restart_at(self, state):
        self.bot.restart_at(state)

    def inform_action(self, state, player_id, action):
        self.bot.inform_action(state, player_id, action)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--board", default="3x3", help="RxC boxes (default 3x3)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=10000, help="MCTS simulations per move")
    parser.add_argument("--rollouts", type=int, default=1, help="MCTS random rollouts per leaf")
    parser.add_argument("--uct-c", type=float, default=2.0, help="MCTS exploration constant")
    parser.add_argument("--time-ms", type=int, default=1000, help="pencilbox's time per move")
    parser.add_argument("--level", default="strong", help="pencilbox's level")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rows, cols = map(int, args.board.lower().split("x"))
    game = pyspiel.load_game("dots_and_boxes", {"num_rows": rows, "num_cols": cols})
    print(f"{rows}x{cols}: pencilbox {args.level} {args.time_ms} ms/move against MCTS "
          f"{args.simulations} simulations/move ({args.rollouts} rollout(s), uct_c {args.uct_c}), "
          f"{args.games} games")
    totals = collections.Counter()
    for i in range(args.games):
        seat = i % 2
        seed = args.seed + i
        ours = Timed(PencilboxBot(game, seat, args.level, args.time_ms, seed))
        rng = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(args.rollouts, np.random.RandomState(seed))
        theirs = Timed(mcts.MCTSBot(game, args.uct_c, args.simulations, evaluator, random_state=rng))
        bots = [ours, theirs] if seat == 0 else [theirs, ours]
        state = game.new_initial_state()
        returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(seed))
        result = {1.0: "win", 0.0: "draw", -1.0: "loss"}[returns[seat]]
        totals[(seat, result)] += 1
        boxes = boxes_taken(state)
        reasons = ", ".join(f"{k} {v}" for k, v in sorted(ours.bot.reasons.items()))
        print(f"game {i:2}: pencilbox {'first ' if seat == 0 else 'second'} {result:4}  "
              f"boxes {boxes[seat]}-{boxes[1 - seat]}  "
              f"s/move pencilbox {ours.seconds / max(ours.moves, 1):.2f}, MCTS {theirs.seconds / max(theirs.moves, 1):.2f}"
              f"  ({reasons})", flush=True)
    for seat, name in ((0, "first"), (1, "second")):
        w, d, l = (totals[(seat, r)] for r in ("win", "draw", "loss"))
        print(f"pencilbox {name}: {w} wins, {d} draws, {l} losses")
    w, d, l = (sum(totals[(s, r)] for s in (0, 1)) for r in ("win", "draw", "loss"))
    print(f"total: {w} wins, {d} draws, {l} losses")


if __name__ == "__main__":
    main()
