// complex<float> / complex<double> for kernels, the same code on device and host so both
// backends agree. Layout {re, im} aligned to its size, like thrust::complex and NumPy's complex.
// Included only by kernels that touch complex data.
#pragma once
#define GPA_COMPLEX_H 1

namespace gpa {

// The real overloads stay visible next to the complex ones declared in this namespace.
using ::abs;
using ::acos;
using ::acosh;
using ::asin;
using ::asinh;
using ::atan;
using ::atan2;
using ::atanh;
using ::copysign;
using ::cos;
using ::cosh;
using ::exp;
using ::exp2;
using ::expm1;
using ::fabs;
using ::hypot;
using ::isfinite;
using ::isinf;
using ::isnan;
using ::log;
using ::log10;
using ::log1p;
using ::log2;
using ::pow;
using ::rint;
using ::sin;
using ::sinh;
using ::sqrt;
using ::tan;
using ::tanh;

template <typename T>
struct __align__(2 * sizeof(T)) complex {
  T re_, im_;

  complex() = default;
  __device__ __forceinline__ constexpr complex(T r, T i = T(0)) : re_(r), im_(i) {}
  template <typename U>
  __device__ __forceinline__ constexpr complex(const complex<U>& o) : re_((T)o.re_), im_((T)o.im_) {}
  // From any real type (ints, bool, the other float width).
  template <typename U>
  __device__ __forceinline__ constexpr complex(U r) : re_((T)r), im_(T(0)) {}

  __device__ __forceinline__ T real() const { return re_; }
  __device__ __forceinline__ T imag() const { return im_; }

  // NumPy's casts: to real types the real part (it warns; we cannot), to bool "non-zero".
  __device__ __forceinline__ explicit operator bool() const { return re_ != T(0) || im_ != T(0); }
  template <typename U>
  __device__ __forceinline__ explicit operator U() const { return (U)re_; }

  __device__ __forceinline__ complex& operator+=(const complex& o) { re_ += o.re_; im_ += o.im_; return *this; }
  __device__ __forceinline__ complex& operator-=(const complex& o) { re_ -= o.re_; im_ -= o.im_; return *this; }
  __device__ __forceinline__ complex& operator*=(const complex& o) { *this = *this * o; return *this; }
  __device__ __forceinline__ complex& operator/=(const complex& o) { *this = *this / o; return *this; }

  __device__ __forceinline__ friend complex operator+(const complex& a, const complex& b) { return complex(a.re_ + b.re_, a.im_ + b.im_); }
  __device__ __forceinline__ friend complex operator-(const complex& a, const complex& b) { return complex(a.re_ - b.re_, a.im_ - b.im_); }
  __device__ __forceinline__ friend complex operator*(const complex& a, const complex& b) {
    return complex(a.re_ * b.re_ - a.im_ * b.im_, a.re_ * b.im_ + a.im_ * b.re_);
  }
  // Smith's algorithm, as NumPy, to avoid overflow in |b|^2.
  __device__ __forceinline__ friend complex operator/(const complex& a, const complex& b) {
    const T br = b.re_, bi = b.im_;
    const T abs_br = br < T(0) ? -br : br;
    const T abs_bi = bi < T(0) ? -bi : bi;
    if (abs_br >= abs_bi) {
      if (abs_br == T(0) && abs_bi == T(0)) return complex(a.re_ / abs_br, a.im_ / abs_bi);
      const T rat = bi / br;
      const T scl = T(1) / (br + bi * rat);
      return complex((a.re_ + a.im_ * rat) * scl, (a.im_ - a.re_ * rat) * scl);
    }
    const T rat = br / bi;
    const T scl = T(1) / (bi + br * rat);
    return complex((a.re_ * rat + a.im_) * scl, (a.im_ * rat - a.re_) * scl);
  }
  __device__ __forceinline__ friend complex operator-(const complex& a) { return complex(-a.re_, -a.im_); }
  __device__ __forceinline__ friend complex operator+(const complex& a) { return a; }
  __device__ __forceinline__ friend bool operator==(const complex& a, const complex& b) { return a.re_ == b.re_ && a.im_ == b.im_; }
  __device__ __forceinline__ friend bool operator!=(const complex& a, const complex& b) { return !(a == b); }
  // NumPy orders complex numbers lexicographically (real part first).
  __device__ __forceinline__ friend bool operator<(const complex& a, const complex& b) { return a.re_ < b.re_ || (a.re_ == b.re_ && a.im_ < b.im_); }
  __device__ __forceinline__ friend bool operator>(const complex& a, const complex& b) { return b < a; }
  __device__ __forceinline__ friend bool operator<=(const complex& a, const complex& b) { return a.re_ < b.re_ || (a.re_ == b.re_ && a.im_ <= b.im_); }
  __device__ __forceinline__ friend bool operator>=(const complex& a, const complex& b) { return b <= a; }
  __device__ __forceinline__ friend bool operator!(const complex& a) { return !(bool)a; }
  __device__ __forceinline__ friend bool operator&&(const complex& a, const complex& b) { return (bool)a && (bool)b; }
  __device__ __forceinline__ friend bool operator||(const complex& a, const complex& b) { return (bool)a || (bool)b; }
};

template <typename T> __device__ __forceinline__ T real(const complex<T>& z) { return z.re_; }
template <typename T> __device__ __forceinline__ T imag(const complex<T>& z) { return z.im_; }
template <typename T> __device__ __forceinline__ complex<T> conj(const complex<T>& z) { return complex<T>(z.re_, -z.im_); }
template <typename T> __device__ __forceinline__ T abs(const complex<T>& z) { return hypot(z.re_, z.im_); }
template <typename T> __device__ __forceinline__ T arg(const complex<T>& z) { return atan2(z.im_, z.re_); }
template <typename T> __device__ __forceinline__ T norm(const complex<T>& z) { return z.re_ * z.re_ + z.im_ * z.im_; }
template <typename T> __device__ __forceinline__ bool isnan(const complex<T>& z) { return isnan(z.re_) || isnan(z.im_); }
template <typename T> __device__ __forceinline__ bool isinf(const complex<T>& z) { return isinf(z.re_) || isinf(z.im_); }
template <typename T> __device__ __forceinline__ bool isfinite(const complex<T>& z) { return isfinite(z.re_) && isfinite(z.im_); }

template <typename T> __device__ __forceinline__ complex<T> polar(T r, T theta) { return complex<T>(r * cos(theta), r * sin(theta)); }

template <typename T> __device__ __forceinline__ complex<T> exp(const complex<T>& z) {
  if (z.im_ == T(0)) return complex<T>(exp(z.re_), z.im_);
  const T e = exp(z.re_);
  return complex<T>(e * cos(z.im_), e * sin(z.im_));
}
template <typename T> __device__ __forceinline__ complex<T> log(const complex<T>& z) { return complex<T>(log(abs(z)), arg(z)); }
template <typename T> __device__ __forceinline__ complex<T> log10(const complex<T>& z) { return log(z) / complex<T>(log(T(10))); }
template <typename T> __device__ __forceinline__ complex<T> log2(const complex<T>& z) { return log(z) / complex<T>(log(T(2))); }
template <typename T> __device__ __forceinline__ complex<T> exp2(const complex<T>& z) { return exp(z * complex<T>(log(T(2)))); }
template <typename T> __device__ __forceinline__ complex<T> log1p(const complex<T>& z) { return log(complex<T>(T(1) + z.re_, z.im_)); }
template <typename T> __device__ __forceinline__ complex<T> expm1(const complex<T>& z) {
  const T a = sin(z.im_ / T(2));
  return complex<T>(expm1(z.re_) * cos(z.im_) - T(2) * a * a, exp(z.re_) * sin(z.im_));
}

// Principal square root (Kahan's formulation, branch cut along the negative real axis).
template <typename T> __device__ __forceinline__ complex<T> sqrt(const complex<T>& z) {
  const T x = z.re_, y = z.im_;
  if (x == T(0) && y == T(0)) return complex<T>(T(0), y);
  if (isinf(y)) return complex<T>(y < T(0) ? -y : y, y);
  if (isnan(x)) return complex<T>(x, (y - y) / (y - y));
  if (isinf(x)) {
    if (x > T(0)) return complex<T>(x, isnan(y) ? y : copysign(T(0), y));
    return complex<T>(isnan(y) ? fabs(y - y) : T(0), copysign(-x, y));
  }
  const T t = sqrt((fabs(x) + abs(z)) * T(0.5));
  if (x >= T(0)) return complex<T>(t, y / (T(2) * t));
  return complex<T>(fabs(y) / (T(2) * t), copysign(t, y));
}

template <typename T> __device__ __forceinline__ complex<T> pow(const complex<T>& a, const complex<T>& b) {
  if (b.re_ == T(0) && b.im_ == T(0)) return complex<T>(T(1), T(0));
  if (a.re_ == T(0) && a.im_ == T(0)) {
    if (b.re_ > T(0) && b.im_ == T(0)) return complex<T>(T(0), T(0));
    const T nan = T(0) / T(0);
    return complex<T>(nan, nan);
  }
  // Small integer powers by repeated multiplication, as NumPy does, for exact results.
  if (b.im_ == T(0) && b.re_ == (T)(int)b.re_ && b.re_ >= T(-100) && b.re_ <= T(100)) {
    int n = (int)b.re_;
    const bool neg = n < 0;
    if (neg) n = -n;
    complex<T> r(T(1)), p = a;
    while (n) {
      if (n & 1) r = r * p;
      p = p * p;
      n >>= 1;
    }
    return neg ? complex<T>(T(1)) / r : r;
  }
  return exp(b * log(a));
}

template <typename T> __device__ __forceinline__ complex<T> sinh(const complex<T>& z) {
  return complex<T>(sinh(z.re_) * cos(z.im_), cosh(z.re_) * sin(z.im_));
}
template <typename T> __device__ __forceinline__ complex<T> cosh(const complex<T>& z) {
  return complex<T>(cosh(z.re_) * cos(z.im_), sinh(z.re_) * sin(z.im_));
}
template <typename T> __device__ __forceinline__ complex<T> tanh(const complex<T>& z) {
  // Stable for large |re|: tanh -> +-1.
  if (fabs(z.re_) > T(20)) return complex<T>(copysign(T(1), z.re_), T(0) * sin(T(2) * z.im_));
  const T d = cosh(T(2) * z.re_) + cos(T(2) * z.im_);
  return complex<T>(sinh(T(2) * z.re_) / d, sin(T(2) * z.im_) / d);
}
template <typename T> __device__ __forceinline__ complex<T> sin(const complex<T>& z) {
  const complex<T> s = sinh(complex<T>(-z.im_, z.re_));
  return complex<T>(s.im_, -s.re_);
}
template <typename T> __device__ __forceinline__ complex<T> cos(const complex<T>& z) { return cosh(complex<T>(-z.im_, z.re_)); }
template <typename T> __device__ __forceinline__ complex<T> tan(const complex<T>& z) {
  const complex<T> t = tanh(complex<T>(-z.im_, z.re_));
  return complex<T>(t.im_, -t.re_);
}
template <typename T> __device__ __forceinline__ complex<T> asinh(const complex<T>& z) { return log(z + sqrt(z * z + complex<T>(T(1)))); }
template <typename T> __device__ __forceinline__ complex<T> acosh(const complex<T>& z) {
  return log(z + sqrt(z + complex<T>(T(1))) * sqrt(z - complex<T>(T(1))));
}
template <typename T> __device__ __forceinline__ complex<T> atanh(const complex<T>& z) {
  return (log(complex<T>(T(1)) + z) - log(complex<T>(T(1)) - z)) * complex<T>(T(0.5));
}
template <typename T> __device__ __forceinline__ complex<T> asin(const complex<T>& z) {
  const complex<T> r = asinh(complex<T>(-z.im_, z.re_));
  return complex<T>(r.im_, -r.re_);
}
template <typename T> __device__ __forceinline__ complex<T> acos(const complex<T>& z) {
  const complex<T> a = asin(z);
  return complex<T>(T(1.57079632679489661923) - a.re_, -a.im_);
}
template <typename T> __device__ __forceinline__ complex<T> atan(const complex<T>& z) {
  const complex<T> r = atanh(complex<T>(-z.im_, z.re_));
  return complex<T>(r.im_, -r.re_);
}

}  // namespace gpa

using gpa::complex;
