// i10_hash_tails.cu — issue 10: hash functions whose tail is a `switch` on the
// remaining length with cases falling through into each other (and into shared code
// after them), the shape that once stopped the compiler with "control flow could not
// be structured": Bob Jenkins' lookup3 hashword and hashlittle (both of its paths:
// word reads with masks, byte reads falling through; `case 0: return`), MurmurHash3
// x64_128 and x86_32, and MurmurHash64A, for every tail length, at several
// alignments, and in a loop that hashes repeatedly. The functions are
// __host__ __device__: the host's results are the reference. Prints PASS or FAIL.
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define HD __host__ __device__
#define rot(x, k) (((x) << (k)) | ((x) >> (32 - (k))))
#define mix(a, b, c)                                                                               \
  {                                                                                                \
    a -= c, a ^= rot(c, 4), c += b;                                                                \
    b -= a, b ^= rot(a, 6), a += c;                                                                \
    c -= b, c ^= rot(b, 8), b += a;                                                                \
    a -= c, a ^= rot(c, 16), c += b;                                                               \
    b -= a, b ^= rot(a, 19), a += c;                                                               \
    c -= b, c ^= rot(b, 4), b += a;                                                                \
  }
#define final(a, b, c)                                                                             \
  {                                                                                                \
    c ^= b, c -= rot(b, 14);                                                                       \
    a ^= c, a -= rot(c, 11);                                                                       \
    b ^= a, b -= rot(a, 25);                                                                       \
    c ^= b, c -= rot(b, 16);                                                                       \
    a ^= c, a -= rot(c, 4);                                                                        \
    b ^= a, b -= rot(a, 14);                                                                       \
    c ^= b, c -= rot(b, 24);                                                                       \
  }

HD uint32_t hashword(const uint32_t *k, size_t length, uint32_t initval) {
  uint32_t a, b, c;
  a = b = c = 0xdeadbeef + (((uint32_t)length) << 2) + initval;
  while (length > 3) {
    a += k[0], b += k[1], c += k[2];
    mix(a, b, c);
    length -= 3, k += 3;
  }
  switch (length) {
  case 3: c += k[2];
  case 2: b += k[1];
  case 1: a += k[0]; final(a, b, c);
  case 0: break;
  }
  return c;
}

HD uint32_t hashlittle(const void *key, size_t length, uint32_t initval) {
  uint32_t a, b, c;
  a = b = c = 0xdeadbeef + ((uint32_t)length) + initval;
  if (((uintptr_t)key & 3) == 0) {
    const uint32_t *k = (const uint32_t *)key;
    while (length > 12) {
      a += k[0], b += k[1], c += k[2];
      mix(a, b, c);
      length -= 12, k += 3;
    }
    switch (length) { // little-endian masks of the last word
    case 12: c += k[2], b += k[1], a += k[0]; break;
    case 11: c += k[2] & 0xffffff, b += k[1], a += k[0]; break;
    case 10: c += k[2] & 0xffff, b += k[1], a += k[0]; break;
    case 9: c += k[2] & 0xff, b += k[1], a += k[0]; break;
    case 8: b += k[1], a += k[0]; break;
    case 7: b += k[1] & 0xffffff, a += k[0]; break;
    case 6: b += k[1] & 0xffff, a += k[0]; break;
    case 5: b += k[1] & 0xff, a += k[0]; break;
    case 4: a += k[0]; break;
    case 3: a += k[0] & 0xffffff; break;
    case 2: a += k[0] & 0xffff; break;
    case 1: a += k[0] & 0xff; break;
    case 0: return c;
    }
  } else {
    const uint8_t *k = (const uint8_t *)key;
    while (length > 12) {
      a += k[0] + ((uint32_t)k[1] << 8) + ((uint32_t)k[2] << 16) + ((uint32_t)k[3] << 24);
      b += k[4] + ((uint32_t)k[5] << 8) + ((uint32_t)k[6] << 16) + ((uint32_t)k[7] << 24);
      c += k[8] + ((uint32_t)k[9] << 8) + ((uint32_t)k[10] << 16) + ((uint32_t)k[11] << 24);
      mix(a, b, c);
      length -= 12, k += 12;
    }
    switch (length) {
    case 12: c += ((uint32_t)k[11]) << 24;
    case 11: c += ((uint32_t)k[10]) << 16;
    case 10: c += ((uint32_t)k[9]) << 8;
    case 9: c += k[8];
    case 8: b += ((uint32_t)k[7]) << 24;
    case 7: b += ((uint32_t)k[6]) << 16;
    case 6: b += ((uint32_t)k[5]) << 8;
    case 5: b += k[4];
    case 4: a += ((uint32_t)k[3]) << 24;
    case 3: a += ((uint32_t)k[2]) << 16;
    case 2: a += ((uint32_t)k[1]) << 8;
    case 1: a += k[0]; break;
    case 0: return c;
    }
  }
  final(a, b, c);
  return c;
}

HD uint64_t rotl64(uint64_t x, int r) {
  return (x << r) | (x >> (64 - r));
}
HD uint64_t fmix64(uint64_t k) {
  k ^= k >> 33;
  k *= 0xff51afd7ed558ccdULL;
  k ^= k >> 33;
  k *= 0xc4ceb9fe1a85ec53ULL;
  k ^= k >> 33;
  return k;
}
HD uint64_t load64(const uint8_t *p) {
  uint64_t k = 0;
  for (int b = 0; b < 8; b++)
    k |= (uint64_t)p[b] << (8 * b);
  return k;
}

HD void murmur3_x64_128(const uint8_t *data, int len, uint32_t seed, uint64_t *out) {
  const int nblocks = len / 16;
  uint64_t h1 = seed, h2 = seed;
  const uint64_t c1 = 0x87c37b91114253d5ULL, c2 = 0x4cf5ad432745937fULL;
  for (int i = 0; i < nblocks; i++) {
    uint64_t k1 = load64(data + i * 16), k2 = load64(data + i * 16 + 8);
    k1 *= c1, k1 = rotl64(k1, 31), k1 *= c2, h1 ^= k1;
    h1 = rotl64(h1, 27), h1 += h2, h1 = h1 * 5 + 0x52dce729;
    k2 *= c2, k2 = rotl64(k2, 33), k2 *= c1, h2 ^= k2;
    h2 = rotl64(h2, 31), h2 += h1, h2 = h2 * 5 + 0x38495ab5;
  }
  const uint8_t *tail = data + nblocks * 16;
  uint64_t k1 = 0, k2 = 0;
  switch (len & 15) {
  case 15: k2 ^= ((uint64_t)tail[14]) << 48;
  case 14: k2 ^= ((uint64_t)tail[13]) << 40;
  case 13: k2 ^= ((uint64_t)tail[12]) << 32;
  case 12: k2 ^= ((uint64_t)tail[11]) << 24;
  case 11: k2 ^= ((uint64_t)tail[10]) << 16;
  case 10: k2 ^= ((uint64_t)tail[9]) << 8;
  case 9: k2 ^= ((uint64_t)tail[8]) << 0; k2 *= c2, k2 = rotl64(k2, 33), k2 *= c1, h2 ^= k2;
  case 8: k1 ^= ((uint64_t)tail[7]) << 56;
  case 7: k1 ^= ((uint64_t)tail[6]) << 48;
  case 6: k1 ^= ((uint64_t)tail[5]) << 40;
  case 5: k1 ^= ((uint64_t)tail[4]) << 32;
  case 4: k1 ^= ((uint64_t)tail[3]) << 24;
  case 3: k1 ^= ((uint64_t)tail[2]) << 16;
  case 2: k1 ^= ((uint64_t)tail[1]) << 8;
  case 1: k1 ^= ((uint64_t)tail[0]) << 0; k1 *= c1, k1 = rotl64(k1, 31), k1 *= c2, h1 ^= k1;
  };
  h1 ^= len, h2 ^= len;
  h1 += h2, h2 += h1;
  h1 = fmix64(h1), h2 = fmix64(h2);
  h1 += h2, h2 += h1;
  out[0] = h1, out[1] = h2;
}

HD uint32_t murmur3_32(const uint8_t *key, int len, uint32_t h) {
  for (int i = len >> 2; i; i--) {
    uint32_t k = key[0] | key[1] << 8 | key[2] << 16 | (uint32_t)key[3] << 24;
    key += 4;
    k *= 0xcc9e2d51, k = (k << 15) | (k >> 17), k *= 0x1b873593;
    h ^= k, h = (h << 13) | (h >> 19), h = h * 5 + 0xe6546b64;
  }
  uint32_t k = 0;
  switch (len & 3) {
  case 3: k ^= key[2] << 16;
  case 2: k ^= key[1] << 8;
  case 1: k ^= key[0]; k *= 0xcc9e2d51, k = (k << 15) | (k >> 17), k *= 0x1b873593, h ^= k;
  }
  h ^= len;
  h ^= h >> 16, h *= 0x85ebca6b, h ^= h >> 13, h *= 0xc2b2ae35, h ^= h >> 16;
  return h;
}

HD uint64_t murmur64a(const uint8_t *data, int len, uint64_t seed) {
  const uint64_t m = 0xc6a4a7935bd1e995ULL;
  const int r = 47;
  uint64_t h = seed ^ (len * m);
  const uint8_t *end = data + (len / 8) * 8;
  while (data != end) {
    uint64_t k = load64(data);
    data += 8;
    k *= m, k ^= k >> r, k *= m;
    h ^= k, h *= m;
  }
  switch (len & 7) {
  case 7: h ^= uint64_t(data[6]) << 48;
  case 6: h ^= uint64_t(data[5]) << 40;
  case 5: h ^= uint64_t(data[4]) << 32;
  case 4: h ^= uint64_t(data[3]) << 24;
  case 3: h ^= uint64_t(data[2]) << 16;
  case 2: h ^= uint64_t(data[1]) << 8;
  case 1: h ^= uint64_t(data[0]), h *= m;
  };
  h ^= h >> r, h *= m, h ^= h >> r;
  return h;
}

enum { KEYS = 256, STRIDE = 48, WORDS = 12 };

struct Hashes {
  uint32_t word, little, m32, repeated;
  uint64_t m128[2], m64;
};

// Key i: length i % 41 (every tail of every function), at offset i % 4.
HD void hash_key(const uint8_t *data, const uint32_t *words, int i, Hashes *h) {
  const uint8_t *key = data + i * STRIDE + (i % 4);
  int len = i % 41;
  h->word = hashword(words + i * WORDS, (size_t)(i % (WORDS + 1)), 0x1234u);
  h->little = hashlittle(key, (size_t)len, 17u);
  h->m32 = murmur3_32(key, len, 7u);
  murmur3_x64_128(key, len, 42u, h->m128);
  h->m64 = murmur64a(key, len, 99u);
  uint32_t r = 0;
  for (int j = 0; j < 5; j++)
    r ^= hashlittle(key, (size_t)((len + j) % 17), r);
  h->repeated = r;
}

__global__ void hash_all(const uint8_t *data, const uint32_t *words, Hashes *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) hash_key(data, words, i, &out[i]);
}

int main(void) {
  alignas(16) static uint8_t data[KEYS * STRIDE + 8];
  static uint32_t words[KEYS * WORDS];
  static Hashes got[KEYS];
  uint32_t x = 0x2545f491u;
  for (size_t i = 0; i < sizeof data; i++)
    x = x * 1664525u + 1013904223u, data[i] = (uint8_t)(x >> 24);
  for (int i = 0; i < KEYS * WORDS; i++)
    x = x * 1664525u + 1013904223u, words[i] = x;
  uint8_t *ddata;
  uint32_t *dwords;
  Hashes *dout;
  cudaMalloc(&ddata, sizeof data);
  cudaMalloc(&dwords, sizeof words);
  cudaMalloc(&dout, sizeof got);
  cudaMemcpy(ddata, data, sizeof data, cudaMemcpyHostToDevice);
  cudaMemcpy(dwords, words, sizeof words, cudaMemcpyHostToDevice);
  hash_all<<<KEYS / 64, 64>>>(ddata, dwords, dout, KEYS);
  cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("FAIL: %s\n", cudaGetErrorString(err));
    return 1;
  }
  // The host hashes a copy at the same offsets modulo 4 (hashlittle's path depends
  // on the key's alignment; cudaMalloc and this array are both 4-aligned).
  int failures = 0;
  for (int i = 0; i < KEYS; i++) {
    Hashes want;
    hash_key(data, words, i, &want);
    const char *what = got[i].word != want.word           ? "hashword"
                       : got[i].little != want.little     ? "hashlittle"
                       : got[i].m32 != want.m32           ? "murmur3_32"
                       : got[i].m128[0] != want.m128[0]   ? "murmur3_x64_128"
                       : got[i].m128[1] != want.m128[1]   ? "murmur3_x64_128 (high)"
                       : got[i].m64 != want.m64           ? "murmur64a"
                       : got[i].repeated != want.repeated ? "hashlittle in a loop"
                                                          : NULL;
    if (what && failures++ < 10) printf("FAIL: %s of key %d (length %d)\n", what, i, i % 41);
  }
  if (failures) {
    printf("FAIL: %d keys\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
