#!/usr/bin/env bash
# Submits a pencilbox job file to Slurm as one job array (scripts/slurm/task.sh), and prints
# the array's job id. The array's range comes from the job file's line count and the chunk:
# N jobs in chunks of K are tasks 0 to ceil(N/K)-1. With --resubmit, the range is what
# `pencilbox jobs status` reports left to run (missing or failed), and nothing is submitted when
# every job is done.
#
#   scripts/slurm/submit.sh JOBS DIR [--chunk K] [--max-running M] [--resubmit] [-- SBATCH_OPTION...]
#
# For example, on a cluster with a shared filesystem, from a shared folder:
#
#   pencilbox dots split --board 4x4 --depth 4 > jobs.jsonl
#   scripts/slurm/submit.sh jobs.jsonl results --chunk 10 --max-running 50 -- --time=2:00:00 --mem=2G
#   squeue --me                                       # wait for the array to finish
#   scripts/slurm/submit.sh jobs.jsonl results --chunk 10 --resubmit -- --time=2:00:00 --mem=2G
#   pencilbox dots merge jobs.jsonl --results results
#
# The resubmission is this one command (with the same chunk as the first submission):
#
#   sbatch --array=$(pencilbox jobs status jobs.jsonl --results results --chunk 10 --resubmit) \
#     scripts/slurm/task.sh jobs.jsonl results 10
#
# --chunk K runs K jobs per array task (for job files of more jobs than the cluster's
# MaxArraySize, `scontrol show config`, allows tasks, or jobs too short to be worth a task each).
# --max-running M lets at most M tasks run at once (`--array=...%M`). Options after `--` go to
# sbatch (partition, time limit, memory, --output). PENCILBOX names the pencilbox binary
# (default: the one on the PATH); it must run on every node.
set -euo pipefail

usage() {
  echo "usage: scripts/slurm/submit.sh JOBS DIR [--chunk K] [--max-running M] [--resubmit] [-- SBATCH_OPTION...]" >&2
  exit 2
}
[ $# -ge 2 ] || usage
jobs="$1"
results="$2"
shift 2
chunk=1
max_running=""
resubmit=false
while [ $# -gt 0 ]; do
  case "$1" in
    --chunk) [ $# -ge 2 ] || usage; chunk="$2"; shift 2 ;;
    --max-running) [ $# -ge 2 ] || usage; max_running="$2"; shift 2 ;;
    --resubmit) resubmit=true; shift ;;
    --) shift; break ;;
    *) usage ;;
  esac
done
me=scripts/slurm/submit.sh
# shellcheck source=scripts/lib/jobfile.sh
source "$(dirname "$0")/../lib/jobfile.sh"
whole_or_die "$chunk" --chunk "$me"
[ -z "$max_running" ] || whole_or_die "$max_running" --max-running "$me"
count=$(count_jobs "$jobs" "$me")
pencilbox="${PENCILBOX:-pencilbox}"

if $resubmit; then
  # Exit 1 means "incomplete", which is why we are here; 2 is bad input.
  array=$("$pencilbox" jobs status "$jobs" --results "$results" --chunk "$chunk" --resubmit) || [ $? = 1 ] || exit 2
  if [ -z "$array" ]; then
    echo "$me: every job of $jobs is done; nothing to resubmit" >&2
    exit 0
  fi
else
  array="0-$(( (count + chunk - 1) / chunk - 1 ))"
  mkdir -p "$results"
fi
[ -z "$max_running" ] || array="$array%$max_running"
here="$(dirname "$0")"
echo "$me: sbatch --array=$array $here/task.sh $jobs $results $chunk" >&2
sbatch --parsable --array="$array" "$@" "$here/task.sh" "$jobs" "$results" "$chunk"
