// libcu_headers.cu — end-to-end test of libcu++'s freestanding headers in device code
// (Debian's libcu++-dev 1.8.1, unmodified): <cuda/std/type_traits>, <cuda/std/limits>,
// <cuda/std/cstdint>, <cuda/std/climits>, <cuda/std/cfloat>, <cuda/std/tuple>,
// <cuda/std/utility>, <cuda/std/array>, <cuda/std/functional>, <cuda/std/ratio>,
// and <cuda/std/chrono> (durations; system_clock::now() in device code, which reads
// PTX's %globaltimer: nanoseconds since the Unix epoch, compared with the host's clock).
// Compile-time facts are static_asserts inside a kernel; run-time values (numeric_limits,
// tuple/pair/array operations, duration arithmetic and casts) are written by the
// kernel and compared with the host's <limits>/<tuple>/... Prints PASS or FAIL: <details>.
#include <cuda/std/array>
#include <cuda/std/cfloat>
#include <cuda/std/chrono>
#include <cuda/std/climits>
#include <cuda/std/cstdint>
#include <cuda/std/functional>
#include <cuda/std/limits>
#include <cuda/std/ratio>
#include <cuda/std/tuple>
#include <cuda/std/type_traits>
#include <cuda/std/utility>
#include <limits>
#include <stdio.h>

namespace cs = cuda::std;

struct Pod {
  int a;
  float b;
};
struct Base {};
struct Derived : Base {};

#define SLOTS 40

__global__ void facts(long long *out, double *dout) {
  // type_traits
  static_assert(cs::is_same<cs::int32_t, int>::value, "int32_t");
  static_assert(cs::is_same<cs::uint64_t, unsigned long long>::value ||
                    cs::is_same<cs::uint64_t, unsigned long>::value,
                "uint64_t");
  static_assert(sizeof(cs::int8_t) == 1 && sizeof(cs::int16_t) == 2 && sizeof(cs::intptr_t) == 8,
                "cstdint widths");
  static_assert(cs::is_integral<char>::value && !cs::is_integral<float>::value, "is_integral");
  static_assert(cs::is_floating_point<double>::value, "is_floating_point");
  static_assert(cs::is_trivially_copyable<Pod>::value && cs::is_standard_layout<Pod>::value, "Pod");
  static_assert(cs::is_base_of<Base, Derived>::value && !cs::is_base_of<Derived, Base>::value,
                "is_base_of");
  static_assert(cs::is_convertible<Derived *, Base *>::value, "is_convertible");
  static_assert(cs::is_same<cs::make_unsigned<int>::type, unsigned>::value, "make_unsigned");
  static_assert(cs::is_same<cs::remove_cv_t<const volatile int>, int>::value, "remove_cv");
  static_assert(cs::is_same<cs::decay_t<int[3]>, int *>::value, "decay");
  static_assert(cs::is_same<cs::common_type_t<int, long long, short>, long long>::value,
                "common_type");
  static_assert(cs::is_same<cs::conditional_t<true, char, long>, char>::value, "conditional");
  static_assert(cs::alignment_of<double>::value == 8, "alignment_of");
  static_assert(cs::is_signed<int>::value && cs::is_unsigned<unsigned char>::value, "signed");
  static_assert(cs::rank<int[2][3]>::value == 2 && cs::extent<int[2][3], 1>::value == 3, "rank");
  // limits
  static_assert(cs::numeric_limits<int>::max() == INT_MAX, "int max");
  static_assert(cs::numeric_limits<unsigned short>::max() == 65535, "ushort max");
  static_assert(cs::numeric_limits<long long>::min() == LLONG_MIN, "llong min");
  static_assert(cs::numeric_limits<float>::digits == 24 && cs::numeric_limits<double>::digits == 53,
                "digits");
  static_assert(cs::numeric_limits<float>::is_iec559, "iec559");
  static_assert(FLT_MANT_DIG == 24 && DBL_MAX_EXP == 1024, "cfloat");
  // ratio
  static_assert(cs::ratio_add<cs::ratio<1, 3>, cs::ratio<1, 6>>::num == 1 &&
                    cs::ratio_add<cs::ratio<1, 3>, cs::ratio<1, 6>>::den == 2,
                "ratio_add");
  static_assert(cs::ratio_less<cs::milli, cs::centi>::value, "ratio_less");

  int k = 0;
  out[k++] = cs::numeric_limits<int>::max();
  out[k++] = cs::numeric_limits<int>::min();
  out[k++] = (long long)cs::numeric_limits<unsigned>::max();
  out[k++] = cs::numeric_limits<cs::int64_t>::min();
  out[k++] = cs::numeric_limits<signed char>::lowest();
  out[k++] = cs::numeric_limits<double>::max_exponent;
  out[k++] = cs::numeric_limits<float>::min_exponent10;
  // tuple, pair, utility
  cs::tuple<int, double, char> t(7, 2.5, 'x');
  cs::get<0>(t) += 3;
  auto t2 = cs::tuple_cat(t, cs::make_tuple(11LL));
  out[k++] = cs::get<0>(t2) + cs::get<3>(t2);
  out[k++] = cs::tuple_size<decltype(t2)>::value;
  int a = 0, c = 0;
  double b = 0;
  cs::tie(a, b, c) = cs::make_tuple(4, 1.5, 9);
  out[k++] = a * 100 + c;
  cs::pair<int, long long> p = cs::make_pair(5, 1LL << 40);
  cs::pair<int, long long> q(p.first + 1, p.second >> 8);
  cs::swap(p, q);
  out[k++] = p.first;
  out[k++] = p.second;
  out[k++] = (cs::make_pair(1, 2) < cs::make_pair(1, 3)) ? 1 : 0;
  out[k++] = cs::exchange(a, 77) * 1000 + a;
  // array, functional
  cs::array<int, 5> arr = {{5, 3, 9, 1, 7}};
  long long s = 0;
  for (int v : arr)
    s += v;
  out[k++] = s;
  out[k++] = arr.size() * 10 + arr.back();
  out[k++] = cs::plus<int>()(20, 22) + cs::multiplies<int>()(3, 4);
  out[k++] = cs::less<int>()(1, 2) + 2 * cs::greater<int>()(1, 2) + 4 * cs::equal_to<int>()(3, 3);
  out[k++] = cs::bit_and<unsigned>()(0xF0u, 0x3Cu);
  // chrono durations
  using namespace cs::chrono;
  auto d = milliseconds(1500) + seconds(2) - microseconds(250);
  out[k++] = d.count(); // in microseconds
  out[k++] = duration_cast<milliseconds>(d).count();
  out[k++] = duration_cast<seconds>(minutes(3) + seconds(7)).count();
  out[k++] = duration_cast<nanoseconds>(duration<double, cs::milli>(0.5)).count();
  out[k++] = (hours(1) > minutes(59)) ? 1 : 0;
  out[k++] = (milliseconds(2500) % seconds(1)).count();
  out[k++] = k; // the number of slots written so far, checked on the host
  dout[0] = cs::numeric_limits<double>::epsilon();
  dout[1] = cs::numeric_limits<float>::denorm_min();
  dout[2] = cs::numeric_limits<double>::infinity();
  dout[3] = cs::numeric_limits<float>::max();
  dout[4] = duration_cast<duration<double>>(milliseconds(1250)).count();
}

// cuda::std::chrono::system_clock::now() on the device, twice per thread.
__global__ void device_clock(long long *ns) {
  auto a = cs::chrono::system_clock::now();
  auto b = cs::chrono::system_clock::now();
  ns[2 * threadIdx.x] =
      cs::chrono::duration_cast<cs::chrono::nanoseconds>(a.time_since_epoch()).count();
  ns[2 * threadIdx.x + 1] =
      cs::chrono::duration_cast<cs::chrono::nanoseconds>(b.time_since_epoch()).count();
}

int main(void) {
  long long *out;
  double *dout;
  cudaMallocManaged(&out, SLOTS * sizeof(long long));
  cudaMallocManaged(&dout, 8 * sizeof(double));
  facts<<<1, 1>>>(out, dout);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("FAIL: %s\n", cudaGetErrorString(err));
    return 1;
  }
  const long long want[] = {std::numeric_limits<int>::max(),
                            std::numeric_limits<int>::min(),
                            (long long)std::numeric_limits<unsigned>::max(),
                            std::numeric_limits<long long>::min(),
                            std::numeric_limits<signed char>::lowest(),
                            std::numeric_limits<double>::max_exponent,
                            std::numeric_limits<float>::min_exponent10,
                            10 + 11,
                            4,
                            409,
                            6,
                            (1LL << 40) >> 8,
                            1,
                            4077,
                            25,
                            57,
                            54,
                            1 + 4,
                            0x30,
                            1500000 + 2000000 - 250, // in us
                            3499,
                            187,
                            500000,
                            1,
                            500,
                            25};
  const int count = sizeof want / sizeof *want;
  int failures = 0;
  for (int k = 0; k < count; k++)
    if (out[k] != want[k] && failures++ < 20)
      printf("FAIL: slot %d: %lld, want %lld\n", k, out[k], want[k]);
  const double dwant[] = {
      std::numeric_limits<double>::epsilon(), std::numeric_limits<float>::denorm_min(),
      std::numeric_limits<double>::infinity(), std::numeric_limits<float>::max(), 1.25};
  for (int k = 0; k < 5; k++)
    if (dout[k] != dwant[k] && failures++ < 20)
      printf("FAIL: double slot %d: %g, want %g\n", k, dout[k], dwant[k]);
  // the device clock: within the host's clock readings around the launch (10 s of slack
  // for a GPU clock that is not the host's), and never going back within a thread
  long long *ns;
  cudaMallocManaged(&ns, 64 * sizeof(long long));
  long long before = cs::chrono::duration_cast<cs::chrono::nanoseconds>(
                         cs::chrono::system_clock::now().time_since_epoch())
                         .count();
  device_clock<<<1, 32>>>(ns);
  err = cudaDeviceSynchronize();
  long long after = cs::chrono::duration_cast<cs::chrono::nanoseconds>(
                        cs::chrono::system_clock::now().time_since_epoch())
                        .count();
  if (err != cudaSuccess && failures++ < 20)
    printf("FAIL: device_clock: %s\n", cudaGetErrorString(err));
  const long long slack = 10000000000LL;
  for (int t = 0; t < 32; t++)
    if ((ns[2 * t] < before - slack || ns[2 * t + 1] > after + slack ||
         ns[2 * t + 1] < ns[2 * t]) &&
        failures++ < 20)
      printf("FAIL: device clock thread %d: %lld, %lld; host %lld .. %lld\n", t, ns[2 * t],
             ns[2 * t + 1], before, after);
  if (failures) return 1;
  printf("PASS\n");
  return 0;
}
