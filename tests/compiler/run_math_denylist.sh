#!/bin/sh
# run_math_denylist.sh — Anchor's generated MSL calls no inexact Metal math
# function (issue 7): the device library computes sin, exp, pow, ... from
# operations Metal defines exactly, so the MSL may call only the exact ones
# (fabs, floor, ceil, trunc, rint, round, fmin, fmax, copysign, fma, fmod,
# clz, popcount ...). Compiles SOURCE with anchorcc --emit-msl by default and
# with -use_fast_math, and fails if the MSL calls a name of the deny-list below
# (bare, metal::, precise:: or fast::), or the softmetal prelude's fast:: or
# precise:: namespaces at all.
# usage: run_math_denylist.sh ANCHORCC WORK_DIR SOURCE
set -u
anchorcc=$1 work=$2 src=$3
mkdir -p "$work"
deny='sin|cos|tan|asin|acos|atan|atan2|sinh|cosh|tanh|asinh|acosh|atanh|sinpi|cospi|tanpi'
deny="$deny|sincos|exp|exp2|exp10|log|log2|log10|pow|powr|sqrt|rsqrt|divide|fract|fdim"
deny="$deny|ldexp|frexp|modf|mix|smoothstep|step|length|distance|normalize|dot|cross"
pattern="(^|[^A-Za-z0-9_])(metal::)?(precise::|fast::)?($deny)[[:space:]]*\\(|(precise|fast)::"
# The pattern must see a call (the check would pass vacuously otherwise).
printf 'float y = metal::precise::exp(x) + sin(x);\n' | grep -Eq "$pattern" ||
  { echo "FAIL: the deny-list pattern does not match a call"; exit 1; }
printf 'float y = anchor_f64_sqrt(x) + fabs(x) + __anchor_sinf(x);\n' | grep -Eq "$pattern" &&
  { echo "FAIL: the deny-list pattern matches an allowed call"; exit 1; }
status=0
for mode in default -use_fast_math; do
  flags=
  [ "$mode" = default ] || flags=$mode
  out="$work/math_calls$flags.metal"
  rm -f "$out"
  "$anchorcc" -O2 $flags --emit-msl "$src" -o "$out" || { echo "FAIL: anchorcc $flags"; exit 1; }
  if grep -nE "$pattern" "$out"; then
    echo "FAIL ($mode): the MSL above calls an inexact Metal math function"
    status=1
  else
    echo "ok ($mode): no inexact Metal math function in $(wc -l < "$out") lines of MSL"
  fi
done
exit $status
