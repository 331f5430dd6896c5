/* common/abi.c — the MSL kernel signature of the kernel ABI (abi.h). */
#include "abi.h"

#include <assert.h>
#include <stdio.h>

size_t ac_abi_signature(char *out, size_t size, const char *name, bool dynamic_smem) {
  assert(name && (out || size == 0));
  int n = snprintf(out, size, "kernel void %s(%s)\n", name,
                   dynamic_smem ? AC_ABI_MSL_ARGS_DYNAMIC_SMEM : AC_ABI_MSL_ARGS);
  assert(n >= 0);
  return (size_t)n;
}
