#!/usr/bin/env bash
# scripts/test.sh — set up, build Anchor, then run the whole test suite with CTest.
# Prints CTest's summary line and exits non-zero if any test fails.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
ctest --test-dir "$BUILD" -j"$(nproc)" --output-on-failure --timeout 600 "$@"
