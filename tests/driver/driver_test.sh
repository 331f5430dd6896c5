#!/usr/bin/env bash
# driver_test.sh — command-line tests of anchorcc.
#
#   driver_test.sh <path to anchorcc> <case>
#
# Each case is a function below; CTest runs one case per test.  A case fails
# (exit 1) with a message saying what was expected and what came; exit 77
# means "skipped", with the reason printed.  Every case works in a private
# directory with a private TMPDIR, so it can also check that anchorcc leaves
# no temporary files behind.
set -u

ANCHORCC=$1
CASE=$2
ROOT=$(cd "$(dirname "$ANCHORCC")/.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/anchorcc-test-XXXXXX")
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/tmp"
export TMPDIR=$WORK/tmp
cd "$WORK" || exit 1

fail() { echo "FAIL [$CASE]: $*" >&2; exit 1; }
skip() { echo "SKIP [$CASE]: $*"; exit 77; }

# run ARGS...: runs anchorcc, leaving its exit status in $rc, stdout in $out
# and stderr in $err.
run() {
  "$ANCHORCC" "$@" >"$WORK/stdout" 2>"$WORK/stderr"
  rc=$?
  out=$(cat "$WORK/stdout")
  err=$(cat "$WORK/stderr")
}

expect_rc() { [ "$rc" = "$1" ] || fail "exit status $rc, expected $1; stderr: $err"; }
# contains TEXT NEEDLE WHAT
contains() { case "$1" in *"$2"*) ;; *) fail "$3 lacks '$2': $1" ;; esac; }
lacks() { case "$1" in *"$2"*) fail "$3 contains '$2': $1" ;; esac; }
# job N: the Nth "#$ " line of stderr (1-based) that is a job, not one of
# the "#$ NAME=value" lines -v starts with.
# Jobs are numbered without the front ends' rewriting jobs (clang -E
# -frewrite-includes, anchorcc --nvcc-asm-dialect, --nvcc-exec-spaces: case_device_frontend_jobs checks
# them), so "the device job" is the compile of the device side and "the host job" that of
# the host side; all_jobs has them all.
all_jobs() { grep '^#\$ ' "$WORK/stderr" | grep -v '^#\$ [A-Za-z_]*='; }
jobs() { all_jobs | grep -v -e ' -frewrite-includes ' -e ' --nvcc-asm-dialect ' -e ' --nvcc-exec-spaces '; }
job() { jobs | sed -n "$1p"; }
job_count() { jobs | wc -l; }
no_temp_left() { [ -z "$(ls -A "$TMPDIR")" ] || fail "temporary files left: $(ls -A "$TMPDIR")"; }

write_kernel() {
  cat >"$1" <<'EOF'
__global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
}
EOF
}

# .cu compiles see nvcc's version macros, at the API level of Anchor's headers.
case_version_macros() {
  printf 'int v = __CUDACC_VER_MAJOR__ * 1000 + __CUDACC_VER_MINOR__ * 10 - CUDART_VERSION;\n' >v.cu
  run -E v.cu
  expect_rc 0
  local expr
  expr=$(echo "$out" | sed -n 's/^int v = \(.*\);$/\1/p')
  [ -n "$expr" ] || fail "no expanded line in: $out"
  [ $((expr)) = 0 ] || fail "__CUDACC_VER_MAJOR__/MINOR__ disagree with CUDART_VERSION: $expr"
  printf 'int v = __CUDACC_VER_MAJOR__;\n' >v.cpp
  run -E v.cpp
  expect_rc 0
  contains "$out" "int v = __CUDACC_VER_MAJOR__;" "-E of a .cpp (nvcc defines them for .cu only)"
}

case_unknown_option() {
  write_kernel k.cu
  run -foo k.cu
  expect_rc 1
  [ "$err" = "anchorcc: error: unknown option '-foo'" ] || fail "stderr: $err"
  run --no-such-thing=3 k.cu
  expect_rc 1
  [ "$err" = "anchorcc: error: unknown option '--no-such-thing=3'" ] || fail "stderr: $err"
  # nvcc rejects host-compiler flags given directly; they go through -Xcompiler.
  run -Wall k.cu
  expect_rc 1
  contains "$err" "unknown option '-Wall'" "stderr"
}

case_missing_value() {
  run k.cu -o
  expect_rc 1
  contains "$err" "option '-o' requires a value" "stderr"
  run -O7 k.cu
  expect_rc 1
  contains "$err" "invalid optimization level '7'" "stderr"
  run --compile=yes k.cu
  expect_rc 1
  contains "$err" "takes no value" "stderr"
  run
  expect_rc 1
  contains "$err" "no input files" "stderr"
  run notes.txt
  expect_rc 1
  contains "$err" "'notes.txt': unsupported input file type" "stderr"
}

case_version() {
  for flag in --version -V; do
    run $flag
    expect_rc 0
    contains "$out" "Anchor" "$flag output"
    contains "$out" "Metal" "$flag output"
    contains "$out" "version 0." "$flag output"
    contains "$out" "$ROOT" "$flag output"
  done
}

case_dryrun_jobs() {
  write_kernel k.cu
  mkdir inc
  run --dryrun -O2 -DX=1 -D Y -Iinc -I /opt/x -UZ -U W -std=c++17 \
      -arch=sm_80 -gencode arch=compute_80,code=sm_80 --gpu-architecture sm_70 \
      --gpu-code=sm_70 -code sm_90 -arch sm_61 --extended-lambda --expt-relaxed-constexpr \
      -lineinfo -Xcompiler -Wall,-fPIC --compiler-options='-fno-strict-aliasing -fno-common' \
      -Xlinker --as-needed,-z,now --linker-options -s \
      -lfoo -L/opt/lib k.cu -o app
  expect_rc 0
  [ "$(job_count)" = 6 ] || fail "expected 6 jobs, got: $err"
  [ -z "$out" ] || fail "--dryrun wrote to stdout: $out"
  [ ! -e app ] || fail "--dryrun produced app"
  no_temp_left
  local device backend host pass codegen link included
  device=$(job 1) backend=$(job 2) host=$(job 3) pass=$(job 4) codegen=$(job 5) link=$(job 6)
  included=$(all_jobs | sed -n 1p)
  for want in "--cuda-device-only" "-x cuda" "-nocudainc" "-nocudalib" "--cuda-gpu-arch=sm_75" \
              " -O3 " "-gline-tables-only" "-I$ROOT/include " \
              "-DX=1 -DY -Iinc -I/opt/x -UZ -UW -std=c++17" "/k.dev/k.cu -S -emit-llvm -o "; do
    contains "$device" "$want" "device job"
  done
  lacks "$device" "-include" "device job (cuda_runtime.h is in its input)"
  contains "$included" "-I$ROOT/include -include cuda_runtime.h" "the device side's include job"
  contains "$included" " -E -frewrite-includes k.cu -o " "the device side's include job"
  lacks "$device" " -O2" "device job (device code is always -O3)"
  lacks "$device" "-Wall" "device job (-Xcompiler is host only)"
  contains "$backend" "#\$ $ROOT/bin/anchor-msl " "backend job"
  contains "$backend" ".dev.ll -o " "backend job"
  contains "$backend" " --devlib $ROOT/lib/anchor/devlib.bc" "backend job (the device library)"
  for want in "--cuda-host-only" "-x cuda" "-I$ROOT/include " \
              "-DX=1 -DY -Iinc -I/opt/x -UZ -UW -std=c++17" " -O2 " \
              " -Wall -fPIC -fno-strict-aliasing -fno-common " "-Xclang -fcuda-include-gpubinary -Xclang " \
              " -c -emit-llvm -Xclang -disable-llvm-passes " "/k.host/k.cu -o "; do
    contains "$host" "$want" "host job"
  done
  lacks "$host" "-include cuda_runtime.h" "host job (cuda_runtime.h is in its input: the host include job's)"
  contains "$(all_jobs | grep -e '--cuda-host-only' | grep -e ' -frewrite-includes ')" \
    "-I$ROOT/include -include cuda_runtime.h" "the host side's include job"
  # The host pass reads the front end's bitcode; clang generates the object
  # from its output with the host code generation flags.
  local host_bc managed_bc
  host_bc=$(echo "$host" | sed 's/.* -o \([^ ]*\)$/\1/')
  contains "$host_bc" "/k.host.bc" "host job output"
  managed_bc=${host_bc%.host.bc}.managed.bc
  contains "$pass" "#\$ $ROOT/bin/anchor-msl --host $host_bc -o $managed_bc" "host pass job"
  for want in " -O2 " " -Wall -fPIC -fno-strict-aliasing -fno-common " " -c $managed_bc -o "; do
    contains "$codegen" "$want" "host code generation job"
  done
  lacks "$codegen" "cuda" "host code generation job (no front end flags)"
  for want in " -Wall -fPIC " "-Xlinker --as-needed -Xlinker -z -Xlinker now -Xlinker -s" \
              "-L/opt/lib -L$ROOT/lib -Wl,-rpath,$ROOT/lib -lfoo -lanchor -o app"; do
    contains "$link" "$want" "link job"
  done
  # The module the backend writes is the one the host job embeds, and the
  # object the host job writes is the one linked.
  local module object
  module=$(echo "$backend" | sed 's/.* -o \([^ ]*\).*/\1/')
  object=$(echo "$codegen" | sed 's/.* -o \([^ ]*\)$/\1/')
  contains "$host" "-fcuda-include-gpubinary -Xclang $module " "host job"
  contains "$link" " $object " "link job"
  # GPU architecture options have no meaning on Metal and never reach clang.
  for bad in sm_80 sm_70 sm_90 sm_61 compute_80 "code=" lambda relaxed lineinfo; do
    lacks "$err" "$bad" "job lines"
  done
}

# -lcudart, -lcuda ... name NVIDIA's runtime, which libanchor implements.
case_cuda_libraries() {
  printf 'int x;\n' >a.c
  run --dryrun a.c -lcudart -lm -lcuda -lcudart_static -lcudadevrt -o app
  expect_rc 0
  contains "$(job 2)" " -lm -lanchor -o app" "link job"
  lacks "$(job 2)" "-lcuda" "link job"
  run --dryrun a.c -cudart none -o app
  lacks "$(job 2)" "-lanchor" "link job with -cudart none"
  run --dryrun a.c -cudart none -lcudart -o app
  contains "$(job 2)" " -lanchor -o app" "link job with -cudart none -lcudart"
}

case_verbose_runs_jobs() {
  printf 'int twice(int x) { return 2 * x; }\n' >two.c
  printf 'extern "C" int twice(int);\nint main() { return twice(21) == 42 ? 0 : 1; }\n' >main.cpp
  run -v -c two.c main.cpp -DUNUSED
  expect_rc 0
  [ "$(job_count)" = 2 ] || fail "expected 2 jobs: $err"
  contains "$(job 1)" "-x c -I$ROOT/include -DUNUSED" "C job"
  contains "$(job 1)" "-c two.c -o two.o" "C job"
  contains "$(job 2)" "-x c++ -I$ROOT/include -DUNUSED" "C++ job"
  [ -s two.o ] && [ -s main.o ] || fail "-c did not produce two.o and main.o"
  # Objects link, with the runtime left out (-cudart none) as nothing here uses it.
  run -cudart none two.o main.o -o prog
  expect_rc 0
  lacks "$err" "#\$" "stderr without -v"
  ./prog || fail "linked program did not run correctly"
  no_temp_left
}

case_quoting() {
  printf 'int x;\n' >'my file.c'
  run --dryrun -c 'my file.c' '-DMSG="a b"' "-DQ=it's"
  expect_rc 0
  contains "$(job 1)" "'-DMSG=\"a b\"' '-DQ=it'\\''s'" "job line"
  contains "$(job 1)" "-c 'my file.c' -o 'my file.o'" "job line"
}

case_languages() {
  write_kernel k.cpp
  printf 'int f(void) { return 1; }\n' >c.c
  run --dryrun -c -x cu k.cpp -x none c.c
  expect_rc 0
  [ "$(job_count)" = 6 ] || fail "expected device, backend, host (3) and C jobs: $err"
  contains "$(job 1)" "--cuda-device-only" "job 1 (-x cu)"
  contains "$(job 6)" "-x c " "job 6 (-x none)"
  lacks "$(job 6)" "cuda" "job 6 (-x none)"
  run --dryrun lib.a x.o y.so.1 -o app
  expect_rc 0
  contains "$(job 1)" " lib.a x.o y.so.1 " "link job"
}

# Inputs with the same base name get distinct intermediate files.
case_same_base_names() {
  mkdir x y
  write_kernel x/k.cu
  write_kernel y/k.cu
  run --dryrun x/k.cu y/k.cu -o app
  expect_rc 0
  contains "$(job 1)" "/k.dev.ll" "device job of x/k.cu"
  contains "$(job 3)" "/k.host.bc" "host job of x/k.cu"
  contains "$(job 6)" "/k-1.dev.ll" "device job of y/k.cu"
  contains "$(job 8)" "/k-1.host.bc" "host job of y/k.cu"
  contains "$(job 11)" "/k.o " "link job"
  contains "$(job 11)" "/k-1.o " "link job"
}

# -lib adds the objects to a static library (nvcc's "ar cr"), which links.
case_library() {
  printf 'int x;\n' >a.c
  run --dryrun -lib a.c
  expect_rc 0
  contains "$(job 2)" " cr a.a " "archive job"
  run -lib -c a.c
  expect_rc 1
  contains "$err" "-lib cannot be combined" "stderr"
  needs_pipeline "$ROOT"
  write_two_file_program
  run -lib b.cu -o libthree.a
  expect_rc 0
  run a.cu -L. -lthree -o app
  expect_rc 0
  [ "$(./app)" = PASS ] || fail "program linked with a -lib library: $(./app 2>&1)"
  no_temp_left
}

case_compile_output_errors() {
  write_kernel a.cu
  write_kernel b.cu
  run -c a.cu b.cu -o x.o
  expect_rc 1
  [ "$err" = "anchorcc: error: a single input file is required for a non-link phase when an output file is specified" ] \
    || fail "stderr: $err"
  run --dryrun -c a.cu b.cu
  expect_rc 0
  contains "$err" "/a.managed.bc -o a.o" "host job of a.cu"
  contains "$err" "/b.managed.bc -o b.o" "host job of b.cu"
  run --dryrun -c a.cu -o out/x.o
  expect_rc 0
  contains "$err" "/a.managed.bc -o out/x.o" "host job"
}

# Relocatable device code's jobs (docs/driver.md, "Relocatable device code"):
# -rdc=true / -dc compile with clang's -fgpu-rdc and one -cuid in the device
# and host jobs, wrap the device IR (anchor-msl --rdc-object) instead of
# translating it; a link of such objects (and -dlink alone) adds the device
# link; -dw is -c; without -rdc the jobs are unchanged.
case_rdc_jobs() {
  write_kernel a.cu
  for flags in "-rdc=true -c" "-rdc true -c" "--relocatable-device-code=true -c" "-dc" "--device-c"; do
    run --dryrun $flags a.cu
    expect_rc 0
    [ "$(job_count)" = 5 ] || fail "$flags: expected 5 jobs: $err"
    contains "$(job 1)" " -fgpu-rdc " "$flags: device job"
    contains "$(job 2)" "anchor-msl --rdc-object " "$flags: wrapping job"
    contains "$(job 3)" " -fgpu-rdc " "$flags: host job"
    lacks "$err" "--device-link" "$flags: jobs of a compile"
    local cuid
    cuid=$(job 1 | sed -n 's/.* -cuid=\([0-9a-f]*\) .*/\1/p')
    [ -n "$cuid" ] || fail "$flags: no -cuid in the device job: $(job 1)"
    contains "$(job 3)" " -cuid=$cuid " "$flags: host job (the device job's -cuid)"
  done
  for flags in "-dw" "--device-w" "-rdc=false -c"; do
    run --dryrun $flags a.cu
    expect_rc 0
    lacks "$err" "-fgpu-rdc" "$flags: jobs"
    contains "$(job 5)" "/a.managed.bc -o a.o" "$flags: object job"
  done
  run --dryrun -rdc=true a.cu -o app
  expect_rc 0
  contains "$(job 6)" "anchor-msl --device-link $TMPDIR/anchorcc-" "device-link job"
  contains "$(job 6)" "/a.o -o $TMPDIR/anchorcc-" "device-link job (its input)"
  contains "$(job 7)" "/__anchor_dlink.bc -o " "backend job of the linked IR"
  contains "$(job 8)" " -x c++ " "registration compile"
  contains "$(job 8)" "/__anchor_dlink.o" "registration compile (its object)"
  contains "$(job 9)" "/__anchor_dlink.o " "link job (the registration object)"
  # no -rdc: the six jobs of today, no device link
  run --dryrun a.cu -o app
  expect_rc 0
  [ "$(job_count)" = 6 ] || fail "without -rdc: expected 6 jobs: $err"
  lacks "$err" "-fgpu-rdc" "jobs without -rdc"
  lacks "$err" "--device-link" "jobs without -rdc"
  # -dlink: the device-link object alone (nvcc's default name a_dlink.o)
  run --dryrun -dlink a.o b.o
  expect_rc 0
  [ "$(job_count)" = 3 ] || fail "-dlink: expected 3 jobs: $err"
  contains "$(job 1)" "--device-link a.o b.o -o " "-dlink's device-link job"
  contains "$(job 3)" " -o a_dlink.o" "-dlink's object"
  run --dryrun -dlink a.o -o link.o
  expect_rc 0
  contains "$(job 3)" " -o link.o" "-dlink -o"
  run -rdc=true --emit-msl a.cu
  expect_rc 1
  contains "$err" "--emit-msl cannot be combined with -rdc=true" "stderr"
  run -dlink -c a.cu
  expect_rc 1
  contains "$err" "-dlink cannot be combined" "stderr"
  no_temp_left
}

# Relocatable device code built and run: units compiled alone with -dc,
# linked by a plain link (the objects' device code makes it a device link),
# through a -lib library of -rdc objects, and with -dlink then the system
# linker; an undefined or twice-defined device symbol is a device-link error
# naming it and the object.
write_rdc_program() {
  cat >lib.cu <<'EOF'
__device__ int table[4] = {1, 2, 3, 4};
__managed__ int scale = 3;
__constant__ int offset[1] = {100};
__device__ int twice(int x) { return 2 * x; }
EOF
  cat >main.cu <<'EOF'
#include <cstdio>
extern __device__ int table[4];
extern __managed__ int scale;
extern __constant__ int offset[1];
__device__ int twice(int x);
__global__ void k(int *out) { out[threadIdx.x] = twice(table[threadIdx.x]) * scale + offset[0]; }
int main() {
  int *d, h[4], off = 1000;
  cudaMalloc(&d, sizeof h);
  scale = 5;
  cudaMemcpyToSymbol(offset, &off, sizeof off);
  k<<<1, 4>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  int ok = 1;
  for (int i = 0; i < 4; i++) ok &= h[i] == 2 * (i + 1) * 5 + 1000;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return !ok;
}
EOF
}

case_rdc_link() {
  needs_pipeline "$ROOT"
  write_rdc_program
  run -dc main.cu
  expect_rc 0
  run -dc lib.cu
  expect_rc 0
  run main.o lib.o -o app
  expect_rc 0
  [ "$(./app)" = PASS ] || fail "-dc objects linked: $(./app 2>&1)"
  run -rdc=true -lib lib.cu -o librdc.a
  expect_rc 0
  run main.o -L. -lrdc -o app2
  expect_rc 0
  [ "$(./app2)" = PASS ] || fail "linked with a -lib library of -rdc objects: $(./app2 2>&1)"
  run -dlink main.o lib.o -o dlink.o
  expect_rc 0
  "${ANCHOR_CLANG:-clang++}" main.o lib.o dlink.o -L"$ROOT/lib" -Wl,-rpath,"$ROOT/lib" -lanchor \
    -o app3 >link.log 2>&1 || fail "host link of a -dlink object: $(cat link.log)"
  [ "$(./app3)" = PASS ] || fail "-dlink object linked by clang++: $(./app3 2>&1)"
  # undefined device symbols: an error naming each and the object using it
  run main.o -o app4
  expect_rc 1
  contains "$err" "main.cu:6:" "the undefined function's use, located"
  contains "$err" "error: undefined reference to device function '_Z5twicei' in 'main.o'" "stderr"
  contains "$err" "undefined reference to device variable 'table' in 'main.o'" "stderr"
  [ ! -e app4 ] || fail "app4 written"
  # a second definition
  cp lib.cu lib2.cu
  run -dc lib2.cu
  expect_rc 0
  run main.o lib.o lib2.o -o app5
  expect_rc 1
  contains "$err" "multiple definition of device function '_Z5twicei' in 'lib2.o', first defined in 'lib.o'" "stderr"
  # archive members are named as the linker names them
  run main.o librdc.a lib2.o -o app6
  expect_rc 1
  contains "$err" "in 'lib2.o', first defined in 'librdc.a(lib.o)'" "stderr"
  no_temp_left
}

# A __managed__ variable's host use the host pass cannot route through its
# slot (CUDA forbids them too) is a located error from the host pass job, and
# no object is left behind.
case_managed_errors() {
  needs_pipeline "$ROOT"
  printf '__managed__ int x = 1;\nint *p = &x;\nint main() { return *p; }\n' >addr.cu
  run -c addr.cu
  expect_rc 1
  contains "$err" "addr.cu:1: error: __managed__ variable 'x': its address or value initialises 'p', a variable of static storage duration" "stderr"
  [ ! -e addr.o ] || fail "addr.o written"
  # A dynamic initialiser of the same unit reads the initialiser (CUDA
  # forbids it; Anchor's registration runs first in the unit, so it works).
  printf '__managed__ int y[2] = {1, 2};\nint v = y[1];\nint main() { return v == 2 ? 0 : 1; }\n' >value.cu
  run value.cu -o value
  expect_rc 0
  ./value || fail "a dynamic initialiser read y[1] wrong"
  printf '__managed__ int z = 3;\nint main() { int *q = &z; return *q + z; }\n' >ok.cu
  run -c ok.cu
  expect_rc 0
  [ -z "$err" ] || fail "warnings for a plain __managed__ use: $err"
  # extern __managed__ / extern __device__ defined in another file need relocatable
  # device code: a kernel's use is a located error, not a link failure or a wrong value.
  printf 'extern __managed__ int counter;\nextern __device__ int table[4];\n__global__ void bump() {\n  counter += table[2];\n}\n' >ext.cu
  run -c ext.cu
  expect_rc 1
  contains "$err" "ext.cu:4:" "located error for an extern variable"
  contains "$err" "external device variable" "stderr"
  contains "$err" "without relocatable device code (-rdc=true)" "stderr"
  [ ! -e ext.o ] || fail "ext.o written"
  # with -rdc=true the same unit compiles (the device link resolves them)
  run -rdc=true -c ext.cu
  expect_rc 0
  # The host front end writes bitcode; the make target is still the object.
  run -MD -MF ok.d -c ok.cu
  expect_rc 0
  contains "$(head -1 ok.d)" "ok.o: ok.cu" "dependency file"
}

# A failing job stops the driver with that job's status and its diagnostics
# unchanged; ANCHOR_CLANG overrides the configured clang.
case_failing_job() {
  printf 'int main( { }\n' >bad.c
  run -c bad.c
  expect_rc 1
  contains "$err" "bad.c:1:" "clang's diagnostic"
  printf '#!/bin/sh\necho "fake clang says no" >&2\nexit 3\n' >fakeclang
  chmod +x fakeclang
  printf 'int ok;\n' >ok.c
  ANCHOR_CLANG=$WORK/fakeclang run -v -c ok.c ok.c
  expect_rc 3
  contains "$err" "fake clang says no" "stderr"
  contains "$(job 1)" "$WORK/fakeclang " "job line"
  [ "$(job_count)" = 1 ] || fail "driver went on after a failing job: $err"
  write_kernel k.cu
  ANCHOR_CLANG=$WORK/fakeclang run k.cu
  expect_rc 3
  no_temp_left
}

# SIGTERM to anchorcc reaches the running job, stops the plan, and the
# temporary directory is still removed.  (The wait below polls for the job to
# have started; nothing depends on how long anything takes.)
case_interrupt_cleans_up() {
  printf '#!/bin/sh\ntouch "%s/started"\nexec sleep 600\n' "$WORK" >slowclang
  chmod +x slowclang
  write_kernel k.cu
  ANCHOR_CLANG=$WORK/slowclang "$ANCHORCC" k.cu 2>"$WORK/stderr" &
  local pid=$!
  while [ ! -e "$WORK/started" ] && kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
  [ -e "$WORK/started" ] || fail "anchorcc ended before its job started: $(cat "$WORK/stderr")"
  [ -n "$(ls -A "$TMPDIR")" ] || fail "no temporary directory while a job runs"
  kill -TERM "$pid"
  wait "$pid"
  rc=$?
  expect_rc 143
  no_temp_left
}

# nvcc's -Werror <kinds>: all-warnings turns the host compiler's warnings into errors.
case_werror() {
  printf 'int f(void) { int unused; return 0; }\n' >w.c
  run -c -Xcompiler -Wall w.c
  expect_rc 0
  contains "$err" "warning: unused variable" "stderr"
  run -c -Xcompiler -Wall -Werror all-warnings w.c
  expect_rc 1
  contains "$err" "error: unused variable" "stderr"
  run -c -Werror=bogus w.c
  expect_rc 1
  contains "$err" "unsupported kind 'bogus'" "stderr"
}

# --options-file / -optf: the file's words are read as if on the command line.
case_options_file() {
  printf 'int x;\n' >a.c
  printf -- '-DA=1 "-DB=two words"\n-I inc  -O2\n' >opts.txt
  run --dryrun -c a.c --options-file opts.txt
  expect_rc 0
  contains "$(job 1)" "-DA=1 '-DB=two words' -Iinc -O2 " "C job"
  run --dryrun -c -optf=opts.txt a.c
  expect_rc 0
  contains "$(job 1)" "-DA=1 '-DB=two words' -Iinc -O2 " "C job"
  run -c a.c -optf missing.txt
  expect_rc 1
  contains "$err" "cannot read options file 'missing.txt'" "stderr"
}

# Build-line options of nvcc with no effect on Metal, defaults spelled out,
# and -odir.
case_nvcc_extras() {
  printf 'int x;\n' >a.c
  run --dryrun -c -odir out a.c -ftz=false -prec-div=true --prec-sqrt true -restrict \
      -maxrregcount=32 --allow-unsupported-compiler -Xptxas -v
  expect_rc 0
  contains "$(job 1)" "-c a.c -o out/a.o" "C job"
  contains "$err" "warning: ignoring '-Xptxas -v'" "stderr"
  run -c a.c -ftz=maybe
  expect_rc 1
  contains "$err" "invalid value 'maybe' for option '-ftz=maybe'" "stderr"
  run -c a.c --prec-div=maybe
  expect_rc 1
  contains "$err" "invalid value 'maybe'" "stderr"
}

# nvcc's floating-point modes on the device job (what nvcc 13 does:
# tests/driver/observed/h200-fp-modes.log): -prec-div=false gives divisions
# `arcp` (-freciprocal-math), --use_fast_math also `afn` and the headers'
# fast-math switch, never clang's -ffast-math; an explicit -prec-div=true
# wins over --use_fast_math in either order.
case_fp_modes() {
  write_kernel k.cu
  run --dryrun -c k.cu
  expect_rc 0
  lacks "$(job 1)" "-freciprocal-math" "device job (default)"
  lacks "$(job 1)" "-fapprox-func" "device job (default)"
  run --dryrun -c k.cu -prec-div=false -prec-sqrt=false
  expect_rc 0
  contains "$(job 1)" " -freciprocal-math" "device job (-prec-div=false)"
  lacks "$(job 1)" "-fapprox-func" "device job (-prec-div=false)"
  run --dryrun -c k.cu --use_fast_math
  expect_rc 0
  for want in " -freciprocal-math" " -fapprox-func" " -D__ANCHOR_FAST_MATH__"; do
    contains "$(job 1)" "$want" "device job (--use_fast_math)"
  done
  lacks "$(job 1)" "-ffast-math" "device job (--use_fast_math)"
  lacks "$(job 2)" "__ANCHOR_FAST_MATH__" "backend job"
  for order in "--use_fast_math -prec-div=true" "-prec-div=true --use_fast_math"; do
    run --dryrun -c k.cu $order
    expect_rc 0
    lacks "$(job 1)" "-freciprocal-math" "device job ($order)"
    contains "$(job 1)" " -fapprox-func" "device job ($order)"
  done
  # -ftz=true in nvcc's spellings, and implied by --use_fast_math: clang's
  # -fgpu-flush-denormals-to-zero on the device job only (its module flag
  # nvvm-reflect-ftz drives compiler/lower_ftz.c), no macro; an explicit
  # -ftz=false wins in either order.
  run --dryrun -c k.cu
  expect_rc 0
  lacks "$(job 1)" "-fgpu-flush-denormals-to-zero" "device job (default)"
  for ftz in "-ftz=true" "--ftz=true" "-ftz true" "--ftz true" "--use_fast_math" \
             "-ftz=false -ftz=true"; do
    run --dryrun -c k.cu $ftz
    expect_rc 0
    contains "$(job 1)" " -fgpu-flush-denormals-to-zero" "device job ($ftz)"
    lacks "$(job 1)" "FTZ" "device job ($ftz)"
    lacks "$(job 2)" "flush" "backend job ($ftz)"
    lacks "$(job 3)" "flush" "host job ($ftz)"
  done
  for ftz in "-ftz=false" "--use_fast_math -ftz=false" "-ftz=false --use_fast_math"; do
    run --dryrun -c k.cu $ftz
    expect_rc 0
    lacks "$(job 1)" "-fgpu-flush-denormals-to-zero" "device job ($ftz)"
  done
  run --print-cuda-flags device -ftz=true
  expect_rc 0
  contains "$out" " -fgpu-flush-denormals-to-zero" "--print-cuda-flags device -ftz=true"
}

# --default-stream per-thread (nvcc's): CUDA_API_PER_THREAD_DEFAULT_STREAM=1 on
# every front-end job, and clang's -fgpu-default-stream=per-thread for CUDA (so
# that <<<>>> calls cudaLaunchKernel_ptsz); legacy and null are the default; other
# values are an error.
case_default_stream() {
  write_kernel k.cu
  echo 'int f(void) { return 1; }' >c.c
  run --dryrun -c k.cu
  expect_rc 0
  lacks "$(jobs)" "PER_THREAD" "jobs (default)"
  lacks "$(jobs)" "gpu-default-stream" "jobs (default)"
  for spelling in "--default-stream per-thread" "--default-stream=per-thread" \
                  "-default-stream per-thread" "--default-stream legacy --default-stream per-thread"; do
    run --dryrun -c k.cu $spelling
    expect_rc 0
    contains "$(job 1)" " -DCUDA_API_PER_THREAD_DEFAULT_STREAM=1" "device job ($spelling)"
    contains "$(job 1)" " -Xclang -fgpu-default-stream=per-thread" "device job ($spelling)"
    contains "$(job 3)" " -DCUDA_API_PER_THREAD_DEFAULT_STREAM=1" "host job ($spelling)"
    contains "$(job 3)" " -Xclang -fgpu-default-stream=per-thread" "host job ($spelling)"
  done
  run --dryrun -c c.c --default-stream per-thread
  expect_rc 0
  contains "$(job 1)" " -DCUDA_API_PER_THREAD_DEFAULT_STREAM=1" "C job"
  lacks "$(job 1)" "gpu-default-stream" "C job"
  for value in legacy null; do
    run --dryrun -c k.cu --default-stream $value
    expect_rc 0
    lacks "$(jobs)" "PER_THREAD" "jobs (--default-stream $value)"
  done
  run --dryrun -c k.cu --default-stream sideways
  expect_rc 1
  contains "$err" "invalid value 'sideways'" "stderr"
}

# --fp64=MODE (Anchor's own): passed to the backend job; error's diagnostic
# and demote's warning name the kernel at the user's source line (code
# inlined from the headers and the device library included), copies of
# doubles are no arithmetic.
case_fp64_modes() {
  cat >d.cu <<'CU'
#include <cmath>
__global__ void copy(const double *a, double *b) { b[threadIdx.x] = a[threadIdx.x]; }
__global__ void step(double *x, float *y) {
  int i = threadIdx.x;
  y[i] = (float)exp(x[i]);
}
CU
  run --dryrun -c d.cu --fp64=fast
  expect_rc 0
  contains "$(job 2)" " --fp64=fast" "backend job (--fp64=fast)"
  run --dryrun -c d.cu --fp64=exact
  expect_rc 0
  lacks "$(job 2)" "--fp64" "backend job (--fp64=exact)"
  run -c d.cu --fp64=single
  expect_rc 1
  contains "$err" "invalid value 'single' for option '--fp64=single' (expected exact, fast, demote or error)" "stderr"
  run -c d.cu -o d.o --fp64=error
  expect_rc 1
  contains "$err" "d.cu:5:17: error: double-precision arithmetic in kernel 'step' with --fp64=error" "stderr"
  lacks "$err" "'copy'" "stderr"
  run -c d.cu -o d.o --fp64=demote
  expect_rc 0
  contains "$err" "d.cu:5:" "stderr"
  contains "$err" ": warning: kernel 'step' computes in float: double demoted (--fp64=demote)" "stderr"
  lacks "$err" "'copy'" "stderr"
  [ "$(printf '%s\n' "$err" | grep -c warning)" = 1 ] || fail "one warning per kernel: $err"
  run -c d.cu -o d.o --fp64=demote -w
  expect_rc 0
  [ -z "$err" ] || fail "-w leaves demote's warning: $err"
  run -c d.cu -o d.o --fp64=fast
  expect_rc 0
  [ -z "$err" ] || fail "--fp64=fast warns: $err"
}

case_forward_unknown() {
  printf 'int x;\n' >a.c
  run --dryrun -c -fPIC -forward-unknown-to-host-compiler a.c
  expect_rc 0
  contains "$(job 1)" " -fPIC " "C job"
}

case_dependencies() {
  printf '#include "dep.h"\nint x;\n' >a.c
  printf '#define Y 1\n' >dep.h
  run -M a.c
  expect_rc 0
  contains "$out" "dep.h" "-M output"
  [ ! -e a.o ] || fail "-M compiled"
  run -c -MD -MF a.d -MT target a.c
  expect_rc 0
  [ -s a.o ] || fail "no object"
  contains "$(cat a.d)" "target: a.c" "dependency file"
  contains "$(cat a.d)" "dep.h" "dependency file"
}

case_preprocess_keep() {
  printf '#define TWICE(x) (2 * (x))\nint y = TWICE(21);\n' >p.c
  run -E p.c -DUNUSED
  expect_rc 0
  contains "$out" "int y = (2 * (21));" "-E output"
  [ ! -e p.o ] || fail "-E compiled"
  run -E p.c -o p.i
  expect_rc 0
  contains "$(cat p.i)" "int y = (2 * (21));" "-E -o output"
  printf 'int main(void) { return 0; }\n' >m.c
  run -keep -cudart none m.c -o prog
  expect_rc 0
  [ -s m.o ] || fail "-keep did not keep the intermediate object: $(ls)"
  mkdir kd
  run --keep-dir kd -cudart none m.c -o prog
  expect_rc 0
  [ -s kd/m.o ] || fail "--keep-dir did not keep the intermediate object in kd: $(ls kd)"
  no_temp_left
}

case_run() {
  cat >m.c <<'EOF'
int main(int c, char **v) { return c == 3 && v[2][0] == 'z' ? 0 : 5; }
EOF
  run -cudart none m.c -o prog --run --run-args y,z
  expect_rc 0
  run -cudart none m.c -o prog --run
  expect_rc 5
}

# What <cooperative_groups.h> does not support is a compile-time error at the user's line:
# this_multi_grid(), a tile size that is no power of two up to 1024. grid_group::sync()
# compiles (it needs MSL 3.2's fences, asked for by the module); cudaLaunchCooperativeKernel
# works, as the device attribute cudaDevAttrCooperativeLaunch (1) says, up to the
# co-resident capacity (above it cudaErrorCooperativeLaunchTooLarge; tests/e2e/grid_sync.cu
# checks values); a cooperative launch on a capturing stream invalidates the capture
# (cudaErrorStreamCaptureUnsupported: Anchor's graphs have no cooperative kernel node).
case_cooperative_groups_errors() {
  cat >g.cu <<'CU'
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int *o) {
  cg::grid_group g = cg::this_grid();
  o[g.thread_rank()] = 1;
  g.sync();
}
CU
  run -c g.cu -o g.o
  expect_rc 0
  cat >m.cu <<'CU'
#include <cooperative_groups.h>
__global__ void k(int *o) { cooperative_groups::this_multi_grid(); }
CU
  run -c m.cu -o m.o
  expect_rc 1
  contains "$err" "Anchor: this_multi_grid() (multi-device cooperative launch) is not supported" "stderr"
  contains "$err" "m.cu:2:49: note: in instantiation of" "stderr"
  cat >t.cu <<'CU'
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int *o) {
  auto t = cg::tiled_partition<48>(cg::this_thread_block());
  o[t.thread_rank()] = 1;
}
CU
  run -c t.cu -o t.o
  expect_rc 1
  contains "$err" "Anchor: thread_block_tile<N> needs N a power of two from 1 to 1024" "stderr"
  contains "$err" "t.cu:4:" "stderr"
  cat >l.cu <<'CU'
#include <cuda.h>
#include <stdio.h>
__global__ void k(int *o) { o[threadIdx.x] = 1; }
int main() {
  int *o, coop = -1;
  cudaMalloc(&o, 64 * sizeof(int));
  cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, 0);
  void *args[] = {&o};
  cudaError_t e = cudaLaunchCooperativeKernel(k, 1, 32, args);
  cudaError_t big = cudaLaunchCooperativeKernel(k, 1 << 20, 32, args);
  printf("%d %s %s %s\n", coop, cudaGetErrorName(e), cudaGetErrorName(big),
         cudaGetErrorName(cudaDeviceSynchronize()));
  /* captured as a cooperative kernel node, as CUDA does (e2e.graph_cooperative replays
   * such graphs) */
  cudaStream_t s;
  cudaGraph_t g = NULL;
  cudaStreamCreate(&s);
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  cudaError_t captured = cudaLaunchCooperativeKernel(k, 1, 32, args, 0, s);
  cudaError_t ended = cudaStreamEndCapture(s, &g);
  printf("%s %s\n", cudaGetErrorName(captured), cudaGetErrorName(ended));
  cudaFunction_t f;
  cuInit(0);
  cudaGetFuncBySymbol(&f, (const void *)k);
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  CUresult driver = cuLaunchCooperativeKernel((CUfunction)f, 1, 1, 1, 32, 1, 1, 0, s, args);
  ended = cudaStreamEndCapture(s, &g);
  printf("%d %s\n", (int)driver, cudaGetErrorName(ended));
  return 0;
}
CU
  run -O2 l.cu -o l
  expect_rc 0
  [ "$(./l)" = "1 cudaSuccess cudaErrorCooperativeLaunchTooLarge cudaSuccess
cudaSuccess cudaSuccess
0 cudaSuccess" ] ||
    fail "cooperative launch: $(./l 2>&1)"
}

# __cluster_dims__ of more than one block is a compile-time error at the kernel (Metal has
# no thread-block clusters); (1, 1, 1) compiles.
case_cluster_dims_error() {
  cat >c.cu <<'CU'
__global__ void __cluster_dims__(1, 1, 1) one(int *o) { o[threadIdx.x] = 1; }
__global__ void __cluster_dims__(2, 1, 1) two(int *o) { o[threadIdx.x] = 1; }
CU
  run -c c.cu -o c.o
  expect_rc 1
  contains "$err" "Anchor: __cluster_dims__ of more than one block: Metal has no thread-block clusters" "stderr"
  contains "$err" "c.cu:2:17: note: in instantiation of" "stderr"
  sed -i 2d c.cu
  run -c c.cu -o c.o
  expect_rc 0
}

# --emit-msl writes the MSL the backend generates (needs bin/anchor-msl).
case_emit_msl() {
  [ -x "$ROOT/bin/anchor-msl" ] || skip "the MSL backend $ROOT/bin/anchor-msl is not built"
  write_kernel k.cu
  run --emit-msl k.cu
  expect_rc 0
  [ -s k.metal ] || fail "k.metal not written"
  contains "$(cat k.metal)" "kernel void" "k.metal"
  contains "$(cat k.metal)" "scale" "k.metal"
  run --emit-msl k.cu -o other.metal
  expect_rc 0
  # Same MSL, apart from lines naming the (random) temporary directory.
  [ "$(grep -v anchorcc- k.metal)" = "$(grep -v anchorcc- other.metal)" ] \
    || fail "-o other.metal differs from k.metal"
  [ ! -e k.o ] && [ ! -e a.out ] || fail "--emit-msl went on past device compilation"
  # A backend error removes a stale output, but only a regular file: -o naming a FIFO
  # (or /dev/null, which the backend deleted when run as root) is left as it is.
  cat >rec.cu <<'EOF'
__device__ int fib(int n) { return n < 2 ? n : fib(n - 1) * 3 + fib(n - 2); }
__global__ void k(int *p) { *p = fib(*p); }
EOF
  echo stale >stale.metal
  run --emit-msl rec.cu -o stale.metal
  expect_rc 1
  contains "$err" "recursive call" "stderr"
  [ ! -e stale.metal ] || fail "the stale stale.metal was left"
  mkfifo pipe.metal
  run --emit-msl rec.cu -o pipe.metal
  expect_rc 1
  [ -p pipe.metal ] || fail "the FIFO pipe.metal was removed"
  no_temp_left
}

# The device services compile: __brkpt() (it fails the launch as a trap does,
# tests/e2e/brkpt_launch.cu); a printf %s string in a thread's own array with a
# format chosen at run time (its address is a generic pointer in the argument buffer).
case_device_services_errors() {
  [ -x "$ROOT/bin/anchor-msl" ] || skip "the MSL backend $ROOT/bin/anchor-msl is not built"
  cat >b.cu <<'EOF'
__global__ void stop(int *p) {
  if (*p)
    __brkpt();
}
EOF
  run -c b.cu
  expect_rc 0
  lacks "$err" "error" "stderr"
  cat >s.cu <<'EOF'
#include <cstdio>
__global__ void say(int x) {
  char own[4] = {'a', 'b', 'c', 0};
  own[0] += x;
  printf("%s\n", own);
  printf(x ? "%s\n" : "[%s]\n", own);
}
EOF
  # a thread's own string with a run-time format: its address is stored in printf's
  # argument buffer as a generic pointer (compiler/addrspace.c), no longer an error
  run -c s.cu
  expect_rc 0
  lacks "$err" "error" "stderr"
  no_temp_left
}

# A backend error that no line locates (a variable's initialiser, when no device code
# reads the variable) names the user's file as typed (anchor-msl --source-name), never
# the copy in anchorcc's temporary directory.
case_diagnostic_file_name() {
  [ -x "$ROOT/bin/anchor-msl" ] || skip "the MSL backend $ROOT/bin/anchor-msl is not built"
  mkdir -p src
  cat >src/op.cu <<'EOF'
__device__ int twice(int x) { return 2 * x; }
typedef int (*op_t)(int);
__device__ op_t unused_op = twice;
__global__ void nothing(int *out) { out[0] = 1; }
EOF
  run -c src/op.cu -o op.o
  expect_rc 1
  contains "$err" "src/op.cu: error: initialising a device variable with the address of a function" "stderr"
  lacks "$err" "anchorcc-" "stderr"
  no_temp_left
}

# --emit-device-ir stops after the device front end and writes the nvptx IR
# anchor-msl reads, compiled by exactly the device job a build runs (the
# compiler tests get their device IR this way).
case_emit_device_ir() {
  write_kernel k.cu
  run --dryrun -c k.cu
  expect_rc 0
  local device
  device=$(job 1)
  run --dryrun --emit-device-ir k.cu -o out.ll
  expect_rc 0
  [ "$(job_count)" = 1 ] || fail "expected the device job alone: $err"
  local same='s|/anchorcc-[A-Za-z0-9]*/|/T/|g' # the temporary directories differ
  [ "$(job 1 | sed "$same")" = "$(echo "${device% -o *} -o out.ll" | sed "$same")" ] ||
    fail "device job differs from a build's: $(job 1) vs $device"
  run --emit-device-ir k.cu
  expect_rc 0
  [ -s k.dev.ll ] || fail "k.dev.ll not written: $(ls)"
  contains "$(cat k.dev.ll)" 'target triple = "nvptx64-nvidia-cuda"' "k.dev.ll"
  contains "$(cat k.dev.ll)" "define dso_local void @_Z5scalePffi(" "k.dev.ll"
  contains "$(cat k.dev.ll)" '!"SDK Version"' "k.dev.ll (the pinned -target-sdk-version)"
  [ ! -e k.o ] && [ ! -e a.out ] && [ ! -e k.metal ] || fail "--emit-device-ir went on: $(ls)"
  no_temp_left
  run --emit-device-ir k.cu -o sub.ll -G
  expect_rc 0
  [ -s sub.ll ] || fail "-o sub.ll not written"
  run --dryrun --emit-device-ir -G k.cu
  contains "$(job 1)" " -O0 -Xclang -disable-O0-optnone " "device job with -G"
  printf 'int x;\n' >c.c
  run --emit-device-ir c.c
  expect_rc 1
  contains "$err" "--emit-device-ir needs a .cu input" "stderr"
  run --dryrun --emit-device-ir c.c k.cu
  expect_rc 0
  contains "$err" "c.c: no device code in a C/C++ input; ignored by --emit-device-ir" "stderr"
  cp k.cu k2.cu
  run --emit-device-ir k.cu k2.cu -o x.ll
  expect_rc 1
  contains "$err" "a single .cu input is required for --emit-device-ir" "stderr"
  run --emit-device-ir --emit-msl k.cu
  expect_rc 1
  contains "$err" "--emit-msl and --emit-device-ir cannot be combined" "stderr"
}

# -fatbin / -cubin write the device module file (what cuModuleLoad reads): the
# device and backend jobs only, the backend's output the file; -ptx is refused
# by name with the alternative.
case_module_file() {
  write_kernel k.cu
  run --dryrun -fatbin k.cu
  expect_rc 0
  [ "$(jobs | wc -l)" = 2 ] || fail "-fatbin: expected 2 jobs: $(jobs)"
  contains "$(job 2)" "anchor-msl" "backend job"
  contains "$(job 2)" " -o k.fatbin " "default -fatbin output"
  run --dryrun -cubin k.cu
  contains "$(job 2)" " -o k.cubin " "default -cubin output"
  run -fatbin k.cu -o sub.fatbin
  expect_rc 0
  [ "$(head -c 8 sub.fatbin)" = ANCHMOD1 ] || fail "sub.fatbin is no device module"
  run -ptx k.cu
  expect_rc 1
  contains "$err" "option '-ptx' is not supported" "stderr"
  contains "$err" "-fatbin" "stderr"
  run -fatbin --emit-msl k.cu
  expect_rc 1
  contains "$err" "--emit-msl and -fatbin cannot be combined" "stderr"
  printf 'int x;\n' >c.c
  run -cubin c.c
  expect_rc 1
  contains "$err" "-cubin needs a .cu input" "stderr"
}

# --print-cuda-flags device|host prints the flags the device or host job of a
# .cu input starts with (needing no input), quoted for eval.
# The device side's three front-end jobs (docs/driver.md, "nvcc's inline-asm
# dialect"): clang -E -frewrite-includes, anchorcc --nvcc-asm-dialect, the compile.
# A '%' of an asm template with operands that forms no operand reference or escape is
# doubled (nvcc passes it to the PTX; clang would reject it); every other template, a
# template without operands, and strings, comments and raw strings that are no asm
# template stay as they are.
case_device_frontend_jobs() {
  cat >d.cu <<'EOF'
#define LANE_ASM "mov.u32 %0, %laneid;"
__global__ void k(unsigned *out, unsigned long long *t) {
  unsigned lane, x = 0;
  asm volatile("mov.u32 %0, %laneid;" : "=r"(lane));                  // doubled
  asm volatile("mov.u64 %0, %globaltimer;" : "=l"(*t)::"memory");     // doubled
  asm("add.u32 %0, %1, 1;" : "=r"(x) : "r"(lane));                     // valid: unchanged
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(x));                     // escaped: unchanged
  __asm__ __volatile__("membar.gl; // %laneid\n");                     // no operands: unchanged
  const char *s = "%laneid"; /* "%laneid" */ char c = '%'; int m = 1'000;
  const char *r = R"x(asm("%laneid" : "=r"(x)))x";
  out[threadIdx.x] = lane + x + (s[1] == 'l') + (c == '%') + m + r[0];
}
EOF
  run --dryrun -c d.cu
  expect_rc 0
  [ "$(all_jobs | wc -l)" = 10 ] || fail "expected 10 jobs (4 device front end, 2 more on the host side): $err"
  contains "$(all_jobs | sed -n 1p)" " -E -frewrite-includes d.cu -o $TMPDIR/anchorcc-" "include job"
  contains "$(all_jobs | sed -n 1p)" "/d.dev.inc.cu" "include job"
  contains "$(all_jobs | sed -n 2p)" "#\$ $ROOT/bin/anchorcc --nvcc-asm-dialect $TMPDIR/" "asm dialect job"
  contains "$(all_jobs | sed -n 2p)" "/d.dev.inc.cu $TMPDIR/" "asm dialect job"
  contains "$(all_jobs | sed -n 2p)" "/d.dev.inc.cu $TMPDIR/anchorcc-" "asm dialect job"
  contains "$(all_jobs | sed -n 2p)" "/d.dev/d.cu" "asm dialect job"
  contains "$(all_jobs | sed -n 3p)" " --nvcc-exec-spaces $TMPDIR/" "exec-spaces job"
  contains "$(all_jobs | sed -n 4p)" "/d.dev/d.cu -S -emit-llvm -o " "device compile job"
  lacks "$(all_jobs)" "implicit-host-device" "jobs without --implicit-host-device-templates"
  contains "$(all_jobs | sed -n 4p)" " -Xclang -no-enable-noundef-analysis " "device compile job"
  run --dryrun -c --implicit-host-device-templates d.cu
  expect_rc 0
  contains "$(all_jobs | sed -n 4p)" " -foffload-implicit-host-device-templates " "device compile job"
  run --dryrun -c --implicit-host-device-templates --explicit-host-device d.cu
  expect_rc 0
  lacks "$(all_jobs)" "implicit-host-device" "jobs with --explicit-host-device last"
  mkdir kept
  run -keep --keep-dir kept -c d.cu
  expect_rc 0
  local src
  src=$(cat kept/d.dev/d.cu)
  contains "$src" 'asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));' "rewritten source"
  contains "$src" 'asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(*t)::"memory");' "rewritten source"
  contains "$src" 'asm("add.u32 %0, %1, 1;" : "=r"(x) : "r"(lane));' "rewritten source"
  contains "$src" 'asm volatile("mov.u32 %0, %%laneid;" : "=r"(x));' "rewritten source"
  contains "$src" '__asm__ __volatile__("membar.gl; // %laneid\n");' "rewritten source"
  contains "$src" "const char *s = \"%laneid\"; /* \"%laneid\" */ char c = '%'; int m = 1'000;" "rewritten source"
  contains "$src" 'R"x(asm("%laneid" : "=r"(x)))x"' "rewritten source (a raw string)"
  contains "$src" '#define LANE_ASM "mov.u32 %0, %laneid;"' "rewritten source (a macro: no asm)"
  [ "$(grep -c '%%' kept/d.dev/d.cu)" = 3 ] || fail "expected 3 lines with %%: $(grep '%%' kept/d.dev/d.cu)"
  # the IR has nvcc's templates
  contains "$(cat kept/d.dev.ll)" '"mov.u32 $0, %laneid;"' "device IR"
  contains "$(cat kept/d.dev.ll)" '"mov.u64 $0, %globaltimer;"' "device IR"
}

# nvcc's redeclaration rule (driver/exec_space.c): a definition without execution-space
# attributes after a declaration with some gets the declaration's, on both sides (the
# --nvcc-exec-spaces job after each side's rewrite-includes job, with the compile's own
# flags); locations stay the user's. tests/e2e/exec_space_redecl.cu runs every form.
case_nvcc_exec_spaces() {
  cat >r.cu <<'EOF'
__host__ __device__ int twice(int x);
template <class T> __host__ __device__ T add(T a, T b);
__host__ int host_only(int x);
struct S { __host__ __device__ int get() const; int v; };
int twice(int x) { return 2 * x; }
template <class T> T add(T a, T b) { return a + b; }
int host_only(int x) { return x + 1; }
  int S::get() const { return v; }
int plain(int x) { return x; }
__global__ void k(int *o) { S s{3}; o[0] = twice(1) + add(2, 3) + s.get(); }
EOF
  run --dryrun -c r.cu
  expect_rc 0
  [ "$(all_jobs | wc -l)" = 10 ] || fail "expected 10 jobs (4 device, backend, 5 host): $err"
  local dev host
  dev=$(all_jobs | sed -n 3p) host=$(all_jobs | sed -n 7p)
  contains "$dev" "#\$ $ROOT/bin/anchorcc --nvcc-exec-spaces $TMPDIR/" "device exec-spaces job"
  contains "$dev" "/r.dev/r.cu $TMPDIR/" "device exec-spaces job (in place)"
  contains "$(all_jobs | sed -n 6p)" " -E -frewrite-includes r.cu -o $TMPDIR/" "host include job"
  contains "$(all_jobs | sed -n 6p)" "/r.host.inc.cu" "host include job"
  contains "$host" "/r.host.inc.cu $TMPDIR/" "host exec-spaces job"
  contains "$host" "/r.host/r.cu --cuda-host-only " "host exec-spaces job"
  # each exec-spaces job parses with its compile's flags, word for word
  local devflags hostflags
  devflags=${dev#* --nvcc-exec-spaces * * } hostflags=${host#* --nvcc-exec-spaces * * }
  contains "$(all_jobs | sed -n 4p)" "$devflags" "device compile job"
  contains "$(all_jobs | sed -n 8p)" "$hostflags" "host compile job"
  contains "$(all_jobs | sed -n 8p)" "/r.host/r.cu -o $TMPDIR/" "host compile job"
  mkdir kept
  run -keep --keep-dir kept -c r.cu
  expect_rc 0
  local side src hd='__attribute__((host)) __attribute__((device)) '
  for side in dev host; do
    src=$(cat kept/r.$side/r.cu)
    contains "$src" "$(printf '\n%s\n#line 5\nint twice(int x) {' "$hd")" "$side source (free function)"
    contains "$src" "$(printf 'template <class T> \n%s\n#line 6\n                   T add(T a, T b)' "$hd")" "$side source (template)"
    contains "$src" "$(printf '\n__attribute__((host)) \n#line 7\nint host_only(int x) {')" "$side source (__host__)"
    contains "$src" "$(printf '\n%s\n#line 8\n  int S::get() const {' "$hd")" "$side source (member)"
    contains "$src" "$(printf '}\nint plain(int x) { return x; }')" "$side source (no attributes before: unchanged)"
  done
  # diagnostics name the user's file, line and column
  cat >e.cu <<'EOF'
__host__ __device__ int twice(int x);
template <class T> __host__ __device__ T add(T a, T b);
  int twice(int x) { return 2 * x + nosuch; }
template <class T> T add(T a, T b) { return a + b + notthere; }
EOF
  run -c e.cu
  expect_rc 1
  contains "$err" "e.cu:3:37: error: use of undeclared identifier 'nosuch'" "stderr"
  contains "$err" "e.cu:4:53: error: use of undeclared identifier 'notthere'" "stderr"
  lacks "$err" "cannot overload" "stderr"
}

case_print_cuda_flags() {
  write_kernel k.cu
  run --dryrun -c '-DMSG=a b' -O2 k.cu
  expect_rc 0
  local device host host_compile
  # the first job of each side (both -E -frewrite-includes)
  device=$(all_jobs | sed -n 1p) host=$(all_jobs | sed -n 6p) host_compile=$(job 3)
  run --print-cuda-flags device '-DMSG=a b' -O2
  expect_rc 0
  [ "$(echo "$out" | wc -l)" = 1 ] || fail "more than one line: $out"
  contains "$device" " $out -E -frewrite-includes k.cu -o " "device side's first job"
  for want in "--cuda-device-only" "--cuda-gpu-arch=sm_75" "-Xclang -target-sdk-version=12.5" \
              "-Xclang -target-feature -Xclang +ptx85" "-I$ROOT/include -include cuda_runtime.h" \
              "'-DMSG=a b'" " -O3 "; do
    contains "$out " "$want" "device flags"
  done
  lacks "$out" "-O2" "device flags (device code is always -O3)"
  run --print-cuda-flags=host '-DMSG=a b' -O2
  expect_rc 0
  contains "$host" " $out -E -frewrite-includes k.cu -o " "host side's first job"
  contains "$host_compile" " -Xclang -fcuda-include-gpubinary " "host job"
  contains "$out" "--cuda-host-only" "host flags"
  contains "$out" " -O2" "host flags"
  # The line is shell-quoted: eval gives back the words.
  eval "set -- $out"
  local word found=
  for word in "$@"; do [ "$word" = "-DMSG=a b" ] && found=1; done
  [ -n "$found" ] || fail "eval of '$out' lost the word '-DMSG=a b'"
  run --print-cuda-flags=both
  expect_rc 1
  contains "$err" "invalid value 'both' for option '--print-cuda-flags=both'" "stderr"
}

# The device module produced by the backend ends up inside the object, where
# libanchor finds it (-fcuda-include-gpubinary puts it in .nv_fatbin).
case_module_embedded() {
  [ -x "$ROOT/bin/anchor-msl" ] || skip "the MSL backend $ROOT/bin/anchor-msl is not built"
  write_kernel k.cu
  run -c k.cu
  expect_rc 0
  objcopy -O binary --only-section=.nv_fatbin k.o fatbin.bin || fail "no .nv_fatbin in k.o"
  head -c 8 fatbin.bin | grep -q ANCHMOD1 || fail ".nv_fatbin does not start with ANCHMOD1"
  no_temp_left
}

# needs_pipeline: skips unless the backend and the runtime are built.
# ---- hipcc mode (docs/hip.md) ----

HIPCC=$(dirname "$ANCHORCC")/hipcc
# hiprun ARGS...: run, through the hipcc name.
hiprun() {
  "$HIPCC" "$@" >"$WORK/stdout" 2>"$WORK/stderr"
  rc=$?
  out=$(cat "$WORK/stdout")
  err=$(cat "$WORK/stderr")
}

# hipcc's flags (clang's spellings) reach the jobs they are for; AMD targets
# are accepted and dropped.
case_hip_options() {
  [ -x "$HIPCC" ] || fail "no hipcc next to anchorcc"
  write_kernel k.hip
  hiprun --dryrun -Wall -Wextra -Werror -Wno-unused-variable -Werror=vla -Wshadow -ffast-math -fPIC \
    -fopenmp -march=native --offload-arch=gfx90a --amdgpu-target=gfx906 -O1 -g -std=gnu++17 \
    -DN=4 -UM -Iinc -pthread -fPIE -fvisibility=hidden -fno-exceptions -fno-rtti -c k.hip -o k.o
  expect_rc 0
  local dev host
  dev=$(job 1)
  host=$(job 3)
  for f in -D__HIP_PLATFORM_NVIDIA__= -D__HIP_PLATFORM_NVCC__= -D__HIPCC__= -Wall -Wextra \
    -Werror -Wno-unused-variable -Werror=vla -Wshadow -DN=4 -UM -Iinc -std=gnu++17 \
    '-x cuda' \
    -fno-exceptions -fno-rtti; do
    contains "$dev" " $f" "device job"
    contains "$host" " $f" "host job"
  done
  for f in -fPIC -fopenmp -march=native -O1 ' -g ' -pthread -fPIE -fvisibility=hidden -ffast-math; do
    lacks "$dev" "$f" "device job"
    contains "$host" "$f" "host job"
  done
  lacks "$(jobs)" "gfx9" "jobs"
  # -ffast-math: nvcc's fast mode on the device side (as --use_fast_math)
  contains "$dev" " -D__ANCHOR_FAST_MATH__" "device job of -ffast-math"
  contains "$dev" " -fgpu-flush-denormals-to-zero" "device job of -ffast-math"
  lacks "$dev" "-D__HIP__" "device job (HIP's headers would select the AMD platform)"
  # -fgpu-rdc is nvcc's -rdc=true; -Xlinker passes one word, -Wl, splits at commas.
  hiprun --dryrun -fgpu-rdc -c k.hip
  expect_rc 0
  contains "$(job 1)" " -fgpu-rdc" "device job of -fgpu-rdc"
  contains "$(job 2)" "--rdc-object" "backend job of -fgpu-rdc"
  hiprun --dryrun -fgpu-rdc -fno-gpu-rdc -c k.hip
  lacks "$(job 1)" "-fgpu-rdc" "device job of -fno-gpu-rdc"
  hiprun --dryrun k.hip -Xlinker -rpath,/x -Wl,-z,now -lamdhip64 -o k
  expect_rc 0
  local link
  link=$(jobs | tail -n 1)
  contains "$link" "-Xlinker -rpath,/x" "link job"
  contains "$link" "-Xlinker -z -Xlinker now" "link job"
  contains "$link" "-lanchor" "link job"
  lacks "$link" "-lamdhip64" "link job (libanchor is HIP's runtime)"
  # Unknown flags are errors naming them, in hipcc mode too.
  hiprun -fbogus k.hip
  expect_rc 1
  [ "$err" = "hipcc: error: unknown option '-fbogus'" ] || fail "stderr: $err"
  hiprun -march= k.hip
  expect_rc 1
  contains "$err" "option '-march=' requires a value" "stderr"
  hiprun -std=gnu++98 -c k.hip
  expect_rc 1
  contains "$err" "invalid value 'gnu++98' for option '-std=gnu++98'" "stderr"
  hiprun k.hip -Xlinker
  expect_rc 1
  contains "$err" "option '-Xlinker' requires a value" "stderr"
  no_temp_left
}

# Which inputs are HIP: under hipcc .hip, .cu and C++ sources (not C, not an
# explicit -x c++); under anchorcc .hip and -x hip only.
case_hip_languages() {
  write_kernel k.hip
  cp k.hip k.cu
  cp k.hip k.cpp
  printf 'int f(void) { return 1; }\n' >c.c
  local f
  for f in k.hip k.cu k.cpp; do
    hiprun --dryrun -c "$f" -o x.o
    expect_rc 0
    contains "$(job 1)" "-D__HIP_PLATFORM_NVIDIA__=" "hipcc $f device job"
    contains "$(job 1)" "--cuda-device-only" "hipcc $f device job"
  done
  hiprun --dryrun -c c.c
  expect_rc 0
  lacks "$(job 1)" "HIP_PLATFORM" "hipcc c.c job"
  contains "$(job 1)" "-x c " "hipcc c.c job"
  hiprun --dryrun -x c++ -c k.cpp
  expect_rc 0
  lacks "$(job 1)" "HIP_PLATFORM" "hipcc -x c++ job"
  run --dryrun -c k.hip
  expect_rc 0
  contains "$(job 1)" "-D__HIP_PLATFORM_NVIDIA__=" "anchorcc k.hip device job"
  run --dryrun -x hip -c k.cpp
  expect_rc 0
  contains "$(job 1)" "-D__HIP_PLATFORM_NVIDIA__=" "anchorcc -x hip k.cpp device job"
  run --dryrun -c k.cu
  expect_rc 0
  lacks "$(job 1)" "HIP_PLATFORM" "anchorcc k.cu device job"
  run --dryrun -x bogus -c k.cu
  expect_rc 1
  contains "$err" "expected cu, hip, c, c++ or none" "stderr"
}

# The predefined macros of a HIP source, as -E shows them; HIP_VERSION_* are
# those of the HIP headers; hipcc --version starts with hipcc's line.
case_hip_macros() {
  local header=/usr/include/hip/hip_version.h
  [ -f "$header" ] || skip "HIP's headers ($header) are not installed"
  local major minor patch
  major=$(sed -n 's/^#define HIP_VERSION_MAJOR \([0-9]*\)$/\1/p' "$header")
  minor=$(sed -n 's/^#define HIP_VERSION_MINOR \([0-9]*\)$/\1/p' "$header")
  patch=$(sed -n 's/^#define HIP_VERSION_PATCH \([0-9]*\)$/\1/p' "$header")
  cat >m.hip <<'EOF'
#if defined(__HIP_PLATFORM_NVIDIA__) && defined(__HIP_PLATFORM_NVCC__) && defined(__HIPCC__)
platform nvidia
#endif
#if defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)
platform amd
#endif
version HIP_VERSION_MAJOR HIP_VERSION_MINOR HIP_VERSION_PATCH
#include <hip/hip_runtime.h>
after HIP_VERSION
EOF
  hiprun -E m.hip
  expect_rc 0
  contains "$out" "platform nvidia" "-E of a HIP source"
  lacks "$out" "platform amd" "-E of a HIP source"
  contains "$out" "version $major $minor $patch" "-E of a HIP source"
  contains "$out" "after ($major * 10000000 + $minor * 100000 + $patch)" "-E after hip_runtime.h"
  hiprun --version
  expect_rc 0
  [ "$(echo "$out" | head -n 1)" = "HIP version: $major.$minor.$patch" ] || fail "--version: $out"
  contains "$out" "Implements the CUDA API of release" "hipcc --version"
  run --version
  lacks "$out" "HIP version" "anchorcc --version"
}

# AMD GPU builtins are refused with the user's location and the builtin's name.
case_hip_amdgcn_error() {
  [ -f /usr/include/hip/hip_runtime.h ] || skip "HIP's headers are not installed"
  cat >a.hip <<'EOF'
#include <hip/hip_runtime.h>
__global__ void k(int *p) {
  p[0] = __builtin_amdgcn_workitem_id_x();
}
EOF
  hiprun -c a.hip
  expect_rc 1
  contains "$err" "a.hip:3:10: error:" "stderr"
  contains "$err" "__builtin_amdgcn_workitem_id_x" "stderr"
  no_temp_left
}

needs_pipeline() {
  [ -x "$1/bin/anchor-msl" ] || skip "the MSL backend $1/bin/anchor-msl is not built"
  [ -e "$1/lib/libanchor.so" ] || skip "the runtime $1/lib/libanchor.so is not built"
}

# Two .cu files on one command line: each object carries its own device
# module, and the program launches kernels of both.
write_two_file_program() {
  cat >a.cu <<'EOF'
#include <cstdio>
__global__ void add_one(int *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] += 1;
}
void times_three(int *d, int n);  // b.cu
int main() {
  const int n = 100;
  int h[n];
  for (int i = 0; i < n; i++) h[i] = i;
  int *d;
  if (cudaMalloc(&d, sizeof h) != cudaSuccess) return 2;
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  add_one<<<4, 32>>>(d, n);
  times_three(d, n);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  int ok = 1;
  for (int i = 0; i < n; i++) ok &= h[i] == 3 * (i + 1);
  printf("%s\n", ok ? "PASS" : "FAIL");
  return !ok;
}
EOF
  cat >b.cu <<'EOF'
__global__ void triple(int *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= 3;
}
void times_three(int *d, int n) { triple<<<(n + 63) / 64, 64>>>(d, n); }
EOF
}

case_multi_cu_link() {
  needs_pipeline "$ROOT"
  write_two_file_program
  run -O2 a.cu b.cu -o app
  expect_rc 0
  [ "$(./app)" = PASS ] || fail "two .cu files in one command: $(./app 2>&1)"
  run -c a.cu
  expect_rc 0
  run -c b.cu
  expect_rc 0
  run a.o b.o -o app2
  expect_rc 0
  [ "$(./app2)" = PASS ] || fail "separately compiled objects: $(./app2 2>&1)"
  no_temp_left
}

# Installing lays out bin/, include/, lib/ under a prefix, and the installed
# anchorcc points only there.
case_install() {
  local build=$ROOT prefix=$WORK/prefix
  cmake --install "$build" --prefix "$prefix" >install.log 2>&1 || fail "cmake --install: $(cat install.log)"
  [ -x "$prefix/bin/anchorcc" ] || fail "no bin/anchorcc in the prefix"
  [ -f "$prefix/include/cuda_runtime.h" ] || fail "no include/cuda_runtime.h in the prefix"
  write_kernel k.cu
  ANCHORCC=$prefix/bin/anchorcc run --dryrun -v k.cu -o app
  expect_rc 0
  [ "$(job_count)" = 6 ] || fail "expected 6 jobs: $err"
  contains "$(all_jobs | sed -n 1p)" "-I$prefix/include -include cuda_runtime.h" "include job"
  contains "$(all_jobs | sed -n 2p)" "#\$ $prefix/bin/anchorcc --nvcc-asm-dialect " "asm dialect job"
  contains "$(job 2)" "#\$ $prefix/bin/anchor-msl " "backend job"
  [ -f "$prefix/lib/anchor/devlib.bc" ] || fail "no lib/anchor/devlib.bc in the prefix"
  contains "$(job 2)" " --devlib $prefix/lib/anchor/devlib.bc" "backend job (the device library)"
  contains "$(all_jobs | sed -n 6p)" "-I$prefix/include -include cuda_runtime.h" "host include job"
  contains "$(all_jobs | sed -n 7p)" "#\$ $prefix/bin/anchorcc --nvcc-exec-spaces " "host exec-spaces job"
  contains "$(job 3)" "-I$prefix/include " "host job"
  contains "$(job 4)" "#\$ $prefix/bin/anchor-msl --host " "host pass job"
  contains "$(job 6)" "-L$prefix/lib -Wl,-rpath,$prefix/lib" "link job"
  lacks "$err" "$build/" "job lines of the installed driver"
  ANCHORCC=$prefix/bin/anchorcc run --version
  contains "$out" "$prefix" "installed --version"
  if [ -f /usr/include/cub/version.cuh ]; then # Debian's CUB, found with no flag
    printf '#include <cub/version.cuh>\nint v = CUB_VERSION;\n' >cv.cu
    ANCHORCC=$prefix/bin/anchorcc run -E cv.cu
    expect_rc 0
    contains "$out" "int v = 1" "CUB's version through the installed anchorcc"
  fi
}

# Thrust/CUB/libcu++ from /usr/include with no flag; a user's -I copy first.
case_cccl_include_order() {
  [ -f /usr/include/cub/version.cuh ] || skip "libcub-dev is not installed (scripts/setup.sh)"
  printf '#include <cub/version.cuh>\nint v = CUB_VERSION; int a = __CUDA_ARCH_LIST__;\n' >cv.cu
  run -E cv.cu
  expect_rc 0
  local debian
  debian=$(sed -n 's/^#define CUB_VERSION \([0-9]*\).*/\1/p' /usr/include/cub/version.cuh)
  contains "$out" "int v = $debian;" "CUB_VERSION without -I"
  contains "$out" "int a = 750;" "__CUDA_ARCH_LIST__ (nvcc's, the architecture compiled for)"
  mkdir -p newer/cub
  printf '#pragma once\n#define CUB_VERSION 999999\n' >newer/cub/version.cuh
  run -E -I newer cv.cu
  expect_rc 0
  contains "$out" "int v = 999999;" "CUB_VERSION with -I of a newer copy"
}

# -v starts with nvcc's "#$ NAME=value" lines; LIBRARIES is spelled exactly as
# in the link job (CMake finds the link line by it).
case_verbose_environment() {
  write_kernel k.cu
  run --dryrun k.cu -o app
  expect_rc 0
  contains "$err" "#\$ TOP=$ROOT" "-v output"
  contains "$err" "#\$ INCLUDES=-I$ROOT/include" "-v output"
  contains "$err" "#\$ _NOMINAL_ARCH_=-arch compute_75" "-v output"
  local libraries
  libraries=$(sed -n 's/^#\$ LIBRARIES=//p' "$WORK/stderr")
  [ -n "$libraries" ] || fail "no LIBRARIES line: $err"
  contains "$(job 6)" " $libraries " "link job"
}

# CMake's CUDA support with anchorcc as CMAKE_CUDA_COMPILER: it identifies it
# (as NVIDIA, by __NVCC__), builds a project and the program runs.
case_cmake_project() {
  needs_pipeline "$ROOT"
  mkdir proj
  cat >proj/CMakeLists.txt <<'EOF'
cmake_minimum_required(VERSION 3.20)
project(probe LANGUAGES CUDA)
add_executable(app main.cu)
EOF
  cat >proj/main.cu <<'EOF'
#include <cstdio>
__global__ void twice(int *x) { x[threadIdx.x] = 2 * threadIdx.x; }
int main() {
  int *d, h[32];
  cudaMalloc(&d, sizeof h);
  twice<<<1, 32>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  int ok = 1;
  for (int i = 0; i < 32; i++) ok &= h[i] == 2 * i;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return !ok;
}
EOF
  cmake -S proj -B proj/build -DCMAKE_CUDA_COMPILER="$ANCHORCC" \
        -DCMAKE_BUILD_RPATH="$ROOT/lib" >cmake.log 2>&1 || fail "configure: $(cat cmake.log)"
  contains "$(cat cmake.log)" "The CUDA compiler identification is NVIDIA" "configure log"
  cmake --build proj/build >build.log 2>&1 || fail "build: $(cat build.log)"
  [ "$(proj/build/app)" = PASS ] || fail "program built by CMake: $(proj/build/app 2>&1)"
}

# CMake's separable compilation (CUDA_SEPARABLE_COMPILATION): -rdc=true
# compiles, a static library of them, and CMake's own device-link step
# (-shared -dlink, -Xcompiler=-fPIC) before its host link.
case_cmake_separable() {
  needs_pipeline "$ROOT"
  mkdir proj
  cat >proj/CMakeLists.txt <<'EOF'
cmake_minimum_required(VERSION 3.20)
project(probe LANGUAGES CUDA)
add_library(parts STATIC lib.cu)
add_executable(app main.cu)
target_link_libraries(app PRIVATE parts)
set_target_properties(parts app PROPERTIES CUDA_SEPARABLE_COMPILATION ON)
EOF
  (cd proj && write_rdc_program)
  cmake -S proj -B proj/build -DCMAKE_CUDA_COMPILER="$ANCHORCC" \
        -DCMAKE_BUILD_RPATH="$ROOT/lib" >cmake.log 2>&1 || fail "configure: $(cat cmake.log)"
  cmake --build proj/build -v >build.log 2>&1 || fail "build: $(cat build.log)"
  contains "$(cat build.log)" "-rdc=true -c" "CMake's compile lines"
  contains "$(cat build.log)" "-dlink" "CMake's device-link line"
  [ "$(proj/build/app)" = PASS ] || fail "program built by CMake: $(proj/build/app 2>&1)"
}

# The installed toolchain builds and runs a program on its own.
case_install_run() {
  needs_pipeline "$ROOT"
  local prefix=$WORK/prefix
  cmake --install "$ROOT" --prefix "$prefix" >install.log 2>&1 || fail "cmake --install: $(cat install.log)"
  write_two_file_program
  ANCHORCC=$prefix/bin/anchorcc run -O2 a.cu b.cu -o app
  expect_rc 0
  [ "$(./app)" = PASS ] || fail "program built by the installed anchorcc: $(./app 2>&1)"
  ldd ./app | grep -q "$prefix/lib/libanchor.so" || fail "app does not use the installed runtime: $(ldd ./app)"
  # A program calling the device library links the installed devlib.bc.
  cat > math.cu <<'CU'
#include <stdio.h>
__global__ void k(float *v) { v[1] = __fdiv_rn(v[0], 3.0f); v[2] = sqrtf(v[0]); }
int main() {
  float *v;
  cudaMallocManaged(&v, 3 * sizeof(float));
  v[0] = 2.0f;
  k<<<1, 1>>>(v);
  cudaDeviceSynchronize();
  float x = 2.0f;
  puts(v[1] == x / 3.0f && v[2] == sqrtf(x) ? "PASS" : "FAIL");
}
CU
  ANCHORCC=$prefix/bin/anchorcc run -O2 math.cu -o math
  expect_rc 0
  [ "$(./math)" = PASS ] || fail "device-library program built by the installed anchorcc: $(./math 2>&1)"
}

"case_$CASE"
echo "PASS [$CASE]"
