// i10_wide_bitfields.cu — issue 10: packed bit-field structs whose storage unit is wider
// than 128 bits. clang loads and stores consecutive bit-fields of a packed struct as one
// access unit: here {a:30, b:60, c:32, d:25, e:50} is an i200 (25 bytes), the 6 x 50-bit
// struct an i200 and an i104, the 13 x 60-bit one i120s (clang 19, nvptx); Csmith seed
// 35's struct made an i176. compiler/lower_int_widths.c computes them in 64-bit words.
// Each thread reads, updates (add, xor, shifts, signed fields, compares) and writes its
// structs in global memory and in a __shared__ array; the functions are __host__
// __device__, the host is the reference for the results and every byte of the structs.
// Prints PASS or FAIL (with the first mismatches).
#include <cuda_runtime.h>
#include <stdio.h>
#include <string.h>

#define HD __host__ __device__
enum { N = 1024, THREADS = 128, RESULTS = 8 };

struct __attribute__((packed)) four {
  unsigned a : 30;
  unsigned long long b : 60;
  unsigned c : 32; // a field is at most as wide as its type
  int d : 25;
  unsigned long long e : 50;
};
struct __attribute__((packed)) six {
  unsigned long long f0 : 50, f1 : 50, f2 : 50;
  long long f3 : 50, f4 : 50;
  unsigned long long f5 : 50;
};
struct __attribute__((packed)) thirteen {
  unsigned long long v0 : 60, v1 : 60, v2 : 60, v3 : 60, v4 : 60, v5 : 60, v6 : 60;
  long long v7 : 60, v8 : 60, v9 : 60;
  unsigned long long v10 : 60, v11 : 60, v12 : 60;
  unsigned char tail; // a byte after the 780-bit unit
};
struct __attribute__((packed)) record {
  unsigned char lead; // the units start at odd byte offsets
  four p;
  six q;
  thirteen r;
};

HD unsigned long long update(record *s, unsigned v) {
  unsigned long long x = v * 0x9e3779b97f4a7c15ull;
  four *p = &s->p;
  p->a = p->a + v;
  p->b = p->b * 3 + x;
  p->c ^= (unsigned)(x >> 17);
  p->d = p->d - (int)(v & 0xffff);
  p->e = (p->e >> 3) + (p->b << 5);
  six *q = &s->q;
  q->f0 += q->f5 ^ x;
  q->f1 = q->f1 * 7 + (q->f2 >> (v % 50));
  q->f2 = ~q->f2;
  q->f3 = q->f3 - (long long)(x >> 30) + (q->f4 >> 1);
  q->f4 = (q->f4 < 0) ? -q->f4 : q->f4 - 12345;
  q->f5 = q->f0 < q->f1 ? q->f5 + 1 : q->f5 - 1;
  thirteen *r = &s->r;
  r->v0 += r->v12;
  r->v3 = r->v1 ^ (r->v2 << 4) ^ x;
  r->v6 = r->v5 * 0x1234567ull + r->v4;
  r->v8 = r->v7 > r->v9 ? r->v7 - r->v9 : r->v9 - r->v7;
  r->v9 = r->v9 / 2 + (long long)(v & 7) - 3;
  r->v11 = r->v10 + r->v11 + x;
  r->tail = (unsigned char)(r->tail + v);
  s->lead = (unsigned char)(s->lead ^ v);
  unsigned long long h = p->a ^ p->b ^ p->c ^ (unsigned long long)(long long)p->d ^ p->e;
  h = h * 31 + (q->f0 ^ q->f1 ^ q->f2 ^ (unsigned long long)q->f3 ^ (unsigned long long)q->f4 ^ q->f5);
  h = h * 31 + (r->v0 ^ r->v3 ^ r->v6 ^ (unsigned long long)r->v8 ^ (unsigned long long)r->v9 ^ r->v11);
  return h;
}

// the fields' values (signed ones sign-extended), read after the update
HD void fields(const record *s, unsigned long long *o) {
  o[0] = s->p.b;
  o[1] = (unsigned long long)(long long)s->p.d;
  o[2] = s->q.f2;
  o[3] = (unsigned long long)s->q.f3;
  o[4] = (unsigned long long)s->q.f4;
  o[5] = (unsigned long long)s->r.v8;
  o[6] = s->r.v12 ^ ((unsigned long long)s->r.tail << 56);
}

__global__ void kernel(record *recs, unsigned long long *out, const unsigned *in, int n) {
  __shared__ record sh[THREADS];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) sh[threadIdx.x] = recs[i];
  __syncthreads();
  // each thread updates its neighbour's record in shared memory
  unsigned t = (threadIdx.x + 1) % blockDim.x;
  int j = blockIdx.x * blockDim.x + t;
  if (j < n) out[(size_t)j * RESULTS] = update(&sh[t], in[j]);
  __syncthreads();
  if (i < n) {
    recs[i] = sh[threadIdx.x];
    fields(&recs[i], out + (size_t)i * RESULTS + 1);
  }
}

static unsigned next(unsigned long long *state) {
  *state = *state * 6364136223846793005ull + 1442695040888963407ull;
  return (unsigned)(*state >> 33);
}

int main() {
  static record rec[N], ref_rec[N];
  static unsigned in[N];
  static unsigned long long out[N * RESULTS], ref[N * RESULTS];
  unsigned long long state = 2026;
  for (int i = 0; i < N; i++) {
    in[i] = next(&state);
    unsigned char *bytes = (unsigned char *)&rec[i];
    for (size_t k = 0; k < sizeof(record); k++) bytes[k] = (unsigned char)next(&state);
    ref_rec[i] = rec[i];
  }
  record *d_rec;
  unsigned long long *d_out;
  unsigned *d_in;
  cudaError_t e = cudaMalloc(&d_rec, sizeof rec);
  if (e == cudaSuccess) e = cudaMalloc(&d_out, sizeof out);
  if (e == cudaSuccess) e = cudaMalloc(&d_in, sizeof in);
  if (e == cudaSuccess) e = cudaMemcpy(d_rec, rec, sizeof rec, cudaMemcpyHostToDevice);
  if (e == cudaSuccess) e = cudaMemcpy(d_in, in, sizeof in, cudaMemcpyHostToDevice);
  if (e == cudaSuccess) e = cudaMemset(d_out, 0, sizeof out);
  if (e != cudaSuccess) {
    printf("FAIL: setup: %s\n", cudaGetErrorString(e));
    return 1;
  }
  kernel<<<N / THREADS, THREADS>>>(d_rec, d_out, d_in, N);
  e = cudaDeviceSynchronize();
  if (e == cudaSuccess) e = cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost);
  if (e == cudaSuccess) e = cudaMemcpy(rec, d_rec, sizeof rec, cudaMemcpyDeviceToHost);
  if (e != cudaSuccess) {
    printf("FAIL: kernel: %s\n", cudaGetErrorString(e));
    return 1;
  }
  memset(ref, 0, sizeof ref);
  for (int i = 0; i < N; i++) ref[(size_t)i * RESULTS] = update(&ref_rec[i], in[i]);
  for (int i = 0; i < N; i++) fields(&ref_rec[i], ref + (size_t)i * RESULTS + 1);
  int bad = 0;
  for (int i = 0; i < N * RESULTS; i++)
    if (out[i] != ref[i] && bad++ < 10)
      printf("mismatch: thread %d result %d: %016llx, expected %016llx\n", i / RESULTS,
             i % RESULTS, out[i], ref[i]);
  for (int i = 0; i < N; i++) {
    const unsigned char *a = (const unsigned char *)&rec[i], *b = (const unsigned char *)&ref_rec[i];
    for (size_t k = 0; k < sizeof(record); k++)
      if (a[k] != b[k] && bad++ < 10)
        printf("mismatch: record %d byte %zu: %02x, expected %02x\n", i, k, a[k], b[k]);
  }
  unsigned long long checksum = 0;
  for (int i = 0; i < N * RESULTS; i++) checksum = checksum * 31 + out[i];
  printf("checksum %016llx, sizes %zu %zu %zu %zu\n", checksum, sizeof(four), sizeof(six),
         sizeof(thirteen), sizeof(record));
  cudaFree(d_rec);
  cudaFree(d_out);
  cudaFree(d_in);
  if (bad) {
    printf("FAIL: %d mismatches\n", bad);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
