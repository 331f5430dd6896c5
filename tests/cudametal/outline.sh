#!/usr/bin/env bash
# outline.sh — which inline helpers cudametal keeps out of line (cudametal/outline.c), no GPU:
#  1. tests/cudametal/outline.metal through the translator (msl2cuda --print): exactly
#     big_often, calls_big and big_in_inlined become `inline __noinline__`, each on its own
#     line (NVRTC's diagnostics keep the MSL's line numbers); the small (1 and 12
#     statements), once-used, by-reference ones and one used only by an out-of-line helper
#     stay inline;
#  2. NVRTC's PTX of it (through the module cache, CUDAMETAL_CACHE): a .func for each of
#     the three, 40 calls of each, none of the others;
#     CUDAMETAL_OUTLINE=off keeps all inline, another value than on/off is an error;
#  3. the MSL of tests/e2e/math_f64_exp.cu (anchorcc --emit-msl): NVRTC's PTX has
#     anchor_f64_add, _sub, _mul and _fma as functions, called at hundreds of places
#     (before: everything inlined into one kernel of minutes and GBs of NVRTC).
#   outline.sh BUILD_DIR OUT_DIR
set -u
build=$1 out=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$out" && mkdir -p "$out/cache1" "$out/cache2"
fail=0
msl=$root/tests/cudametal/outline.metal
# msl2cuda without lib/ on the search path: see nvrtc_e2e.sh.
m2c() { env -u LD_LIBRARY_PATH CUDAMETAL_CACHE="$1" "$build/bin/msl2cuda" "${@:2}"; }
m2c off "$msl" -90 --print >"$out/outline.cu" 2>"$out/outline.log" ||
  { echo "FAIL: msl2cuda on outline.metal"; cat "$out/outline.log"; exit 1; }
outlined=$(sed -n 's/^inline __noinline__ [a-z]* \([a-z_]*\)(.*/\1/p' "$out/outline.cu" | sort | tr '\n' ' ')
[ "$outlined" = "big_in_inlined big_often calls_big " ] ||
  { echo "FAIL: out of line: '$outlined', expected 'big_in_inlined big_often calls_big '"; fail=1; }
for f in big_often calls_big big_in_inlined big_once mid_often small_often big_by_reference \
  big_in_outlined relay; do
  want=$(grep -n "^inline [a-z]* $f(" "$msl" | cut -d: -f1)
  got=$(grep -n "^inline \(__noinline__ \)\?[a-z]* $f(" "$out/outline.cu" | cut -d: -f1)
  [ -n "$want" ] && [ "$want" = "$got" ] ||
    { echo "FAIL: $f defined at line '$got' of the translation, '$want' of the MSL"; fail=1; }
done
# CUDAMETAL_OUTLINE=off (the experiment): everything inline as before; another value: an error.
n=$(CUDAMETAL_OUTLINE=off m2c off "$msl" -90 --print 2>&1 | grep -c '__noinline__')
[ "$n" = 0 ] || { echo "FAIL: CUDAMETAL_OUTLINE=off left $n functions out of line"; fail=1; }
if CUDAMETAL_OUTLINE=maybe m2c off "$msl" -90 >"$out/bad.log" 2>&1 ||
  ! grep -q 'CUDAMETAL_OUTLINE must be `on` or `off`' "$out/bad.log"; then
  echo "FAIL: CUDAMETAL_OUTLINE=maybe: $(cat "$out/bad.log")"
  fail=1
fi
m2c "$out/cache1" "$msl" -90 >>"$out/outline.log" 2>&1 ||
  { echo "FAIL: NVRTC on outline.metal"; cat "$out/outline.log"; exit 1; }
ptx=$(ls "$out"/cache1/*.ptx)
for f in big_often calls_big big_in_inlined big_once mid_often small_often big_by_reference \
  big_in_outlined relay; do
  funcs=$(grep -a -c "^\.func .*[0-9]${f}[A-Za-z(]" "$ptx")
  calls=$(grep -a -A1 'call\.uni' "$ptx" | grep -a -c "[0-9]${f}[A-Za-z(]")
  case $f in
    big_often | calls_big | big_in_inlined) want="1 40" ;;
    *) want="0 0" ;;
  esac
  [ "$funcs $calls" = "$want" ] ||
    { echo "FAIL: PTX: $f has $funcs .func and $calls calls, expected $want"; fail=1; }
done
# The module that took NVRTC minutes: its fp64 arithmetic out of line.
if LD_LIBRARY_PATH="$build/lib" "$build/bin/anchorcc" -O2 --emit-msl \
  "$root/tests/e2e/math_f64_exp.cu" -o "$out/math_f64_exp.metal" >"$out/math_f64_exp.log" 2>&1 &&
  m2c "$out/cache2" "$out/math_f64_exp.metal" -90 >>"$out/math_f64_exp.log" 2>&1; then
  ptx=$(ls "$out"/cache2/*.ptx)
  for f in anchor_f64_add anchor_f64_sub anchor_f64_mul anchor_f64_fma; do
    funcs=$(grep -a -c "^\.func .*[0-9]${f}[A-Za-z(]" "$ptx")
    calls=$(grep -a -A1 'call\.uni' "$ptx" | grep -a -c "[0-9]${f}[A-Za-z(]")
    [ "$funcs" = 1 ] && [ "$calls" -ge 100 ] ||
      { echo "FAIL: math_f64_exp's PTX: $f has $funcs .func and $calls calls"; fail=1; }
  done
else
  echo "FAIL: math_f64_exp through anchorcc --emit-msl and msl2cuda"
  tail -n 20 "$out/math_f64_exp.log"
  fail=1
fi
[ $fail = 0 ] && echo "PASS outline" || echo "FAIL outline"
exit $fail
