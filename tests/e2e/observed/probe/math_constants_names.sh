#!/bin/bash
# The names of CUDA's math_constants.h macros and the value of each (as nvcc 13
# compiles it, read back from device code): type size and %a.
cd "$(dirname "$0")"
H=$(dirname $(which nvcc))/../include/math_constants.h
[ -f "$H" ] || H=$(find / -name math_constants.h -path "*cuda*" 2>/dev/null | head -1)
names=$(grep -oE "^#[ ]*define[ ]+CUDART_[A-Z0-9_]+" "$H" | awk '{print $NF}')
{
  echo '#include <math_constants.h>'
  echo '#include <cstdio>'
  echo '__global__ void k(double *v, int *s) { int i = 0;'
  for n in $names; do echo "  v[i] = (double)($n); s[i++] = (int)sizeof($n);"; done
  echo '}'
  echo 'int main() { double *v; int *s; cudaMallocManaged(&v, 8 * 1000); cudaMallocManaged(&s, 4 * 1000);'
  echo '  k<<<1, 1>>>(v, s); cudaDeviceSynchronize(); int i = 0;'
  for n in $names; do echo "  printf(\"%-28s %d %a\\n\", \"$n\", s[i], v[i]); i++;"; done
  echo '  return 0; }'
} > consts.cu
nvcc -o consts consts.cu && ./consts
