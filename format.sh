#!/usr/bin/env bash
# Formats the hand-written C++ (clang-format, .clang-format) and JS (Prettier, .prettierrc.json).
# With --check nothing is written and the exit code is 1 if a file is not formatted (npm test runs
# that). Generated files are left alone (cpp/generated/.clang-format, .prettierignore).
set -euo pipefail
cd "$(dirname "$0")"
check=0
[ "${1:-}" = --check ] && check=1
mapfile -t cpp < <(git ls-files --cached --others --exclude-standard -- '*.cpp' '*.h' | grep -v '^cpp/generated/')
mapfile -t js < <(git ls-files --cached --others --exclude-standard -- '*.js' '*.mjs' | grep -v '^js/generated/')
if [ "$check" = 1 ]; then
  status=0
  clang-format --dry-run --Werror "${cpp[@]}" || status=1
  npx prettier --check --log-level warn "${js[@]}" || status=1
  [ "$status" = 0 ] || echo "format.sh: run 'npm run format' to format these files" >&2
  exit "$status"
fi
clang-format -i "${cpp[@]}"
npx prettier --write --log-level warn "${js[@]}"
