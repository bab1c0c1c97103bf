#!/usr/bin/env bash
# Installs the browser engines the page tests and `npm run bench -- browsers` drive, from Debian
# only (never a browser download, never `npx playwright install`), and only what is missing:
#   install-browsers.sh [chromium] [firefox] [webkit]     (no argument: all three)
# - chromium: /usr/bin/chromium (package chromium), driven by playwright-core.
# - firefox:  /usr/bin/firefox-esr (firefox-esr), run headless with no driver.
# - webkit:   WebKitGTK's MiniBrowser and WebKitWebDriver (webkit2gtk-driver), under Xvfb (xvfb,
#             xauth: xvfb-run needs both).
# As root it runs apt-get (waiting for another apt-get's lock); otherwise it says what to install.
set -euo pipefail

[ $# -gt 0 ] || set -- chromium firefox webkit
need=()
have() { [ -x "$1" ] || need+=("$2"); }
for engine in "$@"; do
  case $engine in
    chromium) have /usr/bin/chromium chromium ;;
    firefox) have /usr/bin/firefox-esr firefox-esr ;;
    webkit)
      have /usr/bin/WebKitWebDriver webkit2gtk-driver
      have /usr/bin/xvfb-run xvfb
      have /usr/bin/xauth xauth
      ;;
    *) echo "install-browsers: unknown engine '$engine' (chromium, firefox, webkit)" >&2; exit 2 ;;
  esac
done
[ ${#need[@]} -gt 0 ] || exit 0

if [ "$(id -u)" != 0 ]; then
  echo "install-browsers: missing ${need[*]}; run as root, or: sudo apt-get install -y ${need[*]}" >&2
  exit 1
fi
echo "install-browsers: apt-get install ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
apt_get() { apt-get -o DPkg::Lock::Timeout=300 -q "$@" >/dev/null; }
apt_get install -y "${need[@]}" || { apt_get update && apt_get install -y "${need[@]}"; }
