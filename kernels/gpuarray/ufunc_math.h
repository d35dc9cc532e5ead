// NumPy's element semantics where C's differ: floor division and remainder with Python signs,
// integer division by zero giving 0 (as NumPy and CuPy on the GPU), shifts past the width,
// NaN-propagating maximum/minimum, sign, integer powers. Used by the ufunc table's bodies.
#pragma once

namespace gpa {

// ---- integers -------------------------------------------------------------------------------
#define GPA_INT_COMMON(T, U, BITS)                                                                  \
  __device__ __forceinline__ T left_shift(T a, T b) {                                              \
    return (b >= 0 && (long long)b < BITS) ? (T)((U)a << b) : (T)0;                                \
  }                                                                                                \
  __device__ __forceinline__ T square(T a) { return (T)((U)a * (U)a); }                             \
  __device__ __forceinline__ T reciprocal(T a) { return a == 0 ? (T)0 : (T)(1 / a); }              \
  __device__ __forceinline__ T maximum(T a, T b) { return a < b ? b : a; }                          \
  __device__ __forceinline__ T minimum(T a, T b) { return b < a ? b : a; }                          \
  __device__ __forceinline__ T fmax(T a, T b) { return a < b ? b : a; }                             \
  __device__ __forceinline__ T fmin(T a, T b) { return b < a ? b : a; }                             \
  __device__ __forceinline__ bool is_nan(T) { return false; }                                        \
  __device__ __forceinline__ bool is_inf(T) { return false; }                                        \
  __device__ __forceinline__ bool is_finite(T) { return true; }

#define GPA_SIGNED_INT(T, U, BITS)                                                                  \
  GPA_INT_COMMON(T, U, BITS)                                                                       \
  __device__ __forceinline__ T floor_divide(T a, T b) {                                            \
    if (b == 0) return 0;                                                                          \
    if (b == -1) return (T)((U)0 - (U)a);                                                          \
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
  __device__ __forceinline__ T absolute(T a) { return a < 0 ? (T)((U)0 - (U)a) : a; }              \
  __device__ __forceinline__ T sign(T a) { return (T)((a > 0) - (a < 0)); }                        \
  __device__ __forceinline__ T negative(T a) { return (T)((U)0 - (U)a); }                          \
  __device__ __forceinline__ T power(T a, T b) {                                                   \
    if (b < 0) return a == 1 ? (T)1 : a == -1 ? (T)((b & 1) ? -1 : 1) : (T)0;                      \
    U r = 1, p = (U)a;                                                                             \
    for (T e = b; e != 0; e >>= 1) {                                                               \
      if (e & 1) r *= p;                                                                           \
      p *= p;                                                                                      \
    }                                                                                              \
    return (T)r;                                                                                   \
  }

#define GPA_UNSIGNED_INT(T, BITS)                                                                   \
  GPA_INT_COMMON(T, T, BITS)                                                                       \
  __device__ __forceinline__ T floor_divide(T a, T b) { return b == 0 ? (T)0 : (T)(a / b); }       \
  __device__ __forceinline__ T remainder(T a, T b) { return b == 0 ? (T)0 : (T)(a % b); }          \
  __device__ __forceinline__ T right_shift(T a, T b) { return (long long)b < BITS ? (T)(a >> b) : (T)0; } \
  __device__ __forceinline__ T absolute(T a) { return a; }                                         \
  __device__ __forceinline__ T sign(T a) { return (T)(a > 0); }                                    \
  __device__ __forceinline__ T negative(T a) { return (T)((T)0 - a); }                             \
  __device__ __forceinline__ T power(T a, T b) {                                                   \
    T r = 1, p = a;                                                                                \
    for (T e = b; e != 0; e >>= 1) {                                                               \
      if (e & 1) r = (T)(r * p);                                                                   \
      p = (T)(p * p);                                                                              \
    }                                                                                              \
    return r;                                                                                      \
  }

GPA_SIGNED_INT(signed char, unsigned char, 8)
GPA_SIGNED_INT(short, unsigned short, 16)
GPA_SIGNED_INT(int, unsigned int, 32)
GPA_SIGNED_INT(long long, unsigned long long, 64)
GPA_UNSIGNED_INT(unsigned char, 8)
GPA_UNSIGNED_INT(unsigned short, 16)
GPA_UNSIGNED_INT(unsigned int, 32)
GPA_UNSIGNED_INT(unsigned long long, 64)
#undef GPA_SIGNED_INT
#undef GPA_UNSIGNED_INT
#undef GPA_INT_COMMON

// ---- floating point (float16 computes in float) -------------------------------------------
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
__device__ __forceinline__ bool absolute(bool a) { return a; }
__device__ __forceinline__ bool is_nan(bool) { return false; }
__device__ __forceinline__ bool is_inf(bool) { return false; }
__device__ __forceinline__ bool is_finite(bool) { return true; }

#ifdef GPA_COMPLEX_H
template <typename T> __device__ __forceinline__ T absolute(const complex<T>& a) { return abs(a); }
template <typename T> __device__ __forceinline__ bool is_nan(const complex<T>& a) { return isnan(a); }
template <typename T> __device__ __forceinline__ bool is_inf(const complex<T>& a) { return isinf(a); }
template <typename T> __device__ __forceinline__ bool is_finite(const complex<T>& a) { return isfinite(a); }
template <typename T> __device__ __forceinline__ complex<T> negative(const complex<T>& a) { return -a; }
template <typename T> __device__ __forceinline__ complex<T> square(const complex<T>& a) { return a * a; }
template <typename T> __device__ __forceinline__ complex<T> reciprocal(const complex<T>& a) { return complex<T>(T(1)) / a; }
template <typename T> __device__ __forceinline__ complex<T> power(const complex<T>& a, const complex<T>& b) { return pow(a, b); }
// NumPy 2: sign(z) = z / |z| (0 for 0).
template <typename T> __device__ __forceinline__ complex<T> sign(const complex<T>& a) {
  const T m = abs(a);
  if (::isnan(m)) return complex<T>(m, m);
  return m == T(0) ? complex<T>(T(0)) : complex<T>(a.re_ / m, a.im_ / m);
}
template <typename T> __device__ __forceinline__ complex<T> rint(const complex<T>& a) { return complex<T>(::rint(a.re_), ::rint(a.im_)); }
// Lexicographic, NaN propagating (NumPy's maximum/minimum on complex).
template <typename T> __device__ __forceinline__ complex<T> maximum(const complex<T>& a, const complex<T>& b) {
  return (isnan(a) || !(a < b)) ? a : b;
}
template <typename T> __device__ __forceinline__ complex<T> minimum(const complex<T>& a, const complex<T>& b) {
  return (isnan(a) || !(b < a)) ? a : b;
}
template <typename T> __device__ __forceinline__ complex<T> fmax(const complex<T>& a, const complex<T>& b) {
  return isnan(b) ? a : isnan(a) ? b : (a < b ? b : a);
}
template <typename T> __device__ __forceinline__ complex<T> fmin(const complex<T>& a, const complex<T>& b) {
  return isnan(b) ? a : isnan(a) ? b : (b < a ? b : a);
}
#endif

}  // namespace gpa
