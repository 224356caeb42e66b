#!/usr/bin/env bash
# One Slurm array task of a pencilbox job file: runs the jobs of task SLURM_ARRAY_TASK_ID
# (jobs T*K to T*K+K-1 with chunk K), each writing its result file DIR/I.json atomically. Any
# kind of job (`dots split`, `islands tournament --split`, `slither split`): the job file
# says what to run.
#
#   sbatch --array=0-99%20 scripts/slurm/task.sh JOBS DIR [K]
#
# On a cluster with a shared filesystem: JOBS and DIR must be paths every node sees (the same
# path on each: give them absolute, or submit from a shared folder, which is each task's working
# directory), and `pencilbox` must run on every node, found on the PATH or named by PENCILBOX
# (sbatch passes the submitting shell's environment on). Nothing else is shared: the tasks
# never talk to each other, and all state is in DIR. A task that finds its jobs done does
# nothing, so resubmitting is always safe; a task killed midway (scancel, time limit, a node
# lost) leaves no partial result, and `pencilbox jobs status JOBS --results DIR --resubmit`
# names it for the next submission (scripts/slurm/submit.sh --resubmit does both).
#
# The task's exit code is `pencilbox jobs run`'s: 0 when its jobs are done, 1 when one failed
# (sacct shows FAILED; the message is in DIR and in `jobs status`), 2 on bad input. Add the
# resources your jobs need on sbatch's command line or below (a Dots solve wants one CPU and
# its --tt-mib of memory; an Islands game, one CPU per bot move at a time).
#
#SBATCH --job-name=pencilbox
#SBATCH --cpus-per-task=1
#SBATCH --output=slurm-%A_%a.out
set -euo pipefail

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
  echo "usage: sbatch --array=RANGE scripts/slurm/task.sh JOBS DIR [CHUNK]" >&2
  exit 2
fi
if [ -z "${SLURM_ARRAY_TASK_ID:-}" ]; then
  echo "scripts/slurm/task.sh: not a Slurm array task (submit it with sbatch --array=...)" >&2
  exit 2
fi
exec "${PENCILBOX:-pencilbox}" jobs run "$1" --results "$2" --chunk "${3:-1}"
