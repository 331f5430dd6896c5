// vector_types.cu — end-to-end test of CUDA's vector types the way real kernels use
// them: float4 loads and stores through reinterpret_cast, int4 grid-stride copies,
// uchar4 pixels, char4 reinterpreted from an int and back, short2 arithmetic, a
// struct holding a float4 and an int2, float4 in shared memory, a local array of
// float4 indexed at run time, vector kernel parameters, a __constant__ float4 table,
// float3, a 1-D convolution templated over float4/short4/uchar4/int4/char4,
// __half2 arithmetic from cuda_fp16.h, and double2/longlong2/ulonglong4. Every result
// is checked exactly against a host reference (float results are sums and products of
// small integers or halves, exact in any order). Prints PASS or FAIL: <details>.
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 1000, R = 2 };

static int failures;
static void check(int ok, const char *what, int i) {
  if (!ok && failures++ < 10) printf("FAIL: %s at %d\n", what, i);
}

__global__ void float4_reinterpret(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i * 4 < n) {
    float4 v = reinterpret_cast<const float4 *>(in)[i];
    v.x *= 2.f;
    v.y += 1.f;
    v.z = v.w - v.x;
    v.w = -v.w;
    reinterpret_cast<float4 *>(out)[i] = v;
  }
}

__global__ void int4_copy(const int4 *in, int4 *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    out[i] = in[i];
}

__global__ void uchar4_gray(const uchar4 *in, uchar4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    uchar4 p = in[i];
    unsigned char g = (unsigned char)((p.x * 77 + p.y * 150 + p.z * 29) >> 8);
    out[i] = make_uchar4(g, (unsigned char)(255 - p.y), (unsigned char)(p.z ^ p.x), p.w);
  }
}

__global__ void char4_words(const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    char4 c = *reinterpret_cast<const char4 *>(&in[i]);
    char4 d = make_char4((signed char)(c.x + c.y), (signed char)(c.y - c.z),
                         (signed char)(c.z * c.w), (signed char)(c.w ^ c.x));
    out[i] = *reinterpret_cast<int *>(&d);
  }
}

__global__ void short2_math(const short2 *in, short2 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    short2 a = in[i], r;
    r.x = (short)(a.x * a.y);
    r.y = (short)(a.x - a.y);
    out[i] = r;
  }
}

struct Particle {
  float4 pos;
  int2 id;
};

__global__ void struct_vectors(const Particle *in, Particle *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    Particle p = in[i];
    p.pos.x += p.id.x;
    p.pos.w *= 2.f;
    p.id.y += 1;
    out[i] = p;
  }
}

__global__ void shared_reverse(const float4 *in, float4 *out) {
  __shared__ float4 s[64];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * 64 + t];
  __syncthreads();
  float4 v = s[63 - t];
  out[blockIdx.x * 64 + t] = make_float4(v.w, v.z, v.y, v.x);
}

__global__ void local_array(const float4 *in, float *out, int n, int sel) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float4 buf[4];
  for (int j = 0; j < 4; j++)
    buf[j] = in[(i + j) % n];
  float4 v = buf[(i + sel) & 3];
  out[i] = v.x + 2.f * v.y + 3.f * v.z + 4.f * v.w;
}

__global__ void vector_params(float4 a, int2 b, uchar4 c, short4 d, float *out) {
  int i = threadIdx.x;
  out[i] = a.x * i + a.y + a.z * a.w + b.x - b.y + c.x + c.w + d.y * d.z;
}

__constant__ float4 table[4] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}, {13, 14, 15, 16}};

__global__ void constant_table(float4 *out) {
  float4 v = table[threadIdx.x & 3];
  out[threadIdx.x] = make_float4(v.x + threadIdx.x, v.y, v.z, v.w);
}

__global__ void float3_cross(const float3 *a, const float3 *b, float3 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float3 p = a[i], q = b[i];
    out[i] = make_float3(p.y * q.z - p.z * q.y, p.z * q.x - p.x * q.z, p.x * q.y - p.y * q.x);
  }
}

template <typename T> __global__ void conv(const T *in, const float *w, T *out, int n, int r) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float4 acc = make_float4(0, 0, 0, 0);
  for (int j = -r; j <= r; j++) {
    int k = min(max(i + j, 0), n - 1);
    T v = in[k];
    float c = w[j + r];
    acc.x += c * v.x;
    acc.y += c * v.y;
    acc.z += c * v.z;
    acc.w += c * v.w;
  }
  T o;
  o.x = acc.x;
  o.y = acc.y;
  o.z = acc.z;
  o.w = acc.w;
  out[i] = o;
}

__global__ void half2_math(const __half2 *a, const __half2 *b, __half2 *out, float2 *f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    __half2 s = __hadd2(a[i], __hmul2(a[i], b[i]));
    out[i] = __lowhigh2highlow(s);
    f[i] = __half22float2(__hsub2(a[i], b[i]));
  }
}

__global__ void wide_vectors(const double2 *a, double2 *o, const longlong2 *b, longlong2 *o2,
                             const ulonglong4 *c, ulonglong4 *o3, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double2 x = a[i];
    o[i] = make_double2(x.x * x.y + 1.0, x.x - x.y);
    longlong2 y = b[i];
    o2[i] = make_longlong2(y.x * 3 + y.y, y.y >> 2);
    ulonglong4 z = c[i];
    o3[i] = make_ulonglong4(z.w, z.z ^ z.x, z.y * 7, z.x + z.w);
  }
}

// Small deterministic values: every float result is exact.
static int val(int i, int k) {
  return (int)((i * 37u + k * 101u + (unsigned)(i * k)) % 61u) - 30;
}

template <typename T> static void *dev(const T *host, size_t count) {
  void *d;
  cudaMalloc(&d, count * sizeof(T));
  if (host) cudaMemcpy(d, host, count * sizeof(T), cudaMemcpyHostToDevice);
  return d;
}
template <typename T> static void back(T *host, const void *d, size_t count) {
  cudaMemcpy(host, d, count * sizeof(T), cudaMemcpyDeviceToHost);
}

static void test_float4(void) {
  static float in[N], out[N];
  for (int i = 0; i < N; i++)
    in[i] = (float)val(i, 1);
  float *din = (float *)dev(in, N), *dout = (float *)dev<float>(NULL, N);
  float4_reinterpret<<<(N / 4 + 63) / 64, 64>>>(din, dout, N);
  back(out, dout, N);
  for (int i = 0; i < N / 4; i++) {
    const float *v = &in[4 * i], *o = &out[4 * i];
    float x = v[0] * 2.f;
    check(o[0] == x && o[1] == v[1] + 1.f && o[2] == v[3] - x && o[3] == -v[3], "float4", i);
  }
  cudaFree(din);
  cudaFree(dout);
}

static void test_int4_uchar4_char4_short2(void) {
  static int4 i4[N], o4[N];
  static uchar4 px[N], opx[N];
  static int words[N], owords[N];
  static short2 s2[N], os2[N];
  for (int i = 0; i < N; i++) {
    i4[i] = make_int4(val(i, 1) * 1000003, val(i, 2), -val(i, 3), i);
    px[i] = make_uchar4((unsigned char)(i * 7), (unsigned char)(i * 13 + 5),
                        (unsigned char)(i * 29 + 1), (unsigned char)i);
    words[i] = (int)(0x9e3779b9u * (unsigned)(i + 1));
    s2[i] = make_short2((short)(val(i, 4) * 300), (short)(val(i, 5) * 997));
  }
  void *d1 = dev(i4, N), *d2 = dev<int4>(NULL, N);
  int4_copy<<<3, 64>>>((int4 *)d1, (int4 *)d2, N);
  back(o4, d2, N);
  for (int i = 0; i < N; i++)
    check(!memcmp(&o4[i], &i4[i], sizeof(int4)), "int4 copy", i);
  void *d3 = dev(px, N), *d4 = dev<uchar4>(NULL, N);
  uchar4_gray<<<(N + 63) / 64, 64>>>((uchar4 *)d3, (uchar4 *)d4, N);
  back(opx, d4, N);
  for (int i = 0; i < N; i++) {
    uchar4 p = px[i];
    unsigned char g = (unsigned char)((p.x * 77 + p.y * 150 + p.z * 29) >> 8);
    check(opx[i].x == g && opx[i].y == (unsigned char)(255 - p.y) &&
              opx[i].z == (unsigned char)(p.z ^ p.x) && opx[i].w == p.w,
          "uchar4", i);
  }
  void *d5 = dev(words, N), *d6 = dev<int>(NULL, N);
  char4_words<<<(N + 63) / 64, 64>>>((int *)d5, (int *)d6, N);
  back(owords, d6, N);
  for (int i = 0; i < N; i++) {
    signed char c[4], d[4];
    memcpy(c, &words[i], 4);
    d[0] = (signed char)(c[0] + c[1]);
    d[1] = (signed char)(c[1] - c[2]);
    d[2] = (signed char)(c[2] * c[3]);
    d[3] = (signed char)(c[3] ^ c[0]);
    int e;
    memcpy(&e, d, 4);
    check(owords[i] == e, "char4", i);
  }
  void *d7 = dev(s2, N), *d8 = dev<short2>(NULL, N);
  short2_math<<<(N + 63) / 64, 64>>>((short2 *)d7, (short2 *)d8, N);
  back(os2, d8, N);
  for (int i = 0; i < N; i++)
    check(os2[i].x == (short)(s2[i].x * s2[i].y) && os2[i].y == (short)(s2[i].x - s2[i].y),
          "short2", i);
  cudaFree(d1), cudaFree(d2), cudaFree(d3), cudaFree(d4);
  cudaFree(d5), cudaFree(d6), cudaFree(d7), cudaFree(d8);
}

static void test_struct_shared_local(void) {
  static Particle p[N], op[N];
  static float4 f[N], of[N];
  static float sums[N];
  for (int i = 0; i < N; i++) {
    p[i].pos = make_float4((float)val(i, 1), (float)val(i, 2), (float)val(i, 3), (float)val(i, 4));
    p[i].id = make_int2(val(i, 5), i);
    f[i] = make_float4((float)val(i, 6), (float)val(i, 7), (float)val(i, 8), (float)val(i, 9));
  }
  void *d1 = dev(p, N), *d2 = dev<Particle>(NULL, N);
  struct_vectors<<<(N + 63) / 64, 64>>>((Particle *)d1, (Particle *)d2, N);
  back(op, d2, N);
  for (int i = 0; i < N; i++)
    check(op[i].pos.x == p[i].pos.x + p[i].id.x && op[i].pos.y == p[i].pos.y &&
              op[i].pos.z == p[i].pos.z && op[i].pos.w == p[i].pos.w * 2.f &&
              op[i].id.x == p[i].id.x && op[i].id.y == i + 1,
          "struct", i);
  enum { M = 960 }; // 15 blocks of 64
  void *d3 = dev(f, M), *d4 = dev<float4>(NULL, M);
  shared_reverse<<<M / 64, 64>>>((float4 *)d3, (float4 *)d4);
  back(of, d4, M);
  for (int i = 0; i < M; i++) {
    float4 v = f[(i / 64) * 64 + 63 - i % 64];
    check(of[i].x == v.w && of[i].y == v.z && of[i].z == v.y && of[i].w == v.x, "shared", i);
  }
  void *d5 = dev(f, N), *d6 = dev<float>(NULL, N);
  local_array<<<(N + 63) / 64, 64>>>((float4 *)d5, (float *)d6, N, 3);
  back(sums, d6, N);
  for (int i = 0; i < N; i++) {
    float4 v = f[(i + ((i + 3) & 3)) % N];
    check(sums[i] == v.x + 2.f * v.y + 3.f * v.z + 4.f * v.w, "local array", i);
  }
  cudaFree(d1), cudaFree(d2), cudaFree(d3), cudaFree(d4), cudaFree(d5), cudaFree(d6);
}

static void test_params_constant_float3(void) {
  float out[64];
  void *d = dev<float>(NULL, 64);
  float4 a = make_float4(1.5f, -2.f, 3.f, 0.5f);
  int2 b = make_int2(7, -9);
  uchar4 c = make_uchar4(200, 1, 2, 250);
  short4 s = make_short4(-1, -300, 7, 5);
  vector_params<<<1, 64>>>(a, b, c, s, (float *)d);
  back(out, d, 64);
  for (int i = 0; i < 64; i++)
    check(out[i] == 1.5f * i - 2.f + 1.5f + 7 + 9 + 200 + 250 - 2100, "params", i);
  float4 t[64];
  void *dt = dev<float4>(NULL, 64);
  constant_table<<<1, 64>>>((float4 *)dt);
  back(t, dt, 64);
  for (int i = 0; i < 64; i++) {
    float base = 1 + 4 * (i & 3);
    check(t[i].x == base + i && t[i].y == base + 1 && t[i].z == base + 2 && t[i].w == base + 3,
          "constant", i);
  }
  static float3 p[N], q[N], r[N];
  for (int i = 0; i < N; i++) {
    p[i] = make_float3((float)val(i, 1), (float)val(i, 2), (float)val(i, 3));
    q[i] = make_float3((float)val(i, 4), (float)val(i, 5), (float)val(i, 6));
  }
  void *d1 = dev(p, N), *d2 = dev(q, N), *d3 = dev<float3>(NULL, N);
  float3_cross<<<(N + 63) / 64, 64>>>((float3 *)d1, (float3 *)d2, (float3 *)d3, N);
  back(r, d3, N);
  for (int i = 0; i < N; i++)
    check(r[i].x == p[i].y * q[i].z - p[i].z * q[i].y &&
              r[i].y == p[i].z * q[i].x - p[i].x * q[i].z &&
              r[i].z == p[i].x * q[i].y - p[i].y * q[i].x,
          "float3", i);
  cudaFree(d), cudaFree(dt), cudaFree(d1), cudaFree(d2), cudaFree(d3);
}

static const float weights[2 * R + 1] = {0.25f, 0.5f, 1.f, 0.5f, 0.25f};

// The host convolution of T (float results exact: quarters of small integers).
template <typename T, typename E> static void conv_case(const char *name, int lo, int span) {
  static T in[N], out[N];
  for (int i = 0; i < N; i++) {
    in[i].x = (E)(lo + (i * 7) % span);
    in[i].y = (E)(lo + (i * 11 + 3) % span);
    in[i].z = (E)(lo + (i * 13 + 5) % span);
    in[i].w = (E)(lo + (i * 17 + 1) % span);
  }
  void *din = dev(in, N), *dout = dev<T>(NULL, N), *dw = dev(weights, 2 * R + 1);
  conv<T><<<(N + 127) / 128, 128>>>((T *)din, (float *)dw, (T *)dout, N, R);
  back(out, dout, N);
  for (int i = 0; i < N; i++) {
    float a[4] = {0, 0, 0, 0};
    for (int j = -R; j <= R; j++) {
      int k = i + j < 0 ? 0 : i + j > N - 1 ? N - 1 : i + j;
      float c = weights[j + R];
      a[0] += c * in[k].x, a[1] += c * in[k].y, a[2] += c * in[k].z, a[3] += c * in[k].w;
    }
    check(out[i].x == (E)a[0] && out[i].y == (E)a[1] && out[i].z == (E)a[2] && out[i].w == (E)a[3],
          name, i);
  }
  cudaFree(din), cudaFree(dout), cudaFree(dw);
}

static void test_half2(void) {
  static __half2 a[N], b[N], out[N];
  static float2 f[N];
  for (int i = 0; i < N; i++) {
    a[i] = __floats2half2_rn((float)val(i, 1) * 0.5f, (float)val(i, 2) * 0.25f);
    b[i] = __floats2half2_rn((float)val(i, 3) * 0.125f, (float)(i % 9));
  }
  void *d1 = dev(a, N), *d2 = dev(b, N), *d3 = dev<__half2>(NULL, N), *d4 = dev<float2>(NULL, N);
  half2_math<<<(N + 63) / 64, 64>>>((__half2 *)d1, (__half2 *)d2, (__half2 *)d3, (float2 *)d4, N);
  back(out, d3, N);
  back(f, d4, N);
  for (int i = 0; i < N; i++) {
    float ax = __low2float(a[i]), ay = __high2float(a[i]);
    float bx = __low2float(b[i]), by = __high2float(b[i]);
    // a + a*b: each product and sum is exact in half (small dyadic values)
    check(__low2float(out[i]) == ay + ay * by && __high2float(out[i]) == ax + ax * bx, "half2", i);
    check(f[i].x == ax - bx && f[i].y == ay - by, "half2 to float2", i);
  }
  cudaFree(d1), cudaFree(d2), cudaFree(d3), cudaFree(d4);
}

static void test_wide(void) {
  static double2 a[N], o[N];
  static longlong2 b[N], o2[N];
  static ulonglong4 c[N], o3[N];
  for (int i = 0; i < N; i++) {
    a[i] = make_double2(val(i, 1) * 0.125, val(i, 2) * 1e10);
    b[i] = make_longlong2((long long)val(i, 3) << 40, -((long long)i << 33) + val(i, 4));
    unsigned long long u = 0x9e3779b97f4a7c15ull * (unsigned long long)(i + 1);
    c[i] = make_ulonglong4(u, u >> 7, ~u, u * u);
  }
  void *d1 = dev(a, N), *d2 = dev<double2>(NULL, N), *d3 = dev(b, N), *d4 = dev<longlong2>(NULL, N);
  void *d5 = dev(c, N), *d6 = dev<ulonglong4>(NULL, N);
  wide_vectors<<<(N + 63) / 64, 64>>>((double2 *)d1, (double2 *)d2, (longlong2 *)d3,
                                      (longlong2 *)d4, (ulonglong4 *)d5, (ulonglong4 *)d6, N);
  back(o, d2, N);
  back(o2, d4, N);
  back(o3, d6, N);
  for (int i = 0; i < N; i++) {
    check(o[i].x == a[i].x * a[i].y + 1.0 && o[i].y == a[i].x - a[i].y, "double2", i);
    check(o2[i].x == b[i].x * 3 + b[i].y && o2[i].y == b[i].y >> 2, "longlong2", i);
    check(o3[i].x == c[i].w && o3[i].y == (c[i].z ^ c[i].x) && o3[i].z == c[i].y * 7 &&
              o3[i].w == c[i].x + c[i].w,
          "ulonglong4", i);
  }
  cudaFree(d1), cudaFree(d2), cudaFree(d3), cudaFree(d4), cudaFree(d5), cudaFree(d6);
}

int main(void) {
  test_float4();
  test_int4_uchar4_char4_short2();
  test_struct_shared_local();
  test_params_constant_float3();
  conv_case<float4, float>("conv float4", -20, 41);
  conv_case<short4, short>("conv short4", -300, 601);
  conv_case<uchar4, unsigned char>("conv uchar4", 0, 100);
  conv_case<int4, int>("conv int4", -100000, 200001);
  conv_case<char4, signed char>("conv char4", -40, 81);
  test_half2();
  test_wide();
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("FAIL: %s\n", cudaGetErrorString(err));
    return 1;
  }
  if (failures) {
    printf("FAIL: %d mismatches\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
