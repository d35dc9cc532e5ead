// linalg.h's Jacobi methods, one thread per matrix: one-sided Jacobi SVD (gesvd) and cyclic
// Jacobi eigh (syevd/heevd), with the rotation and basis completion they share.
#pragma once
#include "gpuarray/linalg_scalar.h"

namespace gpa {
namespace la {

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
  const int ex = range_scale(a, m * n);
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
    // A column at rounding level (never rotated: see `noise`) points anywhere: complete_basis
    // gives those columns of U instead of a / s.
    long long r = 0;
    for (; r < n && s[r] > R(0) && s[r] * s[r] > noise; ++r) {
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
  for (long long j = 0; j < n; ++j) s[j] = unscale(s[j], ex);
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
  const int ex = range_scale(a, n * n);
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
  for (long long j = 0; j < n; ++j) w[j] = unscale(St::re(GPA_AT(a, n, j, j)), ex);
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

}  // namespace la
}  // namespace gpa
