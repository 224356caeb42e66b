#!/usr/bin/env bash
# Runs a pencilbox job file with GNU parallel: on this machine (-j N), or over ssh on machines
# that share a filesystem (--sshloginfile FILE). Any kind of job (`dots split`, `islands
# tournament --split`, `slither split`). Each parallel job runs `pencilbox jobs run` on one
# job (or a chunk of K), which writes its result file DIR/I.json atomically; GNU parallel's
# --joblog records which parallel jobs ran and how they ended.
#
#   scripts/parallel/run.sh JOBS DIR [--chunk K] [--joblog FILE] [--resume-failed] [-- PARALLEL_OPTION...]
#
# For example:
#
#   pencilbox dots split --board 4x4 --depth 4 > jobs.jsonl
#   scripts/parallel/run.sh jobs.jsonl results -- -j 2                           # here, 2 at once
#   scripts/parallel/run.sh jobs.jsonl results -- --sshloginfile nodes.txt       # over ssh
#   scripts/parallel/run.sh jobs.jsonl results --resume-failed -- --sshloginfile nodes.txt
#   pencilbox dots merge jobs.jsonl --results results
#
# nodes.txt is GNU parallel's: one sshlogin a line (`8/user@node1` runs 8 jobs at once there;
# `:` is this machine). Over ssh, JOBS and DIR must be on a filesystem every node mounts at the
# same path, and each job runs in this folder (the current one, by --wd): run from a shared
# folder, or give absolute paths. `pencilbox` must be on each node's PATH, or PENCILBOX must name
# it by a path valid on every node.
#
# --resume-failed reruns the parallel jobs the joblog (default DIR/parallel.joblog) records as
# failed, and those it never started (a run interrupted by Ctrl-C or a lost node); give the same
# JOBS, DIR and --chunk as the first run. Without it, every job runs again, which costs nothing
# for the jobs whose result is there (`jobs run` skips them): the results folder, not the joblog,
# is the record of what is done. At the end the script prints `pencilbox jobs status` and exits
# with its code: 0 when every job is done, 1 when some are missing or failed, 2 on bad input
# (a malformed job file, a result file that is not its job's, which is never overwritten).
set -euo pipefail

usage() {
  echo "usage: scripts/parallel/run.sh JOBS DIR [--chunk K] [--joblog FILE] [--resume-failed] [-- PARALLEL_OPTION...]" >&2
  exit 2
}
[ $# -ge 2 ] || usage
jobs="$1"
results="$2"
shift 2
chunk=1
joblog=""
resume=()
while [ $# -gt 0 ]; do
  case "$1" in
    --chunk) [ $# -ge 2 ] || usage; chunk="$2"; shift 2 ;;
    --joblog) [ $# -ge 2 ] || usage; joblog="$2"; shift 2 ;;
    --resume-failed) resume=(--resume-failed); shift ;;
    --) shift; break ;;
    *) usage ;;
  esac
done
me=scripts/parallel/run.sh
# shellcheck source=scripts/lib/jobfile.sh
source "$(dirname "$0")/../lib/jobfile.sh"
whole_or_die "$chunk" --chunk "$me"
count=$(count_jobs "$jobs" "$me")
mkdir -p "$results"
joblog="${joblog:-$results/parallel.joblog}"
pencilbox="${PENCILBOX:-pencilbox}"
# GNU parallel quotes each command for the shell $SHELL names, and over ssh, with SHELL unset (a
# minimal environment: cron, CI, `env -i`), it runs nothing and reports success. The command
# below is quoted for bash (printf %q).
export SHELL="${SHELL:-$BASH}"

# One parallel job per chunk of jobs, named by its indices (`40-49`, or `7`), always in the
# same order, since --resume-failed matches the joblog's lines by sequence number.
chunks() {
  awk -v n="$count" -v k="$chunk" 'BEGIN {
    for (i = 0; i < n; i += k) { last = (i + k < n ? i + k : n) - 1; print (i == last ? i : i "-" last) }
  }'
}
# The command as the remote shell reads it: every word quoted.
command=$(printf '%q ' "$pencilbox" jobs run "$jobs" --results "$results" --indices)
command="${command% }"
ran=0
chunks | parallel --joblog "$joblog" "${resume[@]}" --wd "$PWD" "$@" "$command" '{}' || ran=$?
[ "$ran" = 0 ] || echo "$me: $ran parallel jobs failed (see $joblog, and rerun with --resume-failed)" >&2
exec "$pencilbox" jobs status "$jobs" --results "$results"
