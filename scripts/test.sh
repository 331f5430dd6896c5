#!/usr/bin/env bash
# scripts/test.sh — set up, build Anchor, then run the whole test suite with CTest.
#   1. the compiler, softmetal and runtime tests again in a second build with
#      AddressSanitizer + UBSan (leaks checked; libobjc's class tables are
#      suppressed), skipped with ANCHOR_SKIP_SANITIZERS=1. Programs built by
#      anchorcc (driver, e2e, math and bench tests) are left out there: they would load an
#      instrumented libanchor without the sanitizer runtime.
#   2. every test in build/. Its CTest summary is the last line printed.
# Exits non-zero if any test fails.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

if [ "${ANCHOR_SKIP_SANITIZERS:-0}" = 0 ]; then
  ASAN_BUILD="$ROOT/build-asan"
  cmake -S "$ROOT" -B "$ASAN_BUILD" -DCMAKE_BUILD_TYPE=Debug \
        -DCMAKE_C_FLAGS="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer" \
        >/dev/null
  cmake --build "$ASAN_BUILD" -j"$(nproc)" >/dev/null
  echo "== sanitizers (ASan + UBSan): compiler, softmetal and runtime tests"
  # Whole programs built by anchorcc/hipcc (e2e, hip, cccl, libraries; driver, runtime.cuda) are not
  # instrumented and cannot load the instrumented libanchor first: the full suite runs them.
  LSAN_OPTIONS="suppressions=$ROOT/tests/softmetal/lsan.supp" \
    ctest --test-dir "$ASAN_BUILD" -j"$(nproc)" --output-on-failure --timeout 600 \
          -LE 'e2e|math|bench|hip|cccl|libraries' -E '^driver|^runtime\.cuda\.'
  echo "== full suite"
fi
ctest --test-dir "$BUILD" -j"$(nproc)" --output-on-failure --timeout 600 "$@"
