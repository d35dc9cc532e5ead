// linalg.h's triangular and orthogonal factorisations, one thread per matrix: LU with partial
// pivoting (getrf/getrs), Cholesky (potrf), Householder QR (geqrf and orgqr/ungqr).
#pragma once
#include "gpuarray/linalg_scalar.h"

namespace gpa {
namespace la {

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
    // No skip of a zero u: 0 * NaN must reach the trailing matrix, as in LAPACK (det, solve).
    for (long long c = j + 1; c < n; ++c) {
      const T u = GPA_AT(a, n, j, c);
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

}  // namespace la
}  // namespace gpa
