#!/usr/bin/env python3
"""One process per puzzle: runs `pencilbox slither VERB` (default `solve`; `explain` works the
same way) on every STEP-th corpus puzzle (puzzle text on stdin), checks the exit code (0 =
unique solution printed, or explained to the end), and prints the wall-clock total, median,
mean, p99 and max including process start-up.

    cargo build --release -p pencilbox-cli
    python3 crates/slither/scripts/per_process_bench.py CORPUS [STEP] [VERB]

CORPUS is the Slitherlink corpus folder (janko-1176.json; the file itself may be given), which is
not in the repository; without arguments, the folder PENCILBOX_CORPUS names.
"""
import json
import os
import statistics
import subprocess
import sys
import time

given = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("PENCILBOX_CORPUS")
if not given:
    sys.exit("no Slitherlink corpus given: pass the folder holding janko-1176.json as the first "
             "argument, or set PENCILBOX_CORPUS")
given = os.path.abspath(given)
is_file = given.endswith(".json") and not os.path.isdir(given)
corpus = given if is_file else os.path.join(given, "janko-1176.json")
try:
    data = json.load(open(corpus))["data"]
except OSError as e:
    sys.exit(f"cannot read the Slitherlink corpus file {corpus}: {e.strerror}")
step = int(sys.argv[2]) if len(sys.argv) > 2 else 1
verb = sys.argv[3] if len(sys.argv) > 3 else "solve"
binary = "target/release/pencilbox"
names = sorted(data)[::step]
times, failures = [], []
for name in names:
    start = time.perf_counter()
    run = subprocess.run([binary, "slither", verb], input=data[name]["problem"].encode(),
                         capture_output=True)
    times.append((time.perf_counter() - start, name))
    if run.returncode != 0:
        failures.append((name, run.returncode, run.stderr.decode().strip()))
times.sort()
ms = [t * 1e3 for t, _ in times]
p99 = ms[max(0, -(-len(ms) * 99 // 100) - 1)]
print(f"slither {verb}: puzzles {len(ms)} (every {step}th), exit 0: {len(ms) - len(failures)}, "
      f"total {sum(ms) / 1e3:.2f} s")
for f in failures:
    print("  not unique / failed:", *f)
print(f"wall time per process: median {statistics.median(ms):.2f} ms, mean {statistics.mean(ms):.2f} ms, "
      f"p99 {p99:.2f} ms, max {ms[-1]:.2f} ms ({times[-1][1]})")
