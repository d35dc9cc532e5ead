// NumPy's remaining element-wise functions (npy_math's definitions): degrees/radians, logaddexp,
// heaviside, nextafter, ldexp, frexp, modf, fmod, gcd/lcm. Where a library function's corner
// cases could differ between CUDA's math library and libm (nextafter, modf, frexp of inf/NaN),
// the result is spelled out with exact operations, so both backends give the same bits.
// Included by ufunc_math.h; float16 loops compute in float, as NumPy's.
#pragma once

namespace gpa {

// ---- floats ---------------------------------------------------------------------------------
__device__ __forceinline__ float nan_like(float) { return __int_as_float(0x7fc00000); }
__device__ __forceinline__ double nan_like(double) { return __longlong_as_double(0x7ff8000000000000LL); }
__device__ __forceinline__ float inf_like(float) { return __int_as_float(0x7f800000); }
__device__ __forceinline__ double inf_like(double) { return __longlong_as_double(0x7ff0000000000000LL); }

// C99 nextafter on the bit pattern: one step of the magnitude away from or towards zero.
__device__ __forceinline__ float nextafter(float x, float y) {
  if (::isnan(x) || ::isnan(y)) return x + y;
  if (x == y) return y;
  if (x == 0.0f) return ::copysign(__int_as_float(1), y);
  const int bits = __float_as_int(x);
  return __int_as_float((y > x) == (x > 0.0f) ? bits + 1 : bits - 1);
}
__device__ __forceinline__ double nextafter(double x, double y) {
  if (::isnan(x) || ::isnan(y)) return x + y;
  if (x == y) return y;
  if (x == 0.0) return ::copysign(__longlong_as_double(1), y);
  const long long bits = __double_as_longlong(x);
  return __longlong_as_double((y > x) == (x > 0.0) ? bits + 1 : bits - 1);
}

// float16 values held in float (exactly): their half bit pattern and back.
__device__ __forceinline__ unsigned half_bits_of(float v) {
  const unsigned f = (unsigned)__float_as_int(v);
  const unsigned sign = (f >> 16) & 0x8000u;
  const unsigned e = (f >> 23) & 0xffu;
  const unsigned m = f & 0x7fffffu;
  if (e == 0xffu) return sign | 0x7c00u | (m >> 13);                       // inf, NaN
  if (e >= 113u) return sign | ((e - 112u) << 10) | (m >> 13);             // normal half
  if (e < 103u) return sign;                                               // zero
  return sign | ((0x800000u | m) >> (126u - e));                           // subnormal half
}
__device__ __forceinline__ float float_of_half_bits(unsigned h) {
  const unsigned sign = (h & 0x8000u) << 16;
  const unsigned e = (h >> 10) & 0x1fu;
  const unsigned m = h & 0x3ffu;
  if (e == 0x1fu) return __int_as_float((int)(sign | 0x7f800000u | (m << 13)));
  if (e != 0u) return __int_as_float((int)(sign | ((e + 112u) << 23) | (m << 13)));
  const float mag = (float)m * 5.9604644775390625e-8f;                      // m * 2**-24, exact
  return sign ? -mag : mag;
}
// NumPy's npy_half_nextafter: NaN gives NaN, equal operands give x (not y), zero steps to the
// smallest subnormal with y's sign; otherwise one step of the half's bit pattern.
__device__ __forceinline__ float nextafter_half(float x, float y) {
  if (::isnan(x) || ::isnan(y)) return __int_as_float(0x7fc00000);
  if (x == y) return x;
  const unsigned hy = half_bits_of(y);
  if (x == 0.0f) return float_of_half_bits((hy & 0x8000u) + 1u);
  const unsigned hx = half_bits_of(x);
  // Away from zero: one more in the magnitude bits; towards zero: one less.
  const bool away = (y > x) == (x > 0.0f);
  return float_of_half_bits(away ? hx + 1u : hx - 1u);
}

// npy_spacing: the step away from zero to the next value (zero steps to the smallest positive
// subnormal, whatever its sign); NaN for infinities and NaN, inf past the largest finite value.
template <typename T>
__device__ __forceinline__ T spacing(T x) {
  if (::isinf(x) || ::isnan(x)) return nan_like(x);
  if (x == (T)0) return nextafter((T)0, (T)1);
  return nextafter(x, x > (T)0 ? inf_like(x) : -inf_like(x)) - x;
}
// npy_half_spacing: always positive, the gap above |x| (below it for a negative power of two:
// its bit pattern's "negative boundary case"), at least the smallest subnormal; the largest
// positive half gives inf.
__device__ __forceinline__ float spacing_half(float x) {
  if (::isinf(x) || ::isnan(x)) return __int_as_float(0x7fc00000);
  const unsigned h = half_bits_of(x);
  if (h == 0x7bffu) return __int_as_float(0x7f800000);
  const int e = (int)((h >> 10) & 0x1fu);                 // biased exponent, 0 for zero/subnormal
  const bool boundary = (h & 0x8000u) && (h & 0x3ffu) == 0u;
  const int step = (e == 0 ? 1 : e) - 25 - (boundary ? 1 : 0);  // log2 of the gap
  return __int_as_float(((step < -24 ? -24 : step) + 127) << 23);  // a power of two, normal in float
}

// npy_rad2deg/npy_deg2rad multiply by 180/pi and pi/180 computed in the type itself: for float
// 180.0f / NPY_PIf, so the float constants are those of float's pi (exact values below).
__device__ __forceinline__ float degrees(float x) { return x * 57.2957763671875f; }
__device__ __forceinline__ float radians(float x) { return x * 0.01745329238474369f; }
__device__ __forceinline__ double degrees(double x) { return x * (180.0 / 3.141592653589793238462643383279502884); }
__device__ __forceinline__ double radians(double x) { return x * (3.141592653589793238462643383279502884 / 180.0); }

#define GPA_FLOAT_MORE(T)                                                                           \
  /* npy_logaddexp: equal operands (infinities of one sign too) without a NaN from inf - inf. */    \
  __device__ __forceinline__ T logaddexp(T x, T y) {                                                \
    if (x == y) return x + (T)0.693147180559945309417232121458176568;                               \
    const T d = x - y;                                                                              \
    if (d > (T)0) return x + ::log1p(::exp(-d));                                                    \
    if (d <= (T)0) return y + ::log1p(::exp(d));                                                    \
    return d; /* NaN */                                                                             \
  }                                                                                                 \
  __device__ __forceinline__ T logaddexp2(T x, T y) {                                               \
    if (x == y) return x + (T)1;                                                                    \
    const T d = x - y;                                                                              \
    if (d > (T)0) return x + (T)1.442695040888963407359924681001892137 * ::log1p(::exp2(-d));       \
    if (d <= (T)0) return y + (T)1.442695040888963407359924681001892137 * ::log1p(::exp2(d));       \
    return d;                                                                                       \
  }                                                                                                 \
  __device__ __forceinline__ T heaviside(T x, T h0) {                                               \
    if (::isnan(x)) return nan_like(x);                                                             \
    if (x == (T)0) return h0;                                                                       \
    return x < (T)0 ? (T)0 : (T)1;                                                                  \
  }                                                                                                 \
  /* ldexp with an int64 exponent: clamped to int first, as NumPy's *_ldexp_int64 loops. */         \
  __device__ __forceinline__ T ldexp(T x, int e) { return ::ldexp(x, e); }                          \
  __device__ __forceinline__ T ldexp(T x, long long e) {                                            \
    return ::ldexp(x, e > 2147483647LL ? 2147483647 : e < -2147483647LL - 1 ? -2147483647 - 1 : (int)e); \
  }                                                                                                 \
  /* frexp: zero, inf and NaN give themselves and exponent 0 (glibc's, NumPy's results). */         \
  __device__ __forceinline__ T frexp(T x, int& e) {                                                 \
    if (x == (T)0 || !::isfinite(x)) {                                                              \
      e = 0;                                                                                        \
      return x;                                                                                     \
    }                                                                                               \
    return ::frexp(x, &e);                                                                          \
  }                                                                                                 \
  /* C's modf from exact operations: x - trunc(x) is exact; the fraction keeps x's sign. */         \
  __device__ __forceinline__ T modf(T x, T& ip) {                                                   \
    ip = ::trunc(x);                                                                                \
    return ::isinf(x) ? ::copysign((T)0, x) : ::copysign(x - ip, x);                                \
  }                                                                                                 \
  __device__ __forceinline__ T fmod(T a, T b) { return ::fmod(a, b); }

GPA_FLOAT_MORE(float)
GPA_FLOAT_MORE(double)
#undef GPA_FLOAT_MORE

// ---- integers -------------------------------------------------------------------------------
// fmod: C's truncated remainder; by zero gives 0 (NumPy, with a warning there), MIN % -1 gives 0.
// gcd/lcm: Euclid on the magnitudes in an unsigned type U (so |MIN| is exact), as npy_gcd/npy_lcm,
// whose 8- and 16-bit loops work in unsigned int too; lcm wraps as theirs.
#define GPA_INT_MORE(T, U)                                                                          \
  __device__ __forceinline__ T fmod(T a, T b) { return (b == 0 || (is_negative(b) && b == (T)-1)) ? (T)0 : (T)(a % b); } \
  __device__ __forceinline__ U int_magnitude(T a) { return is_negative(a) ? (U)0 - (U)a : (U)a; }   \
  __device__ __forceinline__ T gcd(T a, T b) { return (T)gcd_unsigned(int_magnitude(a), int_magnitude(b)); } \
  __device__ __forceinline__ T lcm(T a, T b) {                                                      \
    const U x = int_magnitude(a), y = int_magnitude(b);                                             \
    const U g = gcd_unsigned(x, y);                                                                 \
    return g == 0 ? (T)0 : (T)(x / g * y);                                                          \
  }                                                                                                 \
  /* numpy.bitwise_count: the one bits of |a| (NumPy's loops give uint8). */                        \
  __device__ __forceinline__ unsigned char bitwise_count(T a) {                                     \
    const U m = int_magnitude(a);                                                                   \
    return (unsigned char)(sizeof(U) == 8 ? __popcll((unsigned long long)m) : __popc((unsigned int)m)); \
  }

template <typename U> __device__ __forceinline__ U gcd_unsigned(U a, U b) {
  while (a != 0) {
    const U c = a;
    a = b % a;
    b = c;
  }
  return b;
}

GPA_INT_MORE(signed char, unsigned int)
GPA_INT_MORE(short, unsigned int)
GPA_INT_MORE(int, unsigned int)
GPA_INT_MORE(long long, unsigned long long)
GPA_INT_MORE(unsigned char, unsigned int)
GPA_INT_MORE(unsigned short, unsigned int)
GPA_INT_MORE(unsigned int, unsigned int)
GPA_INT_MORE(unsigned long long, unsigned long long)
#undef GPA_INT_MORE

// numpy.i0, the modified Bessel function of order 0: Cephes' Chebyshev series as NumPy evaluates
// them (_chbevl), each step in the float type T, on |x| (x <= 8: series A, else series B; NaN the
// latter, as NumPy's piecewise).
template <typename T>
__device__ __forceinline__ T chbevl(T x, const double* c, int n) {
  T b0 = (T)c[0], b1 = (T)0, b2 = (T)0;
  for (int i = 1; i < n; ++i) {
    b2 = b1;
    b1 = b0;
    b0 = mul_rn(x, b1) - b2 + (T)c[i];
  }
  return (T)0.5 * (b0 - b2);
}
template <typename T>
__device__ __forceinline__ T i0(T x) {
  const double A[30] = {
      -4.4153416464793395e-18, 3.3307945188222384e-17, -2.431279846547955e-16, 1.715391285555133e-15,
      -1.1685332877993451e-14, 7.676185498604936e-14, -4.856446783111929e-13, 2.95505266312964e-12,
      -1.726826291441556e-11, 9.675809035373237e-11, -5.189795601635263e-10, 2.6598237246823866e-09,
      -1.300025009986248e-08, 6.046995022541919e-08, -2.670793853940612e-07, 1.1173875391201037e-06,
      -4.4167383584587505e-06, 1.6448448070728896e-05, -5.754195010082104e-05, 0.00018850288509584165,
      -0.0005763755745385824, 0.0016394756169413357, -0.004324309995050576, 0.010546460394594998,
      -0.02373741480589947, 0.04930528423967071, -0.09490109704804764, 0.17162090152220877,
      -0.3046826723431984, 0.6767952744094761};
  const double B[25] = {
      -7.233180487874754e-18, -4.830504485944182e-18, 4.46562142029676e-17, 3.461222867697461e-17,
      -2.8276239805165836e-16, -3.425485619677219e-16, 1.7725601330565263e-15, 3.8116806693526224e-15,
      -9.554846698828307e-15, -4.150569347287222e-14, 1.54008621752141e-14, 3.8527783827421426e-13,
      7.180124451383666e-13, -1.7941785315068062e-12, -1.3215811840447713e-11, -3.1499165279632416e-11,
      1.1889147107846439e-11, 4.94060238822497e-10, 3.3962320257083865e-09, 2.266668990498178e-08,
      2.0489185894690638e-07, 2.8913705208347567e-06, 6.889758346916825e-05, 0.0033691164782556943,
      0.8044904110141088};
  x = x < (T)0 ? -x : x;
  if (x <= (T)8) return ::exp(x) * chbevl(x / (T)2 - (T)2, A, 30);
  return ::exp(x) * chbevl((T)32 / x - (T)2, B, 25) / ::sqrt(x);
}

}  // namespace gpa
