// devlib/printf.cu — device-side formatted output and failures: printf
// (clang's vprintf, renamed __anchor_vprintf by compiler/lower_libcalls.c),
// glibc's assert hook __assert_fail and llvm.trap (__trap()). Declarations:
// include/anchor/device_services.h; the host side: runtime/core_services.c
// (drains the FIFO at CUDA's synchronising calls) and runtime/printf_format.c
// (formats each record with the host's C library, as CUDA does).
//
// A printf call writes one record into the FIFO (common/abi.h,
// AC_ABI_PRINTF_*): its bytes are counted first, reserved with one 32-bit
// atomic add on the FIFO's head, then written, the size word last. The FIFO
// is a ring, as CUDA's (the Programming Guide: "older output is
// overwritten"): the head counts bytes since the last drain, a record starts
// at head modulo the capacity and its 8-byte words wrap around the end (every
// write goes through ring_at), and the host prints the records that start in
// the last `capacity` bytes — the newest. The
// format's bytes and every %s string's are copied at the call, since the
// host sees neither the device's constant memory nor a string that changes
// later. The walk over the format below decides which bytes of clang's
// argument buffer (each argument aligned to its size, float promoted to
// double, char and short to int) each conversion consumes, by the grammar
// CUDA's Programming Guide gives, %[flags][width][.precision][size]type with
// a width of `*` or digits, a precision of digits, a size of h, l or ll (and
// L j z t); a conversion outside it consumes nothing (on the H200 with nvcc
// 13.0, 2026-12-01, "%hhd" and "%.*f" took no argument and printf counted
// none for them). The host's formatter (runtime/printf_format.c) reads the
// slots in order by the C library's grammar, as CUDA's host does.
#include <anchor/device_context.h>

#include "abi.h"
#include "printf_grammar.h"

namespace {

// Where a record's bytes go: nothing while counting (out null).
struct sink {
  unsigned char *out;
  unsigned long long at;
};

__device__ __forceinline__ unsigned long long round8(unsigned long long n) {
  return (n + 7) & ~7ull;
}

// Byte `at` of the record at `record`, wrapped around the ring's end (records
// and the capacity are multiples of 8, so an aligned word never straddles it).
__device__ __forceinline__ unsigned char *ring_at(unsigned char *record, unsigned long long at) {
  unsigned char *fifo = (unsigned char *)__anchor_context_printf();
  unsigned char *ring = fifo + AC_ABI_PRINTF_HEADER_BYTES;
  unsigned long long capacity = ((unsigned *)fifo)[AC_ABI_PRINTF_CAPACITY];
  unsigned long long offset = (unsigned long long)(record - ring) + at;
  return ring + (offset >= capacity ? offset % capacity : offset);
}

__device__ __forceinline__ void put_byte(sink &s, unsigned char c) {
  if (s.out) *ring_at(s.out, s.at) = c;
  s.at++;
}

__device__ __forceinline__ void put_word(sink &s, unsigned long long v) {
  if (s.out) *(unsigned long long *)ring_at(s.out, s.at) = v; // 8-aligned: records are
  s.at += 8;
}

// The NUL-terminated bytes of str padded with zeros to 8; their count.
__device__ unsigned long long put_string(sink &s, const char *str) {
  unsigned long long n = 0;
  do
    put_byte(s, (unsigned char)str[n]);
  while (str[n++]);
  for (unsigned long long end = round8(s.at); s.at < end;)
    put_byte(s, 0);
  return n;
}

// The argument of `bytes` (4 or 8) at the next offset aligned to its size
// in clang's buffer, 0 past its end.
__device__ unsigned long long take(const char *args, unsigned size, unsigned &offset,
                                   unsigned bytes) {
  offset = (offset + bytes - 1) & ~(bytes - 1);
  unsigned long long v = 0;
  if (offset <= size && bytes <= size - offset)
    v = bytes == 8 ? *(const unsigned long long *)(args + offset)
                   : *(const unsigned int *)(args + offset);
  offset += bytes;
  return v;
}

// The record's payload after its 8-byte header (the format, the arguments);
// returns the number of arguments the format consumed (CUDA's grammar:
// common/printf_grammar.h, which the compiler's walk of constant formats reads too).
__device__ int put_payload(sink &s, const char *format, const char *args, unsigned size) {
  put_string(s, format);
  unsigned offset = 0;
  int count = 0;
  for (const char *p = format; p && *p;) {
    if (*p++ != '%') continue;
    ac_printf_conversion conv;
    p = ac_printf_read_conversion(p, &conv);
    char c = conv.type;
    if (!c) continue; // consumes nothing, its * neither (or the format ended)
    bool star = conv.star;
    if (star && count < AC_ABI_PRINTF_MAX_ARGS) put_word(s, take(args, size, offset, 4)), count++;
    if (count >= AC_ABI_PRINTF_MAX_ARGS) continue; // printed as it stands
    count++;
    unsigned long long v = take(args, size, offset, conv.bytes);
    if (c != 's') {
      put_word(s, v);
      continue;
    }
    const char *str = (const char *)v;
    if (!str) {
      put_word(s, 0);
      continue;
    }
    unsigned long long at = s.at;
    put_word(s, 0);
    unsigned long long n = put_string(s, str);
    if (s.out) *(unsigned long long *)ring_at(s.out, at) = n;
  }
  return count;
}

// Space for a record of `bytes` (a multiple of 8) in the ring, its tag
// (AC_ABI_PRINTF_TAG: where it starts) written; null when it is larger than
// the ring or AC_ABI_PRINTF_HEAD_LIMIT bytes were written since the last
// drain (the record is dropped; the 32-bit head never wraps).
__device__ unsigned char *reserve(unsigned long long bytes) {
  unsigned long long fifo = __anchor_context_printf();
  if (!fifo) return nullptr;
  unsigned *words = (unsigned *)fifo;
  unsigned capacity = words[AC_ABI_PRINTF_CAPACITY];
  if (bytes > capacity ||
      __atomic_load_n(&words[AC_ABI_PRINTF_HEAD], __ATOMIC_RELAXED) > AC_ABI_PRINTF_HEAD_LIMIT)
    return nullptr;
  unsigned start = atomicAdd(&words[AC_ABI_PRINTF_HEAD], (unsigned)bytes);
  if (start > AC_ABI_PRINTF_HEAD_LIMIT) return nullptr;
  unsigned char *record = (unsigned char *)fifo + AC_ABI_PRINTF_HEADER_BYTES + start % capacity;
  ((unsigned *)record)[1] = AC_ABI_PRINTF_TAG(start, 0u);
  return record;
}

// The record's header, its size word last (the host stops at a size of 0).
__device__ __forceinline__ void complete(unsigned char *record, unsigned long long bytes,
                                         unsigned stream) {
  ((unsigned *)record)[1] |= stream;
  __atomic_store_n((unsigned *)record, (unsigned)bytes, __ATOMIC_RELAXED);
}

// Writes one record of format and its arguments for `stream` into the FIFO
// (dropped when it does not fit); the count of arguments consumed.
__device__ int put_record(const char *format, const char *args, unsigned size, unsigned stream) {
  sink count = {nullptr, 8};
  int consumed = put_payload(count, format, args, size);
  unsigned long long bytes = round8(count.at);
  unsigned char *record = reserve(bytes);
  if (!record) return consumed;
  sink s = {record, 8};
  put_payload(s, format, args, size);
  complete(record, bytes, stream);
  return consumed;
}

// The first failure of any thread wins the status word; this thread ends.
__device__ __attribute__((noreturn)) void fail(unsigned failure) {
  unsigned *status = (unsigned *)__anchor_context_status();
  atomicCAS(&status[AC_ABI_STATUS_FAILURE], 0u, failure);
  __anchor_exit_thread();
}

} // namespace

extern "C" __device__ int __anchor_vprintf(const char *format, const char *arguments,
                                           unsigned int size) {
  if (!format) return -1;
  return put_record(format, arguments, size, AC_ABI_PRINTF_STDOUT);
}

// ---- the pieces of a record, for a constant format ----------------------------
// compiler/lower_libcalls.c walks a constant format at compile time and
// writes the record with these (no walk at run time, and a %s string is
// read through its pointer as a value, so one in a thread's own array or in
// shared memory prints too): the strings' lengths, the reservation, the
// format's words, each argument's slot or string, the header.

// The bytes of string s with its NUL, 0 for NULL.
extern "C" __device__ unsigned long long __anchor_printf_strlen(const char *s) {
  if (!s) return 0;
  unsigned long long n = 0;
  while (s[n])
    n++;
  return n + 1;
}

extern "C" __device__ unsigned char *__anchor_printf_begin(unsigned long long bytes) {
  return reserve(bytes);
}

// 8 bytes of the record at byte `at` (a multiple of 8); nothing for a
// dropped record (null).
extern "C" __device__ void __anchor_printf_word(unsigned char *record, unsigned long long at,
                                                unsigned long long value) {
  if (record) *(unsigned long long *)ring_at(record, at) = value;
}

// A %s slot at `at`: the length word n (__anchor_printf_strlen's), then the
// string's bytes padded to 8.
extern "C" __device__ void __anchor_printf_string(unsigned char *record, unsigned long long at,
                                                  const char *s, unsigned long long n) {
  if (!record) return;
  *(unsigned long long *)ring_at(record, at) = n;
  unsigned long long k = 0;
  for (; k < n; k++)
    *ring_at(record, at + 8 + k) = (unsigned char)s[k];
  for (; k < round8(n); k++)
    *ring_at(record, at + 8 + k) = 0;
}

extern "C" __device__ void __anchor_printf_end(unsigned char *record, unsigned long long bytes) {
  if (record) complete(record, bytes, AC_ABI_PRINTF_STDOUT);
}

// CUDA's message on the host's stderr, then cudaErrorAssert. The record is
// written straight (its format is known here: no walk), as the compiler
// writes a constant format's.
extern "C" __device__ void __anchor_assert_fail(const char *expression, const char *file,
                                                unsigned int line, const char *function) {
  const char *format = "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` failed.\n";
  const char *strings[3] = {file, function, expression};
  unsigned long long lengths[3], format_bytes = round8(__anchor_printf_strlen(format));
  unsigned long long bytes = 8 + format_bytes + 10 * 8;
  for (int k = 0; k < 3; k++) {
    lengths[k] = __anchor_printf_strlen(strings[k]);
    bytes += round8(lengths[k]);
  }
  unsigned char *record = reserve(bytes);
  if (record) {
    sink s = {record, 8};
    put_string(s, format);
    unsigned numbers[7] = {line,        blockIdx.x,  blockIdx.y, blockIdx.z,
                           threadIdx.x, threadIdx.y, threadIdx.z};
    __anchor_printf_string(record, s.at, file, lengths[0]); // file, line, function
    s.at += 8 + round8(lengths[0]);
    put_word(s, numbers[0]);
    __anchor_printf_string(record, s.at, function, lengths[1]);
    s.at += 8 + round8(lengths[1]);
    for (int k = 1; k < 7; k++)
      put_word(s, numbers[k]);
    __anchor_printf_string(record, s.at, expression, lengths[2]);
    complete(record, bytes, AC_ABI_PRINTF_STDERR);
  }
  fail(AC_ABI_FAILURE_ASSERT);
}

extern "C" __device__ void __anchor_trap(void) {
  fail(AC_ABI_FAILURE_TRAP);
}

// CUDA refuses cudaLimitPrintfFifoSize after the launch of a kernel that
// contains printf, whether it printed or not: the first thread of every such
// kernel (compiler/lower_libcalls.c puts the call first) marks the FIFO used.
extern "C" __device__ void __anchor_printf_mark(void) {
  unsigned long long fifo = __anchor_context_printf();
  if (fifo && (threadIdx.x | threadIdx.y | threadIdx.z | blockIdx.x | blockIdx.y | blockIdx.z) == 0)
    __atomic_store_n((unsigned *)fifo + AC_ABI_PRINTF_USED, 1u, __ATOMIC_RELAXED);
}

