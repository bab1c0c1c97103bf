#!/usr/bin/env bash
# Installs tools/detect/package.json's packages into tools/detect/node_modules: the real text the
# detector is trained and evaluated on, and the sources of the benchmark corpus
# (bench/corpus/generate.mjs, through tools/detect/packages.mjs). As build.sh does for the root:
# `npm ci` when node_modules/.package-lock.json is missing or older than package-lock.json, else
# nothing, silently. test/run-all.sh runs it for the groups that read the text, test/hosts/run.sh
# and `npm run bench` too.
set -euo pipefail
cd "$(dirname "$0")"
source ../step_times.sh
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "tools/detect/install.sh: npm ci (the detector's training text, the benchmark corpus's sources)"
  # (its summary line to /dev/null: the line above says what runs; errors still go to stderr)
  timed "npm ci in tools/detect (the detector's training text)" npm ci --no-audit --no-fund --loglevel=error > /dev/null
fi
