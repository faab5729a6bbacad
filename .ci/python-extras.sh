#!/usr/bin/env bash
# The Python package's extras, each on its own: for each extra (and for
# none), a fresh venv in target/venv-extra-NAME with the wheel from
# WHEEL_DIR and that extra's packages only, from PyPI; then
# python/extras_check.py NAME imports the extra's module and plays a few
# steps with it, and checks that the modules of the extras not installed
# raise ImportError naming their extra (`pip install sowing[vector]`).
# A module that imports another extra's package fails here, where the full
# test venv, which has them all, cannot show it.
#
#   .ci/python-extras.sh target/wheels
#
# A few minutes: pip's cache keeps the downloaded wheels between venvs.
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: $0 WHEEL_DIR" >&2
  exit 2
fi
cd "$(dirname "$0")/.."
wheels=("${1%/}"/sowing-*.whl)
if [ ${#wheels[@]} -ne 1 ] || [ ! -f "${wheels[0]}" ]; then
  echo "$0: want one sowing wheel in $1, found: ${wheels[*]}" >&2
  exit 2
fi
wheel=$(realpath "${wheels[0]}")
python=${PYTHON:-python3}

for extra in none vector gymnasium pettingzoo openspiel; do
  venv=target/venv-extra-$extra
  rm -rf "$venv"
  "$python" -m venv "$venv"
  if [ "$extra" = none ]; then
    spec=$wheel
  else
    spec="$wheel[$extra]"
  fi
  "$venv/bin/pip" install --quiet --disable-pip-version-check "$spec"
  # -I: not the script's directory (python/, whose sowing/ is the source
  # without the compiled extension) on sys.path, so the wheel's is tested.
  "$venv/bin/python" -I python/extras_check.py "$extra"
done
echo "python-extras: passed"
