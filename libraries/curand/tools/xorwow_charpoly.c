/* xorwow_charpoly.c — computes the characteristic polynomial of XORWOW's linear part
 * (Marsaglia's 160-bit xorshift: the five words v[0..4], without the Weyl counter d)
 * by Berlekamp–Massey over GF(2) on one output bit, and prints it as the five words
 * of its coefficients x^0..x^159 (x^160's is 1). include/anchor/curand_core.h holds the
 * result, which skipahead uses to jump (x^n mod P(x), evaluated on the state); the test
 * curand.xorwow_charpoly runs this program with --check, which compares its result with
 * the header's instead of printing it. Written for Anchor.
 * Build: cc -O2 -I<include> xorwow_charpoly.c -o xorwow_charpoly */
#include <stdio.h>
#include <string.h>

#include "anchor/curand_core.h"

enum { DEGREE = 160, SAMPLES = 2 * DEGREE };

static void step(unsigned v[5]) {
  unsigned t = v[0] ^ (v[0] >> 2);
  v[0] = v[1];
  v[1] = v[2];
  v[2] = v[3];
  v[3] = v[4];
  v[4] = (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1));
}

/* Berlekamp–Massey: the shortest LFSR c(x) = 1 + c1 x + ... + cL x^L generating s. */
static int berlekamp_massey(const unsigned char *s, int n, unsigned char *c) {
  unsigned char b[SAMPLES + 1], t[SAMPLES + 1];
  memset(c, 0, SAMPLES + 1);
  memset(b, 0, sizeof b);
  c[0] = b[0] = 1;
  int length = 0, m = -1;
  for (int i = 0; i < n; i++) {
    int d = s[i];
    for (int j = 1; j <= length; j++)
      d ^= c[j] & s[i - j];
    if (!d) continue;
    memcpy(t, c, sizeof t);
    for (int j = 0; j + i - m <= SAMPLES; j++)
      c[j + i - m] ^= b[j];
    if (2 * length <= i) {
      length = i + 1 - length;
      m = i;
      memcpy(b, t, sizeof b);
    }
  }
  return length;
}

int main(int argc, char **argv) {
  unsigned v[5] = {123456789u, 362436069u, 521288629u, 88675123u, 5783321u};
  unsigned char bits[SAMPLES], c[SAMPLES + 1];
  for (int i = 0; i < SAMPLES; i++) {
    bits[i] = v[4] & 1;
    step(v);
  }
  int length = berlekamp_massey(bits, SAMPLES, c);
  if (length != DEGREE) {
    fprintf(stderr, "linear complexity %d, expected %d\n", length, DEGREE);
    return 1;
  }
  /* The connection polynomial is the reciprocal of the characteristic one:
   * P(x) = x^160 c(1/x), so P's coefficient of x^k is c[160 - k]. */
  unsigned words[5] = {0};
  for (int k = 0; k < DEGREE; k++)
    if (c[DEGREE - k]) words[k / 32] |= 1u << (k % 32);
  if (argc > 1 && !strcmp(argv[1], "--check")) {
    const unsigned int header[5] = ANCHOR_XORWOW_CHARPOLY;
    if (memcmp(header, words, sizeof words)) {
      printf("FAIL: anchor/curand_core.h's ANCHOR_XORWOW_CHARPOLY is not the polynomial\n");
      return 1;
    }
    printf("PASS\n");
    return 0;
  }
  printf("0x%08xu, 0x%08xu, 0x%08xu, 0x%08xu, 0x%08xu\n", words[0], words[1], words[2], words[3],
         words[4]);
  return 0;
}
