// CUDA math API functions that C++'s <cmath> lacks, for user kernels on the cpu backend (included
// by host_shim.h only; NVRTC has them built in). Float versions compute in double and round once.
// Accuracy: within a few ulp of the exact value (CUDA documents 2-8 ulp for these).
#pragma once
#include <cmath>

namespace gpa_host {
static const double kTwoOverSqrtPi = 1.1283791670955126;  // 2 / sqrt(pi)
static const double kSqrtPi = 1.7724538509055160;
static const double kPi = 3.14159265358979323846;

/** exp(x * x) without the rounding of x * x: x = hi + lo with hi of 24 bits, so hi * hi is exact. */
inline double exp_x2(double x) {
  const double hi = (double)(float)x, lo = x - hi;
  return std::exp(hi * hi) * std::exp(lo * (2 * hi + lo));
}

/** Giles' single-precision erfinv approximation at w = -log((1 - y)(1 + y)), times y. */
inline double giles_erfinv(double y, double w) {
  double p;
  if (w < 5.0) {
    w -= 2.5;
    p = 2.81022636e-08;
    p = 3.43273939e-07 + p * w;
    p = -3.5233877e-06 + p * w;
    p = -4.39150654e-06 + p * w;
    p = 0.00021858087 + p * w;
    p = -0.00125372503 + p * w;
    p = -0.00417768164 + p * w;
    p = 0.246640727 + p * w;
    p = 1.50140941 + p * w;
  } else {
    w = std::sqrt(w) - 3.0;
    p = -0.000200214257;
    p = 0.000100950558 + p * w;
    p = 0.00134934322 + p * w;
    p = -0.00367342844 + p * w;
    p = 0.00573950773 + p * w;
    p = -0.0076224613 + p * w;
    p = 0.00943887047 + p * w;
    p = 1.00167406 + p * w;
    p = 2.83297682 + p * w;
  }
  return p * y;
}
}  // namespace gpa_host

/** exp(x^2) erfc(x), scaled so that it neither underflows for large x nor loses digits. */
inline double erfcx(double x) {
  if (std::isnan(x)) return x;
  if (x < 0) return x < -26.7 ? HUGE_VAL : 2 * gpa_host::exp_x2(x) - erfcx(-x);
  if (x < 26) return gpa_host::exp_x2(x) * std::erfc(x);
  // Asymptotic series 1/(x sqrt(pi)) * sum (-1)^k (2k-1)!! / (2x^2)^k; at x >= 26 its 8th term is below 1e-17.
  const double t = 0.5 / x / x;
  double s = 1, term = 1;
  for (int k = 1; k < 8; ++k) {
    term *= -(2 * k - 1) * t;
    s += term;
  }
  return s / (x * gpa_host::kSqrtPi);
}

inline double erfinv(double y);

/** erfc(x) = z, solved by Newton on log(erfc(x)) = log(erfcx(x)) - x^2, which stays exact for tiny z. */
inline double erfcinv(double z) {
  if (std::isnan(z) || z < 0 || z > 2) return NAN;
  if (z == 0) return HUGE_VAL;
  if (z == 2) return -HUGE_VAL;
  if (z > 1) return -erfcinv(2 - z);  // 2 - z is exact for z in [1, 2]
  if (z >= 0.5) return erfinv(1 - z);  // 1 - z exact; x <= 0.48, where erf is well conditioned
  const double w = -std::log(z * (2 - z));
  double x;
  if (w < 16) {
    x = gpa_host::giles_erfinv(1 - z, w);
  } else {  // erfc(x) ~ exp(-x^2) / (x sqrt(pi))
    x = std::sqrt(w);
    for (int k = 0; k < 3; ++k) x = std::sqrt(w - std::log(x * gpa_host::kSqrtPi));
  }
  const double lz = std::log(z);
  for (int k = 0; k < 12; ++k) {
    const double ex = erfcx(x);
    const double dx = (std::log(ex) - x * x - lz) * ex / gpa_host::kTwoOverSqrtPi;
    x += dx;
    if (std::fabs(dx) <= 1e-16 * x) break;
  }
  return x;
}

inline double erfinv(double y) {
  if (std::isnan(y) || y < -1 || y > 1) return NAN;
  if (y == 0) return y;  // keeps -0
  const double a = std::fabs(y);
  if (a > 0.5) return std::copysign(erfcinv(1 - a), y);  // 1 - a exact: erfc's side keeps the digits near 1
  double x = gpa_host::giles_erfinv(a, -std::log((1 - a) * (1 + a)));
  for (int k = 0; k < 3; ++k) x -= (std::erf(x) - a) / (gpa_host::kTwoOverSqrtPi * std::exp(-x * x));
  return std::copysign(x, y);
}

inline double normcdf(double x) { return 0.5 * std::erfc(-x * 0.70710678118654752); }
inline double normcdfinv(double p) { return -1.4142135623730951 * erfcinv(2 * p); }
inline double rcbrt(double x) { return 1.0 / std::cbrt(x); }
inline double rhypot(double x, double y) { return 1.0 / std::hypot(x, y); }
// libstdc++'s three-argument hypot divides by the largest magnitude, which gives NaN for an infinity.
inline double norm3d(double a, double b, double c) { return std::isinf(a) || std::isinf(b) || std::isinf(c) ? HUGE_VAL : std::hypot(a, b, c); }
inline double rnorm3d(double a, double b, double c) { return 1.0 / norm3d(a, b, c); }

// glibc 2.41 declares C23's sinpi/cospi (and their f forms) in <math.h> under _GNU_SOURCE, which
// g++ defines: a definition of ours would conflict with them, so there they come from the C library.
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 41))
#define GPA_LIBC_SINPI 1
#endif
#ifndef GPA_LIBC_SINPI
/** sin(pi x) and cos(pi x), exact at integers and half-integers: the argument is reduced exactly first. */
inline double sinpi(double x) {
  if (!std::isfinite(x)) return x - x;
  const double r = std::remainder(x, 2.0), a = std::fabs(r);  // r in [-1, 1], exact
  const double s = a <= 0.25 ? std::sin(gpa_host::kPi * a) : a <= 0.75 ? std::cos(gpa_host::kPi * (a - 0.5)) : std::sin(gpa_host::kPi * (1 - a));
  return std::copysign(s, r);
}
inline double cospi(double x) {
  if (!std::isfinite(x)) return x - x;
  const double a = std::fabs(std::remainder(x, 2.0));
  return a <= 0.25 ? std::cos(gpa_host::kPi * a) : a <= 0.75 ? std::sin(gpa_host::kPi * (0.5 - a)) : -std::cos(gpa_host::kPi * (1 - a));
}
inline float sinpif(float x) { return (float)sinpi(x); }
inline float cospif(float x) { return (float)cospi(x); }
#endif
inline void sincospi(double x, double* s, double* c) {
  *s = sinpi(x);
  *c = cospi(x);
}

inline double cyl_bessel_i0(double x) { return std::isnan(x) ? x : std::cyl_bessel_i(0.0, std::fabs(x)); }
inline double cyl_bessel_i1(double x) { return std::isnan(x) ? x : std::copysign(std::cyl_bessel_i(1.0, std::fabs(x)), x); }

inline float erfinvf(float x) { return (float)erfinv(x); }
inline float erfcinvf(float x) { return (float)erfcinv(x); }
inline float erfcxf(float x) { return (float)erfcx(x); }
inline float normcdff(float x) { return (float)normcdf(x); }
inline float normcdfinvf(float x) { return (float)normcdfinv(x); }
inline float rcbrtf(float x) { return (float)rcbrt(x); }
inline float rhypotf(float x, float y) { return (float)rhypot(x, y); }
inline float norm3df(float a, float b, float c) { return (float)norm3d(a, b, c); }
inline float rnorm3df(float a, float b, float c) { return (float)rnorm3d(a, b, c); }
inline void sincospif(float x, float* s, float* c) {
  *s = sinpif(x);
  *c = cospif(x);
}
inline float cyl_bessel_i0f(float x) { return (float)cyl_bessel_i0(x); }
inline float cyl_bessel_i1f(float x) { return (float)cyl_bessel_i1(x); }
/** Clamp to [0, 1] (NaN gives 0), as CUDA's saturate / __saturatef. */
inline float __saturatef(float x) { return x >= 1.0f ? 1.0f : x > 0.0f ? x : 0.0f; }
inline float saturate(float x) { return __saturatef(x); }

// Arithmetic with an explicit rounding mode: the host computes in round-to-nearest (and the cpu
// backend compiles with -ffp-contract=off), so the _rn forms are the plain operations.
inline float __fadd_rn(float a, float b) { return a + b; }
inline float __fsub_rn(float a, float b) { return a - b; }
inline float __fmul_rn(float a, float b) { return a * b; }
inline float __fdiv_rn(float a, float b) { return a / b; }
inline float __frcp_rn(float a) { return 1.0f / a; }
inline float __fsqrt_rn(float a) { return std::sqrt(a); }
inline float __fmaf_rn(float a, float b, float c) { return std::fma(a, b, c); }
inline double __dadd_rn(double a, double b) { return a + b; }
inline double __dsub_rn(double a, double b) { return a - b; }
inline double __dmul_rn(double a, double b) { return a * b; }
inline double __ddiv_rn(double a, double b) { return a / b; }
inline double __drcp_rn(double a) { return 1.0 / a; }
inline double __dsqrt_rn(double a) { return std::sqrt(a); }
inline double __fma_rn(double a, double b, double c) { return std::fma(a, b, c); }
inline float __exp10f(float x) { return (float)std::pow(10.0, (double)x); }
inline float __log2f(float x) { return std::log2(x); }
inline float __log10f(float x) { return std::log10(x); }
inline float __tanf(float x) { return std::tan(x); }
inline void __sincosf(float x, float* s, float* c) {
  *s = std::sin(x);
  *c = std::cos(x);
}
