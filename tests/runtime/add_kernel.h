/* tests/runtime/add_kernel.h — the handmade module of one kernel, add(int *p, int n,
 * int v): p[i] += v for i < n, shared by fuzz_calls.c and test_load.c (after handmade.h:
 * ABI_ARGS, make_module). */
#ifndef ANCHOR_TEST_ADD_KERNEL_H
#define ANCHOR_TEST_ADD_KERNEL_H

/* add(int *p, int n, int v): p[i] += v for i < n */
static const char msl[] = "#include <metal_stdlib>\nusing namespace metal;\n"
                          "kernel void add(" ABI_ARGS ") {\n"
                          "  ulong p = *(constant ulong *)(anchor_params + 0);\n"
                          "  int n = *(constant int *)(anchor_params + 8);\n"
                          "  int v = *(constant int *)(anchor_params + 12);\n"
                          "  int i = (int)(anchor_bid.x * anchor_bdim.x + anchor_tid.x);\n"
                          "  if (i < n) *reinterpret_cast<device int *>(p + (ulong)i * 4 + "
                          "anchor_ctx[0]) += v;\n"
                          "}\n";
static ac_param add_params[] = {{0, 8}, {8, 4}, {12, 4}};
/* designated: the fields not named (new ones too) are zero */
static const ac_kernel kernels[] = {
    {.name = "add", .param_bytes = 16, .param_count = 3, .params = add_params}};
static void add_stub(void) {}

#endif
