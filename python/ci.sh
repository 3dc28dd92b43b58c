#!/usr/bin/env bash
# CI for the Python package: installs it (a release build of the extension) with pytest in a fresh
# virtual environment, then runs its tests from the repository root (after format and lint checks of
# the binding's Rust code). The extension builds in the
# repository's target/ so that it reuses the crates the Rust build has already compiled, and the
# command line is built too, so that the tests compare the package with it.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
export CARGO_TARGET_DIR="$root/target"
cargo fmt --check --manifest-path python/Cargo.toml
cargo clippy --release --quiet --manifest-path python/Cargo.toml -- -D warnings
cargo build --release --quiet --bin varia
venv="$root/target/python-venv"
python3 -m venv --clear "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check ./python pytest
VARIA_BIN="$root/target/release/varia" "$venv/bin/python" -m pytest python/tests -q -p no:cacheprovider
