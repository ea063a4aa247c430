#!/usr/bin/env bash
# Real-browser check of the ATH Móvil sandbox's simulated app page.
#
#   Tests/RealClients/athmovil_browser_check.sh                 # starts its own in-memory sandbox
#   Tests/RealClients/athmovil_browser_check.sh http://HOST:PORT # uses a running sandbox
#
# Installs what it needs when missing: Debian's `chromium` (apt-get) and Playwright for Python in a venv
# (ATHM_BROWSER_VENV, default /tmp/athm-browser-venv). Exits non-zero on any mismatch.
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
    apt-get update -qq && apt-get install -y -qq chromium >/dev/null
fi
venv="${ATHM_BROWSER_VENV:-/tmp/athm-browser-venv}"
if ! "$venv/bin/python" -c 'import playwright' >/dev/null 2>&1; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet playwright==1.49.1
fi

base_url="${1:-}"
server_pid=""
cleanup() { if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi; }
trap cleanup EXIT
if [ -z "$base_url" ]; then
    port="${ATHM_BROWSER_PORT:-18383}"
    swift build --product commercekit >/dev/null
    log="$(mktemp)"
    "$(swift build --show-bin-path)/commercekit" serve --port "$port" --in-memory >"$log" 2>&1 &
    server_pid=$!
    for _ in $(seq 1 100); do
        if curl -fs "http://127.0.0.1:$port/sandbox/health" >/dev/null 2>&1; then break; fi
        sleep 0.2
    done
    base_url="http://127.0.0.1:$port"
fi
"$venv/bin/python" Tests/RealClients/athmovil_browser_check.py "$base_url"
