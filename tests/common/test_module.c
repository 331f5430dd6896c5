/* tests/common/test_module.c — the device-module format alone (no Metal, no
 * LLVM): the writer's output read back by the parser; a well-formed module
 * written byte by byte with kernels, parameters and variables; and each kind
 * of malformed module, which must be refused with a message. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../runtime/check.h"
#include "module.h"

/* A blob: "ANCHMOD1", the little-endian length, text. Caller frees. */
static unsigned char *make_blob(const char *text) {
  size_t n = strlen(text), total = 16 + n;
  unsigned char *blob = malloc(total);
  memcpy(blob, "ANCHMOD1", 8);
  for (int i = 0; i < 8; i++)
    blob[8 + i] = (unsigned char)((uint64_t)total >> (8 * i));
  memcpy(blob + 16, text, n);
  return blob;
}

static const char msl[] = "#include <metal_stdlib>\nkernel void k() {}\n";

static void test_valid(void) {
  char text[512];
  snprintf(text, sizeof text,
           "kernel _Z3addPfS_i 20 0 0\nparam 0 8\nparam 8 8\nparam 16 4\n"
           "kernel _Z4zerov 0 1024 1\n"
           "global table 1 4 4 constant -\n"
           "global counter 0 8 8 device 0102030405060708\n"
           "msl %zu\n%s",
           strlen(msl), msl);
  unsigned char *blob = make_blob(text);
  ac_module d;
  char error[256] = "";
  CHECK(ac_module_parse(blob, &d, error, sizeof error));
  CHECK(d.kernel_count == 2 && d.global_count == 2);
  CHECK(strcmp(d.kernels[0].name, "_Z3addPfS_i") == 0 && d.kernels[0].param_bytes == 20);
  CHECK(d.kernels[0].param_count == 3 && d.kernels[0].params[2].offset == 16 &&
        d.kernels[0].params[2].size == 4);
  CHECK(d.kernels[1].param_count == 0 && d.kernels[1].static_smem_bytes == 1024 &&
        d.kernels[1].dynamic_smem);
  /* sorted by index */
  CHECK(strcmp(d.globals[0].name, "counter") == 0 && !d.globals[0].constant);
  CHECK(d.globals[0].init && d.globals[0].init[0] == 1 && d.globals[0].init[7] == 8);
  CHECK(strcmp(d.globals[1].name, "table") == 0 && d.globals[1].constant && !d.globals[1].init);
  CHECK(d.msl_length == strlen(msl) && strcmp(d.msl, msl) == 0);
  CHECK(d.language_major == 3 && d.language_minor == 1); /* the baseline, no language line */
  ac_module_free(&d);
  free(blob);
}

/* "language 3.2": the MSL version the module needs (fences). */
static void test_language(void) {
  unsigned char *blob = make_blob("language 3.2\nkernel k 0 0 0\nmsl 0\n");
  ac_module d;
  char error[256] = "";
  CHECK(ac_module_parse(blob, &d, error, sizeof error));
  CHECK(d.language_major == 3 && d.language_minor == 2);
  ac_module_free(&d);
  free(blob);
}

/* The text must be refused and the message must contain `expect`. */
static void refuse(const char *text, const char *expect) {
  unsigned char *blob = make_blob(text);
  ac_module d;
  char error[256] = "";
  bool ok = ac_module_parse(blob, &d, error, sizeof error);
  CHECK(!ok);
  if (ok) ac_module_free(&d);
  if (!strstr(error, expect)) {
    fprintf(stderr, "message '%s' lacks '%s'\n", error, expect);
    check_failures++;
  }
  CHECK(d.kernel_count == 0 && d.kernels == NULL && d.msl == NULL);
  free(blob);
}

static void test_malformed(void) {
  refuse("param 0 4\nmsl 0\n", "before any kernel");
  refuse("kernel k 4 0 0\nparam 2 4\nmsl 0\n", "outside");
  refuse("kernel k 4 0 2\nmsl 0\n", "malformed kernel");
  refuse("kernel k 4 x 0\nmsl 0\n", "malformed kernel");
  refuse("kernel k 4 0 0 0\nmsl 0\n", "malformed kernel"); /* a launch bound of 0 */
  refuse("kernel k 4 0 0 8 9\nmsl 0\n", "malformed kernel");
  refuse("spill 16\nmsl 0\n", "spill line before any kernel line");
  refuse("kernel k 4 0 0\nspill 0\nmsl 0\n", "malformed spill");  /* 0: no line */
  refuse("kernel k 4 0 0\nspill 20\nmsl 0\n", "malformed spill"); /* not a granule multiple */
  refuse("kernel k 4 0 0\nspill 16\nspill 16\nmsl 0\n", "malformed spill");
  refuse("shared 16\nmsl 0\n", "shared line before any kernel line");
  refuse("kernel k 4 0 0\nshared 4\nshared 4\nmsl 0\n", "malformed shared");
  refuse("kernel k 4 0 0\nshared\nmsl 0\n", "malformed shared");
  refuse("kernel k 16 0 0\nparam 0 8\nparam 4 8\nmsl 0\n", "overlap");
  refuse("kernel k 0 0 0\nmsl 10\nabc", "announces 10");
  refuse("kernel k 0 0 0\nfunction x\nmsl 0\n", "unknown record");
  refuse("global g 1 4 4 device -\nmsl 0\n", "indices");
  refuse("global g 0 4 4 shared -\nmsl 0\n", "neither device nor constant");
  refuse("global g 0 4 3 device -\nmsl 0\n", "alignment");
  refuse("global g 0 2 2 device 0g12\nmsl 0\n", "hexadecimal");
  refuse("global g 0 2 2 device 01\nmsl 0\n", "not 2 bytes");
  refuse("kernel k 0 0 0\n", "no msl");
  refuse("kernel k 0 0 0\n\nmsl 0\n", "empty line");
  refuse("language 3\nmsl 0\n", "malformed language");
  refuse("language 3.2x\nmsl 0\n", "malformed language");
  refuse("address 0 0 0\nglobal g 0 8 8 device -\nmsl 0\n", "before any global");
  refuse("global g 0 8 8 device -\naddress 1 0 0\nmsl 0\n", "outside global");
  refuse("global g 0 4 4 device -\naddress 0 0 0\nmsl 0\n", "outside global");
  refuse("global g 0 8 8 device -\naddress 0 1 0\nmsl 0\n", "names global 1");
  refuse("global g 0 8 8 device -\naddress 0 0\nmsl 0\n", "malformed address");
}

static void test_header(void) {
  ac_module d;
  char error[256] = "";
  unsigned char blob[32] = "ANCHMOD2";
  CHECK(!ac_module_parse(blob, &d, error, sizeof error) && strstr(error, "ANCHMOD1"));
  memcpy(blob, "ANCHMOD1", 8);
  blob[8] = 3; /* shorter than the header itself */
  CHECK(!ac_module_parse(blob, &d, error, sizeof error) && strstr(error, "implausible"));
  memset(blob + 8, 0xff, 8); /* absurdly long: must not be read */
  CHECK(!ac_module_parse(blob, &d, error, sizeof error) && strstr(error, "implausible"));
  CHECK(!ac_module_parse(NULL, &d, error, sizeof error));
  unsigned char *empty = make_blob("msl 0\n"); /* a module with nothing is fine */
  CHECK(ac_module_parse(empty, &d, error, sizeof error) && d.msl_length == 0);
  ac_module_free(&d);
  free(empty);
}

/* Mutations of a valid module (fixed-seed, so reproducible): whatever the
 * bytes, parsing ends in a module or an error message, never reads outside
 * the blob (the sanitizer build checks that) and leaves nothing allocated. */
static void test_mutations(void) {
  char text[512];
  snprintf(text, sizeof text,
           "kernel k 24 16 1\nparam 0 8\nparam 8 4\nparam 16 8\n"
           "global g 0 4 4 device 01020304\nglobal h 1 8 8 constant -\nmsl %zu\n%s",
           strlen(msl), msl);
  size_t length = 16 + strlen(text);
  unsigned char *original = make_blob(text), *blob = malloc(length);
  uint32_t seed = 12345;
  int parsed = 0, refused = 0;
  for (int round = 0; round < 20000; round++) {
    memcpy(blob, original, length);
    int changes = 1 + round % 4;
    for (int c = 0; c < changes; c++) {
      seed = seed * 1103515245u + 12345u;
      size_t at = 16 + (seed >> 8) % (length - 16);
      seed = seed * 1103515245u + 12345u;
      static const char alphabet[] = "0123456789 \nkernelparamglobalmsl-x";
      blob[at] = (unsigned char)alphabet[(seed >> 8) % (sizeof alphabet - 1)];
    }
    ac_module d;
    char error[256] = "";
    if (ac_module_parse(blob, &d, error, sizeof error)) {
      parsed++;
      CHECK(d.msl != NULL);
      ac_module_free(&d);
    } else {
      refused++;
      CHECK(error[0] != '\0' && d.kernels == NULL && d.globals == NULL && d.msl == NULL);
    }
  }
  CHECK(parsed > 0 && refused > 0);
  free(blob);
  free(original);
}

/* What the writer produces is what the parser reads back, field by field;
 * the baseline language writes no language line, zero bytes write "-". */
static void test_round_trip(void) {
  ac_param params[] = {{0, 8}, {8, 4}};
  ac_kernel kernels[] = {{"_Z1kPfi", 12, 32, true, 2, params, 256, 2128, 2100, false},
                         {"none", 0, 0, false, 0, NULL, 0, 0, 0, false}};
  unsigned char init[16] = {1, 2, 3, 4, 5, 6, 7, 0xff}, zeros[4] = {0};
  ac_address addresses[] = {{0, 1, 4}, {8, 0, 0xfffffffffffffff8u}};
  ac_global globals[] = {{"g", 0, 16, 8, true, init, 2, addresses},
                         {"z", 1, 4, 4, false, zeros, 0, NULL}};
  for (int fence = 0; fence < 2; fence++) {
    ac_module m = {fence ? 3 : 0, fence ? 2 : 0, 2, 2, kernels, globals, (char *)msl, strlen(msl)};
    unsigned char *blob = NULL;
    size_t size = 0;
    CHECK(ac_module_write(&m, &blob, &size));
    CHECK(size > 16 && memcmp(blob, "ANCHMOD1", 8) == 0 && blob[8] == (unsigned char)size);
    CHECK((strstr((char *)blob + 16, "language 3.2\n") != NULL) == fence);
    CHECK(strstr((char *)blob + 16, "global z 1 4 4 device -\n") != NULL);
    ac_module d;
    char error[256] = "";
    CHECK(ac_module_parse(blob, &d, error, sizeof error));
    CHECK(d.language_major == 3 && d.language_minor == (fence ? 2u : 1u));
    CHECK(d.kernel_count == 2 && strcmp(d.kernels[0].name, "_Z1kPfi") == 0);
    CHECK(d.kernels[0].param_bytes == 12 && d.kernels[0].static_smem_bytes == 32 &&
          d.kernels[0].dynamic_smem && d.kernels[0].param_count == 2);
    CHECK(d.kernels[0].params[1].offset == 8 && d.kernels[0].params[1].size == 4);
    CHECK(d.kernels[1].param_count == 0 && !d.kernels[1].dynamic_smem);
    CHECK(d.kernels[0].max_threads == 256 && d.kernels[1].max_threads == 0);  /* launch bounds */
    CHECK(d.kernels[0].spill_bytes == 2128 && d.kernels[1].spill_bytes == 0); /* smem overflow */
    CHECK(strstr((char *)blob + 16, "param 8 4\nspill 2128\nshared 2100\n") != NULL);
    /* CUDA's count: listed where it differs from Anchor's layout, else the same */
    CHECK(d.kernels[0].cuda_smem_bytes == 2100 && d.kernels[1].cuda_smem_bytes == 0);
    CHECK(strstr((char *)blob + 16, "kernel none 0 0 0\nglobal") != NULL);
    CHECK(strstr((char *)blob + 16, "kernel _Z1kPfi 12 32 1 256\n") != NULL);
    CHECK(strstr((char *)blob + 16, "kernel none 0 0 0\n") != NULL);
    CHECK(strstr((char *)blob + 16, "\naddress 0 1 4\naddress 8 0 18446744073709551608\n") != NULL);
    CHECK(d.global_count == 2 && d.globals[0].constant && memcmp(d.globals[0].init, init, 16) == 0);
    CHECK(d.globals[0].address_count == 2 && d.globals[0].addresses[0].offset == 0 &&
          d.globals[0].addresses[0].target == 1 && d.globals[0].addresses[0].addend == 4 &&
          d.globals[0].addresses[1].offset == 8 &&
          d.globals[0].addresses[1].addend == 0xfffffffffffffff8u);
    CHECK(d.globals[1].address_count == 0);
    CHECK(!d.globals[1].constant && d.globals[1].init == NULL && d.globals[1].size == 4);
    CHECK(d.msl_length == strlen(msl) && strcmp(d.msl, msl) == 0);
    ac_module_free(&d);
    free(blob);
  }
}

int main(void) {
  test_round_trip();
  test_valid();
  test_language();
  test_mutations();
  test_malformed();
  test_header();
  return check_finish("test_blob");
}
