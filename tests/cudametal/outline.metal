// Which inline helpers cudametal keeps out of line (cudametal/outline.c; test
// tests/cudametal/outline.sh): a helper goes out of line when its expanded size is at least
// 20 statements and inlining it everywhere would add at least 400 (size x (uses - 1)).
#include <metal_stdlib>
using namespace metal;

// 22 statements, 40 uses in the kernel: out of line.
inline ulong big_often(ulong a, ulong b) {
  ulong x = a ^ (b << 7);
  x += b * 0x9E3779B97F4A7C15ul;
  x ^= x >> 29;
  x *= 0xBF58476D1CE4E5B9ul;
  x ^= x >> 32;
  if (x & 1ul)
    x += a;
  else
    x -= b;
  x = (x << 3) | (x >> 61);
  x ^= a;
  x += 1ul;
  x ^= x >> 31;
  x *= 0x94D049BB133111EBul;
  x ^= x >> 27;
  x += 0x632BE59BD9B4E019ul;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  x *= 0x2545F4914F6CDD1Dul;
  x ^= x >> 33;
  x += 7ul;
  return x;
}

// 22 statements, one use: inline.
inline ulong big_once(ulong a) {
  ulong x = a * 3ul;
  x ^= x >> 11;
  x *= 5ul;
  x ^= x >> 13;
  x *= 7ul;
  x ^= x >> 17;
  x *= 9ul;
  x ^= x >> 19;
  x *= 11ul;
  x ^= x >> 23;
  x += 1ul;
  x ^= x >> 31;
  x *= 0x94D049BB133111EBul;
  x ^= x >> 27;
  x += 0x632BE59BD9B4E019ul;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  x *= 0x2545F4914F6CDD1Dul;
  x ^= x >> 33;
  x += 7ul;
  return x;
}

// 12 statements, 40 uses: inline (below 20: like MSL's shuffle-lane helpers, whose
// branches fold at each call).
inline ulong mid_often(ulong a) {
  ulong x = a ^ (a << 7);
  x += a * 0x9E3779B97F4A7C15ul;
  x ^= x >> 29;
  x *= 0xBF58476D1CE4E5B9ul;
  x ^= x >> 32;
  if (x & 1ul)
    x += a;
  else
    x -= 3ul;
  x = (x << 3) | (x >> 61);
  x ^= a;
  x += 1ul;
  return x;
}

// One statement, 40 uses: inline (a call costs more than its body).
inline ulong small_often(ulong a) { return a ^ 0x5555ul; }

// 21 statements, 40 uses, but an argument by reference: inline (out of line, the
// caller's variable would live in local memory).
inline void big_by_reference(ulong a, thread ulong &out) {
  ulong x = a + 1ul;
  x ^= x >> 3;
  x *= 13ul;
  x ^= x >> 5;
  x *= 17ul;
  x ^= x >> 7;
  x *= 19ul;
  x ^= x >> 9;
  x *= 23ul;
  x ^= x >> 31;
  x *= 0x94D049BB133111EBul;
  x ^= x >> 27;
  x += 0x632BE59BD9B4E019ul;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  x *= 0x2545F4914F6CDD1Dul;
  x ^= x >> 33;
  x += 7ul;
  out = x;
}

// 21 statements, one use in a helper that is itself out of line: inline (into it).
inline ulong big_in_outlined(ulong a) {
  ulong x = a + 2ul;
  x ^= x >> 3;
  x *= 29ul;
  x ^= x >> 5;
  x *= 31ul;
  x ^= x >> 7;
  x *= 37ul;
  x ^= x >> 9;
  x *= 41ul;
  x += 3ul;
  x ^= x >> 31;
  x *= 0x94D049BB133111EBul;
  x ^= x >> 27;
  x += 0x632BE59BD9B4E019ul;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  x *= 0x2545F4914F6CDD1Dul;
  x ^= x >> 33;
  x += 7ul;
  return x;
}
// One statement but 22 expanded, 40 uses: out of line.
inline ulong calls_big(ulong a) { return big_in_outlined(a) + 1ul; }

// 21 statements, one use in an inline helper that is inlined at 40 places: out of line.
inline ulong big_in_inlined(ulong a) {
  ulong x = a + 4ul;
  x ^= x >> 3;
  x *= 43ul;
  x ^= x >> 5;
  x *= 47ul;
  x ^= x >> 7;
  x *= 53ul;
  x ^= x >> 9;
  x *= 59ul;
  x += 5ul;
  x ^= x >> 31;
  x *= 0x94D049BB133111EBul;
  x ^= x >> 27;
  x += 0x632BE59BD9B4E019ul;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  x *= 0x2545F4914F6CDD1Dul;
  x ^= x >> 33;
  x += 7ul;
  return x;
}
inline void relay(ulong a, thread ulong &r) { r = big_in_inlined(a); }

kernel void outline_kernel(device ulong *data [[buffer(0)]],
                           uint i [[thread_position_in_grid]]) {
  ulong v = data[i], w = data[i + 1];
  v = big_once(v);
  v = big_often(v, w); v = big_often(v, w); v = big_often(v, w); v = big_often(v, w);
  v = big_often(v, w); v = big_often(v, w); v = big_often(v, w); v = big_often(v, w);
  v = big_often(v, w); v = big_often(v, w); v = big_often(v, w); v = big_often(v, w);
  v = big_often(v, w); v = big_often(v, w); v = big_often(v, w); v = big_often(v, w);
  v = big_often(v, w); v = big_often(v, w); v = big_often(v, w); v = big_often(v, w);
  v = big_often(v, w); v = big_often(v, w); v = big_often(v, w); v = big_often(v, w);
  v = big_often(v, w); v = big_often(v, w); v = big_often(v, w); v = big_often(v, w);
  v = big_often(v, w); v = big_often(v, w); v = big_often(v, w); v = big_often(v, w);
  v = big_often(v, w); v = big_often(v, w); v = big_often(v, w); v = big_often(v, w);
  v = big_often(v, w); v = big_often(v, w); v = big_often(v, w); v = big_often(v, w);
  v = mid_often(v); v = mid_often(v); v = mid_often(v); v = mid_often(v);
  v = mid_often(v); v = mid_often(v); v = mid_often(v); v = mid_often(v);
  v = mid_often(v); v = mid_often(v); v = mid_often(v); v = mid_often(v);
  v = mid_often(v); v = mid_often(v); v = mid_often(v); v = mid_often(v);
  v = mid_often(v); v = mid_often(v); v = mid_often(v); v = mid_often(v);
  v = mid_often(v); v = mid_often(v); v = mid_often(v); v = mid_often(v);
  v = mid_often(v); v = mid_often(v); v = mid_often(v); v = mid_often(v);
  v = mid_often(v); v = mid_often(v); v = mid_often(v); v = mid_often(v);
  v = mid_often(v); v = mid_often(v); v = mid_often(v); v = mid_often(v);
  v = mid_often(v); v = mid_often(v); v = mid_often(v); v = mid_often(v);
  v = small_often(v); v = small_often(v); v = small_often(v); v = small_often(v);
  v = small_often(v); v = small_often(v); v = small_often(v); v = small_often(v);
  v = small_often(v); v = small_often(v); v = small_often(v); v = small_often(v);
  v = small_often(v); v = small_often(v); v = small_often(v); v = small_often(v);
  v = small_often(v); v = small_often(v); v = small_often(v); v = small_often(v);
  v = small_often(v); v = small_often(v); v = small_often(v); v = small_often(v);
  v = small_often(v); v = small_often(v); v = small_often(v); v = small_often(v);
  v = small_often(v); v = small_often(v); v = small_often(v); v = small_often(v);
  v = small_often(v); v = small_often(v); v = small_often(v); v = small_often(v);
  v = small_often(v); v = small_often(v); v = small_often(v); v = small_often(v);
  v = calls_big(v); v = calls_big(v); v = calls_big(v); v = calls_big(v);
  v = calls_big(v); v = calls_big(v); v = calls_big(v); v = calls_big(v);
  v = calls_big(v); v = calls_big(v); v = calls_big(v); v = calls_big(v);
  v = calls_big(v); v = calls_big(v); v = calls_big(v); v = calls_big(v);
  v = calls_big(v); v = calls_big(v); v = calls_big(v); v = calls_big(v);
  v = calls_big(v); v = calls_big(v); v = calls_big(v); v = calls_big(v);
  v = calls_big(v); v = calls_big(v); v = calls_big(v); v = calls_big(v);
  v = calls_big(v); v = calls_big(v); v = calls_big(v); v = calls_big(v);
  v = calls_big(v); v = calls_big(v); v = calls_big(v); v = calls_big(v);
  v = calls_big(v); v = calls_big(v); v = calls_big(v); v = calls_big(v);
  big_by_reference(v, v); big_by_reference(v, v); big_by_reference(v, v); big_by_reference(v, v);
  big_by_reference(v, v); big_by_reference(v, v); big_by_reference(v, v); big_by_reference(v, v);
  big_by_reference(v, v); big_by_reference(v, v); big_by_reference(v, v); big_by_reference(v, v);
  big_by_reference(v, v); big_by_reference(v, v); big_by_reference(v, v); big_by_reference(v, v);
  big_by_reference(v, v); big_by_reference(v, v); big_by_reference(v, v); big_by_reference(v, v);
  big_by_reference(v, v); big_by_reference(v, v); big_by_reference(v, v); big_by_reference(v, v);
  big_by_reference(v, v); big_by_reference(v, v); big_by_reference(v, v); big_by_reference(v, v);
  big_by_reference(v, v); big_by_reference(v, v); big_by_reference(v, v); big_by_reference(v, v);
  big_by_reference(v, v); big_by_reference(v, v); big_by_reference(v, v); big_by_reference(v, v);
  big_by_reference(v, v); big_by_reference(v, v); big_by_reference(v, v); big_by_reference(v, v);
  relay(v, v); relay(v, v); relay(v, v); relay(v, v); relay(v, v); relay(v, v); relay(v, v);
  relay(v, v); relay(v, v); relay(v, v); relay(v, v); relay(v, v); relay(v, v); relay(v, v);
  relay(v, v); relay(v, v); relay(v, v); relay(v, v); relay(v, v); relay(v, v); relay(v, v);
  relay(v, v); relay(v, v); relay(v, v); relay(v, v); relay(v, v); relay(v, v); relay(v, v);
  relay(v, v); relay(v, v); relay(v, v); relay(v, v); relay(v, v); relay(v, v); relay(v, v);
  relay(v, v); relay(v, v); relay(v, v); relay(v, v); relay(v, v);
  data[i] = v;
}
