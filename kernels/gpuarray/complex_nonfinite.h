// The complex elementary functions at infinite and NaN arguments, as C99 Annex G (and C11's
// corrections) specify them and NumPy's npymath (FreeBSD's msun) returns them: a finite formula
// evaluated there gives inf - inf or 0 * inf where the standard has a defined value (atanh(inf)
// = 0 + i pi/2, sinh(0 + i inf) = 0 + i NaN ...). Each `*_nonfinite(x, y, re, im)` handles
// z = x + iy when a part is not finite and returns true; false leaves finite z to the formula.
// complex.h's sin, cos, tan, asin and atan are rotations of these, as C99 defines them.
#pragma once

namespace gpa {

template <typename T> __device__ __forceinline__ T cnf_nan(T x) { return x - x + (T(0) / T(0)); }
template <typename T> __device__ __forceinline__ T cnf_inf() { return T(1) / T(0); }
template <typename T> __device__ __forceinline__ T cnf_pi() { return T(3.141592653589793238462643383279502884); }

template <typename T> __device__ __forceinline__ bool exp_nonfinite(T x, T y, T& re, T& im) {
  if (isfinite(x) && isfinite(y)) return false;
  if (isnan(x)) { re = x; im = y == T(0) ? y : cnf_nan(y); return true; }
  if (isinf(x)) {
    if (x > T(0)) {
      if (y == T(0)) { re = x; im = y; }                                   // +inf + i0
      else if (isfinite(y)) { re = x * cos(y); im = x * sin(y); }          // +inf cis(y)
      else { re = x; im = cnf_nan(y); }                                    // +-inf + iNaN
    } else if (isfinite(y)) { re = T(0) * cos(y); im = T(0) * sin(y); }    // +0 cis(y)
    else { re = T(0); im = T(0); }
    return true;
  }
  re = cnf_nan(y); im = re;                                                // finite x, y inf/NaN
  return true;
}

template <typename T> __device__ __forceinline__ bool sinh_nonfinite(T x, T y, T& re, T& im) {
  if (isfinite(x) && isfinite(y)) return false;
  if (x == T(0)) { re = x; im = cnf_nan(y); return true; }                 // +-0 + i(inf/NaN)
  if (y == T(0)) { re = x; im = y; return true; }                          // (inf/NaN) + i0
  if (isinf(x)) {
    if (isfinite(y)) { re = x * cos(y); im = cnf_inf<T>() * sin(y); }
    else { re = x; im = cnf_nan(y); }
    return true;
  }
  re = cnf_nan(y); im = re;
  return true;
}

template <typename T> __device__ __forceinline__ bool cosh_nonfinite(T x, T y, T& re, T& im) {
  if (isfinite(x) && isfinite(y)) return false;
  if (x == T(0)) { re = cnf_nan(y); im = T(0); return true; }              // NaN + i0
  if (y == T(0)) {                                                         // (inf/NaN) + i0
    re = x * x;
    im = isnan(x) ? y : copysign(T(0), x) * y;
    return true;
  }
  if (isinf(x)) {
    if (isfinite(y)) { re = cnf_inf<T>() * cos(y); im = x * sin(y); }
    else { re = cnf_inf<T>(); im = cnf_nan(y); }
    return true;
  }
  re = cnf_nan(y); im = re;
  return true;
}

template <typename T> __device__ __forceinline__ bool tanh_nonfinite(T x, T y, T& re, T& im) {
  if (isfinite(x) && isfinite(y)) return false;
  if (isinf(x)) {                                                          // +-1 + i0 sin(2y)
    re = copysign(T(1), x);
    im = copysign(T(0), isfinite(y) ? sin(T(2) * y) : (isnan(y) ? T(1) : y));
    return true;
  }
  if (isnan(x)) { re = x; im = y == T(0) ? y : cnf_nan(y); return true; }  // NaN + i0 keeps i0
  re = x == T(0) ? x : cnf_nan(y); im = cnf_nan(y);                        // finite x, y inf/NaN
  return true;
}

template <typename T> __device__ __forceinline__ bool asinh_nonfinite(T x, T y, T& re, T& im) {
  if (isfinite(x) && isfinite(y)) return false;
  if (isnan(x)) {
    if (isinf(y)) { re = cnf_inf<T>(); im = x; }
    else if (y == T(0)) { re = x; im = y; }
    else { re = x; im = x; }
    return true;
  }
  if (isnan(y)) {
    if (isinf(x)) { re = x; im = y; }
    else { re = y; im = y; }
    return true;
  }
  const T q = cnf_pi<T>() / T(4);
  re = copysign(cnf_inf<T>(), x);
  im = copysign(isinf(x) ? (isinf(y) ? q : T(0)) : T(2) * q, y);
  return true;
}

template <typename T> __device__ __forceinline__ bool acos_nonfinite(T x, T y, T& re, T& im) {
  if (isfinite(x) && isfinite(y)) return false;
  const T pi = cnf_pi<T>();
  if (isnan(x)) {
    re = x;
    im = isinf(y) ? -y : x;
    return true;
  }
  if (isnan(y)) {
    if (x == T(0)) { re = pi / T(2); im = y; }
    else if (isinf(x)) { re = y; im = -cnf_inf<T>(); }
    else { re = y; im = y; }
    return true;
  }
  im = -copysign(cnf_inf<T>(), y);
  if (isinf(x)) re = isinf(y) ? (x > T(0) ? pi / T(4) : T(3) * pi / T(4)) : (x > T(0) ? T(0) : pi);
  else re = pi / T(2);
  return true;
}

template <typename T> __device__ __forceinline__ bool acosh_nonfinite(T x, T y, T& re, T& im) {
  if (isfinite(x) && isfinite(y)) return false;
  const T pi = cnf_pi<T>();
  if (isnan(x)) {
    re = isinf(y) ? cnf_inf<T>() : x;
    im = x;
    return true;
  }
  if (isnan(y)) {
    if (isinf(x)) { re = cnf_inf<T>(); im = y; }
    else if (x == T(0)) { re = y; im = pi / T(2); }
    else { re = y; im = y; }
    return true;
  }
  re = cnf_inf<T>();
  if (isinf(x)) im = copysign(isinf(y) ? (x > T(0) ? pi / T(4) : T(3) * pi / T(4)) : (x > T(0) ? T(0) : pi), y);
  else im = copysign(pi / T(2), y);
  return true;
}

template <typename T> __device__ __forceinline__ bool atanh_nonfinite(T x, T y, T& re, T& im) {
  if (isfinite(x) && isfinite(y)) return false;
  const T h = cnf_pi<T>() / T(2);
  if (isnan(x)) {
    if (isinf(y)) { re = copysign(T(0), x); im = copysign(h, y); }
    else { re = x; im = x; }
    return true;
  }
  if (isnan(y)) {
    re = isinf(x) || x == T(0) ? copysign(T(0), x) : y;
    im = y;
    return true;
  }
  re = copysign(T(0), x);
  im = copysign(h, y);
  return true;
}

}  // namespace gpa
