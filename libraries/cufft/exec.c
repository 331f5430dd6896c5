/* exec.c — libcufft's cufftExec* calls (docs/cufft.md, "Execution"): one gather of the
 * user's input into the compact array of the work area, the transforms of each
 * dimension (Stockham passes, or Bluestein's three steps around two power-of-two
 * transforms), one scatter into the user's output. Every step is a kernel launched in
 * the plan's stream, in order; nothing waits for the device. */
#include <limits.h>
#include <stdint.h>

#include "cufft_internal.h"

/* kernels.cu's table, in fft_args.h's order, float kernels first. */
extern void *cufft_kernels[2 * CUFFT_KERNEL_COUNT];

enum { THREADS_PER_BLOCK = 256, MAX_BLOCKS = 65535 }; /* the kernels loop over the rest */

static cufftResult launch(const cufft_plan *plan, int kernel, void *args, long long threads) {
  if (threads <= 0) return CUFFT_SUCCESS;
  long long blocks = (threads + THREADS_PER_BLOCK - 1) / THREADS_PER_BLOCK;
  dim3 grid = {(unsigned)(blocks < MAX_BLOCKS ? blocks : MAX_BLOCKS), 1, 1};
  dim3 block = {THREADS_PER_BLOCK, 1, 1};
  void *params[1] = {args};
  cudaError_t e = cudaLaunchKernel(cufft_kernels[plan->precision * CUFFT_KERNEL_COUNT + kernel],
                                   grid, block, params, 0, plan->stream);
  return e == cudaSuccess ? CUFFT_SUCCESS : CUFFT_EXEC_FAILED;
}

/* The gather and scatter kernels of a mode (fft_args.h: one per mode). */
static int gather_kernel(int mode) {
  return mode == CUFFT_DATA_REAL_PAIRS       ? CUFFT_KERNEL_GATHER_REAL_PAIRS
         : mode == CUFFT_DATA_REAL_ROW_PAIRS ? CUFFT_KERNEL_GATHER_REAL_ROW_PAIRS
                                             : CUFFT_KERNEL_GATHER;
}

static int scatter_kernel(int mode) {
  return mode == CUFFT_DATA_REAL_PAIRS       ? CUFFT_KERNEL_SCATTER_REAL_PAIRS
         : mode == CUFFT_DATA_REAL_ROW_PAIRS ? CUFFT_KERNEL_SCATTER_REAL_ROW_PAIRS
                                             : CUFFT_KERNEL_SCATTER;
}

static int pass_kernel(int radix) {
  switch (radix) {
  case 2: return CUFFT_KERNEL_PASS2;
  case 3: return CUFFT_KERNEL_PASS3;
  case 4: return CUFFT_KERNEL_PASS4;
  case 5: return CUFFT_KERNEL_PASS5;
  case 7: return CUFFT_KERNEL_PASS7;
  case 8: return CUFFT_KERNEL_PASS8;
  default: return CUFFT_KERNEL_PASS_GENERAL;
  }
}

/* Where each step of a transform (a Stockham pass, or one dimension's Bluestein) reads
 * and writes: the first step reads the user's input when it is already a compact
 * complex array, else the gathered copy; the last writes the user's output when that is
 * a compact complex array, else a compact array the scatter reads; the steps between
 * alternate between the work area's two compact arrays. */
typedef struct cufft_chain {
  void *compact[2];
  const void *current; /* what the next step reads */
  void *last;          /* what the last step writes, NULL: a compact array */
  int step, steps;
} cufft_chain;

static void *chain_target(const cufft_chain *c) {
  if (c->step == c->steps - 1 && c->last) return c->last;
  return c->current == c->compact[0] ? c->compact[1] : c->compact[0];
}

static cufftResult stockham_pass(const cufft_plan *plan, const void *in, void *out, int radix,
                                 long long n, long long ns, const void *twiddles, long long inner,
                                 long long lines, int inverse) {
  cufft_pass_args a = {in, out, twiddles, n, ns, inner, lines * (n / radix), radix, inverse};
  return launch(plan, pass_kernel(radix), &a, a.total);
}

/* An m-point transform of Bluestein's lines, ping-ponging between its two buffers from
 * buffers[*cur]; the result is left in buffers[*cur]. */
static cufftResult bluestein_transform(const cufft_plan *plan, const cufft_length_plan *lp,
                                       long long lines, int inverse, void *buffers[2], int *cur) {
  long long ns = 1;
  for (int i = 0; i < lp->m_passes; i++) {
    cufftResult r = stockham_pass(plan, buffers[*cur], buffers[!*cur], lp->m_radix[i], lp->m, ns,
                                  lp->m_twiddles, 1, lines, inverse);
    if (r != CUFFT_SUCCESS) return r;
    ns *= lp->m_radix[i];
    *cur = !*cur;
  }
  return CUFFT_SUCCESS;
}

/* Bluestein for one dimension, from in to out through the two line buffers. */
static cufftResult run_bluestein(const cufft_plan *plan, const cufft_length_plan *lp,
                                 long long inner, long long lines, int inverse, const void *in,
                                 void *out, void *lines_buffers[2]) {
  int bc = 0;
  cufft_chirp_args pre = {in,    lines_buffers[0], lp->chirp, lp->n, lp->m,
                          inner, lines * lp->m,    inverse};
  cufftResult r = launch(plan, CUFFT_KERNEL_CHIRP_PRE, &pre, pre.total);
  if (r == CUFFT_SUCCESS) r = bluestein_transform(plan, lp, lines, 0, lines_buffers, &bc);
  cufft_chirp_args mul = {lines_buffers[bc],
                          lines_buffers[bc],
                          lp->kernel_hat,
                          lp->n,
                          lp->m,
                          1,
                          lines * lp->m,
                          inverse};
  if (r == CUFFT_SUCCESS) r = launch(plan, CUFFT_KERNEL_CHIRP_MUL, &mul, mul.total);
  if (r == CUFFT_SUCCESS) r = bluestein_transform(plan, lp, lines, 1, lines_buffers, &bc);
  cufft_chirp_args post = {lines_buffers[bc], out,    lp->chirp, lp->n, lp->m, inner,
                           lines * lp->n,     inverse};
  if (r == CUFFT_SUCCESS) r = launch(plan, CUFFT_KERNEL_CHIRP_POST, &post, post.total);
  return r;
}

/* Whether a complex layout is the compact array itself (the strides of dimensions of
 * length 1 and, for one transform, the distance do not matter). */
static int is_compact(const cufft_plan *plan, const cufft_layout *l) {
  const long long *n = plan->n;
  long long want[3] = {n[1] * n[2], n[2], 1};
  for (int d = 0; d < 3; d++)
    if (n[d] > 1 && l->s[d] != want[d]) return 0;
  return plan->batch == 1 || l->dist == n[0] * n[1] * n[2];
}

/* One dimension's transform along lines of lp->n values inner apart, as the chain's
 * next steps: Bluestein's algorithm or the Stockham passes. */
static cufftResult run_dimension(const cufft_plan *plan, const cufft_length_plan *lp,
                                 long long inner, long long lines, int inverse, cufft_chain *c,
                                 void *lines_buffers[2]) {
  cufftResult r = CUFFT_SUCCESS;
  if (lp->bluestein) {
    void *target = chain_target(c);
    r = run_bluestein(plan, lp, inner, lines, inverse, c->current, target, lines_buffers);
    c->current = target, c->step++;
  }
  long long ns = 1;
  for (int i = 0; i < lp->passes && r == CUFFT_SUCCESS; i++) {
    void *target = chain_target(c);
    r = stockham_pass(plan, c->current, target, lp->radix[i], lp->n, ns, lp->twiddles, inner, lines,
                      inverse);
    ns *= lp->radix[i];
    c->current = target, c->step++;
  }
  return r;
}

/* The real transforms' paths along the last dimension (n = n[2], h = n / 2):
 * - the half-length path (n even): each row's reals as h complex pairs, transformed with
 *   h points; real_post / real_pre between them and the row's h+1 spectrum values;
 * - the paired-row path (n odd): rows 2q and 2q + 1 as the real and imaginary parts of
 *   one complex line, transformed with n points; pair_post / pair_pre between the line
 *   and the two rows' h+1 spectrum values.
 * R2C: gather, the last dimension's transform, the post kernel, then the other
 * dimensions over the h+1 values of the half spectrum, scatter. C2R runs it backwards:
 * gather of the half spectrum, the other dimensions, the pre kernel, the inverse
 * transform of the last dimension, scatter of the reals. Always through the work area's
 * compact arrays (gather and scatter). */
static cufftResult execute_real(const cufft_plan *plan, int r2c, const cufft_layout *in,
                                const cufft_layout *out, const void *idata, void *odata,
                                void *compact[2], void *lines_buffers[2]) {
  const long long *n = plan->n;
  int paired = !plan->half_real;
  long long h = n[2] / 2, rows = plan->batch * n[0] * n[1];
  long long spectrum = rows * (h + 1);
  /* The last dimension's lines and their length, and the complex values they hold. */
  long long lines = paired ? (rows + 1) / 2 : rows, length = paired ? n[2] : h;
  long long packed = lines * length;
  cufft_chain c = {{compact[0], compact[1]}, compact[0], NULL, 0, INT_MAX};
  const cufft_length_plan *last = &plan->dims[2];
  cufft_gather_args g = {idata,
                         compact[0],
                         {n[0], n[1], r2c ? length : h + 1},
                         {in->s[0], in->s[1], in->s[2]},
                         in->dist,
                         r2c ? packed : spectrum,
                         !r2c     ? CUFFT_DATA_COMPLEX
                         : paired ? CUFFT_DATA_REAL_ROW_PAIRS
                                  : CUFFT_DATA_REAL_PAIRS,
                         rows};
  cufftResult r = launch(plan, gather_kernel(g.mode), &g, g.total);
  if (r == CUFFT_SUCCESS && r2c) r = run_dimension(plan, last, 1, lines, 0, &c, lines_buffers);
  void *target = chain_target(&c);
  cufft_real_args t = {c.current, target, plan->real_roots, h, rows, r2c ? spectrum : packed, n[2]};
  if (r == CUFFT_SUCCESS && r2c) {
    r = launch(plan, paired ? CUFFT_KERNEL_PAIR_POST : CUFFT_KERNEL_REAL_POST, &t, t.total);
    c.current = target, c.step++;
  }
  long long inner = h + 1;
  for (int d = 1; d >= 0 && r == CUFFT_SUCCESS; d--) {
    r = run_dimension(plan, &plan->dims[d], inner, spectrum / n[d], !r2c, &c, lines_buffers);
    inner *= n[d];
  }
  if (r == CUFFT_SUCCESS && !r2c) {
    target = chain_target(&c);
    t.in = c.current, t.out = target;
    r = launch(plan, paired ? CUFFT_KERNEL_PAIR_PRE : CUFFT_KERNEL_REAL_PRE, &t, t.total);
    c.current = target, c.step++;
    if (r == CUFFT_SUCCESS) r = run_dimension(plan, last, 1, lines, 1, &c, lines_buffers);
  }
  if (r != CUFFT_SUCCESS) return r;
  long long width = r2c ? h + 1 : length;
  cufft_scatter_args s = {c.current,
                          odata,
                          {n[0], n[1], width},
                          {n[0], n[1], width},
                          {out->s[0], out->s[1], out->s[2]},
                          out->dist,
                          r2c ? spectrum : packed,
                          r2c      ? CUFFT_DATA_COMPLEX
                          : paired ? CUFFT_DATA_REAL_ROW_PAIRS
                                   : CUFFT_DATA_REAL_PAIRS,
                          rows};
  return launch(plan, scatter_kernel(s.mode), &s, s.total);
}

/* The user's layout of one side; basic layouts are decided here: full complex arrays,
 * half spectra (n[2]/2+1 along the last dimension), real arrays whose rows are padded
 * to 2 (n[2]/2+1) values in place, as cuFFT's (and FFTW's) real transforms pad them. */
static cufft_layout resolve(const cufft_plan *plan, const cufft_layout *given, int data,
                            int in_place) {
  if (!given->basic) return *given;
  const long long *n = plan->n;
  long long half = n[2] / 2 + 1;
  long long row = data == CUFFT_DATA_HERMITIAN ? half
                  : data == CUFFT_DATA_REAL    ? (in_place ? 2 * half : n[2])
                                               : n[2];
  cufft_layout l = {1, {n[1] * row, row, 1}, n[0] * n[1] * row};
  return l;
}

static cufftResult execute(cufftHandle handle, int precision, int real_in, int real_out,
                           const void *idata, void *odata, int direction) {
  cufft_plan *plan = cufft_plan_lookup(handle);
  if (!plan || !plan->made) return CUFFT_INVALID_PLAN;
  int plan_real_in = plan->type == CUFFT_R2C || plan->type == CUFFT_D2Z;
  int plan_real_out = plan->type == CUFFT_C2R || plan->type == CUFFT_Z2D;
  if (plan->precision != precision || plan_real_in != real_in || plan_real_out != real_out)
    return CUFFT_INVALID_VALUE;
  if (!idata || !odata || (direction != CUFFT_FORWARD && direction != CUFFT_INVERSE))
    return CUFFT_INVALID_VALUE;
  if (!plan->work) return CUFFT_NO_WORKSPACE;

  int in_data = real_in ? CUFFT_DATA_REAL : real_out ? CUFFT_DATA_HERMITIAN : CUFFT_DATA_COMPLEX;
  int out_data = real_out ? CUFFT_DATA_REAL : real_in ? CUFFT_DATA_HERMITIAN : CUFFT_DATA_COMPLEX;
  int in_place = idata == odata;
  cufft_layout in = resolve(plan, &plan->in, in_data, in_place);
  cufft_layout out = resolve(plan, &plan->out, out_data, in_place);
  cufft_work_parts parts = cufft_plan_work_parts(plan);
  char *work = plan->work;
  void *compact[2] = {work, work + parts.compact_bytes};
  void *lines_buffers[2] = {work + 2 * parts.compact_bytes,
                            work + 2 * parts.compact_bytes + parts.bluestein_bytes};
  const long long *n = plan->n;
  long long total = plan->batch * n[0] * n[1] * n[2];
  int inverse = direction == CUFFT_INVERSE;
  if (real_in || real_out)
    return execute_real(plan, real_in, &in, &out, idata, odata, compact, lines_buffers);

  /* Complex to complex. */
  int steps = 0;
  for (int d = 0; d < 3; d++)
    steps += plan->dims[d].bluestein ? 1 : plan->dims[d].passes;
  /* The gather and the scatter are skipped where the user's data is the compact array
   * already; but one step alone cannot read and write the same array. */
  int direct_in = steps > 0 && is_compact(plan, &in);
  int direct_out = steps > 0 && is_compact(plan, &out) && !(steps == 1 && direct_in && in_place);
  cufft_chain c = {{compact[0], compact[1]},
                   direct_in ? idata : compact[0],
                   direct_out ? odata : NULL,
                   0,
                   steps};
  cufftResult r = CUFFT_SUCCESS;
  if (!direct_in) {
    cufft_gather_args g = {idata,   compact[0], {n[0], n[1], n[2]}, {in.s[0], in.s[1], in.s[2]},
                           in.dist, total,      CUFFT_DATA_COMPLEX, 0};
    r = launch(plan, gather_kernel(g.mode), &g, total);
  }
  long long inner = 1;
  for (int d = 2; d >= 0 && r == CUFFT_SUCCESS; d--) {
    r = run_dimension(plan, &plan->dims[d], inner, total / n[d], inverse, &c, lines_buffers);
    inner *= n[d];
  }
  if (direct_out || r != CUFFT_SUCCESS) return r;
  cufft_scatter_args s = {c.current,
                          odata,
                          {n[0], n[1], n[2]},
                          {n[0], n[1], n[2]},
                          {out.s[0], out.s[1], out.s[2]},
                          out.dist,
                          total,
                          CUFFT_DATA_COMPLEX,
                          0};
  return launch(plan, scatter_kernel(s.mode), &s, s.total);
}

cufftResult cufftExecC2C(cufftHandle plan, cufftComplex *idata, cufftComplex *odata,
                         int direction) {
  return execute(plan, 0, 0, 0, idata, odata, direction);
}

cufftResult cufftExecZ2Z(cufftHandle plan, cufftDoubleComplex *idata, cufftDoubleComplex *odata,
                         int direction) {
  return execute(plan, 1, 0, 0, idata, odata, direction);
}

cufftResult cufftExecR2C(cufftHandle plan, cufftReal *idata, cufftComplex *odata) {
  return execute(plan, 0, 1, 0, idata, odata, CUFFT_FORWARD);
}

cufftResult cufftExecD2Z(cufftHandle plan, cufftDoubleReal *idata, cufftDoubleComplex *odata) {
  return execute(plan, 1, 1, 0, idata, odata, CUFFT_FORWARD);
}

cufftResult cufftExecC2R(cufftHandle plan, cufftComplex *idata, cufftReal *odata) {
  return execute(plan, 0, 0, 1, idata, odata, CUFFT_INVERSE);
}

cufftResult cufftExecZ2D(cufftHandle plan, cufftDoubleComplex *idata, cufftDoubleReal *odata) {
  return execute(plan, 1, 0, 1, idata, odata, CUFFT_INVERSE);
}
