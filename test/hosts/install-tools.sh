#!/usr/bin/env bash
# Installs what the host matrix (test/hosts/run.sh) needs, only when it is missing:
# - Chromium from Debian (/usr/bin/chromium), as root; never `npx playwright install`.
# - deno, bun and workerd from npm into build/tools/ (a prefix of its own, not the project's lock:
#   this registry holds only their linux-x64 platform packages, so putting them in package-lock.json
#   makes `npm ci` fail on the missing optional platforms).
# The tests call build/tools/node_modules/.bin/<tool>.
set -euo pipefail
cd "$(dirname "$0")/../.."

TOOLS=build/tools
WANT=(deno@2.9.6 bun@1.4.5 workerd@1.20261117.1)

if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "install-tools: apt-get install chromium"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -q chromium >/dev/null || { apt-get update -q >/dev/null && apt-get install -y -q chromium >/dev/null; }
  else
    echo "install-tools: /usr/bin/chromium is missing; run as root, or: sudo apt-get install -y chromium" >&2
    exit 1
  fi
fi

# A tool is present when its package.json has the wanted version and its binary runs.
missing=0
for spec in "${WANT[@]}"; do
  name=${spec%@*}
  version=${spec##*@}
  have=$(node -p "try { require('./$TOOLS/node_modules/$name/package.json').version } catch { '' }")
  if [ "$have" != "$version" ] || ! "$TOOLS/node_modules/.bin/$name" --version >/dev/null 2>&1; then missing=1; fi
done
if [ "$missing" = 1 ]; then
  echo "install-tools: npm install --prefix $TOOLS ${WANT[*]}"
  mkdir -p "$TOOLS"
  # All at once: an install with --no-save and no package.json prunes what it was not asked for.
  npm install --prefix "$TOOLS" --no-save --no-audit --no-fund --loglevel=error "${WANT[@]}"
fi
for spec in "${WANT[@]}"; do
  name=${spec%@*}
  "$TOOLS/node_modules/.bin/$name" --version >/dev/null || { echo "install-tools: $name does not run" >&2; exit 1; }
done
