/* Anchor's own runtime header for Csmith-generated programs (tests/differential).
 *
 * Csmith's output does `#include "csmith.h"` and expects: the <stdint.h> types, the
 * "safe math" wrappers (safe_OP_func_TYPE_SIGNS: UB-free arithmetic that returns its
 * first operand where C would be undefined), the CRC-32 checksum of the globals
 * (crc32_gentab, transparent_crc, transparent_crc_bytes, crc32_context) and
 * platform_main_begin/end. Written from those names' contracts, not from Csmith's files
 * (the Debian package ships none). The same definitions serve both sides of the
 * comparison: the host build (system compiler, plain C++) and the device build (CUDA,
 * one GPU thread), so any UB-free definition gives equal checksums on a correct
 * compiler. Under CUDA every function and variable here is __device__; the checksum is
 * left in csmith_checksum for kernel.cu's host code to print. */
#ifndef ANCHOR_CSMITH_H
#define ANCHOR_CSMITH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Csmith's C++ output uses NULL inside comma expressions, `(e, NULL) == p`, which is
 * only a null pointer in C++ when NULL is nullptr. */
#ifdef __cplusplus
#undef NULL
#define NULL nullptr
#endif

#ifdef __CUDACC__
#define CS_FN static __device__ inline
#define CS_VAR __device__
#else
#define CS_FN static inline
#define CS_VAR static
#endif

/* Signed: overflow, division by zero, INT_MIN / -1, negative or oversized shifts and
 * shifts of negative values return the first operand. W is the width of the type after
 * integer promotion (32, or 64 for int64_t). */
#define CS_SIGNED(T, MIN, MAX, W)                                                                  \
  CS_FN T safe_unary_minus_func_##T##_s(T a) {                                                     \
    return a == MIN ? a : (T) - a;                                                                 \
  }                                                                                                \
  CS_FN T safe_add_func_##T##_s_s(T a, T b) {                                                      \
    return ((b > 0 && a > MAX - b) || (b < 0 && a < MIN - b)) ? a : (T)(a + b);                    \
  }                                                                                                \
  CS_FN T safe_sub_func_##T##_s_s(T a, T b) {                                                      \
    return ((b < 0 && a > MAX + b) || (b > 0 && a < MIN + b)) ? a : (T)(a - b);                    \
  }                                                                                                \
  CS_FN T safe_mul_func_##T##_s_s(T a, T b) {                                                      \
    int ovf = (a > 0 && b > 0 && a > MAX / b) || (a > 0 && b <= 0 && b < MIN / a) ||               \
              (a <= 0 && b > 0 && a < MIN / b) || (a < 0 && b <= 0 && b < MAX / a);                \
    return ovf ? a : (T)(a * b);                                                                   \
  }                                                                                                \
  CS_FN T safe_div_func_##T##_s_s(T a, T b) {                                                      \
    return (b == 0 || (a == MIN && b == -1)) ? a : (T)(a / b);                                     \
  }                                                                                                \
  CS_FN T safe_mod_func_##T##_s_s(T a, T b) {                                                      \
    return (b == 0 || (a == MIN && b == -1)) ? a : (T)(a % b);                                     \
  }                                                                                                \
  CS_FN T safe_lshift_func_##T##_s_s(T a, int b) {                                                 \
    return (a < 0 || b < 0 || b >= W || a > (MAX >> b)) ? a : (T)(a << b);                         \
  }                                                                                                \
  CS_FN T safe_lshift_func_##T##_s_u(T a, unsigned int b) {                                        \
    return (a < 0 || b >= W || a > (MAX >> b)) ? a : (T)(a << b);                                  \
  }                                                                                                \
  CS_FN T safe_rshift_func_##T##_s_s(T a, int b) {                                                 \
    return (a < 0 || b < 0 || b >= W) ? a : (T)(a >> b);                                           \
  }                                                                                                \
  CS_FN T safe_rshift_func_##T##_s_u(T a, unsigned int b) {                                        \
    return (a < 0 || b >= W) ? a : (T)(a >> b);                                                    \
  }

/* Unsigned: wrap-around as C defines it (products of narrow types computed in an
 * unsigned type, never in a promoted int); division by zero and oversized shifts return
 * the first operand; a left shift that would overflow a promoted int does too. */
#define CS_UNSIGNED(T, MAX, W, WIDE)                                                               \
  CS_FN T safe_unary_minus_func_##T##_u(T a) {                                                     \
    return (T)(0 - (WIDE)a);                                                                       \
  }                                                                                                \
  CS_FN T safe_add_func_##T##_u_u(T a, T b) {                                                      \
    return (T)((WIDE)a + (WIDE)b);                                                                 \
  }                                                                                                \
  CS_FN T safe_sub_func_##T##_u_u(T a, T b) {                                                      \
    return (T)((WIDE)a - (WIDE)b);                                                                 \
  }                                                                                                \
  CS_FN T safe_mul_func_##T##_u_u(T a, T b) {                                                      \
    return (T)((WIDE)a * (WIDE)b);                                                                 \
  }                                                                                                \
  CS_FN T safe_div_func_##T##_u_u(T a, T b) {                                                      \
    return b == 0 ? a : (T)(a / b);                                                                \
  }                                                                                                \
  CS_FN T safe_mod_func_##T##_u_u(T a, T b) {                                                      \
    return b == 0 ? a : (T)(a % b);                                                                \
  }                                                                                                \
  CS_FN T safe_lshift_func_##T##_u_s(T a, int b) {                                                 \
    return (b < 0 || b >= W || a > (MAX >> b)) ? a : (T)((WIDE)a << b);                            \
  }                                                                                                \
  CS_FN T safe_lshift_func_##T##_u_u(T a, unsigned int b) {                                        \
    return (b >= W || a > (MAX >> b)) ? a : (T)((WIDE)a << b);                                     \
  }                                                                                                \
  CS_FN T safe_rshift_func_##T##_u_s(T a, int b) {                                                 \
    return (b < 0 || b >= W) ? a : (T)(a >> b);                                                    \
  }                                                                                                \
  CS_FN T safe_rshift_func_##T##_u_u(T a, unsigned int b) {                                        \
    return b >= W ? a : (T)(a >> b);                                                               \
  }

CS_SIGNED(int8_t, INT8_MIN, INT8_MAX, 32)
CS_SIGNED(int16_t, INT16_MIN, INT16_MAX, 32)
CS_SIGNED(int32_t, INT32_MIN, INT32_MAX, 32)
CS_SIGNED(int64_t, INT64_MIN, INT64_MAX, 64)
CS_UNSIGNED(uint8_t, UINT8_MAX, 32, uint32_t)
CS_UNSIGNED(uint16_t, UINT16_MAX, 32, uint32_t)
CS_UNSIGNED(uint32_t, UINT32_MAX, 32, uint32_t)
CS_UNSIGNED(uint64_t, UINT64_MAX, 64, uint64_t)

/* CRC-32 (reflected, polynomial 0xEDB88320) over each global's value, 8 bytes little
 * endian per scalar. */
CS_VAR uint32_t crc32_tab[256];
CS_VAR uint32_t crc32_context = 0xFFFFFFFFu;
#ifdef __CUDACC__
__device__ uint32_t csmith_checksum;
__device__ int csmith_done;
#endif

CS_FN void crc32_gentab(void) {
  for (uint32_t i = 0; i < 256; i++) {
    uint32_t c = i;
    for (int j = 0; j < 8; j++)
      c = (c & 1) ? (c >> 1) ^ 0xEDB88320u : c >> 1;
    crc32_tab[i] = c;
  }
}

CS_FN void crc32_byte(uint8_t b) {
  crc32_context = (crc32_context >> 8) ^ crc32_tab[(crc32_context ^ b) & 0xFF];
}

CS_FN void transparent_crc(uint64_t val, const char *name, int flag) {
  (void)name;
  (void)flag;
  for (int i = 0; i < 8; i++)
    crc32_byte((uint8_t)(val >> (8 * i)));
}

CS_FN void transparent_crc_bytes(const void *p, int n, const char *name, int flag) {
  (void)name;
  (void)flag;
  for (int i = 0; i < n; i++)
    crc32_byte(((const uint8_t *)p)[i]);
}

CS_FN void platform_main_begin(void) {}

CS_FN void platform_main_end(uint32_t crc, int flag) {
  (void)flag;
#ifdef __CUDACC__
  csmith_checksum = crc;
  csmith_done = 1;
#else
  printf("checksum = %X\n", crc);
#endif
}

#endif
