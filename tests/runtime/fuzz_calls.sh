#!/usr/bin/env bash
# fuzz_calls.sh CLANG SOURCE_DIR COMMON_LIB METAL_LIB SOFTMETAL_DIR OUT_DIR [SECONDS]
# libFuzzer over tests/runtime/fuzz_calls.c's byte-coded call sequences (issue 10):
# builds libanchor's sources with the fuzzer and ASan/UBSan into one program
# (clang's -fsanitize=fuzzer; softmetal stays uninstrumented), then fuzzes for SECONDS
# (default 20) from OUT_DIR/corpus, kept between runs. Fails on a crash, a sanitizer
# report or a sequence that loses arena memory (fuzz_one aborts). Leak checking is off
# here (LSan checks every input, too slow); runtime.fuzz_calls runs under LSan.
set -euo pipefail
clang=$1 src=$2 common=$3 metal=$4 softmetal_dir=$5 out=$6 seconds=${7:-20}
mkdir -p "$out/corpus"
exe=$out/fuzz_calls_libfuzzer
echo "+ building $exe"
"$clang" -x c -std=c17 -g -O1 -D_GNU_SOURCE -DANCHOR_LIBFUZZER -fsanitize=fuzzer,address,undefined \
  -fno-sanitize-recover=undefined -I"$src/runtime" -I"$src/include" -I"$src/metal" -I"$src/common" \
  -I"$src/tests/runtime" "$src/tests/runtime/fuzz_calls.c" "$src"/runtime/*.c -x none \
  "$common" "$metal" -L"$softmetal_dir" -lsoftmetal -lobjc -lpthread -lm \
  -Wl,-rpath,"$softmetal_dir" -o "$exe"
echo "+ fuzzing for $seconds s"
ASAN_OPTIONS=detect_leaks=0 "$exe" -max_total_time="$seconds" -max_len=512 -timeout=30 \
  -artifact_prefix="$out/" "$out/corpus" 2>&1 | grep -v '^#[0-9]' | tail -n 20
echo "PASS"
