/* anchor/unsupported_driver.h — the CUDA driver API functions that Anchor
 * declares but does not implement yet, as one list:
 * X(name, (parameters), (zero arguments)). cuda.h declares each; libanchor
 * (runtime/cu_unsupported.c) defines each to return
 * CUDA_ERROR_NOT_SUPPORTED, never a silent success; the test
 * tests/runtime/test_unsupported.c calls each; docs/runtime.md ("Declared,
 * not supported") says why. A function that becomes implemented moves out
 * of this list into its API file. */
#ifndef ANCHOR_UNSUPPORTED_DRIVER_H
#define ANCHOR_UNSUPPORTED_DRIVER_H

/* clang-format off */
#define ANCHOR_UNSUPPORTED_DRIVER(X)
/* clang-format on */

#endif
