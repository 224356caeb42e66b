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

from pencilbox import dots

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


def cases():
    """(name, what, Python call, Rust arguments) of each case."""
    endgame = endgame_5x5()
    midgame = "101100110010110000010000"  # a 3x3 position, 15 lines undrawn
    return [
        ("dots-endgame", "Dots endgame value, 5x5 (2 loops, 4 chains)",
         lambda: dots.endgame_value(endgame, 5, 5), [endgame, "5", "5"]),
        ("dots-solve", "Dots exact solve, 3x3, 15 lines undrawn",
         lambda: dots.solve(midgame, 3, 3), [midgame, "3", "3"]),
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
    rates = {name: ([], []) for name, *_ in table}
    for r in range(args.rounds):
        for name, _, call, rust_args in table:
            rates[name][0].append(python_rate(call, args.seconds))
            rates[name][1].append(rust_rate(name, args.seconds, rust_args))
        print(f"round {r + 1} of {args.rounds} done", file=sys.stderr)
    print("| call | Python calls/s | Rust calls/s | time per call (Rust) | overhead |")
    print("|---|---:|---:|---:|---:|")
    for name, what, _, _ in table:
        py, rust = (statistics.median(v) for v in rates[name])
        per_call = 1e3 / rust
        unit = f"{per_call:.3f} ms" if per_call >= 0.01 else f"{per_call * 1e3:.2f} µs"
        print(f"| {what} | {py:,.0f} | {rust:,.0f} | {unit} | {100 * (rust / py - 1):+.1f}% |")


if __name__ == "__main__":
    main()
