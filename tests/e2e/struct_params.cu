// struct_params.cu — end-to-end test of structs passed by value and structs in device
// memory, with members of mixed alignment: char, double (only copied, never computed
// on: Anchor has no FP64 arithmetic yet), short, float3 (12 bytes, 4-aligned in CUDA)
// and a pointer. Also an array of such structs that the kernel reads and rewrites,
// storing pointers it computed into device memory, which the host then compares and
// a second kernel dereferences. Prints PASS or FAIL: <details>.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct Mixed {
  char c;     // 0
  double d;   // 8
  short s;    // 16
  float3 v;   // 20
  int *p;     // 32; sizeof 40, align 8
  char tail;  // 40; sizeof 48
};

struct Particle {
  char tag;      // 0
  double mass;   // 8
  float3 pos;    // 16
  short id;      // 28
  int *link;     // 32
};

struct Inner {
  short a;
  char b;
};
struct Outer {
  char lead;
  Inner in;  // nested struct by value
  long long big;
  float3 f;
};

// Each thread writes the by-value struct back out, member by member, and reads through
// its pointer member.
__global__ void take_mixed(Mixed m, Outer o, char pad, Mixed m2, Mixed *out, int *ints,
                           long long *scalars) {
  int t = threadIdx.x;
  Mixed r;
  r.c = (char)(m.c + t);
  r.d = m.d; // copied, not computed on
  r.s = (short)(m.s - t);
  r.v = make_float3(m.v.x + (float)t, m.v.y, m.v.z * 2.0f);
  r.p = m.p + t;
  r.tail = m.tail;
  out[t] = r;
  ints[t] = m.p[t] + m2.p[t];
  scalars[t * 6 + 0] = o.lead;
  scalars[t * 6 + 1] = o.in.a;
  scalars[t * 6 + 2] = o.in.b;
  scalars[t * 6 + 3] = o.big;
  scalars[t * 6 + 4] = (long long)(o.f.x + o.f.y + o.f.z) + pad;
  scalars[t * 6 + 5] = m2.c + m2.s + m2.tail;
}

// Rewrites every particle in place: the double is moved, not computed on.
__global__ void update_particles(Particle *ps, int n, int *links) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    Particle q = ps[i];
    q.tag = (char)(q.tag + 1);
    q.pos.x = q.pos.x + 1.0f;
    q.pos.y = q.pos.y - q.pos.z;
    q.id = (short)(q.id * 2);
    q.link = links + (n - 1 - i); // a device pointer computed on the device
    ps[i] = q;
  }
}

// Follows the pointers stored by update_particles.
__global__ void follow_links(const Particle *ps, int n, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = *ps[i].link + ps[i].id;
}

static int check(cudaError_t err, const char *what) {
  if (err == cudaSuccess)
    return 0;
  printf("FAIL: %s: %s (%s)\n", what, cudaGetErrorString(err), cudaGetErrorName(err));
  return 1;
}

static int same_double(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

static int test_by_value(void) {
  enum { T = 32 };
  int host_ints[T], host_ints2[T];
  for (int k = 0; k < T; k++) {
    host_ints[k] = k * k - 50;
    host_ints2[k] = 1000 * k;
  }
  int *dints, *dints2, *dsum;
  Mixed *dout;
  long long *dscalars;
  if (check(cudaMalloc((void **)&dints, sizeof host_ints), "cudaMalloc") ||
      check(cudaMalloc((void **)&dints2, sizeof host_ints2), "cudaMalloc") ||
      check(cudaMalloc((void **)&dsum, T * sizeof(int)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dout, T * sizeof(Mixed)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dscalars, T * 6 * sizeof(long long)), "cudaMalloc") ||
      check(cudaMemcpy(dints, host_ints, sizeof host_ints, cudaMemcpyHostToDevice), "memcpy") ||
      check(cudaMemcpy(dints2, host_ints2, sizeof host_ints2, cudaMemcpyHostToDevice),
            "memcpy"))
    return 1;
  Mixed m;
  memset(&m, 0, sizeof m);
  m.c = 'A';
  m.d = 3.141592653589793; // not representable as float: any demotion shows
  m.s = -300;
  m.v = make_float3(0.5f, -7.25f, 1e-3f);
  m.p = dints;
  m.tail = -5;
  Mixed m2;
  memset(&m2, 0, sizeof m2);
  m2.c = -1;
  m2.d = -1e300; // out of float range
  m2.s = 20000;
  m2.p = dints2;
  m2.tail = 9;
  Outer o;
  memset(&o, 0, sizeof o);
  o.lead = 'z';
  o.in.a = -32768;
  o.in.b = 127;
  o.big = -0x0123456789abcdefLL;
  o.f = make_float3(1.0f, 2.0f, 39.5f);
  const char pad = -3;

  take_mixed<<<1, T>>>(m, o, pad, m2, dout, dsum, dscalars);
  Mixed out[T];
  int sums[T];
  long long scalars[T * 6];
  if (check(cudaGetLastError(), "take_mixed launch") ||
      check(cudaDeviceSynchronize(), "take_mixed") ||
      check(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost), "memcpy") ||
      check(cudaMemcpy(sums, dsum, sizeof sums, cudaMemcpyDeviceToHost), "memcpy") ||
      check(cudaMemcpy(scalars, dscalars, sizeof scalars, cudaMemcpyDeviceToHost), "memcpy"))
    return 1;
  for (int t = 0; t < T; t++) {
    const Mixed *r = &out[t];
    if (r->c != (char)(m.c + t) || !same_double(r->d, m.d) || r->s != (short)(m.s - t) ||
        r->v.x != m.v.x + (float)t || r->v.y != m.v.y || r->v.z != m.v.z * 2.0f ||
        r->p != dints + t || r->tail != m.tail) {
      printf("FAIL: take_mixed thread %d: c=%d d=%.17g s=%d v=(%g,%g,%g) p=%p tail=%d\n", t,
             r->c, r->d, r->s, r->v.x, r->v.y, r->v.z, (void *)r->p, r->tail);
      return 1;
    }
    if (sums[t] != host_ints[t] + host_ints2[t]) {
      printf("FAIL: take_mixed thread %d read %d through pointers, expected %d\n", t, sums[t],
             host_ints[t] + host_ints2[t]);
      return 1;
    }
    long long want[6] = {o.lead, o.in.a, o.in.b, o.big,
                         (long long)(o.f.x + o.f.y + o.f.z) + pad, m2.c + m2.s + m2.tail};
    for (int k = 0; k < 6; k++)
      if (scalars[t * 6 + k] != want[k]) {
        printf("FAIL: take_mixed thread %d scalar %d = %lld, expected %lld\n", t, k,
               scalars[t * 6 + k], want[k]);
        return 1;
      }
  }
  cudaFree(dints);
  cudaFree(dints2);
  cudaFree(dsum);
  cudaFree(dout);
  cudaFree(dscalars);
  return 0;
}

static int test_array_of_structs(void) {
  const int n = 1000;
  Particle *ps = (Particle *)calloc(n, sizeof(Particle));
  Particle *back = (Particle *)calloc(n, sizeof(Particle));
  int *links = (int *)malloc(n * sizeof(int)), *followed = (int *)malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) {
    ps[i].tag = (char)(i % 120);
    ps[i].mass = 1.0 / (i + 3); // arbitrary doubles, most not representable as float
    ps[i].pos = make_float3((float)i, (float)(2 * i), 0.5f);
    ps[i].id = (short)(i - 500);
    ps[i].link = NULL;
    links[i] = i * 3 + 1;
  }
  Particle *dps;
  int *dlinks, *dfollowed;
  if (check(cudaMalloc((void **)&dps, n * sizeof(Particle)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dlinks, n * sizeof(int)), "cudaMalloc") ||
      check(cudaMalloc((void **)&dfollowed, n * sizeof(int)), "cudaMalloc") ||
      check(cudaMemcpy(dps, ps, n * sizeof(Particle), cudaMemcpyHostToDevice), "memcpy") ||
      check(cudaMemcpy(dlinks, links, n * sizeof(int), cudaMemcpyHostToDevice), "memcpy"))
    return 1;
  update_particles<<<(n + 63) / 64, 64>>>(dps, n, dlinks);
  follow_links<<<(n + 127) / 128, 128>>>(dps, n, dfollowed);
  if (check(cudaGetLastError(), "particles launch") ||
      check(cudaDeviceSynchronize(), "particles") ||
      check(cudaMemcpy(back, dps, n * sizeof(Particle), cudaMemcpyDeviceToHost), "memcpy") ||
      check(cudaMemcpy(followed, dfollowed, n * sizeof(int), cudaMemcpyDeviceToHost), "memcpy"))
    return 1;
  for (int i = 0; i < n; i++) {
    const Particle *p = &ps[i], *q = &back[i];
    if (q->tag != (char)(p->tag + 1) || !same_double(q->mass, p->mass) ||
        q->pos.x != p->pos.x + 1.0f || q->pos.y != p->pos.y - p->pos.z ||
        q->pos.z != p->pos.z || q->id != (short)(p->id * 2) || q->link != dlinks + (n - 1 - i)) {
      printf("FAIL: particle %d: tag=%d mass=%.17g pos=(%g,%g,%g) id=%d link=%p (want %p)\n", i,
             q->tag, q->mass, q->pos.x, q->pos.y, q->pos.z, q->id, (void *)q->link,
             (void *)(dlinks + (n - 1 - i)));
      return 1;
    }
    int want = links[n - 1 - i] + q->id;
    if (followed[i] != want) {
      printf("FAIL: follow_links[%d] = %d, expected %d\n", i, followed[i], want);
      return 1;
    }
  }
  cudaFree(dps);
  cudaFree(dlinks);
  cudaFree(dfollowed);
  free(ps);
  free(back);
  free(links);
  free(followed);
  return 0;
}

int main(void) {
  if (sizeof(Mixed) != 48 || sizeof(Particle) != 40 || sizeof(Outer) != 32) {
    printf("FAIL: unexpected host struct sizes %zu %zu %zu\n", sizeof(Mixed), sizeof(Particle),
           sizeof(Outer));
    return 1;
  }
  if (test_by_value() || test_array_of_structs())
    return 1;
  printf("PASS\n");
  return 0;
}
