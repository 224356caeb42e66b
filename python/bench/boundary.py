"""The cost of the Python boundary: calls per second of the same work from Python (the installed
package) and in Rust in process (crates/python/examples/boundary.rs), interleaved.

    cargo build --release -p pencilbox-python --example boundary
    target/venv/bin/python python/bench/boundary.py [--rounds 5] [--seconds 1]

Each round runs every case once from Python, then once in Rust, each for about SECONDS; the
medians over the rounds are compared. The overhead is (Rust's calls/s / Python's) - 1: what a
call from Python costs beyond the engine's own work (the call, the conversions, the wrapper, a
thread for calls that can be interrupted). Prints a Markdown table.
"""

import argparse
import pathlib
import statistics
import subprocess
import sys
import time

from pencilbox import dots, islands, slither

ROOT = pathlib.Path(__file__).resolve().parents[2]
RUST = ROOT / "target" / "release" / "examples" / "boundary"


def dots_lines(rows, cols, undrawn):
    """The line string with every line drawn but `undrawn` (pairs of kind, row, col)."""
    def index(kind, r, c):
        return r * cols + c if kind == "h" else (rows + 1) * cols + r * (cols + 1) + c

    off = {index(*line) for line in undrawn}
    return "".join("0" if i in off else "1" for i in range(rows * (cols + 1) + cols * (rows + 1)))


def endgame_5x5():
    """Rows 0-2 chains of 5, two 4-loops and a chain of 2 below: chains 2, 5, 5, 5 and loops 4, 4."""
    undrawn = [("v", r, c) for r in range(3) for c in range(6)]
    for c in (0, 2):
        undrawn += [("v", 3, c + 1), ("v", 4, c + 1), ("h", 4, c), ("h", 4, c + 1)]
    undrawn += [("h", 4, 4), ("v", 3, 5), ("h", 5, 4)]
    return dots_lines(5, 5, undrawn)


SLITHER_10X10 = """10 10
...112.3.3
10...22.2.
10...22.1.
..00...0..
.....3...2
100.3..1.3
....1..1.2
1.0..1..0.
1..012.1..
.3.......0
"""


# The 20x20 "normal" puzzle of crates/slither/tests/fixtures/generated.txt, as a puzz.link URL.
SLITHER_20X20 = ("https://puzz.link/p?slither/20/20/0ag1bg2bj287dg171a116cbgd23bh51c331c0agb50ahd2c5bj1ah11bag70a"
                 "g82177a02cgbkbi0b0620187760a6bm01ag01cgai6aagbg51226aj55aag050a01a55agbj6bgag15bj611ci112ah5bq33cm"
                 "a06b775daahbh0ag7a005058678dg61b")


def islands_boards():
    """A generated medium board (seed 4) at the opening, and after the first listed move was
    played until at most five numbers are live."""
    opening = islands.generate("medium", seed=4)
    later = opening
    while len(later.live_numbers) > 5:
        later = later.play(later.legal_moves()[0])
    return str(opening), str(later)


def cases():
    """(name, what, Python call, Rust arguments) of each case."""
    endgame = endgame_5x5()
    midgame = "101100110010110000010000"  # a 3x3 position, 15 lines undrawn
    earlier = "000100010000010000010000"  # and one with 20
    opening, later = islands_boards()
    return [
        ("dots-endgame", "Dots endgame value, 5x5 (2 loops, 4 chains)",
         lambda: dots.endgame_value(endgame, 5, 5), [endgame, "5", "5"]),
        ("dots-solve", "Dots exact solve, 3x3, 15 lines undrawn",
         lambda: dots.solve(midgame, 3, 3), [midgame, "3", "3"]),
        ("dots-solve", "Dots exact solve, 3x3, 20 lines undrawn",
         lambda: dots.solve(earlier, 3, 3), [earlier, "3", "3"]),
        ("slither-solve", "Slitherlink solve and uniqueness proof, 10x10 (hard)",
         lambda: slither.solve(SLITHER_10X10), [SLITHER_10X10]),
        ("slither-solve", "Slitherlink solve and uniqueness proof, 20x20 (normal, a puzz.link URL)",
         lambda: slither.solve(SLITHER_20X20), [SLITHER_20X20]),
        ("islands-legal-moves", f"Islands legal moves, medium opening ({len(islands.Board(opening).legal_moves()):,})",
         lambda: islands.Board(opening).legal_moves(), [opening]),
        ("islands-legal-moves", f"Islands legal moves, medium, 5 numbers live ({len(islands.Board(later).legal_moves()):,})",
         lambda: islands.Board(later).legal_moves(), [later]),
    ]


def python_rate(call, seconds):
    call()
    start, calls = time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        call()
        calls += 1
    return calls / (time.perf_counter() - start)


def rust_rate(name, seconds, args):
    out = subprocess.run([str(RUST), name, str(seconds), *args], capture_output=True, text=True, check=True)
    return float(out.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    if not RUST.is_file():
        sys.exit(f"{RUST} is missing: cargo build --release -p pencilbox-python --example boundary")
    table = cases()
    rates = [([], []) for _ in table]
    for r in range(args.rounds):
        for (name, _, call, rust_args), (py, rust) in zip(table, rates):
            py.append(python_rate(call, args.seconds))
            rust.append(rust_rate(name, args.seconds, rust_args))
        print(f"round {r + 1} of {args.rounds} done", file=sys.stderr)
    print("| call | Python calls/s | Rust calls/s | time per call (Rust) | overhead |")
    print("|---|---:|---:|---:|---:|")
    for (_, what, _, _), samples in zip(table, rates):
        py, rust = (statistics.median(v) for v in samples)
        per_call = 1e3 / rust
        unit = f"{per_call:.3f} ms" if per_call >= 0.01 else f"{per_call * 1e3:.2f} µs"
        print(f"| {what} | {py:,.0f} | {rust:,.0f} | {unit} | {100 * (rust / py - 1):+.1f}% |")


if __name__ == "__main__":
    main()
