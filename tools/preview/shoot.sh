#!/usr/bin/env bash
# Screenshot of the preview page with headless Chromium.
#   tools/preview/shoot.sh OUT.png 'QUERY' [WIDTHxHEIGHT] [dark] [reduced]
# e.g. tools/preview/shoot.sh /tmp/s.png 'fixture=capture&lang=en' 360x640 dark
# Needs tools/preview/serve.py running on port ${PORT:-8765}.
set -euo pipefail
out=$1
query=${2:-}
size=${3:-360x640}
shift 3 || shift $#
flags=()
for opt in "$@"; do
  case $opt in
    dark) flags+=(--force-dark-mode --blink-settings=preferredColorScheme=0) ;;
    reduced) flags+=(--force-prefers-reduced-motion) ;;
  esac
done
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
  --disable-component-update --disable-sync --no-first-run --hide-scrollbars \
  --user-data-dir="$profile" --window-size="${size/x/,}" --virtual-time-budget="${BUDGET:-4000}" \
  "${flags[@]}" --screenshot="$out" "http://127.0.0.1:${PORT:-8765}/?$query" >/dev/null 2>&1
echo "$out"
