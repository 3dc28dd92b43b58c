#!/usr/bin/env bash
# CI for the Python package: checks the binding's formatting, installs the package (a release
# build of the extension) with pytest and mypy (for stubtest) in a fresh virtual environment, and
# runs its tests from the repository root. The command line is built first, so that the tests
# compare the package with it. Both build in the repository's target/, so the extension reuses
# most crates the Rust build compiled (those built with proc macros are compiled again: pyo3
# needs more of syn).
# Lints, not run here to keep CI short: cargo clippy --manifest-path python/Cargo.toml -- -D warnings
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
export CARGO_TARGET_DIR="$root/target"
cargo fmt --check --manifest-path python/Cargo.toml
cargo build --release --quiet --bin varia
venv="$root/target/python-venv"
python3 -m venv --clear "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check ./python pytest mypy
VARIA_BIN="$root/target/release/varia" "$venv/bin/python" -m pytest python/tests -q -p no:cacheprovider
