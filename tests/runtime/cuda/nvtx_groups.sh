#!/bin/sh
# tests/runtime/cuda/nvtx_groups.sh ANCHORCC SOURCE OUT — builds nvtx_groups.cu with anchorcc,
# runs it with softmetal's trace twice and checks the trace (docs/runtime.md "NVTX"):
#  - with a Metal capture running (SOFTMETAL_CAPTURE=1): each kernel ran inside exactly the
#    debug groups of the NVTX ranges open when it was enqueued (the process's start/end
#    ranges outermost, then the enqueuing thread's push/pop ranges), the mark is a signpost
#    in k_c's command buffer (a graph's replay inside a range shows it too), and every
#    command buffer's groups are balanced;
#  - without one: no debug group and no signpost at all.
# Both runs must print PASS (the kernels' values).
set -eu
cc=$1 src=$2 out=$3
"$cc" -O2 "$src" -o "$out"
SOFTMETAL_TRACE=1 SOFTMETAL_CAPTURE=1 "$out" >"$out.stdout" 2>"$out.trace"
grep -q '^PASS$' "$out.stdout" || { cat "$out.stdout"; echo "FAIL: the kernels' values"; exit 1; }
awk '
  function quoted(line) { sub(/^[^"]*"/, "", line); sub(/"$/, "", line); return line }
  / command buffer [0-9]+: (push debug group|pop debug group|signpost)/ {
    q = $3; cb = $6; sub(/:$/, "", q); sub(/:$/, "", cb)
  }
  / command buffer [0-9]+: push debug group / { open[q] = open[q] "/" quoted($0); depth[cb]++ }
  / command buffer [0-9]+: pop debug group$/ {
    if (depth[cb] <= 0) { print "FAIL: command buffer " cb ": pop without push"; bad = 1 }
    depth[cb]--; sub(/\/[^\/]*$/, "", open[q])
  }
  / command buffer [0-9]+: signpost / { marks[q] = marks[q] "+" quoted($0) }
  / dispatch k_[a-h]: / {
    q = $3; sub(/:$/, "", q); k = $5; sub(/:$/, "", k)
    groups[k] = open[q]; signs[k] = marks[q]; marks[q] = ""
  }
  END {
    want["k_a"] = "/whole/outer"; want["k_b"] = "/whole/outer/inner"
    want["k_c"] = "/whole/outer/inner"; want["k_d"] = "/outer"; want["k_e"] = ""
    want["k_f"] = "/registered-name"; want["k_g"] = "/thread-2"; want["k_h"] = "/graph-range"
    for (k in want) {
      if (!(k in groups)) { print "FAIL: no dispatch of " k " in the trace"; bad = 1; continue }
      if (groups[k] != want[k]) { print "FAIL: " k " ran in \"" groups[k] "\", expected \"" want[k] "\""; bad = 1 }
      sign = k == "k_c" ? "+mark-1" : ""
      if (signs[k] != sign) { print "FAIL: signposts before " k ": \"" signs[k] "\", expected \"" sign "\""; bad = 1 }
    }
    for (cb in depth) if (depth[cb] != 0) { print "FAIL: command buffer " cb " left " depth[cb] " group(s) open"; bad = 1 }
    if (!bad) print "capture: every kernel in its ranges, balanced"
    exit bad
  }' "$out.trace" || { grep 'debug group\|signpost\|dispatch k_' "$out.trace"; exit 1; }
grep -q 'validation error' "$out.trace" && { grep 'validation error' "$out.trace"; exit 1; }
SOFTMETAL_TRACE=1 "$out" >"$out.stdout" 2>"$out.trace"
grep -q '^PASS$' "$out.stdout" || { cat "$out.stdout"; echo "FAIL: the kernels' values"; exit 1; }
if grep -q 'debug group\|signpost' "$out.trace"; then
  echo "FAIL: debug groups without a capture"
  grep 'debug group\|signpost' "$out.trace"
  exit 1
fi
grep -c 'dispatch k_[a-h]: ' "$out.trace" | grep -qx 8 || { echo "FAIL: not 8 dispatches traced"; exit 1; }
echo "no capture: no debug groups"
echo PASS
