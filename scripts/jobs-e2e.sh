#!/usr/bin/env bash
# The job engines, tested for real (run by scripts/test.sh): installs Slurm, munge and GNU
# parallel from Debian's packages (scripts/install-jobs.sh), starts a one-node Slurm cluster of
# its own (munged, slurmctld, slurmd, in a scratch folder with its own slurm.conf and ports),
# and runs pencilbox job files through scripts/slurm/ and scripts/parallel/:
#
# - a 3x4 Dots solve split one line deep, as a Slurm job array; its merge against the direct
#   solve (the value, and the value of the merge's best move among the direct solve's);
# - an Islands tournament split into one job per game, as a Slurm job array of two games a
#   task (--chunk 2), one of whose tasks is cancelled while it runs (its bot waits on a file, so
#   that the cancel always finds it running): status must name its two jobs missing, with no
#   result file; what status reports is resubmitted; the games must be the one-machine
#   tournament's (same seed, seeded bots: a built-in one seeded by the tournament's --seed), and
#   the merge must print its standings byte for byte (the slowest moves, wall-clock times, go
#   to standard error), and byte for byte what `islands tournament` prints for these very games;
# - the Dots jobs again with GNU parallel here (-j 2), with a result file cut short in the way:
#   that job fails and its file is kept; once it is removed, --resume-failed runs that job
#   alone, over two "ssh hosts" (an ssh stand-in that runs the command here).
#
# The daemons are always stopped on exit; when Slurm cannot start, or anything fails, the test
# fails and prints the daemons' logs and the tasks' output. It runs as root, as CI does (slurmd
# starts each task as its user). PENCILBOX_BIN names the binary to test (default: the test
# profile's, built here, which `cargo test` shares).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

if [ "$(id -u)" != 0 ]; then
  # The daemons run as root: through sudo, as the installers do, keeping the binary asked for.
  if command -v sudo >/dev/null 2>&1; then
    exec sudo env PATH="$PATH" ${PENCILBOX_BIN:+PENCILBOX_BIN="$PENCILBOX_BIN"} bash "$0" "$@"
  fi
  echo "scripts/jobs-e2e.sh: FAILED: run it as root or install sudo (slurmd starts each task as its user; slurm.conf here names root)" >&2
  exit 1
fi
bash scripts/install-jobs.sh
if [ -z "${PENCILBOX_BIN:-}" ]; then
  cargo build --profile test -p pencilbox-cli --locked
  PENCILBOX_BIN="$root/target/debug/pencilbox"
fi
PENCILBOX_BIN="$(realpath -- "$PENCILBOX_BIN")"
# The scripts under test run this binary.
export PENCILBOX="$PENCILBOX_BIN"

scratch="$(mktemp -d "${TMPDIR:-/tmp}/pencilbox-jobs.XXXXXX")"
logs="$scratch/logs"
mkdir -p "$logs" "$scratch/out"
export SLURM_CONF="$scratch/slurm/slurm.conf"
started=$SECONDS

# The daemons started here, by name, and their pids: only these are stopped.
declare -A daemon_pid=()
daemon_order=()

say() { echo "== $* ($((SECONDS - started)) s)"; }
failure=""
fail() {
  failure="$*"
  echo "scripts/jobs-e2e.sh: FAILED: $*" >&2
  exit 1
}

# Fails when a daemon started here has exited.
check_daemons() {
  local name
  for name in "${daemon_order[@]}"; do
    kill -0 "${daemon_pid[$name]}" 2>/dev/null || fail "$name exited (its log is below)"
  done
}

# Polls COMMAND until it succeeds; fails after LIMIT seconds, or as soon as a daemon exits.
wait_until() {
  local what="$1" limit="$2"
  shift 2
  local deadline=$((SECONDS + limit))
  until "$@"; do
    check_daemons
    [ "$SECONDS" -lt "$deadline" ] || fail "$what: not after $limit s"
    sleep 0.2
  done
}

# Runs NAME's command in the background, its output to logs/NAME.out.
start_daemon() {
  local name="$1"
  shift
  "$@" >"$logs/$name.out" 2>&1 &
  daemon_pid[$name]=$!
  daemon_order+=("$name")
}

stop_daemons() {
  local i name pid
  if [ -n "${daemon_pid[slurmctld]:-}" ] && kill -0 "${daemon_pid[slurmctld]}" 2>/dev/null; then
    # No task may outlive its slurmd.
    scancel --user="$(id -un)" 2>/dev/null
    local deadline=$((SECONDS + 30))
    while [ -n "$(squeue -h -o %i 2>/dev/null)" ] && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.2; done
  fi
  for ((i = ${#daemon_order[@]} - 1; i >= 0; i--)); do
    name="${daemon_order[$i]}"
    pid="${daemon_pid[$name]}"
    kill -TERM "$pid" 2>/dev/null || continue
    local deadline=$((SECONDS + 15))
    while kill -0 "$pid" 2>/dev/null && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null && echo "scripts/jobs-e2e.sh: $name did not stop on SIGTERM; killed" >&2
    wait "$pid" 2>/dev/null
  done
}

print_logs() {
  local f
  for f in "$logs"/* "$scratch"/out/*; do
    [ -f "$f" ] || continue
    echo "---- ${f#"$scratch"/} (last 40 lines)"
    tail -n 40 "$f"
  done
}

cleanup() {
  local code=$?
  set +e
  stop_daemons
  if [ "$code" != 0 ]; then
    print_logs >&2
    echo "scripts/jobs-e2e.sh: the scratch folder is kept: $scratch" >&2
    # Again after the logs, which a CI log's tail may show alone.
    echo "scripts/jobs-e2e.sh: FAILED (exit $code): ${failure:-a command failed (see above)}" >&2
  else
    rm -rf "$scratch"
  fi
  exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Whether munged answers on socket $1: a credential made and read back.
munge_answers() { munge -n -S "$1" 2>/dev/null | unmunge -S "$1" >/dev/null 2>&1; }

# Whether nothing listens on local TCP port $1.
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

start_cluster() {
  say "starting munged, slurmctld and slurmd in $scratch"
  local m="$scratch/munge" s="$scratch/slurm"
  mkdir -p "$m" "$s/state" "$s/spool"
  local socket="$m/munge.socket"
  mungekey --create --keyfile="$m/munge.key" >"$logs/mungekey.out" 2>&1 || fail "mungekey could not make a key"
  # --force: run where munged finds the folders' permissions loose (under /tmp).
  start_daemon munged munged --foreground --force --socket="$socket" --key-file="$m/munge.key" \
    --log-file="$logs/munged.log" --pid-file="$m/munged.pid" --seed-file="$m/munged.seed"
  wait_until "munged answers on $socket" 30 munge_answers "$socket"

  # Two free ports near one drawn from this shell's pid, so that two runs at once do not meet.
  local port=$((17000 + ($$ % 4000) * 2))
  until port_free "$port" && port_free $((port + 1)); do port=$((port + 2)); done
  cat >"$SLURM_CONF" <<CONF
ClusterName=pencilbox-test
SlurmctldHost=localhost
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$socket
StateSaveLocation=$s/state
SlurmdSpoolDir=$s/spool
SlurmctldPidFile=$s/slurmctld.pid
SlurmdPidFile=$s/slurmd.pid
SlurmctldLogFile=$logs/slurmctld.log
SlurmdLogFile=$logs/slurmd.log
ProctrackType=proctrack/pgid
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
NodeName=localhost CPUs=$(nproc) State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
  start_daemon slurmctld slurmctld -D
  start_daemon slurmd slurmd -D -N localhost
  wait_until "the node localhost is idle (sinfo)" 60 node_idle
  say "Slurm is up: $(sinfo -h -o '%P %a %T %N %c CPUs')"
}

node_idle() { [ "$(sinfo -h -n localhost -o %T 2>/dev/null)" = idle ]; }

# Whether array job $1 has left the queue (squeue answers, and lists none of its tasks).
array_done() {
  local out
  out="$(squeue -h -j "$1" -o %i 2>/dev/null)" && [ -z "$out" ]
}

# "TASK STATE" for each task of array job $1 (from slurmctld, which keeps finished jobs for
# MinJobAge, 300 s by default: there is no accounting database here for sacct).
task_states() {
  scontrol -o show job "$1" | awk '{
    t = ""; s = ""
    for (i = 1; i <= NF; i++) {
      if ($i ~ /^ArrayTaskId=/) t = substr($i, 13)
      if ($i ~ /^JobState=/) s = substr($i, 10)
    }
    print t, s
  }' | sort -n
}

# Submits job file $1 with results in $2 (scripts/slurm/submit.sh, options after), and prints
# the array's job id.
submit() {
  local jobs="$1" results="$2"
  shift 2
  scripts/slurm/submit.sh "$jobs" "$results" "$@" -- --output="$scratch/out/%A_%a.out"
}

# The direct 3x4 solve, with every first move's value: "value" on line 1, "... line N value V".
direct_dots() {
  if [ ! -f "$scratch/direct-3x4.txt" ]; then
    say "the direct solve of the empty 3x4 board (every first move's value)" >&2
    "$PENCILBOX" dots solve --empty 3x4 --moves >"$scratch/direct-3x4.txt"
  fi
  cat "$scratch/direct-3x4.txt"
}

# Merges the Dots jobs $1 with results $2 and checks them against the direct solve.
check_dots_merge() {
  local merged value best_line best_value direct
  merged="$("$PENCILBOX" dots merge "$1" --results "$2")" || fail "dots merge $2 exited $?"
  direct="$(direct_dots)"
  value="$(head -n 1 <<<"$merged")"
  [ "$value" = "$(head -n 1 <<<"$direct")" ] ||
    fail "dots merge of $2 gives value $value, the direct solve $(head -n 1 <<<"$direct")"
  # `best NAME (line N)`: the direct solve's value of line N must be the value.
  best_line="$(sed -n 's/^best .* (line \([0-9]*\))$/\1/p' <<<"$merged")"
  [ -n "$best_line" ] || fail "dots merge of $2 names no best move: $merged"
  best_value="$(awk -v l="$best_line" '$4 == "line" && $5 == l { print $7 }' <<<"$direct")"
  [ "$best_value" = "$value" ] ||
    fail "dots merge's best move, line $best_line, has value '$best_value' in the direct solve, not $value"
  echo "merged: value $value, best line $best_line (its value in the direct solve: $best_value)"
}

# Fails unless `jobs status` of $1 and $2 prints $3 as its first line and exits $4.
expect_status() {
  local out code=0
  out="$("$PENCILBOX" jobs status "$1" --results "$2")" || code=$?
  [ "$code" = "$4" ] || fail "jobs status $2 exited $code, not $4: $out"
  [ "$(head -n 1 <<<"$out")" = "$3" ] || fail "jobs status $2 says '$(head -n 1 <<<"$out")', not '$3'"
}

dots_slurm() {
  local d="$scratch/dots" id states
  mkdir -p "$d"
  "$PENCILBOX" dots split --empty 3x4 --depth 1 >"$d/jobs.jsonl" 2>"$logs/split.err"
  local n
  n="$(wc -l <"$d/jobs.jsonl")"
  say "Slurm: a 3x4 Dots solve as $n jobs, one array task each, 2 at a time"
  id="$(submit "$d/jobs.jsonl" "$d/slurm" --max-running 2)"
  wait_until "array job $id (Dots) leaves the queue" 300 array_done "$id"
  states="$(task_states "$id")"
  [ "$(grep -c ' COMPLETED$' <<<"$states")" = "$n" ] || fail "array job $id's tasks: $states"
  expect_status "$d/jobs.jsonl" "$d/slurm" "$d/jobs.jsonl: $n jobs: $n done, 0 missing, 0 failed" 0
  check_dots_merge "$d/jobs.jsonl" "$d/slurm"
}

dots_parallel() {
  local d="$scratch/dots" r="$scratch/dots/parallel" out code
  say "GNU parallel: the same jobs here (-j 2), job 3's result file cut short in the way"
  mkdir -p "$r"
  printf '{"index": 3, "jo' >"$r/3.json"
  code=0
  out="$(scripts/parallel/run.sh "$d/jobs.jsonl" "$r" -- -j 2 2>&1)" || code=$?
  echo "$out" >"$logs/parallel-1.out"
  [ "$code" = 2 ] || fail "the first parallel run exited $code, not 2 (a result file is not its job's): $out"
  [ "$(cat "$r/3.json")" = '{"index": 3, "jo' ] || fail "the cut result file 3.json was overwritten"
  # The joblog: every parallel job but one ended well.
  local failed
  failed="$(awk -F'\t' 'NR > 1 && $7 != 0 { print $9 }' "$r/parallel.joblog")"
  { [ "$(wc -l <<<"$failed")" = 1 ] && [[ "$failed" == *"--indices 3" ]]; } ||
    fail "the joblog should show only job 3 failed: $failed"
  rm "$r/3.json"
  say "GNU parallel: --resume-failed, over two ssh hosts (a stand-in for ssh)"
  cat >"$scratch/fake-ssh" <<'SSH'
#!/bin/sh
# ssh [OPTION...] HOST [--] COMMAND...: runs COMMAND here, as ssh would on HOST.
while [ $# -gt 0 ]; do case "$1" in -*) shift ;; *) shift; break ;; esac; done
[ "${1:-}" != "--" ] || shift
exec sh -c "$*"
SSH
  chmod +x "$scratch/fake-ssh"
  # Without SHELL, as in a minimal environment (cron, CI), where GNU parallel over ssh would run
  # nothing and report success but for run.sh.
  out="$(env -u SHELL scripts/parallel/run.sh "$d/jobs.jsonl" "$r" --resume-failed -- \
    --ssh "$scratch/fake-ssh" -S 1/hostA,1/hostB 2>&1)" || fail "the --resume-failed run exited $?: $out"
  echo "$out" >"$logs/parallel-2.out"
  # It ran job 3 alone: no other job's result was even looked at again.
  { [ "$(grep -c ' done$' <<<"$out")" = 1 ] && grep -qx '3 done' <<<"$out"; } ||
    fail "the --resume-failed run should run job 3 alone: $out"
  local n
  n="$(wc -l <"$d/jobs.jsonl")"
  expect_status "$d/jobs.jsonl" "$r" "$d/jobs.jsonl: $n jobs: $n done, 0 missing, 0 failed" 0
  check_dots_merge "$d/jobs.jsonl" "$r"
}

# The games of results folder $1 (jobs 0 to $2-1), one JSON line each as the tournament's
# --results file holds them; with a third argument `untimed`, without the moves' times. (Perl,
# which GNU parallel brings, reads the JSON.)
games() {
  perl -MJSON::PP -e '
    my ($dir, $n, $untimed) = @ARGV;
    my $json = JSON::PP->new->canonical;
    for my $i (0 .. $n - 1) {
      open(my $f, "<", "$dir/$i.json") or die "$dir/$i.json: $!\n";
      my $game = $json->decode(do { local $/; <$f> })->{result};
      delete $game->{slowest_ms} if $untimed;
      print $json->encode($game), "\n";
    }' "$@"
}

# The lines of a tournament's --results file $1, without the moves' times.
untimed_games() {
  perl -MJSON::PP -ne '
    my $json = JSON::PP->new->canonical;
    my $game = $json->decode($_);
    delete $game->{slowest_ms};
    print $json->encode($game), "\n";' "$1"
}

bot_gone() { ! kill -0 "$1" 2>/dev/null; }

islands_slurm() {
  local i="$scratch/islands" r="$scratch/islands/slurm" id task held states out n
  mkdir -p "$i" "$scratch/tmp"
  # The referee's temporary folders (a cancelled game leaves its own) go to the scratch folder.
  export TMPDIR="$scratch/tmp"
  # The first move asked of this bot while there is no release file claims the hold (mkdir is
  # atomic: one claims it): it writes its array task and its pid, then waits for the release
  # file. Every other move, and every move after the release, is the greedy bot's, seeded.
  cat >"$i/hold.sh" <<HOLD
#!/bin/sh
if [ ! -e "$i/release" ] && mkdir "$i/held" 2>/dev/null; then
  echo "\${SLURM_ARRAY_TASK_ID:-none} \$\$" >"$i/held/task.tmp" && mv "$i/held/task.tmp" "$i/held/task"
  while [ ! -e "$i/release" ]; do sleep 0.05; done
fi
exec '$PENCILBOX' islands move --level greedy --seed 5
HOLD
  chmod +x "$i/hold.sh"
  # The tournament, the same for the split and the one-machine run: three bots that play the
  # same moves every time (the first through the holding bot, the second the built-in level
  # that the tournament's --seed seeds, the third with a seed of its own) on two generated
  # boards; a minute a move, so that the held bot is cancelled long before the referee would
  # give up on it.
  local tournament=(--bot "hold=$i/hold.sh" --bot random
    --bot "r9=$PENCILBOX islands move --level random --seed 9" --generate medium --count 2 --seed 40
    --time-ms 60000)
  "$PENCILBOX" islands tournament --split "${tournament[@]}" >"$i/jobs.jsonl" 2>"$logs/islands-split.err"
  n="$(wc -l <"$i/jobs.jsonl")"
  # Two games an array task (--chunk 2). The tasks that start first, 0 and 1, each begin with a
  # game in which the holding bot moves first: the held game is the first of its task, whose
  # second game never starts.
  say "Slurm: an Islands tournament as $n jobs, one game each, two a task; one task held and cancelled"
  id="$(submit "$i/jobs.jsonl" "$r" --chunk 2 --max-running 2)"
  wait_until "a task of array job $id asks the holding bot for a move" 120 test -f "$i/held/task"
  read -r task held <"$i/held/task"
  [[ "$task" =~ ^[0-9]+$ ]] || fail "the held bot is not in an array task: '$task'"
  kill -0 "$held" 2>/dev/null || fail "the held bot (pid $held) is not running"
  scancel "${id}_$task"
  wait_until "array job $id (Islands) leaves the queue" 300 array_done "$id"
  states="$(task_states "$id")"
  grep -qx "$task CANCELLED" <<<"$states" || fail "task $task was cancelled, but: $states"
  [ "$(grep -c ' COMPLETED$' <<<"$states")" = $((n / 2 - 1)) ] || fail "array job $id's tasks: $states"
  # The cancel left no result, not even in part.
  local game
  for game in $((2 * task)) $((2 * task + 1)); do
    ! compgen -G "$r/$game.json" >/dev/null || fail "job $game of the cancelled task left a result file"
    ! compgen -G "$r/.$game.json.*" >/dev/null || fail "job $game of the cancelled task left a temporary file"
  done
  expect_status "$i/jobs.jsonl" "$r" "$i/jobs.jsonl: $n jobs: $((n - 2)) done, 2 missing, 0 failed" 1
  out="$("$PENCILBOX" jobs status "$i/jobs.jsonl" --results "$r" --resubmit)" && fail "status says complete"
  [ "$out" = "$((2 * task))-$((2 * task + 1))" ] || fail "status --resubmit says '$out', not jobs of task $task"
  out="$("$PENCILBOX" jobs status "$i/jobs.jsonl" --results "$r" --chunk 2 --resubmit)" && fail "status says complete"
  [ "$out" = "$task" ] || fail "status --chunk 2 --resubmit says '$out', not task $task"
  ! out="$("$PENCILBOX" islands merge "$i/jobs.jsonl" --results "$r" 2>&1)" ||
    fail "a merge with a game missing succeeded: $out"

  say "Slurm: resubmitting what status reports missing (task $task)"
  touch "$i/release"
  # The referee runs each bot in a process group of its own, which proctrack/pgid does not
  # signal: the held bot outlived its task, and now plays its move into the void and exits.
  wait_until "the held bot (pid $held) exits once released" 30 bot_gone "$held"
  id="$(submit "$i/jobs.jsonl" "$r" --chunk 2 --resubmit)"
  wait_until "array job $id (Islands, resubmitted) leaves the queue" 120 array_done "$id"
  states="$(task_states "$id")"
  [ "$states" = "$task COMPLETED" ] || fail "the resubmitted array job $id ran: $states"
  expect_status "$i/jobs.jsonl" "$r" "$i/jobs.jsonl: $n jobs: $n done, 0 missing, 0 failed" 0
  "$PENCILBOX" islands merge "$i/jobs.jsonl" --results "$r" >"$i/merged.txt"

  say "the one-machine tournament with the same boards and bots"
  "$PENCILBOX" islands tournament "${tournament[@]}" --results "$i/one.jsonl" >"$i/one.txt"
  # The same games, move for move but for their times, in the same order.
  diff <(untimed_games "$i/one.jsonl") <(games "$r" "$n" untimed) ||
    fail "the games played through Slurm differ from the one-machine tournament's"
  # The same standings, byte for byte.
  diff "$i/one.txt" "$i/merged.txt" || fail "the merge's standings differ from the one-machine tournament's"
  # Byte for byte what the tournament prints for these very games, times included.
  games "$r" "$n" >"$i/games.jsonl"
  "$PENCILBOX" islands tournament "${tournament[@]}" --resume --results "$i/games.jsonl" \
    >"$i/resumed.txt" 2>"$logs/islands-resumed.err"
  cmp "$i/resumed.txt" "$i/merged.txt" || fail "the merge prints other standings than the tournament for the same games"
  cat "$i/merged.txt"
}

start_cluster
dots_slurm
islands_slurm
dots_parallel
stop_daemons
daemon_order=()
say "the job engines' test passed"
