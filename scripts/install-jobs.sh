#!/usr/bin/env bash
# Installs what the job-engine test (scripts/jobs-e2e.sh) needs on a fresh Debian machine: Slurm
# (slurm-wlm: slurmctld, slurmd and the client commands), munge (Slurm's authentication) and
# GNU parallel, all from Debian's packages. Safe to run again: it skips what is there. It starts
# no daemon; the test starts its own.
set -euo pipefail

# Debian packages the test needs and the machine lacks.
missing=()
{ command -v slurmctld && command -v slurmd && command -v sbatch; } >/dev/null 2>&1 || missing+=(slurm-wlm)
{ command -v munged && command -v mungekey; } >/dev/null 2>&1 || missing+=(munge)
command -v parallel >/dev/null 2>&1 || missing+=(parallel)
if [ ${#missing[@]} -gt 0 ]; then
  # shellcheck source=scripts/lib/apt.sh
  source "$(dirname "$0")/lib/apt.sh"
  apt_install scripts/install-jobs.sh "${missing[@]}"
fi
# From the package database: Slurm's own commands need a slurm.conf even for --version.
dpkg-query -W -f='${Package} ${Version}\n' slurm-wlm munge parallel 2>/dev/null ||
  echo "slurmctld, munged and parallel are on the PATH (not from Debian's packages)"
