# shellcheck shell=bash
# Sourced by the job engines' scripts (scripts/slurm/submit.sh, scripts/parallel/run.sh).

# Fails (exit 2) unless $1 is a whole number, at least 1; $2 names it, $3 the caller.
whole_or_die() {
  [[ "$1" =~ ^[1-9][0-9]*$ ]] || {
    echo "$3: $2 must be a whole number, at least 1 (not '$1')" >&2
    exit 2
  }
}

# Prints how many jobs the job file $1 holds (its lines, the last one counted without its
# newline too); fails (exit 2) when there is no such file or no job in it. $2 names the caller.
count_jobs() {
  [ -f "$1" ] || { echo "$2: no job file $1" >&2; exit 2; }
  local count
  count=$(awk 'END { print NR }' "$1")
  [ "$count" -gt 0 ] || { echo "$2: $1 holds no jobs" >&2; exit 2; }
  echo "$count"
}
