// Inline PTX syntax as real code writes it: several statements per string, // and /* */
// comments, nested { } scopes with shadowing .reg declarations, register arrays r<4>,
// registers declared with and without %, literals in decimal, hex, octal, binary, negative,
// 0f/0d floats, [reg+-4] offsets, @p and @!p guards, d|p pairs, "+r" operands, "n"
// immediates, labels and bra (also in an asm in a C++ loop), .pragma, exit (guarded and
// not), and the "memory"-clobbering empty asm (a compiler barrier).
#include <cstdio>

__global__ void kernel(unsigned *out, const unsigned *in) {
  unsigned t = threadIdx.x, r0, r1, r2, acc = t;
  asm volatile("" ::: "memory");
  asm("{\n\t"
      ".reg .u32 %%a<4>; // four registers %%a0..%%a3\n\t"
      ".reg .pred p;\n\t"
      "mov.u32 %%a0, 0x10; mov.u32 %%a1, 010; /* octal */ mov.u32 %%a2, 0b101;\n\t"
      "mov.u32 %%a3, -3;\n\t"
      "add.u32 %0, %%a0, %%a1;\n\t"
      "add.u32 %0, %0, %%a2;\n\t"
      "add.u32 %0, %0, %%a3;\n\t"  /* 16 + 8 + 5 - 3 = 26 */
      "{ .reg .u32 %%a0; mov.u32 %%a0, 1000; add.u32 %1, %%a0, %3; }\n\t" /* shadowed */
      "add.u32 %2, %%a0, %3;\n\t" /* the outer %a0 again: 16 + t */
      "}"
      : "=r"(r0), "=r"(r1), "=r"(r2) : "r"(t));
  out[8 * t + 0] = r0;
  out[8 * t + 1] = r1;
  out[8 * t + 2] = r2;
  asm("add.u32 %0, %0, %1;" : "+r"(acc) : "n"(7));
  out[8 * t + 3] = acc;
  unsigned prev;
  asm("ld.global.u32 %0, [%1+-4];" : "=r"(prev) : "l"(in + t + 1));
  out[8 * t + 4] = prev;
  float f;
  double d;
  asm("mov.f32 %0, 0f40490FDB;" : "=f"(f)); /* pi */
  asm("mov.f64 %0, 0d3FF8000000000000;" : "=d"(d)); /* 1.5 */
  out[8 * t + 5] = __float_as_uint(f) ^ (unsigned)(__double_as_longlong(d) >> 32);
  unsigned odd, even;
  asm("{ .reg .pred isodd, iseven; and.b32 %0, %2, 1; setp.ne.u32 isodd|iseven, %0, 0;\n\t"
      "@isodd mov.u32 %0, 111;\n\t@!isodd mov.u32 %0, 222;\n\t"
      "selp.u32 %1, 1, 0, iseven; }"
      : "=r"(odd), "=r"(even) : "r"(t));
  out[8 * t + 6] = odd * 10 + even;
  unsigned steps;
  asm("{\n\t.reg .u32 n;\n\t.reg .pred done;\n\tmov.u32 %0, 0;\n\tmov.u32 n, %1;\n"
      "$Lloop:\n\t"
      ".pragma \"nounroll\";\n\t"
      "setp.le.u32 done, n, 1;\n\t"
      "@done bra.uni $Ldone;\n\t"
      "add.u32 %0, %0, 1;\n\t"
      "{ .reg .pred even; .reg .u32 bit; and.b32 bit, n, 1; setp.eq.u32 even, bit, 0;\n\t"
      "@even shr.u32 n, n, 1;\n\t"
      "@!even mad.lo.u32 n, n, 3, 1; }\n\t"
      "bra.uni $Lloop;\n"
      "$Ldone:\n\t}"
      : "=r"(steps) : "r"(t + 1));
  out[8 * t + 7] = steps; /* Collatz steps of t + 1 */
  /* an asm with branches (labels scoped by its braces) in a C++ loop with a break */
  unsigned sum = 0;
  for (unsigned i = 0; i < t; i++) {
    unsigned r;
    asm("{ .reg .pred p; setp.eq.u32 p, %1, 3; @p bra SKIP; add.u32 %0, %2, %1; bra DONE;\n"
        "SKIP:\n mov.u32 %0, %2;\nDONE:\n }"
        : "=r"(r) : "r"(i % 4), "r"(sum));
    sum = r;
    if (sum > 40) break;
  }
  out[9 * 64 + t] = sum;
  /* exit ends the thread: a guarded exit in PTX, and one the C++ branches around */
  asm volatile("{ .reg .pred p; setp.eq.u32 p, %0, 5; @p exit; }" ::"r"(t % 8) : "memory");
  if (t % 8 == 6) asm volatile("exit;" ::: "memory");
  out[8 * 64 + t] = t + 1;
}

int main() {
  const int n = 64;
  unsigned in[n + 1], out[10 * n];
  for (int i = 0; i <= n; i++) in[i] = 0x5000 + i * 11;
  unsigned *din, *dout;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, sizeof out);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  cudaMemset(dout, 0, sizeof out);
  kernel<<<1, n>>>(dout, din);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (unsigned t = 0; t < n; t++) {
    unsigned c = 0;
    for (unsigned v = t + 1; v > 1; c++) v = v % 2 ? 3 * v + 1 : v / 2;
    unsigned want[8] = {26, 1000 + t, 16 + t, t + 7, in[t], 0x40490FDBu ^ 0x3FF80000u,
                        (t % 2 ? 111u : 222u) * 10 + (t % 2 ? 0 : 1), c};
    for (int k = 0; k < 8; k++)
      if (out[8 * t + k] != want[k] && bad++ < 20)
        printf("thread %u value %d: %u, want %u\n", t, k, out[8 * t + k], want[k]);
    unsigned acc = 0;
    for (unsigned i = 0; i < t; i++) {
      acc = i % 4 == 3 ? acc : acc + i % 4;
      if (acc > 40) break;
    }
    if (out[9 * n + t] != acc && bad++ < 20) printf("thread %u loop with branches: %u, want %u\n", t, out[9 * n + t], acc);
    unsigned after = t % 8 == 5 || t % 8 == 6 ? 0 : t + 1;
    if (out[8 * n + t] != after && bad++ < 20) printf("thread %u after exit: %u\n", t, out[8 * n + t]);
  }
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
