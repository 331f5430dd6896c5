#!/usr/bin/env bash
# driver_uninit_coverage.sh TEST LIBANCHOR — every driver function libanchor exports
# (cu[A-Z]*) is called before cuInit by test_driver_uninit (which checks each gives
# CUDA_ERROR_NOT_INITIALIZED), but for those that answer without cuInit. Fails,
# naming them, when an exported function is missing from the test (a new function
# must be added to tests/runtime/test_driver_uninit.c).
set -euo pipefail
test=$1 lib=$2
exempt="cuInit cuDriverGetVersion cuGetErrorName cuGetErrorString cuGetProcAddress_v2"
exempt="$exempt cuLogsCurrent cuLogsDumpToFile cuLogsDumpToMemory cuLogsRegisterCallback cuLogsUnregisterCallback"
exports=$(nm -D --defined-only "$lib" | awk '$2 == "T" { print $3 }' | sed 's/@.*//' |
  grep -E '^cu[A-Z]' | sort -u)
covered=$("$test" --covered | awk '$1 == "covered" { print $2 }' | sort -u)
missing=$(comm -23 <(echo "$exports") <(echo "$covered") |
  grep -vxF -f <(tr ' ' '\n' <<<"$exempt") || true)
echo "before cuInit: $(echo "$covered" | grep -c .) driver functions called"
if [ -n "$missing" ]; then
  echo "$missing" | sed 's/^/  NOT CALLED BEFORE cuInit: /'
  exit 1
fi
