// NumPy's element semantics where C's differ: floor division and remainder with Python signs,
// integer division by zero giving 0 (as NumPy and CuPy on the GPU), shifts past the width,
// NaN-propagating maximum/minimum, sign, integer powers, exact int64/uint64 comparisons, clip
// (and, in ufunc_math_more.h, logaddexp, nextafter, ldexp, frexp, modf, fmod, gcd/lcm, ...).
// Used by the ufunc table's bodies. Integer arithmetic that may overflow runs in an unsigned
// type at least as wide as int (W), so it wraps without undefined behaviour.
#pragma once

namespace gpa {

// ---- comparisons ----------------------------------------------------------------------------
// Same-type operands compare as C does; int64 against uint64 compares exactly (NumPy's 'qQ->?'
// loops); complex overloads (NumPy's lexicographic, NaN-aware order) come with complex.h below.
template <typename A, typename B> __device__ __forceinline__ bool equal(A a, B b) { return a == b; }
template <typename A, typename B> __device__ __forceinline__ bool not_equal(A a, B b) { return a != b; }
template <typename A, typename B> __device__ __forceinline__ bool less(A a, B b) { return a < b; }
template <typename A, typename B> __device__ __forceinline__ bool less_equal(A a, B b) { return a <= b; }
template <typename A, typename B> __device__ __forceinline__ bool greater(A a, B b) { return a > b; }
template <typename A, typename B> __device__ __forceinline__ bool greater_equal(A a, B b) { return a >= b; }

// -1, 0, 1 as a is below, equal to, above b.
__device__ __forceinline__ int compare_mixed(long long a, unsigned long long b) {
  if (a < 0) return -1;
  const unsigned long long ua = (unsigned long long)a;
  return ua < b ? -1 : ua == b ? 0 : 1;
}
#define GPA_MIXED_CMP(NAME, OP)                                                                     \
  __device__ __forceinline__ bool NAME(long long a, unsigned long long b) { return compare_mixed(a, b) OP 0; } \
  __device__ __forceinline__ bool NAME(unsigned long long a, long long b) { return 0 OP compare_mixed(b, a); }
GPA_MIXED_CMP(equal, ==)
GPA_MIXED_CMP(not_equal, !=)
GPA_MIXED_CMP(less, <)
GPA_MIXED_CMP(less_equal, <=)
GPA_MIXED_CMP(greater, >)
GPA_MIXED_CMP(greater_equal, >=)
#undef GPA_MIXED_CMP

// ---- integers -------------------------------------------------------------------------------
// v < 0, spelled so that unsigned types compile without "comparison is always false" warnings.
template <typename T> __device__ __forceinline__ bool is_negative(T v) { return ((T)-1 < (T)1) && (v >> (sizeof(T) * 8 - 1)) != 0; }

#define GPA_INT_COMMON(T, W, BITS)                                                                  \
  __device__ __forceinline__ T left_shift(T a, T b) {                                              \
    return (unsigned long long)(long long)b < BITS ? (T)((W)a << b) : (T)0; /* b < 0 counts as huge */ \
  }                                                                                                \
  __device__ __forceinline__ T square(T a) { return (T)((W)a * (W)a); }                             \
  __device__ __forceinline__ T reciprocal(T a) { return a == 0 ? (T)0 : (T)(1 / a); }              \
  __device__ __forceinline__ T maximum(T a, T b) { return a < b ? b : a; }                          \
  __device__ __forceinline__ T minimum(T a, T b) { return b < a ? b : a; }                          \
  __device__ __forceinline__ T fmax(T a, T b) { return a < b ? b : a; }                             \
  __device__ __forceinline__ T fmin(T a, T b) { return b < a ? b : a; }                             \
  __device__ __forceinline__ T clip(T x, T lo, T hi) { return minimum(maximum(x, lo), hi); }        \
  __device__ __forceinline__ bool is_nan(T) { return false; }                                        \
  __device__ __forceinline__ bool is_inf(T) { return false; }                                        \
  __device__ __forceinline__ bool is_finite(T) { return true; }                                      \
  __device__ __forceinline__ T power(T a, T b) {                                                   \
    /* Negative exponents: CuPy's device result (NumPy raises; the host side refuses scalars). */  \
    if (is_negative(b)) return a == 1 ? (T)1 : is_negative(a) && a == (T)-1 ? (T)((b & 1) ? -1 : 1) : (T)0; \
    W r = 1, p = (W)a;                                                                             \
    for (T e = b; e != 0; e >>= 1) {                                                               \
      if (e & 1) r *= p;                                                                           \
      p *= p;                                                                                      \
    }                                                                                              \
    return (T)r;                                                                                   \
  }

#define GPA_SIGNED_INT(T, W, BITS)                                                                  \
  GPA_INT_COMMON(T, W, BITS)                                                                       \
  __device__ __forceinline__ T floor_divide(T a, T b) {                                            \
    if (b == 0) return 0;                                                                          \
    if (b == -1) return (T)((W)0 - (W)a); /* MIN // -1 wraps to MIN, as NumPy */                   \
    T q = a / b;                                                                                   \
    if ((a % b != 0) && ((a < 0) != (b < 0))) q -= 1;                                              \
    return q;                                                                                      \
  }                                                                                                \
  __device__ __forceinline__ T remainder(T a, T b) {                                               \
    if (b == 0 || b == -1) return 0;                                                               \
    T r = a % b;                                                                                   \
    if (r != 0 && ((r < 0) != (b < 0))) r += b;                                                    \
    return r;                                                                                      \
  }                                                                                                \
  __device__ __forceinline__ T right_shift(T a, T b) {                                             \
    return (b >= 0 && (long long)b < BITS) ? (T)(a >> b) : (T)(a < 0 ? -1 : 0);                    \
  }                                                                                                \
  __device__ __forceinline__ T absolute(T a) { return a < 0 ? (T)((W)0 - (W)a) : a; }              \
  __device__ __forceinline__ T sign(T a) { return (T)((a > 0) - (a < 0)); }                        \
  __device__ __forceinline__ T negative(T a) { return (T)((W)0 - (W)a); }

#define GPA_UNSIGNED_INT(T, W, BITS)                                                                \
  GPA_INT_COMMON(T, W, BITS)                                                                       \
  __device__ __forceinline__ T floor_divide(T a, T b) { return b == 0 ? (T)0 : (T)(a / b); }       \
  __device__ __forceinline__ T remainder(T a, T b) { return b == 0 ? (T)0 : (T)(a % b); }          \
  __device__ __forceinline__ T right_shift(T a, T b) { return (unsigned long long)b < BITS ? (T)(a >> b) : (T)0; } \
  __device__ __forceinline__ T absolute(T a) { return a; }                                         \
  __device__ __forceinline__ T sign(T a) { return (T)(a > 0); }                                    \
  __device__ __forceinline__ T negative(T a) { return (T)((W)0 - (W)a); }

GPA_SIGNED_INT(signed char, unsigned int, 8)
GPA_SIGNED_INT(short, unsigned int, 16)
GPA_SIGNED_INT(int, unsigned int, 32)
GPA_SIGNED_INT(long long, unsigned long long, 64)
GPA_UNSIGNED_INT(unsigned char, unsigned int, 8)
GPA_UNSIGNED_INT(unsigned short, unsigned int, 16)
GPA_UNSIGNED_INT(unsigned int, unsigned int, 32)
GPA_UNSIGNED_INT(unsigned long long, unsigned long long, 64)
#undef GPA_SIGNED_INT
#undef GPA_UNSIGNED_INT
#undef GPA_INT_COMMON

// ---- floating point (float16 computes in float) -------------------------------------------
// floor_divide/remainder are NumPy's npy_divmod; maximum/minimum propagate NaN, fmax/fmin skip it.
#define GPA_FLOAT(T)                                                                                \
  __device__ __forceinline__ T remainder(T a, T b) {                                               \
    if (b == (T)0) return ::fmod(a, b);                                                            \
    T mod = ::fmod(a, b);                                                                          \
    if (mod != (T)0) {                                                                             \
      if ((b < 0) != (mod < 0)) mod += b;                                                          \
    } else {                                                                                       \
      mod = ::copysign((T)0, b);                                                                   \
    }                                                                                              \
    return mod;                                                                                    \
  }                                                                                                \
  __device__ __forceinline__ T floor_divide(T a, T b) {                                            \
    if (b == (T)0) return a / b;                                                                   \
    T mod = ::fmod(a, b);                                                                          \
    T div = (a - mod) / b;                                                                         \
    if (mod != (T)0) {                                                                             \
      if ((b < 0) != (mod < 0)) div -= (T)1;                                                       \
    }                                                                                              \
    T floordiv;                                                                                    \
    if (div != (T)0) {                                                                             \
      floordiv = ::floor(div);                                                                     \
      if (div - floordiv > (T)0.5) floordiv += (T)1;                                               \
    } else {                                                                                       \
      floordiv = ::copysign((T)0, a / b);                                                          \
    }                                                                                              \
    return floordiv;                                                                               \
  }                                                                                                \
  __device__ __forceinline__ T absolute(T a) { return ::fabs(a); }                                 \
  __device__ __forceinline__ T sign(T a) { return a > (T)0 ? (T)1 : a < (T)0 ? (T)-1 : a == (T)0 ? (T)0 : a; } \
  __device__ __forceinline__ T negative(T a) { return -a; }                                        \
  __device__ __forceinline__ T square(T a) { return a * a; }                                       \
  __device__ __forceinline__ T reciprocal(T a) { return (T)1 / a; }                                \
  __device__ __forceinline__ T power(T a, T b) { return ::pow(a, b); }                             \
  __device__ __forceinline__ T maximum(T a, T b) { return (a >= b || ::isnan(a)) ? a : b; }       \
  __device__ __forceinline__ T minimum(T a, T b) { return (a <= b || ::isnan(a)) ? a : b; }       \
  __device__ __forceinline__ T fmax(T a, T b) { return ::fmax(a, b); }                             \
  __device__ __forceinline__ T fmin(T a, T b) { return ::fmin(a, b); }                             \
  /* NumPy's clip: Min(Max(x, lo), hi), each keeping a NaN first operand, and x on a tie (NumPy */ \
  /* 2.4 keeps -0.0 in clip(-0.0, 0, 3)).                                                        */ \
  __device__ __forceinline__ T clip(T x, T lo, T hi) {                                             \
    const T m = (::isnan(x) || x >= lo) ? x : lo;                                                  \
    return (::isnan(m) || m <= hi) ? m : hi;                                                       \
  }                                                                                                \
  __device__ __forceinline__ bool is_nan(T a) { return ::isnan(a); }                                \
  __device__ __forceinline__ bool is_inf(T a) { return ::isinf(a); }                                \
  __device__ __forceinline__ bool is_finite(T a) { return ::isfinite(a); }

GPA_FLOAT(float)
GPA_FLOAT(double)
#undef GPA_FLOAT

// bool: the few integer-like operations NumPy defines on it.
__device__ __forceinline__ bool maximum(bool a, bool b) { return a || b; }
__device__ __forceinline__ bool minimum(bool a, bool b) { return a && b; }
__device__ __forceinline__ bool fmax(bool a, bool b) { return a || b; }
__device__ __forceinline__ bool fmin(bool a, bool b) { return a && b; }
__device__ __forceinline__ bool clip(bool x, bool lo, bool hi) { return (x || lo) && hi; }
__device__ __forceinline__ bool absolute(bool a) { return a; }
__device__ __forceinline__ bool is_nan(bool) { return false; }
__device__ __forceinline__ bool is_inf(bool) { return false; }
__device__ __forceinline__ bool is_finite(bool) { return true; }

#ifdef GPA_COMPLEX_H
// NumPy's complex order (loops.c.src CGE/CLE/...): lexicographic; a NaN imaginary part makes a
// real-part decision false.
template <typename T> __device__ __forceinline__ bool cge(const complex<T>& x, const complex<T>& y) {
  return (x.re_ > y.re_ && !::isnan(x.im_) && !::isnan(y.im_)) || (x.re_ == y.re_ && x.im_ >= y.im_);
}
template <typename T> __device__ __forceinline__ bool cle(const complex<T>& x, const complex<T>& y) {
  return (x.re_ < y.re_ && !::isnan(x.im_) && !::isnan(y.im_)) || (x.re_ == y.re_ && x.im_ <= y.im_);
}
template <typename T> __device__ __forceinline__ bool cgt(const complex<T>& x, const complex<T>& y) {
  return (x.re_ > y.re_ && !::isnan(x.im_) && !::isnan(y.im_)) || (x.re_ == y.re_ && x.im_ > y.im_);
}
template <typename T> __device__ __forceinline__ bool clt(const complex<T>& x, const complex<T>& y) {
  return (x.re_ < y.re_ && !::isnan(x.im_) && !::isnan(y.im_)) || (x.re_ == y.re_ && x.im_ < y.im_);
}
template <typename T> __device__ __forceinline__ bool less(const complex<T>& a, const complex<T>& b) { return clt(a, b); }
template <typename T> __device__ __forceinline__ bool less_equal(const complex<T>& a, const complex<T>& b) { return cle(a, b); }
template <typename T> __device__ __forceinline__ bool greater(const complex<T>& a, const complex<T>& b) { return cgt(a, b); }
template <typename T> __device__ __forceinline__ bool greater_equal(const complex<T>& a, const complex<T>& b) { return cge(a, b); }

template <typename T> __device__ __forceinline__ T absolute(const complex<T>& a) { return abs(a); }
template <typename T> __device__ __forceinline__ bool is_nan(const complex<T>& a) { return isnan(a); }
template <typename T> __device__ __forceinline__ bool is_inf(const complex<T>& a) { return isinf(a); }
template <typename T> __device__ __forceinline__ bool is_finite(const complex<T>& a) { return isfinite(a); }
template <typename T> __device__ __forceinline__ complex<T> negative(const complex<T>& a) { return -a; }
template <typename T> __device__ __forceinline__ complex<T> square(const complex<T>& a) { return a * a; }
// NumPy's reciprocal loop (Smith's method with a unit numerator).
template <typename T> __device__ __forceinline__ complex<T> reciprocal(const complex<T>& a) {
  if (::fabs(a.im_) <= ::fabs(a.re_)) {
    const T r = a.im_ / a.re_;
    const T d = a.re_ + a.im_ * r;
    return complex<T>(T(1) / d, -r / d);
  }
  const T r = a.re_ / a.im_;
  const T d = a.re_ * r + a.im_;
  return complex<T>(r / d, T(-1) / d);
}
template <typename T> __device__ __forceinline__ complex<T> power(const complex<T>& a, const complex<T>& b) { return pow(a, b); }
// NumPy 2: sign(z) = z / |z|, with its rules for zero, infinities and NaN.
template <typename T> __device__ __forceinline__ complex<T> sign(const complex<T>& a) {
  const T m = abs(a);
  const T nan = T(0) / T(0);
  if (::isnan(m)) return complex<T>(nan, nan);
  if (::isinf(m)) {
    if (::isinf(a.re_)) return ::isinf(a.im_) ? complex<T>(nan, nan) : complex<T>(a.re_ > T(0) ? T(1) : T(-1), T(0));
    return complex<T>(T(0), a.im_ > T(0) ? T(1) : T(-1));
  }
  if (m == T(0)) return complex<T>(T(0), T(0));
  return complex<T>(a.re_ / m, a.im_ / m);
}
template <typename T> __device__ __forceinline__ complex<T> rint(const complex<T>& a) { return complex<T>(::rint(a.re_), ::rint(a.im_)); }
// maximum/minimum keep a NaN first operand, else the CGE/CLE winner (a NaN second operand loses
// every comparison, so it comes through too); fmax/fmin drop a NaN second operand.
template <typename T> __device__ __forceinline__ complex<T> maximum(const complex<T>& a, const complex<T>& b) {
  return (isnan(a) || cge(a, b)) ? a : b;
}
template <typename T> __device__ __forceinline__ complex<T> minimum(const complex<T>& a, const complex<T>& b) {
  return (isnan(a) || cle(a, b)) ? a : b;
}
template <typename T> __device__ __forceinline__ complex<T> fmax(const complex<T>& a, const complex<T>& b) {
  return (isnan(b) || cge(a, b)) ? a : b;
}
template <typename T> __device__ __forceinline__ complex<T> fmin(const complex<T>& a, const complex<T>& b) {
  return (isnan(b) || cle(a, b)) ? a : b;
}
// NumPy's clip.cpp for complex: plain lexicographic comparisons, a NaN first operand kept.
template <typename T> __device__ __forceinline__ complex<T> clip(const complex<T>& x, const complex<T>& lo, const complex<T>& hi) {
  const bool gt = x.re_ == lo.re_ ? x.im_ > lo.im_ : x.re_ > lo.re_;
  const complex<T> m = (isnan(x) || gt) ? x : lo;
  const bool lt = m.re_ == hi.re_ ? m.im_ < hi.im_ : m.re_ < hi.re_;
  return (isnan(m) || lt) ? m : hi;
}
#endif

}  // namespace gpa

#include "gpuarray/ufunc_math_more.h"
