# shellcheck shell=bash
# Sourced by the installers (scripts/install-*.sh): apt_install WHO PACKAGE... installs Debian
# packages with apt-get, as root or through sudo, quietly; WHO names the caller in messages.
apt_install() {
  local who="$1"
  shift
  echo "== installing $* (apt-get)"
  local sudo=""
  if [ "$(id -u)" != 0 ]; then
    if ! command -v sudo >/dev/null 2>&1; then
      echo "$who: $* are needed; run as root or install sudo (apt-get install $*)" >&2
      exit 1
    fi
    sudo="sudo"
  fi
  # Through `env`, since sudo does not pass the caller's environment on.
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}
