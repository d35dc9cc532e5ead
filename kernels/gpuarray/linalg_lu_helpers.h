// What both backends run after an LU (theirs from cuSOLVER, ours from linalg_factor.h):
// determinants, and the row permutation of getrf's pivots (as P^T, or applied to right-hand sides).
#pragma once
#include "gpuarray/linalg_scalar.h"

namespace gpa {
namespace la {

// ------------------------------------------------------------------------------------ helpers
// From getrf's output: det (mode 0: out_a = det) or slogdet (mode 1: out_a = sign, out_r = log|det|).
template <typename T> __device__ void lu_det(const T* a, const int* ipiv, T* out_a, typename S<T>::R* out_r, long long n, int mode) {
  typedef S<T> St;
  typedef typename St::R R;
  bool odd = false;
  for (long long i = 0; i < n; ++i) odd ^= ipiv[i] != (int)(i + 1);
  // A zero pivot (getrf's info > 0) makes det 0 and log|det| -inf, as NumPy's, whatever else (NaN) A holds.
  for (long long i = 0; i < n; ++i)
    if (St::mag(GPA_AT(a, n, i, i)) == R(0)) {
      *out_a = T(0);
      if (mode != 0) *out_r = -R(1) / R(0);
      return;
    }
  if (mode == 0) {
    T d = odd ? T(-1) : T(1);
    for (long long i = 0; i < n; ++i) d = d * GPA_AT(a, n, i, i);
    *out_a = d == T(0) ? T(0) : d;  // +0, not -0
    return;
  }
  T sg = odd ? T(-1) : T(1);
  R lg = R(0);
  for (long long i = 0; i < n; ++i) {
    const T x = GPA_AT(a, n, i, i);
    sg = sg * St::unit(x);
    lg += log(St::mag(x));
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
