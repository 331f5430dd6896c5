#!/bin/sh
# run_ir_exec.sh — an execution test of hand-written IR: exec_ir/NAME.ll defines
#   void @test_kernel(ptr %out, i32 %n)   (a kernel in !nvvm.annotations)
# writing into out (4096 ints, initialised to (k*37)%101-50, also the input). It is
# compiled by anchor-msl and run on softmetal by msl_run with one thread, and compiled
# for the host by CLANG (the host's LLVM code generator, which has every integer width:
# the reference) with a main that does the same; the two outputs must be identical.
# usage: run_ir_exec.sh ANCHOR_MSL CLANG WORK_DIR MSL_RUN TEST_FILE
set -u
msl_tool=$1 clang=$2 work=$3 msl_run=$4 test=$5
name=$(basename "$test" .ll)
mkdir -p "$work"
base="$work/ir_$name"
"$msl_tool" "$test" -o "$base.anchormod" --emit-msl "$base.metal" || { echo "FAIL: anchor-msl"; exit 1; }
"$msl_run" "$base.anchormod" test_kernel 1 1 1 > "$base.actual" || { echo "FAIL: msl_run"; exit 1; }
# the host: the module without its nvptx target lines and annotations
grep -v '^target \|^!nvvm.annotations\|^!0 = ' "$test" > "$base.host.ll"
cat > "$base.main.c" <<'END'
#include <stdio.h>
void test_kernel(int *out, int n);
int main(void) {
  static int out[4096];
  for (int i = 0; i < 4096; i++) out[i] = (i * 37) % 101 - 50;
  test_kernel(out, 1);
  for (int i = 0; i < 4096; i++) printf("%d\n", out[i]);
  return 0;
}
END
"$clang" -x ir -O0 -Wno-override-module "$base.host.ll" -x c "$base.main.c" -o "$base.host" ||
  { echo "FAIL: host compile"; exit 1; }
"$base.host" > "$base.expected" || { echo "FAIL: host run"; exit 1; }
if ! cmp -s "$base.expected" "$base.actual"; then
  echo "FAIL: device output differs from the host reference (first differences, line: expected actual):"
  paste -d' ' "$base.expected" "$base.actual" | awk '$1 != $2 { print NR-1 ": " $1 " " $2 }' | head -20
  exit 1
fi
echo "PASS: $name"
