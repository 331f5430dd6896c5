#!/bin/bash
# nvcc's floating-point modes: which PTX instructions x / y, sqrtf, sinf become.
cd "$(dirname "$0")"
for flags in "" "-prec-div=false" "-prec-sqrt=false" "-ftz=true" "-use_fast_math" "-use_fast_math -prec-div=true" "-prec-div=true -use_fast_math" "-use_fast_math -prec-sqrt=true" "-use_fast_math -ftz=false" "-prec-div=false -ftz=true"; do
  echo "== nvcc $flags"
  nvcc -arch=sm_90 $flags -ptx fp_modes.cu -o fp_modes.ptx 2>&1
  grep -oE "(div|sqrt|rcp|sin|ex2|lg2|mul|fma)\.[a-z0-9.]+" fp_modes.ptx | sort | uniq -c | tr '\n' ' '; echo
done
nvcc -use_fast_math fp_modes.cu -o fp_modes && ./fp_modes
nvcc --version | tail -2
