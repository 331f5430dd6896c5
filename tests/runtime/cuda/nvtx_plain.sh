#!/bin/sh
# tests/runtime/cuda/nvtx_plain.sh CC INCLUDE LIBANCHOR OUT — nvtx_plain.c built with the
# system's C compiler against Anchor's headers, not linked with libanchor: no-ops without a
# tool, libanchor's levels with NVTX_INJECTION64_PATH=LIBANCHOR; then the same against CUDA's
# own nvtx3 header when /usr/local/cuda/include has one (NVTX's injection ABI).
set -eu
cc=$1 inc=$2 lib=$3 out=$4
src=$(dirname "$0")/nvtx_plain.c
check() { # what binary environment...
  want=$1 bin=$2
  shift 2
  got=$(env "$@" "$bin")
  [ "$got" = "$want" ] || { echo "FAIL: $bin $*: '$got', expected '$want'"; exit 1; }
  echo "$bin $*: $got"
}
"$cc" -std=c17 -Wall -Wextra -Werror -I"$inc" "$src" -o "$out" -ldl
check "levels -2 -2 -2 -2" "$out" NVTX_INJECTION64_PATH=
check "levels 0 1 1 0" "$out" NVTX_INJECTION64_PATH="$lib"
if [ -f /usr/local/cuda/include/nvtx3/nvToolsExt.h ]; then
  "$cc" -std=gnu17 -I/usr/local/cuda/include "$src" -o "$out.nvidia" -ldl
  check "levels -2 -2 -2 -2" "$out.nvidia" NVTX_INJECTION64_PATH=
  check "levels 0 1 1 0" "$out.nvidia" NVTX_INJECTION64_PATH="$lib"
fi
echo PASS
