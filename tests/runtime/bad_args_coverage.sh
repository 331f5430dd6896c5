#!/usr/bin/env bash
# bad_args_coverage.sh TEST LIBANCHOR INCLUDE_DIR — which of libanchor's exported API
# functions test_bad_args calls with bad arguments. The functions listed in
# anchor/unsupported_{runtime,driver}.h (each returns "not supported" whatever its
# arguments; runtime.test_unsupported checks them all) are left out. Prints the figure
# and every function not covered; fails when a function is neither covered nor named
# in the list below (with the reason it is not in the table).
set -euo pipefail
test=$1 lib=$2 inc=$3
# Not in the table, and why:
#   cudaCreateChannelDesc, cudaGetErrorName/String: no error code to check (returns a
#     value; unknown codes are checked to give a string in bad_args_errors);
#   cudaGetLastError, cudaPeekAtLastError, cudaDeviceSynchronize, cudaDeviceReset,
#     cudaSetDevice...: take no bad argument (called throughout; reset in test_device);
#   __cuda*: clang's generated code, called directly (not through the table's macros) by
#     main and undefined_entry_points, which misuses some.
allowed="__cudaRegisterFatBinary __cudaRegisterFatBinaryEnd __cudaRegisterFunction
__cudaUnregisterFatBinary cudaCreateChannelDesc cudaGetErrorName cudaGetErrorString cudaGetLastError
cudaPeekAtLastError cudaDeviceReset cudaDeviceSynchronize cuCtxSynchronize
__cudaRegisterManagedVar __cudaRegisterSurface __cudaRegisterTexture __cudaRegisterVar
__cudaPushCallConfiguration"
exports=$(nm -D --defined-only "$lib" | awk '$2 == "T" { print $3 }' | sed 's/@.*//' |
  grep -E '^(cuda|cu[A-Z]|__cuda)' | sed -E 's/_v[0-9]+$//' | sort -u)
unsupported=$(cat "$inc"/anchor/unsupported_runtime.h "$inc"/anchor/unsupported_driver.h |
  sed -nE 's/^ *X\((cuda|cu)([A-Za-z0-9_]*),.*/\1\2/p' | sed -E 's/_v[0-9]+$//' | sort -u)
covered=$("$test" --covered 2>&1 >/dev/null | awk '$1 == "covered" { print $2 }' |
  sed -E 's/_v[0-9]+$//' | sort -u)
wanted=$(comm -23 <(echo "$exports") <(echo "$unsupported"))
missing=$(comm -23 <(echo "$wanted") <(echo "$covered"))
n_wanted=$(echo "$wanted" | grep -c .)
n_missing=$(echo "$missing" | grep -c . || true)
echo "bad-argument coverage: $((n_wanted - n_missing)) of $n_wanted exported API functions" \
     "(the not-supported ones excluded)"
bad=0
for f in $missing; do
  if echo "$allowed" | tr ' ' '\n' | grep -qx "$f"; then
    echo "  not in the table (listed): $f"
  else
    echo "  NOT COVERED: $f"
    bad=1
  fi
done
exit $bad
