// The few transcendental functions gp.random's samplers need, written with + - * / and sqrt (and
// fmaf in the float ones) only, each rounding once by IEEE rules on both backends (the random
// kernels compile with --fmad=false and the host compiler with -ffp-contract=off, so no a*b+c is
// fused behind our back), so a sample has the same bits on the cpu and cuda backends. libm and
// CUDA's libdevice differ in the last bit for some inputs; these do not, by construction.
// Accuracy: within about 1 ulp over the ranges the samplers use (ratan 2 and racos 3 ulp; the
// float ones: see below).
#pragma once
#include "gpuarray/common.h"

namespace gpa {
namespace rng {

static constexpr double LN2_HI = 6.93147180369123816490e-01;  // ln 2, low bits zero: k * LN2_HI is exact
static constexpr double LN2_LO = 1.90821492927058770002e-10;
static constexpr double RNG_PI = 3.14159265358979311600e+00;

__device__ __forceinline__ double bits_to_double(uint64_t b) { return __longlong_as_double((long long)b); }
__device__ __forceinline__ uint64_t double_to_bits(double d) { return (uint64_t)__double_as_longlong(d); }
__device__ __forceinline__ double pos_inf() { return bits_to_double(0x7ff0000000000000ull); }
__device__ __forceinline__ double quiet_nan() { return bits_to_double(0x7ff8000000000000ull); }

/** floor(x) for |x| < 2^52, exact. */
__device__ __forceinline__ double floor_exact(double x) {
  if (!(x > -4503599627370496.0 && x < 4503599627370496.0)) return x;
  double t = (double)(long long)x;
  return t > x ? t - 1.0 : t;
}

/** Natural logarithm. */
__device__ __forceinline__ double rlog(double x) {
  if (x != x || x < 0.0) return quiet_nan();
  if (x == 0.0) return -pos_inf();
  if (x == pos_inf()) return x;
  uint64_t b = double_to_bits(x);
  int e = 0;
  if ((b >> 52) == 0) {  // subnormal: scale into the normal range
    x = x * 18014398509481984.0;  // 2^54
    b = double_to_bits(x);
    e = -54;
  }
  e += (int)((b >> 52) & 0x7ff) - 1023;
  double m = bits_to_double((b & 0x000fffffffffffffull) | 0x3ff0000000000000ull);  // [1, 2)
  if (m > 1.4142135623730951) {
    m = m * 0.5;
    e += 1;
  }
  const double f = m - 1.0;  // exact: [-0.293, 0.414]
  const double s = f / (2.0 + f);
  const double z = s * s;
  // 2*atanh(s) = 2s + s*R, R = sum_{k>=1} 2 z^k / (2k+1); |z| < 0.0295, 13 terms.
  double R = 2.0 / 27.0;
  R = R * z + 2.0 / 25.0;
  R = R * z + 2.0 / 23.0;
  R = R * z + 2.0 / 21.0;
  R = R * z + 2.0 / 19.0;
  R = R * z + 2.0 / 17.0;
  R = R * z + 2.0 / 15.0;
  R = R * z + 2.0 / 13.0;
  R = R * z + 2.0 / 11.0;
  R = R * z + 2.0 / 9.0;
  R = R * z + 2.0 / 7.0;
  R = R * z + 2.0 / 5.0;
  R = R * z + 2.0 / 3.0;
  R = R * z;
  // 2s = f - s*f, so log(1+f) = f - s*(f - R).
  const double lm = f - s * (f - R);
  const double de = (double)e;
  return de * LN2_HI + (lm + de * LN2_LO);
}

/** log(1 + x), accurate for small x. */
__device__ __forceinline__ double rlog1p(double x) {
  const double u = 1.0 + x;
  if (u == 1.0) return x;
  if (u == pos_inf()) return u;
  return rlog(u) * (x / (u - 1.0));
}

/** 2^k for an integer k in [-1022, 1023]. */
__device__ __forceinline__ double pow2i(int k) { return bits_to_double((uint64_t)(k + 1023) << 52); }

/** e^x. */
__device__ __forceinline__ double rexp(double x) {
  if (x != x) return x;
  if (x > 709.782712893384) return pos_inf();
  if (x < -745.1332191019412) return 0.0;
  const double kd = floor_exact(x * 1.4426950408889634 + 0.5);
  const int k = (int)kd;
  const double r = (x - kd * LN2_HI) - kd * LN2_LO;  // |r| <= 0.35
  // Taylor series to r^14 / 14!.
  double p = 1.0 / 87178291200.0;
  p = p * r + 1.0 / 6227020800.0;
  p = p * r + 1.0 / 479001600.0;
  p = p * r + 1.0 / 39916800.0;
  p = p * r + 1.0 / 3628800.0;
  p = p * r + 1.0 / 362880.0;
  p = p * r + 1.0 / 40320.0;
  p = p * r + 1.0 / 5040.0;
  p = p * r + 1.0 / 720.0;
  p = p * r + 1.0 / 120.0;
  p = p * r + 1.0 / 24.0;
  p = p * r + 1.0 / 6.0;
  p = p * r + 0.5;
  p = p * r * r + r;
  p = 1.0 + p;
  if (k < -1021) return p * pow2i(k + 64) * 5.421010862427522e-20;  // 2^-64
  if (k > 1023) return p * 2.0 * pow2i(k - 1);
  return p * pow2i(k);
}

/** x^y for x > 0. */
__device__ __forceinline__ double pow_pos(double x, double y) { return rexp(y * rlog(x)); }

/** cos and sin of 2*pi*u for u in [0, 1): quarter-turn reduction is exact in u. */
__device__ __forceinline__ void sincos_2pi(double u, double* s_out, double* c_out) {
  const double t = 4.0 * u;  // exact
  const double q = floor_exact(t + 0.5);
  const double a = (t - q) * (RNG_PI * 0.5);  // |a| <= pi/4
  const double z = a * a;
  double s = -1.0 / 121645100408832000.0;  // -1/19!
  s = s * z + 1.0 / 355687428096000.0;
  s = s * z - 1.0 / 1307674368000.0;
  s = s * z + 1.0 / 6227020800.0;
  s = s * z - 1.0 / 39916800.0;
  s = s * z + 1.0 / 362880.0;
  s = s * z - 1.0 / 5040.0;
  s = s * z + 1.0 / 120.0;
  s = s * z - 1.0 / 6.0;
  s = a + a * z * s;
  double c = 1.0 / 6402373705728000.0;  // 1/18!
  c = c * z - 1.0 / 20922789888000.0;
  c = c * z + 1.0 / 87178291200.0;
  c = c * z - 1.0 / 479001600.0;
  c = c * z + 1.0 / 3628800.0;
  c = c * z - 1.0 / 40320.0;
  c = c * z + 1.0 / 720.0;
  c = c * z - 1.0 / 24.0;
  c = c * z + 0.5;
  c = 1.0 - z * c;
  const int quadrant = ((int)q) & 3;
  if (quadrant == 0) { *s_out = s; *c_out = c; }
  else if (quadrant == 1) { *s_out = c; *c_out = -s; }
  else if (quadrant == 2) { *s_out = -s; *c_out = -c; }
  else { *s_out = -c; *c_out = s; }
}

/**
 * atan(x): atan(1/x) = pi/2 - atan(x) past 1, then atan(c) + atan((x - c) / (1 + x c)) for the
 * nearest c = tan(k pi / 12), k = 0..3, leaving |u| <= tan(pi / 24) for a Taylor series to u^23.
 */
__device__ __forceinline__ double ratan(double x) {
  if (x != x) return x;
  const bool neg = x < 0.0;
  if (neg) x = -x;
  const bool inv = x > 1.0;
  if (inv) x = 1.0 / x;
  // Bounds tan((2k + 1) pi / 24) between the centres tan(k pi / 12).
  const int k = x <= 0.13165249758739585 ? 0 : x <= 0.41421356237309503 ? 1 : x <= 0.76732698797896042 ? 2 : 3;
  const double c = k == 0 ? 0.0 : k == 1 ? 0.26794919243112270 : k == 2 ? 0.57735026918962573 : 1.0;
  const double u = (x - c) / (1.0 + x * c);
  const double z = u * u;
  double p = -1.0 / 23.0;
  p = p * z + 1.0 / 21.0;
  p = p * z - 1.0 / 19.0;
  p = p * z + 1.0 / 17.0;
  p = p * z - 1.0 / 15.0;
  p = p * z + 1.0 / 13.0;
  p = p * z - 1.0 / 11.0;
  p = p * z + 1.0 / 9.0;
  p = p * z - 1.0 / 7.0;
  p = p * z + 1.0 / 5.0;
  p = p * z - 1.0 / 3.0;
  // k pi / 12 as a head exact in k and a tail.
  double r = (u + u * z * p) + (double)k * 2.6179938779914941e-01 + (double)k * 1.0106430996148606e-17;
  if (inv) r = (1.5707963267948966 - r) + 6.1232339957367660e-17;
  return neg ? -r : r;
}

/** acos(w) for w in [-1, 1]: 2 atan(sqrt((1 - w) / (1 + w))), accurate near both ends. */
__device__ __forceinline__ double racos(double w) { return 2.0 * ratan(sqrt((1.0 - w) / (1.0 + w))); }

/** log(Gamma(x)) for x > 0 (Stirling's series after shifting x past 10). */
__device__ GPA_NOINLINE double lgamma_pos(double x) {
  if (x == 1.0 || x == 2.0) return 0.0;
  double shift = 0.0;
  double prod = 1.0;
  while (x < 10.0) {
    prod = prod * x;
    x = x + 1.0;
    shift = shift + 1.0;
  }
  const double z = 1.0 / (x * x);
  // 1/(12x) - 1/(360x^3) + 1/(1260x^5) - 1/(1680x^7) + 1/(1188x^9) - 691/(360360x^11) + 1/(156x^13)
  double series = 1.0 / 156.0;
  series = series * z - 691.0 / 360360.0;
  series = series * z + 1.0 / 1188.0;
  series = series * z - 1.0 / 1680.0;
  series = series * z + 1.0 / 1260.0;
  series = series * z - 1.0 / 360.0;
  series = series * z + 1.0 / 12.0;
  series = series / x;
  double r = (x - 0.5) * rlog(x) - x + 0.91893853320467274178 + series;
  if (shift > 0.0) r = r - rlog(prod);
  return r;
}


// ---- float versions: the float32 Box-Muller gp.random used before its ziggurat (random_zig.h);
// bench/probes/random-probe.ts keeps it as its baseline, test/random-fill.test.ts their bounds ----
// Multiply-adds are written as fmaf: one rounding on both backends (an FFMA on the GPU, libm's
// correctly rounded fmaf on the host; NVRTC's --fmad=false only stops contraction of a*b+c), so
// the bits agree. No division and no table: polynomials on reduced ranges.

/**
 * -2 ln(x) for a positive normal float x (Box-Muller's squared radius; ln(x) is exactly -0.5
 * times it). x = 2^k m with m in [sqrt(1/2), sqrt(2)), f = m - 1 exact; -2 log1p(f) =
 * -2f + f^2 (1 + f P(f)), P of degree 7 fitted for relative error 6e-9 (0.1 ulp) on that range.
 * Max error of rlogf over every positive normal float: 0.923 ulp (exhaustive, on the host;
 * test/random-fill.test.ts checks a sweep on every backend).
 */
__device__ __forceinline__ float neg2_logf(float x) {
  const int t = __float_as_int(x) - 0x3f3504f3;  // sqrt(1/2)'s bits: k counts binades from there
  const int k = t >> 23;                           // arithmetic shift
  const float f = __int_as_float((t & 0x007fffff) + 0x3f3504f3) - 1.0f;
  float p = 0.152689949f;
  p = fmaf(p, f, -0.255231649f);
  p = fmaf(p, f, 0.263203681f);
  p = fmaf(p, f, -0.284035146f);
  p = fmaf(p, f, 0.332467139f);
  p = fmaf(p, f, -0.400024533f);
  p = fmaf(p, f, 0.500016391f);
  p = fmaf(p, f, -0.666666627f);
  p = fmaf(p, f, 1.0f);
  // Terms added smallest first, each fmaf rounding once: f^2 (1 + f P), -2f (exact), k (-2 ln 2)
  // (fmaf forms the product exactly; the rounding of -2 ln 2 to a float adds under 0.1 ulp).
  const float fk = (float)k;
  return fmaf(fk, -1.38629436f, fmaf(f, -2.0f, (f * f) * p));
}

/** Natural logarithm of a positive normal float (the same bits as -0.5 * neg2_logf(x)). */
__device__ __forceinline__ float rlogf(float x) { return -0.5f * neg2_logf(x); }

/**
 * sin and cos of 2 pi y / 2^32 for a 32-bit word y (a uniform angle). The quadrant q = round(y /
 * 2^30) mod 4 and the remainder, (int32)(y << 2) / 2^32 of a quarter turn, come from the bits
 * exactly; the remainder angle a (|a| <= pi/4) is one conversion and one product from them.
 * sin a = a + a z S(z), cos a = 1 + z C(z), z = a^2 (minimax, relative error 4e-9 and 1e-10).
 * Max error over all 2^32 words: 2.75 ulp against sin/cos of the word's exact angle, 0.86 ulp of
 * them against sin/cos of the rounded angle a (exhaustive, on the host; swept by the tests).
 */
__device__ __forceinline__ void sincos_turn_f32(uint32_t y, float* s_out, float* c_out) {
  const uint32_t q = (y + 0x20000000u) >> 30;                  // the quadrant
  const float a = (float)(int)(y << 2) * 3.65729530e-10f;       // (pi/2) / 2^32
  const float z = a * a;
  float s = fmaf(fmaf(-0.000195152621f, z, 0.0083321603f), z, -0.166666552f);
  s = fmaf(a * z, s, a);
  float c = fmaf(fmaf(2.44331386e-05f, z, -0.00138873165f), z, 0.0416666456f);
  c = fmaf(fmaf(c, z, -0.5f), z, 1.0f);
  // q quarter turns: (sin, cos) -> (cos, -sin) -> (-sin, -cos) -> (-cos, sin); signs by bit flips.
  const float s1 = (q & 1) ? c : s;
  const float c1 = (q & 1) ? s : c;
  *s_out = __int_as_float(__float_as_int(s1) ^ (int)((q & 2) << 30));
  *c_out = __int_as_float(__float_as_int(c1) ^ (int)(((q + 1) & 2) << 30));
}

}  // namespace rng
}  // namespace gpa
