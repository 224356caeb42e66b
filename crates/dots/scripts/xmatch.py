#!/usr/bin/env python3
"""A Dots-and-Boxes match between two builds of pencilbox, over the `pencilbox dots bot` line
protocol (`dots match` plays levels of one build against each other; this compares builds).

usage: xmatch.py BIN_A BIN_B RxC GAMES SEED [TIME_MS] [OPENING_LINES] [THREADS] [LEVEL_A] [LEVEL_B]

A moves first in even-numbered games, B in odd ones. Games 2k and 2k+1 start from the same
opening: OPENING_LINES random lines that give no box away (default 0), drawn from SEED and k.
Each engine gets TIME_MS per move (default 1000) and THREADS threads (default 2: the engines
think in turn, never at once). Prints each game's score and the total from A's side:
wins-draws-losses, points (a draw counts one half), the mean margin and each engine's slowest
answer. Example (docs/PERFORMANCE.md):

    python3 crates/dots/scripts/xmatch.py new/pencilbox old/pencilbox 7x7 20 77 1000 4
"""
import random
import subprocess
import sys
import time


def geometry(rows, cols):
    """The lines of each box and the boxes of each line, in OpenSpiel's numbering."""
    horizontal = (rows + 1) * cols
    lines = horizontal + rows * (cols + 1)
    boxes = []
    for r in range(rows):
        for c in range(cols):
            left = horizontal + r * (cols + 1) + c
            boxes.append((r * cols + c, (r + 1) * cols + c, left, left + 1))
    line_boxes = [[] for _ in range(lines)]
    for b, sides in enumerate(boxes):
        for e in sides:
            line_boxes[e].append(b)
    return lines, boxes, line_boxes


def main():
    args = sys.argv[1:]
    if len(args) < 5:
        sys.exit(__doc__)
    bin_a, bin_b, dims, games, seed = args[0], args[1], args[2], int(args[3]), int(args[4])
    think = int(args[5]) if len(args) > 5 else 1000
    opening = int(args[6]) if len(args) > 6 else 0
    threads = args[7] if len(args) > 7 else "2"
    levels = [args[8] if len(args) > 8 else "strong", args[9] if len(args) > 9 else "strong"]
    rows, cols = map(int, dims.split("x"))
    lines, boxes, line_boxes = geometry(rows, cols)
    bots = [
        subprocess.Popen(
            [binary, "dots", "bot", "--level", level, "--time-ms", str(think), "--seed", str(seed + 7 * i),
             "--threads", threads],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
        for i, (binary, level) in enumerate(zip([bin_a, bin_b], levels))
    ]
    results, margins, slowest = [0, 0, 0], 0, [0.0, 0.0]
    for g in range(games):
        rng = random.Random(seed * 1000 + g // 2)
        drawn = [0] * lines
        sides = lambda b: sum(drawn[e] for e in boxes[b])
        for _ in range(opening):
            safe = [e for e in range(lines) if not drawn[e] and all(sides(b) <= 1 for b in line_boxes[e])]
            if not safe:
                break
            drawn[rng.choice(safe)] = 1
        turn = g % 2
        score = [0, 0]
        while not all(drawn):
            start = time.time()
            bots[turn].stdin.write(f"{dims} {''.join(map(str, drawn))}\n")
            answer = bots[turn].stdout.readline().split()
            slowest[turn] = max(slowest[turn], time.time() - start)
            if not answer or answer[0] != "move" or drawn[int(answer[1])]:
                sys.exit(f"game {g}: engine {'AB'[turn]} answered {answer}")
            e = int(answer[1])
            drawn[e] = 1
            completed = sum(1 for b in line_boxes[e] if sides(b) == 4)
            if completed:
                score[turn] += completed
            else:
                turn = 1 - turn
        margins += score[0] - score[1]
        results[0 if score[0] > score[1] else 2 if score[0] < score[1] else 1] += 1
        print(f"game {g}: A {score[0]} B {score[1]} (A first: {g % 2 == 0})", flush=True)
    for bot in bots:
        bot.stdin.write("quit\n")
        bot.stdin.flush()
    points = results[0] + results[1] / 2
    print(f"A-B: {results[0]}-{results[1]}-{results[2]}, A points {points}/{games} ({100 * points / games:.1f}%), "
          f"margin {margins / games:+.2f}, slowest A {slowest[0] * 1000:.0f} ms B {slowest[1] * 1000:.0f} ms")


if __name__ == "__main__":
    main()
