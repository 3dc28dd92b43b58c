#!/usr/bin/env bash
# CI for the Python package: checks the binding's formatting, builds a wheel (a release build of
# the extension, as `pip install ./python` builds it), installs that wheel alone in a fresh
# virtual environment and runs the README's Python session there, then adds pytest and mypy (for
# stubtest) and Ray and runs the tests from the repository root, those of a Ray cluster last, inside
# a network namespace of their own. The command line is built first, so that
# the tests compare the package with it. Both build in the repository's target/, so the extension
# reuses most crates the Rust build compiled (those built with proc macros are compiled again:
# pyo3 needs more of syn).
# Lints, not run here to keep CI short: cargo clippy --manifest-path python/Cargo.toml -- -D warnings
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
export CARGO_TARGET_DIR="$root/target"
cargo fmt --check --manifest-path python/Cargo.toml
cargo build --release --quiet --bin varia
# Seconds since $1 (a `date +%s.%N`), to a tenth: the wheel's build and install times, printed
# so that the README's figures can be checked against any run.
since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }
wheels="$root/target/python-wheels"
rm -rf "$wheels"
start=$(date +%s.%N)
python3 -m pip wheel --quiet --disable-pip-version-check --no-deps ./python -w "$wheels"
built=$(since "$start")
wheel=$(ls "$wheels"/varia-*.whl)
venv="$root/target/python-venv"
python3 -m venv --clear "$venv"
start=$(date +%s.%N)
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$wheel"
echo "python/ci.sh: $(basename "$wheel") ($(du -k "$wheel" | cut -f1) KiB) built in $built s, installed into a fresh venv in $(since "$start") s"
# Nothing but the wheel installed: the README's session as a user would run it.
"$venv/bin/python" python/tests/test_readme.py
# Ray too, for distributed matches (varia.match(..., address=...)); the package imports it only
# for an address.
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check pytest mypy "ray>=2.9"
VARIA_BIN="$root/target/release/varia" "$venv/bin/python" -m pytest python/tests -q -p no:cacheprovider
# python/tests/test_ray.py starts a Ray cluster (a head and two workers) and plays on it, inside
# a network namespace of its own with only the loopback up, where Ray can reach nothing but
# 127.0.0.1 (outside one it would advertise the machine's other addresses); in the run above it
# skipped. It needs root (or user namespaces) for `unshare -n`, and `ip`.
if unshare -n true 2>/dev/null && command -v ip >/dev/null; then
    start=$(date +%s.%N)
    unshare -n sh -c 'ip link set lo up && exec "$0" -m pytest python/tests/test_ray.py -q -s -p no:cacheprovider' "$venv/bin/python"
    echo "python/ci.sh: the Ray cluster's tests took $(since "$start") s"
else
    echo "python/ci.sh: python/tests/test_ray.py skipped: no network namespace of its own can be made here (unshare -n needs root, and ip)"
fi
