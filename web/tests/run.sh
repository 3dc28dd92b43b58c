#!/usr/bin/env bash
# Browser tests of `varia serve` in a real headless Chromium: installs what they need (Debian's
# chromium and chromium-driver, a venv with selenium and pytest under target/), builds varia and
# runs web/tests. Extra arguments go to pytest. Screenshots: $VARIA_SCREENSHOTS, default
# target/web-screenshots.
set -euo pipefail
cd "$(dirname "$0")/../.."

missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v chromedriver >/dev/null || missing+=(chromium-driver)
python3 -c 'import venv, ensurepip' 2>/dev/null || missing+=(python3-venv)
if ((${#missing[@]})); then
    sudo=()
    [ "$(id -u)" = 0 ] || sudo=(sudo)
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi

venv=target/web-tests-venv
if ! "$venv/bin/python" -c 'import selenium, pytest' 2>/dev/null; then
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/python" -m pip install -q --disable-pip-version-check 'selenium>=4.20,<5' 'pytest>=8,<9'
fi

cargo build --release --quiet
export VARIA_BIN="$PWD/target/release/varia"
# Selenium must not look for a driver on the network: chromedriver is named in conftest.py.
export SE_OFFLINE=true
exec "$venv/bin/python" -m pytest -q -p no:cacheprovider web/tests "$@"
