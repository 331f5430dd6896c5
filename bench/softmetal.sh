#!/usr/bin/env bash
# softmetal.sh — runs the softmetal benchmarks and prints one summary:
#   1. memory-bound throughput (and CPU time per run, which a loaded machine skews less):
#      bench/vector_add.cu (anchorcc, on softmetal; with
#      SOFTMETAL_MODE=lockstep, the scalar threads, and in vector mode, the default: the
#      vectorizer's code) against
#      bench/vector_add_c.c (plain C, the same number of threads as softmetal's
#      workers), GB/s of both and the ratio softmetal/C;
#   2. barrier cost: bench/barrier.cu, ns per __syncthreads() per thread (fiber, lockstep and
#      vector modes).
#
#   softmetal.sh BINDIR [RUNS]
#
# BINDIR holds the built programs vector_add, vector_add_c and barrier (the CMake
# target bench-programs puts them in <build>/bench). RUNS (default 7) timed runs per
# kernel, median reported. SOFTMETAL_WORKERS, if set, applies to softmetal and to the
# C baseline alike. Each program checks its own results; a FAIL stops the script with
# status 1. This measures, it asserts nothing about time. The load average is
# printed because other processes on the machine skew every number.
set -u
bin=${1:?usage: softmetal.sh BINDIR [RUNS]}
runs=${2:-7}
workers=${SOFTMETAL_WORKERS:-$(getconf _NPROCESSORS_ONLN)}

echo "== $(date -u '+%Y-%m-%d %H:%M UTC'), $(getconf _NPROCESSORS_ONLN) CPUs" \
     "($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')), $workers workers"
echo "== load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

# run PROGRAM ARGS...: runs it, echoes its output, fails the script unless it printed PASS.
run() {
  local out
  out=$("$@" 2>&1)
  local rc=$?
  printf '%s\n' "$out" | grep -v '^RESULT '
  if [ $rc -ne 0 ] || ! printf '%s\n' "$out" | grep -qx PASS; then
    echo "FAIL: $* (exit status $rc)"
    exit 1
  fi
  last=$out
}
# result NAME FIELD: the FIELD-th number of the "RESULT NAME ..." line of the last run.
result() { printf '%s\n' "$last" | awk -v n="$1" -v f="$2" '$1 == "RESULT" && $2 == n { print $(2 + f) }'; }

echo; echo "-- vector add, 64 M floats (12 bytes per element)"
run "$bin/vector_add_c" "$runs"
c_gbs=$(result c_threads 2)
c_cpu=$(result c_threads 3)
run "$bin/vector_add_c" "$runs" $((64 << 20)) packed
c_packed_gbs=$(result c_threads_packed 2)
c_packed_cpu=$(result c_threads_packed 3)
SOFTMETAL_MODE=lockstep run "$bin/vector_add" "$runs"
sm_gbs=$(result per_element 2)
stride_gbs=$(result grid_stride 2)
SOFTMETAL_MODE=vector run "$bin/vector_add" "$runs"
vec_gbs=$(result per_element 2)
vec_stride_gbs=$(result grid_stride 2)
vec_cpu=$(result per_element 3)
vec_stride_cpu=$(result grid_stride 3)
run "$bin/vector_model" "$runs"
model_gbs=$(result per_element_model 2)
model_stride_gbs=$(result grid_stride_model 2)
model_group_gbs=$(result grid_stride_group_model 2)

echo; echo "-- barrier cost (SOFTMETAL_MODE=fiber, then lockstep, then vector, the default)"
SOFTMETAL_MODE=fiber run "$bin/barrier" "$runs"
fiber_raw=$(result ns_raw 1)
fiber_net=$(result ns_net 1)
SOFTMETAL_MODE=lockstep run "$bin/barrier" "$runs"
ns_raw=$(result ns_raw 1)
ns_net=$(result ns_net 1)
SOFTMETAL_MODE=vector run "$bin/barrier" "$runs"
vec_raw=$(result ns_raw 1)
vec_net=$(result ns_net 1)
echo "== load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

echo
echo "== summary"
awk -v c="$c_gbs" -v s="$sm_gbs" -v g="$stride_gbs" 'BEGIN {
  printf "vector add: plain C %.2f GB/s, SOFTMETAL_MODE=lockstep per_element %.2f GB/s, ratio %.3f\n", c, s, s / c
  printf "            lockstep grid_stride %.2f GB/s, ratio %.3f\n", g, g / c }'
awk -v c="$c_gbs" -v s="$vec_gbs" -v g="$vec_stride_gbs" 'BEGIN {
  printf "vector mode (default): per_element %.2f GB/s, ratio %.3f (target >= 0.8)\n", s, s / c
  printf "            grid_stride %.2f GB/s, ratio %.3f (target >= 0.5)\n", g, g / c }'
awk -v c="$c_cpu" -v s="$vec_cpu" -v g="$vec_stride_cpu" -v p="$c_packed_cpu" -v pg="$c_packed_gbs" 'BEGIN {
  printf "CPU time per run (all threads): plain C %.1f ms; vector per_element %.1f ms (C/softmetal %.3f), grid_stride %.1f ms (%.3f)\n", c, s, c / s, g, c / g
  printf "plain C with its arrays packed (exactly 256 MiB apart, as cudaMalloc placed them before colouring): %.2f GB/s, CPU %.1f ms\n", pg, p }'
awk -v c="$c_gbs" -v s="$model_gbs" -v g="$model_stride_gbs" -v h="$model_group_gbs" 'BEGIN {
  printf "vector-mode model (bench/vector_model.cpp): per_element %.2f GB/s, ratio %.3f\n", s, s / c
  printf "            grid_stride by SIMD-group %.2f GB/s, ratio %.3f; by whole group %.2f GB/s, ratio %.3f\n", g, g / c, h, h / c }'
echo "barrier: vector mode (default, one fiber per SIMD-group): $vec_raw ns per barrier per thread raw, $vec_net ns net of the no-switch baseline (target <= 50)"
echo "         SOFTMETAL_MODE=lockstep: $ns_raw ns raw, $ns_net ns net"
echo "         SOFTMETAL_MODE=fiber: $fiber_raw ns raw, $fiber_net ns net"
