#!/bin/sh
# scripts/need-packages.sh WHO PACKAGE...: makes sure the Debian packages are installed. Missing ones are
# installed with apt-get when run as root (as CI is); otherwise it says exactly what to run and fails.
# WHO names what needs them, for the messages ("Docent", "make bench").
set -u
who=$1
shift
missing=""
for package in "$@"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing="$missing $package"
done
[ -z "$missing" ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "error: $who needs:$missing; install them with your package manager"
  exit 1
fi
if [ "$(id -u)" = 0 ]; then
  echo "Installing:$missing"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null || exit 1
  exit 0
fi
echo "error: $who needs system packages that are not installed. Run:"
echo "  sudo apt-get update && sudo apt-get install -y$missing"
exit 1
