// devlib/f32_bessel.cu — single-precision Bessel functions of Anchor's device library:
// CUDA's j0f, j1f, jnf, y0f, y1f, ynf, cyl_bessel_i0f, cyl_bessel_i1f. Declarations and
// contracts: include/anchor/math/f32_bessel.h.
//
// Only operations Metal defines exactly: float add/sub/mul, fmaf, comparisons, fabsf,
// copysignf, bit casts, integer arithmetic, constant tables, and the library's
// __anchor_sincosf, __anchor_logf, __anchor_expf (f32_trig, f32_exp), __anchor_sqrtf,
// __anchor_rsqrtf, __anchor_frcp_rn and __anchor_fdiv_rn (correctly rounded). No float
// division, no double.
//
// The methods (x >= 0; the odd functions by their symmetry):
//   J0, J1, Y0, Y1 for x < 8 (CUDA: 9 ulp, relative): x in [k, k + 1), k = 0..7, a
//     polynomial of degree 10 in v = (x - c_hi) - c_lo per interval (coefficients in a
//     constant table). Where a zero z of the function lies in the interval or within 1/2 of
//     it, c = z (the float pair c_hi + c_lo, within 3e-15 of z) and the constant
//     coefficient is 0: f = v g(v), so that the result keeps its relative accuracy through
//     the zero (v is exact but for one rounding: x - c_hi is exact by Sterbenz's lemma
//     wherever v is small). Elsewhere c is the middle of the interval.
//   Y0 for x < 3/4: (2/pi) log(x) J0(x) + S(x^2), Y1 for x < 1: (2/pi) (log(x) J1(x) -
//     1/x) + x T(x^2), S and T even entire functions (polynomials of degree 6); the terms
//     do not cancel there (Y0's first zero is at 0.894).
//   x >= 8 (CUDA: absolute 2.2e-6): Hankel's form, J = (P cos(theta) - Q sin(theta))
//     sqrt(2/(pi x)), Y = (P sin(theta) + Q cos(theta)) sqrt(2/(pi x)), theta = x - pi/4
//     (order 0) or x - 3pi/4 (order 1), P and x Q polynomials of degree 4 in 64/x^2;
//     cos(theta) and sin(theta) from sin x and cos x (__anchor_sincosf: Payne–Hanek for
//     huge x, so the phase stays right over the whole float range): cos(x - pi/4) =
//     (cos x + sin x)/sqrt 2, ... The absolute error is about 1e-7 sqrt(8/x).
//   jn (CUDA: absolute 2.2e-6): x > n: the forward recurrence J_{k+1} = (2k/x) J_k -
//     J_{k-1} from J0, J1 (stable while k < x); x <= n: Miller's backward recurrence from
//     J_{m+1} = 0, J_m = tiny, m = n + 12 + 2 floor(sqrt(3n)) (J_m(x)/J_n(x) below 2^-30
//     for x <= n), normalised by J0 + 2 (J2 + J4 + ...) = 1 and rescaled by 2^-64 whenever
//     it grows past 2^64; x < 2^-30: the series' first term (x/2)^n / n!.
//   yn (CUDA: ceil(2 + 2.5n) ulp for x < n, else absolute 2.2e-6): the forward recurrence
//     from Y0, Y1 (Y_n is the dominant solution: stable for every x).
//   I0, I1 (CUDA: 6 ulp): x < 8: I0 = P(x^2), I1 = x P(x^2) (degree 10, positive terms);
//     x >= 8: e^(x - 16) G(8/x) / sqrt(x), G = e^16 sqrt(x) e^-x I(x) of degree 6 (x - 16
//     is exact; the split keeps e^x from overflowing before I does, near x = 91.9).
// The coefficients are computed with MPFR by devlib/gen/f32_bessel_coeffs.c (its output
// pasted below, with the maximum relative errors it printed).

#define F32BES_NAN 0x7fffffffu // CUDA's canonical NaN

static __device__ __forceinline__ float f32bes_nan() {
  return __builtin_bit_cast(float, F32BES_NAN);
}

// ---- Constants -------------------------------------------------------------------------
static constexpr float TWO_OVER_PI = 0x1.45f306p-1f;
static constexpr float INV_SQRTPI = 0x1.20dd76p-1f; // 1/sqrt(pi)

// ---- Coefficients (devlib/gen/f32_bessel_coeffs.c), constant term first -----------------
// The unit intervals [k, k + 1) of x < 8: 11 coefficients of f in v = (x - c_hi) - c_lo.
static __device__ const float J0_C[8][11] = {
    // J0[0]: [0, 1], degree 9, v = s - 0.5: 2^-25.1
    {0x1.e07f1ep-1f, -0x1.f02a72p-3f, -0x1.d0d3c8p-3f, 0x1.ee6a66p-6f, 0x1.cba1bp-7f,
     -0x1.490732p-10f, -0x1.96404p-12f, 0x1.b63b92p-16f, 0x1.925d1ap-18f, -0x1.5c861ap-22f, 0},
    // zero 2.4048255576957728863, float pair error -1.18e-16
    // J0[1]: [1, 2], degree 9, v = s - 0x1.33d152p+1 - 0x1.d2e368p-24 (a zero): 2^-24.9
    {0, -0x1.09cdb4p-1f, 0x1.ba1decp-4f, 0x1.cfae62p-5f, -0x1.1bb3c4p-7f, -0x1.1faa32p-9f,
     0x1.1471d6p-12f, 0x1.68b4fap-15f, -0x1.438ef6p-18f, -0x1.8a2bf8p-21f, -0x1.0db4a8p-28f},
    // zero 2.4048255576957728863, float pair error -1.18e-16
    // J0[2]: [2, 3], degree 9, v = s - 0x1.33d152p+1 - 0x1.d2e368p-24 (a zero): 2^-24.4
    {0, -0x1.09cdb4p-1f, 0x1.ba1deep-4f, 0x1.cfae86p-5f, -0x1.1bb1ccp-7f, -0x1.1f9926p-9f,
     0x1.15383ap-12f, 0x1.6ed3cep-15f, -0x1.234674p-18f, -0x1.1c51ccp-21f, 0x1.a0eba6p-25f},
    // J0[3]: [3, 4], degree 9, v = s - 3.5: 2^-24.2
    {-0x1.854034p-2f, -0x1.195964p-3f, 0x1.ad718cp-3f, 0x1.15069cp-10f, -0x1.d8d4cp-7f,
     0x1.05f198p-12f, 0x1.af6c46p-12f, -0x1.1edb04p-17f, -0x1.b072a8p-18f, 0x1.1baa34p-23f, 0},
    // J0[4]: [4, 5], degree 9, v = s - 4.5: 2^-24.5
    {-0x1.483c4cp-2f, 0x1.d93636p-3f, 0x1.13a80cp-3f, -0x1.7d924ep-5f, -0x1.fabe5ep-8f,
     0x1.21690cp-9f, 0x1.969462p-13f, -0x1.9796dep-15f, -0x1.72734ap-19f, 0x1.4db0f8p-21f, 0},
    // zero 5.5200781102863105687, float pair error -2.58e-15
    // J0[5]: [5, 6], degree 9, v = s - 0x1.6148f6p+2 - -0x1.34f46ep-24 (a zero): 2^-25.1
    {0, 0x1.5c6e6p-2f, -0x1.f8f72ep-6f, -0x1.b2150cp-5f, 0x1.2f7ffep-8f, 0x1.27e32p-9f,
     -0x1.6f640cp-13f, -0x1.863e16p-15f, 0x1.ad5c24p-19f, 0x1.316e2ap-21f, -0x1.1fdb9p-25f},
    // zero 5.5200781102863105687, float pair error -2.58e-15
    // J0[6]: [6, 7], degree 9, v = s - 0x1.6148f6p+2 - -0x1.34f46ep-24 (a zero): 2^-24.1
    {0, 0x1.5c6e6p-2f, -0x1.f8f734p-6f, -0x1.b214fep-5f, 0x1.2f7e8p-8f, 0x1.27e96p-9f,
     -0x1.6ff3b4p-13f, -0x1.83ffap-15f, 0x1.945082p-19f, 0x1.62d424p-21f, -0x1.0c417ep-24f},
    // J0[7]: [7, 8], degree 9, v = s - 7.5: 2^-25.0
    {0x1.10bb58p-2f, -0x1.14fd2p-3f, -0x1.fc8822p-4f, 0x1.c5288ap-6f, 0x1.29a1c8p-7f,
     -0x1.8f884ap-10f, -0x1.0ccc0ep-12f, 0x1.344724p-15f, 0x1.056892p-18f, -0x1.0b0d56p-21f, 0},
};
static __device__ const float J0_Z[8][2] = {{0x1p-1f, 0.0f},
                                            {0x1.33d152p+1f, 0x1.d2e368p-24f},
                                            {0x1.33d152p+1f, 0x1.d2e368p-24f},
                                            {0x1.cp+1f, 0.0f},
                                            {0x1.2p+2f, 0.0f},
                                            {0x1.6148f6p+2f, -0x1.34f46ep-24f},
                                            {0x1.6148f6p+2f, -0x1.34f46ep-24f},
                                            {0x1.ep+2f, 0.0f}};
static __device__ const float J1_C[8][11] = {
    // J1[0]: [0, 1], degree 9, v = s - 0x0p+0 - 0x0p+0 (a zero): 2^-32.3
    {0, 0x1p-1f, -0x1.15f266p-39f, -0x1p-4f, -0x1.cbaa48p-31f, 0x1.555584p-9f, -0x1.5e94e2p-26f,
     -0x1.c6b85cp-15f, -0x1.1b9cfp-24f, 0x1.8a8fd6p-21f, -0x1.d3a128p-26f},
    // J1[1]: [1, 2], degree 9, v = s - 1.5: 2^-24.5
    {0x1.1da9dap-1f, 0x1.1e742ap-3f, -0x1.9ce372p-3f, -0x1.a680b2p-7f, 0x1.c23f8p-7f,
     0x1.d237e2p-12f, -0x1.9f827cp-12f, -0x1.10ca42p-17f, 0x1.a5823ap-18f, 0x1.8aa05ap-24f, 0},
    // J1[2]: [2, 3], degree 9, v = s - 2.5: 2^-25.6
    {0x1.fd063cp-2f, -0x1.fa4f38p-3f, -0x1.46518ep-3f, 0x1.3cb0a6p-5f, 0x1.4d6f58p-7f,
     -0x1.cbdc9ep-10f, -0x1.277bf8p-12f, 0x1.406676p-15f, 0x1.23a138p-18f, -0x1.05dc5cp-21f, 0},
    // zero 3.8317059702075124683, float pair error -3.26e-15
    // J1[3]: [3, 4], degree 9, v = s - 0x1.ea7558p+1 - -0x1.4a121ep-24 (a zero): 2^-25.7
    {0, -0x1.9c6cf6p-2f, 0x1.ae8a3ap-5f, 0x1.b589d2p-5f, -0x1.537544p-8f, -0x1.24b34p-9f,
     0x1.6e4baap-13f, 0x1.8390b2p-15f, -0x1.9a3dp-19f, -0x1.41d3aap-21f, 0x1.eaf6cp-27f},
    // zero 3.8317059702075124683, float pair error -3.26e-15
    // J1[4]: [4, 5], degree 9, v = s - 0x1.ea7558p+1 - -0x1.4a121ep-24 (a zero): 2^-25.7
    {0, -0x1.9c6cf6p-2f, 0x1.ae8a3ap-5f, 0x1.b589d2p-5f, -0x1.53752p-8f, -0x1.24b43ap-9f,
     0x1.6e6ef2p-13f, 0x1.82d152p-15f, -0x1.8abdfp-19f, -0x1.549e02p-21f, 0x1.e4db7cp-25f},
    // J1[5]: [5, 6], degree 9, v = s - 5.5: 2^-24.7
    {-0x1.5da1fap-2f, 0x1.c47de2p-5f, 0x1.47ca6cp-3f, -0x1.20944cp-6f, -0x1.75408p-7f,
     0x1.0934p-10f, 0x1.592b94p-12f, -0x1.9f8316p-16f, -0x1.5b46dcp-18f, 0x1.6bd81cp-22f, 0},
    // zero 7.0155866698156188477, float pair error -9.41e-17
    // J1[6]: [6, 7], degree 9, v = s - 0x1.c0ff6p+2 - -0x1.8971b6p-23 (a zero): 2^-24.6
    {0, 0x1.33518cp-2f, -0x1.5e70dcp-6f, -0x1.80c83cp-5f, 0x1.9a4b34p-9f, 0x1.13fc08p-9f,
     -0x1.0727dap-13f, -0x1.78f4fep-15f, 0x1.4c2936p-19f, 0x1.5008eep-21f, -0x1.b771cp-31f},
    // zero 7.0155866698156188477, float pair error -9.41e-17
    // J1[7]: [7, 8], degree 9, v = s - 0x1.c0ff6p+2 - -0x1.8971b6p-23 (a zero): 2^-24.3
    {0, 0x1.33518cp-2f, -0x1.5e70dcp-6f, -0x1.80c83cp-5f, 0x1.9a4b26p-9f, 0x1.13fbdep-9f,
     -0x1.073b4ep-13f, -0x1.7931a6p-15f, 0x1.3cf35p-19f, 0x1.43fce2p-21f, -0x1.903818p-25f},
};
static __device__ const float J1_Z[8][2] = {{0.0f, 0.0f},
                                            {0x1.8p+0f, 0.0f},
                                            {0x1.4p+1f, 0.0f},
                                            {0x1.ea7558p+1f, -0x1.4a121ep-24f},
                                            {0x1.ea7558p+1f, -0x1.4a121ep-24f},
                                            {0x1.6p+2f, 0.0f},
                                            {0x1.c0ff6p+2f, -0x1.8971b6p-23f},
                                            {0x1.c0ff6p+2f, -0x1.8971b6p-23f}};
static __device__ const float Y0_C[8][11] = {
    // zero 0.89357696627916749499, float pair error 2.49e-16
    // Y0[0]: [0.75, 1], degree 9, v = s - 0x1.c982ecp-1 - -0x1.cafa06p-27 (a zero): 2^-25.7
    {0, 0x1.c24372p-1f, -0x1.f7e38ap-2f, 0x1.c3b134p-3f, -0x1.cf18e2p-3f, 0x1.c0680cp-3f,
     -0x1.a39ceep-3f, 0x1.941716p-3f, -0x1.8a7884p-3f, 0x1.94d6f2p-3f, -0x1.fbf70ep-3f},
    // zero 0.89357696627916749499, float pair error 2.49e-16
    // Y0[1]: [1, 2], degree 9, v = s - 0x1.c982ecp-1 - -0x1.cafa06p-27 (a zero): 2^-24.3
    {0, 0x1.c24348p-1f, -0x1.f7d99cp-2f, 0x1.c2b724p-3f, -0x1.c83fe6p-3f, 0x1.a24a1ep-3f,
     -0x1.4a7f1p-3f, 0x1.b2e078p-4f, -0x1.a530d8p-5f, 0x1.00806p-6f, -0x1.20ddf4p-9f},
    // Y0[2]: [2, 3], degree 9, v = s - 2.5: 2^-26.6
    {0x1.fe0628p-2f, -0x1.2ad72p-3f, -0x1.c24188p-3f, 0x1.977cb4p-5f, 0x1.0ebc48p-7f,
     -0x1.80cfd4p-11f, -0x1.6b579p-11f, 0x1.71e1f4p-13f, -0x1.96b65ep-15f, 0x1.3961f6p-16f, 0},
    // zero 3.957678419314857976, float pair error -1.88e-15
    // Y0[3]: [3, 4], degree 9, v = s - 0x1.fa9534p+1 - 0x1.b30ad4p-24 (a zero): 2^-25.4
    {0, -0x1.9c3426p-2f, 0x1.a09c92p-5f, 0x1.df6d5ap-5f, -0x1.c11708p-8f, -0x1.1e3386p-9f,
     0x1.99482ep-13f, 0x1.a8cd56p-15f, -0x1.654f28p-18f, -0x1.66d2b2p-21f, -0x1.8c149ep-23f},
    // zero 3.957678419314857976, float pair error -1.88e-15
    // Y0[4]: [4, 5], degree 9, v = s - 0x1.fa9534p+1 - 0x1.b30ad4p-24 (a zero): 2^-25.0
    {0, -0x1.9c3426p-2f, 0x1.a09c92p-5f, 0x1.df6d5ap-5f, -0x1.c116fp-8f, -0x1.1e3346p-9f,
     0x1.999dbcp-13f, 0x1.aa4d6p-15f, -0x1.3f2b18p-18f, -0x1.b86cbap-22f, 0x1.52d156p-25f},
    // Y0[5]: [5, 6], degree 9, v = s - 5.5: 2^-24.4
    {-0x1.5ba0ccp-2f, 0x1.854146p-6f, 0x1.57346cp-3f, -0x1.ca4458p-7f, -0x1.96e938p-7f,
     0x1.01700cp-10f, 0x1.6ee252p-12f, -0x1.953a7ap-16f, -0x1.753308p-18f, 0x1.7c696p-22f, 0},
    // zero 7.086051060301772786, float pair error 2.58e-15
    // Y0[6]: [6, 7], degree 9, v = s - 0x1.c581dcp+2 - 0x1.39c84p-24 (a zero): 2^-29.8
    {0, 0x1.334ccap-2f, -0x1.5aef62p-6f, -0x1.8969c6p-5f, 0x1.b2f178p-9f, 0x1.1d36a6p-9f,
     -0x1.26bdbp-13f, -0x1.809b62p-15f, 0x1.79fa26p-19f, 0x1.5f53b2p-21f, -0x1.69a6ccp-32f},
    // zero 7.086051060301772786, float pair error 2.58e-15
    // Y0[7]: [7, 8], degree 9, v = s - 0x1.c581dcp+2 - 0x1.39c84p-24 (a zero): 2^-28.6
    {0, 0x1.334ccap-2f, -0x1.5aef62p-6f, -0x1.8969c6p-5f, 0x1.b2f14cp-9f, 0x1.1d35e8p-9f,
     -0x1.26de7p-13f, -0x1.816448p-15f, 0x1.67cd02p-19f, 0x1.422acp-21f, -0x1.9629a6p-25f},
};
static __device__ const float Y0_Z[8][2] = {
    {0x1.c982ecp-1f, -0x1.cafa06p-27f}, {0x1.c982ecp-1f, -0x1.cafa06p-27f}, {0x1.4p+1f, 0.0f},
    {0x1.fa9534p+1f, 0x1.b30ad4p-24f},  {0x1.fa9534p+1f, 0x1.b30ad4p-24f},  {0x1.6p+2f, 0.0f},
    {0x1.c581dcp+2f, 0x1.39c84p-24f},   {0x1.c581dcp+2f, 0x1.39c84p-24f}};
static __device__ const float Y1_C[8][11] = {
    // unused
    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    // zero 2.1971413260310170834, float pair error 1.28e-15
    // Y1[1]: [1, 2], degree 9, v = s - 0x1.193beep+1 - -0x1.6401b8p-24 (a zero): 2^-25.1
    {0, 0x1.0aa27p-1f, -0x1.e6be22p-4f, -0x1.238b1cp-5f, -0x1.24cd3p-6f, -0x1.0026eap-5f,
     -0x1.38c4ccp-4f, -0x1.70eb84p-4f, -0x1.249c7ap-4f, -0x1.03cecep-5f, -0x1.b2f8bp-8f},
    // zero 2.1971413260310170834, float pair error 1.28e-15
    // Y1[2]: [2, 3], degree 9, v = s - 0x1.193beep+1 - -0x1.6401b8p-24 (a zero): 2^-25.6
    {0, 0x1.0aa484p-1f, -0x1.e56f82p-4f, -0x1.0d2afap-5f, -0x1.3a6dd8p-8f, 0x1.e6794ap-8f,
     -0x1.5459a6p-9f, 0x1.16ac5p-10f, -0x1.f81292p-12f, 0x1.655e88p-13f, -0x1.11e13p-15f},
    // Y1[3]: [3, 4], degree 9, v = s - 3.5: 2^-25.1
    {0x1.a4086ep-2f, 0x1.26323cp-4f, -0x1.96c23p-3f, 0x1.763616p-8f, 0x1.94d462p-7f,
     -0x1.0e6f42p-15f, -0x1.ed5602p-12f, 0x1.2011bcp-15f, -0x1.be98e2p-20f, 0x1.1cf316p-19f, 0},
    // zero 5.4296810407941347165, float pair error -1.36e-15
    // Y1[4]: [4, 5], degree 9, v = s - 0x1.5b7fe4p+2 - 0x1.d0f606p-23 (a zero): 2^-25.8
    {0, -0x1.5c7c56p-2f, 0x1.00b9e8p-5f, 0x1.a15d38p-5f, -0x1.10ac62p-8f, -0x1.1c0cfcp-9f,
     0x1.3030eap-13f, 0x1.796632p-15f, -0x1.faefap-19f, -0x1.e51b8p-21f, -0x1.b7fba6p-25f},
    // zero 5.4296810407941347165, float pair error -1.36e-15
    // Y1[5]: [5, 6], degree 9, v = s - 0x1.5b7fe4p+2 - 0x1.d0f606p-23 (a zero): 2^-25.0
    {0, -0x1.5c7c56p-2f, 0x1.00b9f8p-5f, 0x1.a15d92p-5f, -0x1.10a32ap-8f, -0x1.1be6dap-9f,
     0x1.337c94p-13f, 0x1.85b792p-15f, -0x1.808472p-19f, -0x1.2393d6p-21f, 0x1.d9a42ep-26f},
    // Y1[6]: [6, 7], degree 9, v = s - 6.5: 2^-26.5
    {-0x1.18ab62p-2f, -0x1.0c70dp-3f, 0x1.26acfap-3f, 0x1.c31272p-7f, -0x1.7bb31p-7f,
     -0x1.8fd9c4p-12f, 0x1.75fdf6p-12f, 0x1.58f4d4p-18f, -0x1.8bf2a2p-18f, -0x1.ee563ep-26f, 0},
    // Y1[7]: [7, 8], degree 9, v = s - 7.5: 2^-28.8
    {-0x1.0958fcp-2f, 0x1.370458p-3f, 0x1.dfcaacp-4f, -0x1.e1e2f6p-6f, -0x1.124bbep-7f,
     0x1.9524b4p-10f, 0x1.efad26p-13f, -0x1.3189cp-15f, -0x1.e7e6fp-19f, 0x1.0764a2p-21f, 0},
};
static __device__ const float Y1_Z[8][2] = {{0.0f, 0.0f},
                                            {0x1.193beep+1f, -0x1.6401b8p-24f},
                                            {0x1.193beep+1f, -0x1.6401b8p-24f},
                                            {0x1.cp+1f, 0.0f},
                                            {0x1.5b7fe4p+2f, 0x1.d0f606p-23f},
                                            {0x1.5b7fe4p+2f, 0x1.d0f606p-23f},
                                            {0x1.ap+2f, 0.0f},
                                            {0x1.ep+2f, 0.0f}};
// Y0S: [0, 0.5625], degree 6, v = s - 0: 2^-29.1
static constexpr float Y0S[] = {-0x1.2e4d6ap-4f,  0x1.6bbcb4p-3f,  -0x1.075b1cp-6f, 0x1.1a6206p-11f,
                                -0x1.3e9974p-17f, 0x1.bcddc2p-24f, -0x1.a277fap-31f};
// Y1S: [0, 1], degree 6, v = s - 0: 2^-27.4
static constexpr float Y1S[] = {-0x1.918662p-3f,  0x1.bd3976p-5f,  -0x1.835b98p-9f, 0x1.2c7dcp-14f,
                                -0x1.0a77fcp-20f, 0x1.32da8ap-27f, -0x1.e8b60ep-35f};
// Hankel's amplitudes for x >= 8 in w = 64/x^2; Q0, Q1 as x Q.
// P0: [0, 1], degree 4, v = s - 0: 2^-32.4
static constexpr float P0[] = {0x1p+0f, -0x1.1fffb2p-10f, 0x1.cabf18p-16f, -0x1.15ecacp-19f,
                               0x1.becedcp-23f};
// Q0: [0, 1], degree 4, v = s - 0: 2^-27.3
static constexpr float Q0[] = {-0x1p-3f, 0x1.2bfeaap-10f, -0x1.cfba9cp-15f, 0x1.984356p-18f,
                               -0x1.8e03dp-21f};
// P1: [0, 1], degree 4, v = s - 0: 2^-32.3
static constexpr float P1[] = {0x1p+0f, 0x1.dfffaap-10f, -0x1.26f60cp-15f, 0x1.49726ep-19f,
                               -0x1.007c94p-22f};
// Q1: [0, 1], degree 4, v = s - 0: 2^-28.7
static constexpr float Q1[] = {0x1.8p-2f, -0x1.a3fe86p-10f, 0x1.1b7834p-14f, -0x1.d8b2ep-18f,
                               0x1.c278ep-21f};
// I0(x) and I1(x)/x in s = x^2, x < 8.
// I0S: [0, 64], degree 10, v = s - 0: 2^-26.6
static constexpr float I0S[] = {0x1p+0f,         0x1.fffffcp-3f,  0x1.000018p-6f,  0x1.c71af6p-12f,
                                0x1.c7283ap-18f, 0x1.230eeep-24f, 0x1.042128p-31f, 0x1.4935bap-39f,
                                0x1.7be056p-47f, 0x1.2a36b2p-56f, 0x1.5dd954p-63f};
// I1S: [0, 64], degree 10, v = s - 0: 2^-25.8
static constexpr float I1S[] = {0x1p-1f,         0x1p-4f,         0x1.55555ep-9f,  0x1.c71bf8p-15f,
                                0x1.6c1a82p-21f, 0x1.8439c8p-28f, 0x1.28acc2p-35f, 0x1.4c7024p-43f,
                                0x1.475236p-51f, 0x1.13a0ecp-60f, 0x1.e0771p-68f};
// e^16 sqrt(x) e^-x I(x) in v = 8/x - 1/2, x >= 8.
// I0L: [0, 1], degree 6, v = s - 0.5: 2^-25.2
static constexpr float I0L[] = {0x1.b440c8p+21f, 0x1.d29916p+15f, 0x1.2e9c06p+12f, 0x1.8af3f6p+9f,
                                0x1.a3ef1cp+7f,  0x1.9d142ap+6f,  0x1.ecba06p+5f};
// I1L: [0, 1], degree 6, v = s - 0.5: 2^-28.1
static constexpr float I1L[] = {0x1.a6646ep+21f,  -0x1.526bdcp+17f, -0x1.e70a52p+12f,
                                -0x1.0aa472p+10f, -0x1.03b7dcp+8f,  -0x1.df7c8ap+6f,
                                -0x1.15d0bap+6f};

// Horner's rule, one fmaf per step.
template <int N>
static __device__ __forceinline__ float f32bes_horner(const float (&c)[N], float v) {
  float p = c[N - 1];
#pragma unroll
  for (int i = N - 2; i >= 0; i--)
    p = __builtin_fmaf(p, v, c[i]);
  return p;
}

// floor(x) for 0 <= x < 8, from the bits (no conversion).
static __device__ __forceinline__ int f32bes_unit(float x) {
  unsigned int u = __builtin_bit_cast(unsigned int, x);
  int e = (int)(u >> 23) - 127; // 0, 1, 2 for x in [1, 8)
  if (e < 0) return 0;
  return (int)(((u & 0x7fffffu) | 0x800000u) >> (23 - e));
}

// f(x) for 0 <= x < 8 from f's unit-interval table (c) and expansion points (z): v =
// (x - hi) - lo, f = sum c_i v^i. About 1.5 ulp: the table's 2^-24.1 .. 2^-25.7 (the
// rounding of its coefficients) and Horner's roundings, small beside the leading terms.
static __device__ __forceinline__ float f32bes_unit_poly(const float (*c)[11], const float (*z)[2],
                                                         float x) {
  int k = f32bes_unit(x);
  float v = (x - z[k][0]) - z[k][1];
  const float *r = c[k];
  float p = r[10];
#pragma unroll
  for (int i = 9; i >= 0; i--)
    p = __builtin_fmaf(p, v, r[i]);
  return p;
}

// Hankel's form for x >= 8 (finite): J and Y of order 0 (order1 = 0) or 1.
struct f32bes_jy {
  float j, y;
};
static __device__ __forceinline__ f32bes_jy f32bes_hankel(float x, int order1) {
  unsigned long long sc = __anchor_sincosf(x);
  float s = __builtin_bit_cast(float, (unsigned int)sc);
  float c = __builtin_bit_cast(float, (unsigned int)(sc >> 32));
  float rx = __anchor_frcp_rn(x);
  float w = 64.0f * rx * rx;
  float a = __anchor_rsqrtf(x) * INV_SQRTPI; // sqrt(2/(pi x)) / sqrt 2
  float p = order1 ? f32bes_horner(P1, w) : f32bes_horner(P0, w);
  float q = (order1 ? f32bes_horner(Q1, w) : f32bes_horner(Q0, w)) * rx;
  float sum = s + c, dif = s - c;
  // order 0: sqrt 2 cos(theta) = c + s, sqrt 2 sin(theta) = s - c;
  // order 1: sqrt 2 cos(theta) = s - c, sqrt 2 sin(theta) = -(s + c).
  float ct = order1 ? dif : sum, st = order1 ? -sum : dif;
  f32bes_jy r;
  r.j = a * __builtin_fmaf(p, ct, -q * st);
  r.y = a * __builtin_fmaf(p, st, q * ct);
  return r;
}

// ---- J0, J1, Y0, Y1 --------------------------------------------------------------------
// CUDA: 9 ulp for |x| < 8, else absolute 2.2e-6; j0(+-inf) = +0.
extern "C" __device__ float __anchor_j0f(float x) {
  float ax = __builtin_fabsf(x);
  if (ax < 8.0f) return f32bes_unit_poly(J0_C, J0_Z, ax);
  if (ax == __builtin_inff()) return 0.0f;
  return f32bes_hankel(ax, 0).j; // NaN: NaN
}

// CUDA: 9 ulp for |x| < 8, else absolute 2.2e-6; j1(+-0) = +-0, j1(+-inf) = +-0.
extern "C" __device__ float __anchor_j1f(float x) {
  float ax = __builtin_fabsf(x), r;
  if (ax < 8.0f)
    r = f32bes_unit_poly(J1_C, J1_Z, ax);
  else if (ax == __builtin_inff())
    r = 0.0f;
  else
    r = f32bes_hankel(ax, 1).j;
  // J1(-x) = -J1(x): x's sign bit on r (j1(-0) = -0; NaN: NaN)
  unsigned int sign = __builtin_bit_cast(unsigned int, x) & 0x80000000u;
  return __builtin_bit_cast(float, __builtin_bit_cast(unsigned int, r) ^ sign);
}

// Y0(x) for 0 < x < 3/4: (2/pi) log(x) J0(x) + S(x^2), both terms negative or S the
// smaller (|S| < 0.08 < |Y0|): about 3 ulp.
static __device__ __forceinline__ float f32bes_y0_small(float x) {
  float j = f32bes_unit_poly(J0_C, J0_Z, x);
  return __builtin_fmaf(TWO_OVER_PI * __anchor_logf(x), j, f32bes_horner(Y0S, x * x));
}

// CUDA: 9 ulp for x < 8, else absolute 2.2e-6; y0(+-0) = -inf, y0(x < 0) = NaN,
// y0(inf) = +0.
extern "C" __device__ float __anchor_y0f(float x) {
  if (x < 0.75f) {
    if (x == 0.0f) return -__builtin_inff();
    if (x < 0.0f) return f32bes_nan();
    return f32bes_y0_small(x);
  }
  if (x < 8.0f) return f32bes_unit_poly(Y0_C, Y0_Z, x);
  if (x == __builtin_inff()) return 0.0f;
  return f32bes_hankel(x, 0).y; // NaN: NaN
}

// Y1(x) for 0 < x < 1: (2/pi) (log(x) J1(x) - 1/x) + x T(x^2); -2/(pi x) dominates (the
// other terms are below 0.16 of it), correctly rounded quotient of the rounded 2/pi:
// about 2 ulp; -inf where it overflows (x < 1.87e-39).
static __device__ __forceinline__ float f32bes_y1_small(float x) {
  float j = f32bes_unit_poly(J1_C, J1_Z, x);
  float q = __anchor_fdiv_rn(TWO_OVER_PI, x);
  float rest = __builtin_fmaf(TWO_OVER_PI * __anchor_logf(x), j, x * f32bes_horner(Y1S, x * x));
  return rest - q;
}

// CUDA: 9 ulp for x < 8, else absolute 2.2e-6; y1(+-0) = -inf, y1(x < 0) = NaN,
// y1(inf) = +0.
extern "C" __device__ float __anchor_y1f(float x) {
  if (x < 1.0f) {
    if (x == 0.0f) return -__builtin_inff();
    if (x < 0.0f) return f32bes_nan();
    return f32bes_y1_small(x);
  }
  if (x < 8.0f) return f32bes_unit_poly(Y1_C, Y1_Z, x);
  if (x == __builtin_inff()) return 0.0f;
  return f32bes_hankel(x, 1).y; // NaN: NaN
}

// ---- Jn, Yn ----------------------------------------------------------------------------
// 1/x as rh + rl (rh correctly rounded, rl its residual: within 2^-46 of 1/x). The
// recurrences apply the coefficient 2k/x as g + lo, g = 2k rh rounded, lo = (2k rh - g)
// (exact, fmaf) + 2k rl: with 1/x rounded alone the recurrence would compute at x (1 + d),
// |d| <= 2^-24, an error of about n d |C'| (3e-6 for jn with n = 1000 near x = n); g c
// overflows only where the result does.
struct f32bes_recip {
  float h, l;
};
static __device__ __forceinline__ f32bes_recip f32bes_recip_of(float x) {
  float h = __anchor_frcp_rn(x);
  return {h, __builtin_fmaf(-x, h, 1.0f) * h};
}
// (2k/x) c - prev, k2 = 2k.
static __device__ __forceinline__ float f32bes_step(float k2, f32bes_recip r, float c, float prev) {
  float g = k2 * r.h;
  float lo = __builtin_fmaf(k2, r.l, __builtin_fmaf(k2, r.h, -g));
  return __builtin_fmaf(g, c, __builtin_fmaf(lo, c, -prev));
}

// J_n(x) for n >= 2, x > 0 finite.
static __device__ float f32bes_jn_pos(int n, float x) {
  if (x > (float)n) { // forward recurrence from J0, J1
    float a = __anchor_j0f(x), b = __anchor_j1f(x), k2 = 2.0f;
    f32bes_recip r = f32bes_recip_of(x);
    for (int i = 1; i < n; i++, k2 += 2.0f) {
      float c = f32bes_step(k2, r, b, a);
      a = b, b = c;
    }
    return b;
  }
  // |J_n(x)| <= (x/2)^n / n! <= (e x / 2n)^n: below 2^-160 for x <= n/8, n >= 64
  if (n >= 64 && x * 8.0f <= (float)n) return 0.0f;
  if (x < 0x1p-30f) { // (x/2)^n / n! (the next term is 2^-62 of it)
    float h = 0.5f * x, v = h, k = 1.0f;
    for (int i = 2; i <= n && v != 0.0f; i++) {
      k += 1.0f;
      v = __anchor_fdiv_rn(v * h, k);
    }
    return v;
  }
  // Miller: J_{k-1} = (2k/x) J_k - J_{k+1} downwards from k = m, b = J_k, bn = J_{k+1}
  int m = n + 12 + 2 * (int)__anchor_sqrtf((float)(3 * n));
  f32bes_recip r = f32bes_recip_of(x);
  float b = 0x1p-100f, bn = 0.0f, sum = 0.0f, jn = 0.0f, k2 = (float)(2 * m);
  for (int i = m; i >= 1; i--, k2 -= 2.0f) {
    float bp = f32bes_step(k2, r, b, bn); // J_{i-1}
    bn = b, b = bp;
    if (i - 1 == n) jn = bp;
    if (((i - 1) & 1) == 0 && i > 1) sum += bp;
    if (__builtin_fabsf(bp) > 0x1p64f) { // rescale, exactly
      b *= 0x1p-64f, bn *= 0x1p-64f, sum *= 0x1p-64f, jn *= 0x1p-64f;
    }
  }
  return __anchor_fdiv_rn(jn, __builtin_fmaf(2.0f, sum, b)); // J0 + 2 (J2 + J4 + ...)
}

// CUDA: absolute 2.2e-6 (stated for n = 128); jn(n < 0, x) = NaN, jn(n, +-inf) = +-0
// (the sign of (-1)^n), jn(n, NaN) = NaN.
extern "C" __device__ float __anchor_jnf(int n, float x) {
  if (n < 0) return f32bes_nan();
  if (n == 0) return __anchor_j0f(x);
  if (n == 1) return __anchor_j1f(x);
  float ax = __builtin_fabsf(x);
  if (ax != ax) return x + x;
  if (ax == 0.0f || ax == __builtin_inff()) return (n & 1) ? __builtin_copysignf(0.0f, x) : 0.0f;
  float r = f32bes_jn_pos(n, ax);
  return (n & 1) && x < 0.0f ? -r : r;
}

// CUDA: ceil(2 + 2.5 n) ulp for x < n, else absolute 2.2e-6; yn(n < 0, x) = NaN,
// yn(n, 0) = -inf, yn(n, x < 0) = NaN, yn(n, inf) = +0. Forward recurrence; -inf once it
// overflows (Y_n(x) < 0 for x < n).
extern "C" __device__ float __anchor_ynf(int n, float x) {
  if (n < 0) return f32bes_nan();
  if (n == 0) return __anchor_y0f(x);
  if (n == 1) return __anchor_y1f(x);
  if (!(x > 0.0f)) return x == 0.0f ? -__builtin_inff() : f32bes_nan(); // also NaN
  if (x == __builtin_inff()) return 0.0f;
  float a = __anchor_y0f(x), b = __anchor_y1f(x), k2 = 2.0f;
  f32bes_recip r = f32bes_recip_of(x);
  for (int i = 1; i < n && __builtin_fabsf(b) <= 0x1.fffffep127f; i++, k2 += 2.0f) {
    float c = f32bes_step(k2, r, b, a);
    a = b, b = c;
  }
  // Overflowed (to -inf, or, where lo c overflowed as well, to NaN or +inf): -inf.
  return __builtin_fabsf(b) <= 0x1.fffffep127f ? b : -__builtin_inff();
}

// ---- I0, I1 ----------------------------------------------------------------------------
// P(x^2) for |x| < 8 with x^2 = yh + yl exact (fmaf): P(yh) + yl P'(yh), P' by Horner's
// rule alongside P. Without the correction the rounding of x^2 (2^-24 relative) would be
// amplified by y P'/P (up to 3.7 for I0 at x = 8) into the result.
template <int N>
static __device__ __forceinline__ float f32bes_i_small(const float (&c)[N], float x) {
  float yh = x * x, yl = __builtin_fmaf(x, x, -yh);
  float p = c[N - 1], d = 0.0f;
#pragma unroll
  for (int i = N - 2; i >= 0; i--) {
    d = __builtin_fmaf(d, yh, p);
    p = __builtin_fmaf(p, yh, c[i]);
  }
  return __builtin_fmaf(yl, d, p);
}

// e^(x - 16) G(8/x - 1/2) / sqrt(x) for 8 <= x < 105 (overflowing to inf beyond 91.9).
template <int N>
static __device__ __forceinline__ float f32bes_i_large(const float (&g)[N], float x) {
  float e = __anchor_expf(x - 16.0f); // x - 16 exact
  float v = __builtin_fmaf(8.0f, __anchor_frcp_rn(x), -0.5f);
  return e * (f32bes_horner(g, v) * __anchor_rsqrtf(x));
}

// CUDA: 6 ulp; i0(+-inf) = +inf, i0(NaN) = NaN.
extern "C" __device__ float __anchor_cyl_bessel_i0f(float x) {
  float ax = __builtin_fabsf(x);
  if (ax < 8.0f) return f32bes_i_small(I0S, ax);
  if (ax >= 105.0f) return __builtin_inff(); // (NaN: NaN below)
  return f32bes_i_large(I0L, ax);
}

// CUDA: 6 ulp; i1(+-0) = +-0, i1(+-inf) = +-inf, i1(NaN) = NaN.
extern "C" __device__ float __anchor_cyl_bessel_i1f(float x) {
  float ax = __builtin_fabsf(x);
  if (ax < 8.0f) return x * f32bes_i_small(I1S, x);
  if (ax >= 105.0f) return __builtin_copysignf(__builtin_inff(), x); // (NaN: NaN below)
  return __builtin_copysignf(f32bes_i_large(I1L, ax), x);
}
