/* fftw_oracle.c — Debian's FFTW as the reference for cufftw.cu, in a process of its own:
 * a cuFFTW program exports FFTW's own symbol names (fftw_plan_dft_1d ...), so it cannot
 * link FFTW too. Usage: fftw_oracle IN OUT. IN holds seven ints (kind 0 C2C, 1 R2C,
 * 2 C2R; rank; n[0], n[1], n[2]; batch; sign) and then the input in the compact layout
 * (batch transforms one after the other, C2R's half spectra n[rank-1]/2+1 long in the
 * last dimension) as doubles; OUT receives the output the same way, computed by FFTW
 * in double precision. Exits 0, or 1 with a message. */
#include <fftw3.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: fftw_oracle IN OUT\n");
    return 1;
  }
  FILE *f = fopen(argv[1], "rb");
  int h[7];
  if (!f || fread(h, sizeof(int), 7, f) != 7 || h[1] < 1 || h[1] > 3 || h[5] < 1) {
    fprintf(stderr, "fftw_oracle: cannot read %s\n", argv[1]);
    return 1;
  }
  int kind = h[0], rank = h[1], *n = h + 2, batch = h[5], sign = h[6];
  long long reals = 1, halves = 1;
  for (int d = 0; d < rank; d++) {
    reals *= n[d];
    halves *= d == rank - 1 ? n[d] / 2 + 1 : n[d];
  }
  long long in_count = kind == 0 ? 2 * reals : kind == 1 ? reals : 2 * halves;
  long long out_count = kind == 0 ? 2 * reals : kind == 1 ? 2 * halves : reals;
  double *in = fftw_malloc(sizeof(double) * in_count * batch);
  double *out = fftw_malloc(sizeof(double) * out_count * batch);
  if ((long long)fread(in, sizeof(double), in_count * batch, f) != in_count * batch) {
    fprintf(stderr, "fftw_oracle: %s is short\n", argv[1]);
    return 1;
  }
  fclose(f);
  fftw_plan p;
  if (kind == 0)
    p = fftw_plan_many_dft(rank, n, batch, (fftw_complex *)in, NULL, 1, (int)reals,
                           (fftw_complex *)out, NULL, 1, (int)reals, sign, FFTW_ESTIMATE);
  else if (kind == 1)
    p = fftw_plan_many_dft_r2c(rank, n, batch, in, NULL, 1, (int)reals, (fftw_complex *)out, NULL,
                               1, (int)halves, FFTW_ESTIMATE);
  else
    p = fftw_plan_many_dft_c2r(rank, n, batch, (fftw_complex *)in, NULL, 1, (int)halves, out, NULL,
                               1, (int)reals, FFTW_ESTIMATE);
  fftw_execute(p);
  fftw_destroy_plan(p);
  f = fopen(argv[2], "wb");
  if (!f || (long long)fwrite(out, sizeof(double), out_count * batch, f) != out_count * batch ||
      fclose(f) != 0) {
    fprintf(stderr, "fftw_oracle: cannot write %s\n", argv[2]);
    return 1;
  }
  fftw_free(in);
  fftw_free(out);
  return 0;
}
