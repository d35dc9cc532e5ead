// Dense factorisations of ours, LAPACK's semantics on packed column-major matrices batched by
// count: LU with partial pivoting (getrf/getrs), Cholesky (potrf), Householder QR (geqrf and
// orgqr/ungqr), one-sided Jacobi SVD (gesvd), cyclic Jacobi eigh (syevd/heevd). The cpu backend
// runs every factorisation through them; on cuda cuSOLVER answers. One thread per matrix of the
// batch: written for exactness first, not speed. Also the helpers both backends use after a
// factorisation (determinants from an LU, triangle masks).
#pragma once
#include "gpuarray/common.h"
#include "gpuarray/complex.h"

namespace gpa {
namespace la {

// Scalar traits: the real type, conjugate, |x|^2, |x|, real part, a real made into T.
template <typename T> struct S {
  typedef T R;
  __device__ __forceinline__ static T cj(T x) { return x; }
  __device__ __forceinline__ static R abs2(T x) { return x * x; }
  __device__ __forceinline__ static R mag(T x) { return fabs(x); }
  __device__ __forceinline__ static R re(T x) { return x; }
  __device__ __forceinline__ static R im(T) { return R(0); }
  __device__ __forceinline__ static T mk(R r, R = R(0)) { return r; }
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
  __device__ __forceinline__ static R eps() { return sizeof(R) == 4 ? R(1.1920928955078125e-7) : R(2.220446049250313e-16); }
};

// One thread per matrix: the index of this thread's first matrix and the step between them.
__device__ __forceinline__ long long first_matrix() { return (long long)blockIdx.x * blockDim.x + threadIdx.x; }
__device__ __forceinline__ long long matrix_step() { return (long long)gridDim.x * blockDim.x; }

#define GPA_AT(a, ld, i, j) a[(i) + (j) * (ld)]

// ---------------------------------------------------------------------------------------- LU
// A = P L U in place (L unit lower); ipiv 1-based as LAPACK; info = first zero pivot (1-based)
// or 0. A zero pivot leaves its column uneliminated and factoring goes on, as dgetrf does.
template <typename T> __device__ void getrf(T* a, int* ipiv, int* info, long long n) {
  typedef S<T> St;
  int inf = 0;
  for (long long j = 0; j < n; ++j) {
    long long p = j;
    typename St::R best = St::mag(GPA_AT(a, n, j, j));
    for (long long i = j + 1; i < n; ++i) {
      const typename St::R v = St::mag(GPA_AT(a, n, i, j));
      if (v > best) best = v, p = i;
    }
    ipiv[j] = (int)(p + 1);
    if (best == typename St::R(0) || best != best) {
      if (best == typename St::R(0)) {
        if (inf == 0) inf = (int)(j + 1);
        continue;
      }
    }
    if (p != j)
      for (long long c = 0; c < n; ++c) {
        const T t = GPA_AT(a, n, j, c);
        GPA_AT(a, n, j, c) = GPA_AT(a, n, p, c);
        GPA_AT(a, n, p, c) = t;
      }
    const T d = GPA_AT(a, n, j, j);
    for (long long i = j + 1; i < n; ++i) GPA_AT(a, n, i, j) = GPA_AT(a, n, i, j) / d;
    for (long long c = j + 1; c < n; ++c) {
      const T u = GPA_AT(a, n, j, c);
      if (u == T(0)) continue;
      for (long long i = j + 1; i < n; ++i) GPA_AT(a, n, i, c) = GPA_AT(a, n, i, c) - GPA_AT(a, n, i, j) * u;
    }
  }
  *info = inf;
}

// Solve op(A) X = B with A's LU from getrf; trans 0 N, 1 T, 2 C. B is n x nrhs, overwritten.
// ipiv null: no row interchanges (B already permuted, as lu_perm_eye's output).
template <typename T> __device__ void getrs(const T* a, const int* ipiv, T* b, long long n, long long nrhs, int trans) {
  typedef S<T> St;
  for (long long r = 0; r < nrhs; ++r) {
    T* x = b + r * n;
    if (trans == 0) {
      for (long long i = 0; ipiv && i < n; ++i) {
        const long long p = ipiv[i] - 1;
        if (p != i) { const T t = x[i]; x[i] = x[p]; x[p] = t; }
      }
      for (long long j = 0; j < n; ++j)
        for (long long i = j + 1; i < n; ++i) x[i] = x[i] - GPA_AT(a, n, i, j) * x[j];
      for (long long j = n - 1; j >= 0; --j) {
        x[j] = x[j] / GPA_AT(a, n, j, j);
        for (long long i = 0; i < j; ++i) x[i] = x[i] - GPA_AT(a, n, i, j) * x[j];
      }
    } else {
      // A^T = U^T L^T P^T: forward with U^T, backward with the unit L^T, then the pivots in reverse.
      const bool c = trans == 2;
      for (long long i = 0; i < n; ++i) {
        T s = x[i];
        for (long long k = 0; k < i; ++k) s = s - (c ? St::cj(GPA_AT(a, n, k, i)) : GPA_AT(a, n, k, i)) * x[k];
        x[i] = s / (c ? St::cj(GPA_AT(a, n, i, i)) : GPA_AT(a, n, i, i));
      }
      for (long long i = n - 1; i >= 0; --i) {
        T s = x[i];
        for (long long k = i + 1; k < n; ++k) s = s - (c ? St::cj(GPA_AT(a, n, k, i)) : GPA_AT(a, n, k, i)) * x[k];
        x[i] = s;
      }
      for (long long i = n - 1; ipiv && i >= 0; --i) {
        const long long p = ipiv[i] - 1;
        if (p != i) { const T t = x[i]; x[i] = x[p]; x[p] = t; }
      }
    }
  }
}

// ---------------------------------------------------------------------------------- Cholesky
// lower: A = L L^H in the lower triangle; upper: A = U^H U in the upper one. The other triangle
// is left as it was (as LAPACK). info = order of the first non-positive (or NaN) leading minor.
template <typename T> __device__ void potrf(T* a, int* info, long long n, int upper) {
  typedef S<T> St;
  typedef typename St::R R;
  for (long long j = 0; j < n; ++j) {
    R d = St::re(GPA_AT(a, n, j, j));
    for (long long k = 0; k < j; ++k) d -= St::abs2(upper ? GPA_AT(a, n, k, j) : GPA_AT(a, n, j, k));
    if (!(d > R(0))) {
      *info = (int)(j + 1);
      return;
    }
    const R djj = sqrt(d);
    GPA_AT(a, n, j, j) = St::mk(djj);
    for (long long i = j + 1; i < n; ++i) {
      if (upper) {
        // U[j,i] = (A[j,i] - sum_k conj(U[k,j]) U[k,i]) / U[j,j]
        T s = GPA_AT(a, n, j, i);
        for (long long k = 0; k < j; ++k) s = s - St::cj(GPA_AT(a, n, k, j)) * GPA_AT(a, n, k, i);
        GPA_AT(a, n, j, i) = s / St::mk(djj);
      } else {
        // L[i,j] = (A[i,j] - sum_k L[i,k] conj(L[j,k])) / L[j,j]
        T s = GPA_AT(a, n, i, j);
        for (long long k = 0; k < j; ++k) s = s - GPA_AT(a, n, i, k) * St::cj(GPA_AT(a, n, j, k));
        GPA_AT(a, n, i, j) = s / St::mk(djj);
      }
    }
  }
  *info = 0;
}

// ------------------------------------------------------------------------------ Householder QR
// geqrf: R in the upper triangle, the reflectors' tails below it, tau[min(m,n)]; Q = H_0 ... H_{k-1},
// H = I - tau v v^H with v[0] = 1 (LAPACK's convention, beta real).
template <typename T> __device__ void geqrf(T* a, T* tau, long long m, long long n) {
  typedef S<T> St;
  typedef typename St::R R;
  const long long k = m < n ? m : n;
  for (long long j = 0; j < k; ++j) {
    T* x = &GPA_AT(a, m, j, j);
    const long long len = m - j;
    R xn2 = R(0);
    for (long long i = 1; i < len; ++i) xn2 += St::abs2(x[i]);
    const T alpha = x[0];
    if (xn2 == R(0) && St::im(alpha) == R(0)) {
      tau[j] = T(0);
      continue;
    }
    const R ar = St::re(alpha), ai = St::im(alpha);
    R beta = sqrt(ar * ar + ai * ai + xn2);
    if (ar >= R(0)) beta = -beta;
    tau[j] = St::mk((beta - ar) / beta, -ai / beta);
    const T scale = T(1) / (alpha - St::mk(beta));
    for (long long i = 1; i < len; ++i) x[i] = x[i] * scale;
    x[0] = St::mk(beta);
    // Apply H^H = I - conj(tau) v v^H to the columns on the right.
    const T ct = St::cj(tau[j]);
    for (long long c = j + 1; c < n; ++c) {
      T* y = &GPA_AT(a, m, j, c);
      T s = y[0];
      for (long long i = 1; i < len; ++i) s = s + St::cj(x[i]) * y[i];
      s = s * ct;
      y[0] = y[0] - s;
      for (long long i = 1; i < len; ++i) y[i] = y[i] - x[i] * s;
    }
  }
}

// orgqr/ungqr: the first n columns of Q = H_0 ... H_{k-1} (m >= n >= k), in place over geqrf's output.
template <typename T> __device__ void orgqr(T* a, const T* tau, long long m, long long n, long long k) {
  typedef S<T> St;
  for (long long c = k; c < n; ++c)
    for (long long i = 0; i < m; ++i) GPA_AT(a, m, i, c) = i == c ? T(1) : T(0);
  for (long long j = k - 1; j >= 0; --j) {
    T* v = &GPA_AT(a, m, j, j);
    const long long len = m - j;
    const T t = tau[j];
    // H_j applied to columns j+1.. (their rows above j are zero already).
    for (long long c = j + 1; c < n; ++c) {
      T* y = &GPA_AT(a, m, j, c);
      T s = y[0];
      for (long long i = 1; i < len; ++i) s = s + St::cj(v[i]) * y[i];
      s = s * t;
      y[0] = y[0] - s;
      for (long long i = 1; i < len; ++i) y[i] = y[i] - v[i] * s;
    }
    // Column j itself: H_j e_j = e_j - tau v.
    for (long long i = 1; i < len; ++i) v[i] = -(t * v[i]);
    v[0] = T(1) - t;
    for (long long i = 0; i < j; ++i) GPA_AT(a, m, i, j) = T(0);
  }
}

// ------------------------------------------------------------------------------------ Jacobi
// The unitary rotation both Jacobi methods use on columns (p, q) of X, given the Hermitian 2x2
// [[app, g e], [g conj(e), aqq]] (g >= 0, |e| = 1): x_p' = c x_p - s conj(e) x_q,
// x_q' = s x_p + c conj(e) x_q zeroes the off-diagonal.
template <typename T> struct Rot {
  typename S<T>::R c, s;
  T ce;  // conj(e)
};
template <typename T> __device__ __forceinline__ Rot<T> rotation(typename S<T>::R app, typename S<T>::R aqq, T apq) {
  typedef S<T> St;
  typedef typename St::R R;
  const R g = St::mag(apq);
  const R zeta = (aqq - app) / (R(2) * g);
  const R t = (zeta >= R(0) ? R(1) : R(-1)) / (fabs(zeta) + sqrt(R(1) + zeta * zeta));
  Rot<T> r;
  r.c = R(1) / sqrt(R(1) + t * t);
  r.s = r.c * t;
  r.ce = St::cj(apq) / St::mk(g);
  return r;
}
template <typename T> __device__ __forceinline__ void rotate_columns(T* x, long long ld, long long rows, long long p, long long q, const Rot<T>& r) {
  typedef S<T> St;
  for (long long i = 0; i < rows; ++i) {
    const T xp = GPA_AT(x, ld, i, p), xq = r.ce * GPA_AT(x, ld, i, q);
    GPA_AT(x, ld, i, p) = St::mk(r.c) * xp - St::mk(r.s) * xq;
    GPA_AT(x, ld, i, q) = St::mk(r.s) * xp + St::mk(r.c) * xq;
  }
}

// Orthonormal columns [from, to) of U (m rows) completing columns [0, from), from unit vectors.
template <typename T> __device__ void complete_basis(T* u, long long m, long long from, long long to) {
  typedef S<T> St;
  typedef typename St::R R;
  long long cand = 0;
  for (long long c = from; c < to; ++c) {
    for (; cand < m; ++cand) {
      T* x = u + c * m;
      for (long long i = 0; i < m; ++i) x[i] = i == cand ? T(1) : T(0);
      for (int pass = 0; pass < 2; ++pass)
        for (long long k = 0; k < c; ++k) {
          const T* y = u + k * m;
          T d = T(0);
          for (long long i = 0; i < m; ++i) d = d + St::cj(y[i]) * x[i];
          for (long long i = 0; i < m; ++i) x[i] = x[i] - y[i] * d;
        }
      R nn = R(0);
      for (long long i = 0; i < m; ++i) nn += St::abs2(x[i]);
      // Some unit vector keeps at least 1/m of its squared length outside the span.
      if (nn * R(4 * m) > R(1)) {
        const R inv = R(1) / sqrt(nn);
        for (long long i = 0; i < m; ++i) x[i] = x[i] * St::mk(inv);
        ++cand;
        break;
      }
    }
  }
}

// One-sided Jacobi SVD of A (m x n, m >= n), destroyed. s descending; job 0: s only, 1: U m x n
// and VT n x n, 2: U m x m. info 1 when the sweeps did not converge.
template <typename T> __device__ void gesvd(T* a, typename S<T>::R* s, T* u, T* vt, int* info, long long m, long long n, int job) {
  typedef S<T> St;
  typedef typename St::R R;
  T* v = vt;  // V accumulates in VT's place; conjugate-transposed at the end
  if (job)
    for (long long j = 0; j < n; ++j)
      for (long long i = 0; i < n; ++i) GPA_AT(v, n, i, j) = i == j ? T(1) : T(0);
  const R tol = St::eps() * R(m > 1 ? m : 1);
  // A column this small next to ||A|| is rounding noise: rotating it against others never ends.
  R fro2 = R(0);
  for (long long e = 0; e < m * n; ++e) fro2 += St::abs2(a[e]);
  const R noise = St::eps() * St::eps() * fro2;
  bool converged = false;
  for (int sweep = 0; sweep < 80 && !converged; ++sweep) {
    converged = true;
    for (long long p = 0; p + 1 < n; ++p)
      for (long long q = p + 1; q < n; ++q) {
        R al = R(0), be = R(0);
        T ga = T(0);
        for (long long i = 0; i < m; ++i) {
          const T xp = GPA_AT(a, m, i, p), xq = GPA_AT(a, m, i, q);
          al += St::abs2(xp);
          be += St::abs2(xq);
          ga = ga + St::cj(xp) * xq;
        }
        const R g = St::mag(ga);
        if (g == R(0) || al <= noise || be <= noise || !(g > tol * sqrt(al) * sqrt(be))) continue;
        converged = false;
        const Rot<T> r = rotation<T>(al, be, ga);
        rotate_columns(a, m, m, p, q, r);
        if (job) rotate_columns(v, n, n, p, q, r);
      }
  }
  for (long long j = 0; j < n; ++j) {
    R nn = R(0);
    for (long long i = 0; i < m; ++i) nn += St::abs2(GPA_AT(a, m, i, j));
    s[j] = sqrt(nn);
  }
  // Descending order: selection sort, moving A's and V's columns along.
  for (long long j = 0; j < n; ++j) {
    long long b = j;
    for (long long k = j + 1; k < n; ++k)
      if (s[k] > s[b]) b = k;
    if (b == j) continue;
    const R t = s[j]; s[j] = s[b]; s[b] = t;
    for (long long i = 0; i < m; ++i) { const T x = GPA_AT(a, m, i, j); GPA_AT(a, m, i, j) = GPA_AT(a, m, i, b); GPA_AT(a, m, i, b) = x; }
    if (job)
      for (long long i = 0; i < n; ++i) { const T x = GPA_AT(v, n, i, j); GPA_AT(v, n, i, j) = GPA_AT(v, n, i, b); GPA_AT(v, n, i, b) = x; }
  }
  if (job) {
    long long r = 0;
    for (; r < n && s[r] > R(0); ++r) {
      const R inv = R(1) / s[r];
      for (long long i = 0; i < m; ++i) GPA_AT(u, m, i, r) = GPA_AT(a, m, i, r) * St::mk(inv);
    }
    complete_basis(u, m, r, job == 2 ? m : n);
    for (long long i = 0; i < n; ++i)
      for (long long j = i; j < n; ++j) {
        const T x = GPA_AT(v, n, i, j), y = GPA_AT(v, n, j, i);
        GPA_AT(v, n, i, j) = St::cj(y);
        GPA_AT(v, n, j, i) = St::cj(x);
      }
  }
  *info = converged ? 0 : 1;
}

// Cyclic Jacobi eigh of the Hermitian matrix in A's `upper` (or lower) triangle. w ascending;
// with `vectors`, A is overwritten by the eigenvectors (columns) through the scratch V (n x n).
template <typename T> __device__ void syevd(T* a, typename S<T>::R* w, T* v, int* info, long long n, int upper, int vectors) {
  typedef S<T> St;
  typedef typename St::R R;
  // The full Hermitian matrix from the referenced triangle; the diagonal's imaginary part is ignored.
  for (long long j = 0; j < n; ++j) {
    GPA_AT(a, n, j, j) = St::mk(St::re(GPA_AT(a, n, j, j)));
    for (long long i = j + 1; i < n; ++i) {
      if (upper) GPA_AT(a, n, i, j) = St::cj(GPA_AT(a, n, j, i));
      else GPA_AT(a, n, j, i) = St::cj(GPA_AT(a, n, i, j));
    }
  }
  if (vectors)
    for (long long j = 0; j < n; ++j)
      for (long long i = 0; i < n; ++i) GPA_AT(v, n, i, j) = i == j ? T(1) : T(0);
  R fro = R(0);
  for (long long j = 0; j < n * n; ++j) fro += St::abs2(a[j]);
  // Off-diagonal entries below this are rounding noise next to ||A||: LAPACK's absolute accuracy.
  const R thr = St::eps() * sqrt(fro) / R(4 * (n > 1 ? n : 1));
  bool converged = false;
  for (int sweep = 0; sweep < 80 && !converged; ++sweep) {
    converged = true;
    for (long long p = 0; p + 1 < n; ++p)
      for (long long q = p + 1; q < n; ++q) {
        const T apq = GPA_AT(a, n, p, q);
        if (!(St::mag(apq) > thr)) continue;
        converged = false;
        const Rot<T> r = rotation<T>(St::re(GPA_AT(a, n, p, p)), St::re(GPA_AT(a, n, q, q)), apq);
        // A J on columns, then J^H A on rows: row_p' = c row_p - s e row_q, row_q' = s row_p + c e row_q.
        rotate_columns(a, n, n, p, q, r);
        const T e = St::cj(r.ce);
        for (long long j = 0; j < n; ++j) {
          const T xp = GPA_AT(a, n, p, j), xq = e * GPA_AT(a, n, q, j);
          GPA_AT(a, n, p, j) = St::mk(r.c) * xp - St::mk(r.s) * xq;
          GPA_AT(a, n, q, j) = St::mk(r.s) * xp + St::mk(r.c) * xq;
        }
        GPA_AT(a, n, p, q) = T(0);
        GPA_AT(a, n, q, p) = T(0);
        GPA_AT(a, n, p, p) = St::mk(St::re(GPA_AT(a, n, p, p)));
        GPA_AT(a, n, q, q) = St::mk(St::re(GPA_AT(a, n, q, q)));
        if (vectors) rotate_columns(v, n, n, p, q, r);
      }
  }
  for (long long j = 0; j < n; ++j) w[j] = St::re(GPA_AT(a, n, j, j));
  for (long long j = 0; j < n; ++j) {
    long long b = j;
    for (long long k = j + 1; k < n; ++k)
      if (w[k] < w[b]) b = k;
    if (b == j) continue;
    const R t = w[j]; w[j] = w[b]; w[b] = t;
    if (vectors)
      for (long long i = 0; i < n; ++i) { const T x = GPA_AT(v, n, i, j); GPA_AT(v, n, i, j) = GPA_AT(v, n, i, b); GPA_AT(v, n, i, b) = x; }
  }
  if (vectors)
    for (long long j = 0; j < n * n; ++j) a[j] = v[j];
  *info = converged ? 0 : 1;
}

// ------------------------------------------------------------------------------------ helpers
// From getrf's output: det (mode 0: out_a = det) or slogdet (mode 1: out_a = sign, out_r = log|det|).
template <typename T> __device__ void lu_det(const T* a, const int* ipiv, T* out_a, typename S<T>::R* out_r, long long n, int mode) {
  typedef S<T> St;
  typedef typename St::R R;
  bool odd = false;
  for (long long i = 0; i < n; ++i) odd ^= ipiv[i] != (int)(i + 1);
  if (mode == 0) {
    T d = odd ? T(-1) : T(1);
    for (long long i = 0; i < n; ++i) d = d * GPA_AT(a, n, i, i);
    *out_a = d == T(0) ? T(0) : d;  // a singular matrix's det is +0, as NumPy's
    return;
  }
  T sg = odd ? T(-1) : T(1);
  R lg = R(0);
  for (long long i = 0; i < n; ++i) {
    const T x = GPA_AT(a, n, i, i);
    const R m = St::mag(x);
    if (m == R(0)) {
      *out_a = T(0);
      *out_r = -R(1) / R(0);
      return;
    }
    sg = sg * (x / St::mk(m));
    lg += log(m);
  }
  *out_a = sg;
  *out_r = lg;
}

// The largest n lu_perm_eye takes (its permutation in 48 KB of shared memory on the GPU).
#define GPA_PERM_EYE_MAX 12288

#ifdef GPA_HOST
#define GPA_PERM_LANE 0
#define GPA_PERM_LANES 1
#define GPA_PERM_SYNC() (void)0
#else
#define GPA_PERM_LANE threadIdx.x
#define GPA_PERM_LANES blockDim.x
#define GPA_PERM_SYNC() __syncthreads()
#endif

// From getrf's pivots, perm with P^T B = B[perm] (row i of P^T B is row perm[i] of B): the row
// interchanges applied in order to the identity permutation. The interchanges form one chain,
// walked by one thread; on the GPU the block's threads share perm (in shared memory). Every
// thread of the block calls it; perm is complete when it returns.
__device__ inline void lu_perm_chain(const int* ipiv, int* perm, long long n) {
  for (long long i = GPA_PERM_LANE; i < n; i += GPA_PERM_LANES) perm[i] = (int)i;
  GPA_PERM_SYNC();
  if (GPA_PERM_LANE == 0) {
    // The pivots 32 at a time into registers first: their loads wait once, not once a step.
    for (long long j0 = 0; j0 < n; j0 += 32) {
      int pv[32];
#pragma unroll
      for (int u = 0; u < 32; ++u) pv[u] = j0 + u < n ? ipiv[j0 + u] - 1 : 0;
#pragma unroll
      for (int u = 0; u < 32; ++u) {
        if (j0 + u >= n) break;
        const int t = perm[j0 + u];
        perm[j0 + u] = perm[pv[u]];
        perm[pv[u]] = t;
      }
    }
  }
  GPA_PERM_SYNC();
}

// The ones of P^T (b n x n, zeroed before): b[i + perm[i] n] = 1, so that a solve without
// interchanges gives inv(A).
template <typename T> __device__ void lu_perm_eye(const int* ipiv, T* b, int* perm, long long n) {
  lu_perm_chain(ipiv, perm, n);
  for (long long i = GPA_PERM_LANE; i < n; i += GPA_PERM_LANES) b[i + (long long)perm[i] * n] = T(1);
  GPA_PERM_SYNC();  // perm is rewritten for the next matrix
}

// getrs's row interchanges on n x nrhs column-major right-hand sides, out of place: dst = P^T src
// (before the triangular solves of op 'N') or, `inverse`, dst = P src (after those of op 'T'/'C').
template <typename T> __device__ void lu_permute(const int* ipiv, const T* src, T* dst, int* perm, long long n, long long nrhs, int inverse) {
  lu_perm_chain(ipiv, perm, n);
  for (long long e = GPA_PERM_LANE; e < n * nrhs; e += GPA_PERM_LANES) {
    const long long i = e % n, col = e - i;
    if (inverse) dst[col + perm[i]] = src[e];
    else dst[e] = src[col + perm[i]];
  }
  GPA_PERM_SYNC();
}
#undef GPA_PERM_LANE
#undef GPA_PERM_LANES
#undef GPA_PERM_SYNC

}  // namespace la
}  // namespace gpa

// Entry points, one per dtype and routine: packed column-major matrices, `batch` of them.
#ifdef GPA_HOST
#define GPA_PERM_EYE_SCRATCH(name) int* name = static_cast<int*>(malloc(sizeof(int) * GPA_PERM_EYE_MAX))
#define GPA_PERM_EYE_FREE(name) free(name)
#define GPA_PERM_EYE_FIRST gpa::la::first_matrix()
#define GPA_PERM_EYE_STEP gpa::la::matrix_step()
#else
#define GPA_PERM_EYE_SCRATCH(name) __shared__ int name[GPA_PERM_EYE_MAX]
#define GPA_PERM_EYE_FREE(name) (void)0
#define GPA_PERM_EYE_FIRST (long long)blockIdx.x
#define GPA_PERM_EYE_STEP (long long)gridDim.x
#endif
#define GPA_LA_LOOP for (long long b = gpa::la::first_matrix(); b < batch; b += gpa::la::matrix_step())

#define GPA_LINALG_SOLVER_KERNELS(SUF, T)                                                                        \
  extern "C" __global__ void gpa_getrf_##SUF(void* a, int* ipiv, int* info, long long n, long long batch) {     \
    GPA_LA_LOOP gpa::la::getrf<T>((T*)a + b * n * n, ipiv + b * n, info + b, n);                                 \
  }                                                                                                              \
  extern "C" __global__ void gpa_getrs_##SUF(const void* a, const int* ipiv, void* x, int* info, long long n,   \
                                             long long nrhs, int trans, long long batch) {                       \
    /* One thread per right-hand side: inv's n columns run in parallel. */                                     \
    for (long long u = gpa::la::first_matrix(); u < batch * nrhs; u += gpa::la::matrix_step()) {                 \
      const long long b = u / nrhs, r = u % nrhs;                                                                \
      gpa::la::getrs<T>((const T*)a + b * n * n, ipiv ? ipiv + b * n : ipiv, (T*)x + b * n * nrhs + r * n, n, 1, trans); \
      if (r == 0) info[b] = 0;                                                                                   \
    }                                                                                                            \
  }                                                                                                              \
  extern "C" __global__ void gpa_potrf_##SUF(void* a, int* info, long long n, int upper, long long batch) {     \
    GPA_LA_LOOP gpa::la::potrf<T>((T*)a + b * n * n, info + b, n, upper);                                        \
  }                                                                                                              \
  extern "C" __global__ void gpa_geqrf_##SUF(void* a, void* tau, int* info, long long m, long long n,           \
                                             long long batch) {                                                  \
    const long long k = m < n ? m : n;                                                                           \
    GPA_LA_LOOP {                                                                                                \
      gpa::la::geqrf<T>((T*)a + b * m * n, (T*)tau + b * k, m, n);                                               \
      info[b] = 0;                                                                                               \
    }                                                                                                            \
  }                                                                                                              \
  extern "C" __global__ void gpa_orgqr_##SUF(void* a, const void* tau, int* info, long long m, long long n,     \
                                             long long k, long long tau_stride, long long batch) {               \
    GPA_LA_LOOP {                                                                                                \
      gpa::la::orgqr<T>((T*)a + b * m * n, (const T*)tau + b * tau_stride, m, n, k);                             \
      info[b] = 0;                                                                                               \
    }                                                                                                            \
  }                                                                                                              \
  extern "C" __global__ void gpa_gesvd_##SUF(void* a, void* s, void* u, void* vt, int* info, long long m,       \
                                             long long n, int job, long long batch) {                            \
    typedef gpa::la::S<T>::R R;                                                                                  \
    const long long uc = job == 2 ? m : n;                                                                       \
    GPA_LA_LOOP gpa::la::gesvd<T>((T*)a + b * m * n, (R*)s + b * n, job ? (T*)u + b * m * uc : (T*)0,            \
                                  job ? (T*)vt + b * n * n : (T*)0, info + b, m, n, job);                        \
  }                                                                                                              \
  extern "C" __global__ void gpa_syevd_##SUF(void* a, void* w, void* scratch, int* info, long long n, int upper, \
                                             int vectors, long long batch) {                                     \
    typedef gpa::la::S<T>::R R;                                                                                  \
    GPA_LA_LOOP gpa::la::syevd<T>((T*)a + b * n * n, (R*)w + b * n, vectors ? (T*)scratch + b * n * n : (T*)0,   \
                                  info + b, n, upper, vectors);                                                  \
  }

#define GPA_LINALG_HELPER_KERNELS(SUF, T)                                                                        \
  extern "C" __global__ void gpa_lu_det_##SUF(const void* a, const int* ipiv, void* out_a, void* out_r,         \
                                              long long n, int mode, long long batch) {                          \
    typedef gpa::la::S<T>::R R;                                                                                  \
    GPA_LA_LOOP gpa::la::lu_det<T>((const T*)a + b * n * n, ipiv + b * n, (T*)out_a + b, (R*)out_r + b, n, mode); \
  }                                                                                                              \
  /* P^T of each LU (n <= GPA_PERM_EYE_MAX): on the GPU one block a matrix, on the host one thread. */         \
  extern "C" __global__ void gpa_lu_perm_eye_##SUF(const int* ipiv, void* out, long long n, long long batch) {  \
    GPA_PERM_EYE_SCRATCH(perm);                                                                                  \
    for (long long b = GPA_PERM_EYE_FIRST; b < batch; b += GPA_PERM_EYE_STEP)                                    \
      gpa::la::lu_perm_eye<T>(ipiv + b * n, (T*)out + b * n * n, perm, n);                                       \
    GPA_PERM_EYE_FREE(perm);                                                                                     \
  }                                                                                                              \
  /* getrs's interchanges on each matrix's right-hand sides (n <= GPA_PERM_EYE_MAX), out of place; the     \
     columns of one matrix in `chunks` parts (each its own block on the GPU, which walks the chain too). */     \
  extern "C" __global__ void gpa_lu_permute_##SUF(const int* ipiv, const void* src, void* dst, long long n,     \
                                                  long long nrhs, int inverse, long long batch,                  \
                                                  long long chunks) {                                            \
    GPA_PERM_EYE_SCRATCH(perm);                                                                                  \
    const long long per = (nrhs + chunks - 1) / chunks;                                                          \
    for (long long t = GPA_PERM_EYE_FIRST; t < batch * chunks; t += GPA_PERM_EYE_STEP) {                         \
      const long long b = t / chunks, c0 = (t % chunks) * per;                                                   \
      const long long cols = nrhs - c0 < per ? nrhs - c0 : per;                                                  \
      const long long at = b * n * nrhs + c0 * n;                                                                \
      if (cols > 0) gpa::la::lu_permute<T>(ipiv + b * n, (const T*)src + at, (T*)dst + at, perm, n, cols, inverse); \
    }                                                                                                            \
    GPA_PERM_EYE_FREE(perm);                                                                                     \
  }                                                                                                              \
  /* Zero the strict upper (upper=1) or lower triangle of packed row-major rows x cols matrices. */              \
  extern "C" __global__ void gpa_tri_zero_##SUF(void* a, long long rows, long long cols, int upper,              \
                                                long long total) {                                               \
    for (long long e = gpa::la::first_matrix(); e < total; e += gpa::la::matrix_step()) {                        \
      const long long j = e % cols, i = (e / cols) % rows;                                                       \
      if (upper ? j > i : j < i) ((T*)a)[e] = T(0);                                                              \
    }                                                                                                            \
  }
