// The scalar side of linalg.h's factorisations: traits that let one template serve real and
// complex dtypes, the one-thread-per-matrix batch walk, and column-major element access.
#pragma once
#include "gpuarray/common.h"
#include "gpuarray/complex.h"

namespace gpa {
namespace la {

// Scalar traits: the real type, conjugate, |x|^2, |x|, real part, a real made into T, and the unit
// slogdet's sign multiplies by (NumPy's: a real's is -1 or 1, even for NaN; a complex's x / |x|).
template <typename T> struct S {
  typedef T R;
  __device__ __forceinline__ static T cj(T x) { return x; }
  __device__ __forceinline__ static R abs2(T x) { return x * x; }
  __device__ __forceinline__ static R mag(T x) { return fabs(x); }
  __device__ __forceinline__ static R re(T x) { return x; }
  __device__ __forceinline__ static R im(T) { return R(0); }
  __device__ __forceinline__ static T mk(R r, R = R(0)) { return r; }
  __device__ __forceinline__ static T unit(T x) { return x < T(0) ? T(-1) : T(1); }
  __device__ __forceinline__ static R eps() { return sizeof(T) == 4 ? R(1.1920928955078125e-7) : R(2.220446049250313e-16); }
};
template <typename R_> struct S<complex<R_> > {
  typedef R_ R;
  typedef complex<R_> T;
  __device__ __forceinline__ static T cj(T x) { return T(x.re_, -x.im_); }
  __device__ __forceinline__ static R abs2(T x) { return x.re_ * x.re_ + x.im_ * x.im_; }
  __device__ __forceinline__ static R mag(T x) { return hypot(x.re_, x.im_); }
  __device__ __forceinline__ static R re(T x) { return x.re_; }
  __device__ __forceinline__ static R im(T x) { return x.im_; }
  __device__ __forceinline__ static T mk(R r, R i = R(0)) { return T(r, i); }
  __device__ __forceinline__ static T unit(T x) { return x / mk(mag(x)); }
  __device__ __forceinline__ static R eps() { return sizeof(R) == 4 ? R(1.1920928955078125e-7) : R(2.220446049250313e-16); }
};

// LAPACK's range guard (dlascl in gesvd, syevd and geev): when max |a_ij| lies outside the range
// where sums of squares can neither overflow nor underflow, A is scaled by 2^-ex to bring it near
// 1, in two steps of normal factors (2^-ex alone overflows for subnormal entries, |ex| up to 1074);
// scaling by powers of two is exact. Returns ex (0: A left as it is); results scale back by unscale.
template <typename T> __device__ int range_scale(T* a, long long count) {
  typedef S<T> St;
  typedef typename St::R R;
  R amax = R(0);
  for (long long e = 0; e < count; ++e) {
    const R m = St::mag(a[e]);
    if (m > amax) amax = m;
  }
  int ex = 0;
  if (!(amax > R(0)) || amax - amax != R(0)) return 0;  // zeros, or an infinity: left as they are
  frexp(amax, &ex);
  const int safe = sizeof(R) == 4 ? 30 : 250;
  if (ex >= -safe && ex <= safe) return 0;
  const T f1 = St::mk(ldexp(R(1), -ex / 2)), f2 = St::mk(ldexp(R(1), -ex - (-ex / 2)));
  for (long long e = 0; e < count; ++e) a[e] = (a[e] * f1) * f2;
  return ex;
}
template <typename R> __device__ __forceinline__ R unscale(R x, int ex) { return ex == 0 ? x : ldexp(x, ex); }

// One thread per matrix: the index of this thread's first matrix and the step between them.
__device__ __forceinline__ long long first_matrix() { return (long long)blockIdx.x * blockDim.x + threadIdx.x; }
__device__ __forceinline__ long long matrix_step() { return (long long)gridDim.x * blockDim.x; }

#define GPA_AT(a, ld, i, j) a[(i) + (j) * (ld)]

}  // namespace la
}  // namespace gpa
