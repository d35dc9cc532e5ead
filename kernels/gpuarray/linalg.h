// Dense factorisations of ours, LAPACK's semantics on packed column-major matrices batched by
// count: LU with partial pivoting (getrf/getrs), Cholesky (potrf), Householder QR (geqrf and
// orgqr/ungqr), one-sided Jacobi SVD (gesvd), cyclic Jacobi eigh (syevd/heevd), Hessenberg-QR
// eig (geev). The cpu backend
// runs every factorisation through them; on cuda cuSOLVER answers. One thread per matrix of the
// batch: written for exactness first, not speed. Also the helpers both backends use after a
// factorisation (determinants from an LU, triangle masks).
// The routines live in linalg_{scalar,factor,jacobi,eig,lu_helpers}.h; this header adds the entry
// points.
#pragma once
#include "gpuarray/common.h"
#include "gpuarray/complex.h"
#include "gpuarray/linalg_eig.h"
#include "gpuarray/linalg_factor.h"
#include "gpuarray/linalg_jacobi.h"
#include "gpuarray/linalg_lu_helpers.h"

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
  }                                                                                                              \
  extern "C" __global__ void gpa_geev_##SUF(void* a, void* w, void* vr, void* work, int* info, long long n,     \
                                            int vectors, long long batch) {                                      \
    typedef gpa::la::S<T>::R R;                                                                                  \
    const long long wb = gpa::la::geev_work_bytes(n, (int)sizeof(T), (int)sizeof(R));                            \
    GPA_LA_LOOP gpa::la::geev<T>((T*)a + b * n * n, (gpa::complex<R>*)w + b * n, vectors ? (T*)vr + b * n * n : (T*)0, \
                                 (unsigned char*)work + b * wb, info + b, n);                                    \
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
  /* geev's VR (column-major, LAPACK's real pairs) as complex row-major eigenvectors, an element a thread. */  \
  extern "C" __global__ void gpa_geev_vectors_##SUF(const void* vr, const void* w, void* out, long long n,      \
                                                    long long total) {                                           \
    typedef gpa::la::S<T>::R R;                                                                                  \
    for (long long e = gpa::la::first_matrix(); e < total; e += gpa::la::matrix_step()) {                        \
      const long long b = e / (n * n);                                                                           \
      gpa::la::geev_vectors<T>((const T*)vr + b * n * n, (const gpa::complex<R>*)w + b * n,                      \
                               (gpa::complex<R>*)out + b * n * n, n, e % (n * n));                               \
    }                                                                                                            \
  }                                                                                                              \
  /* Zero the strict upper (upper=1) or lower triangle of packed row-major rows x cols matrices. */              \
  extern "C" __global__ void gpa_tri_zero_##SUF(void* a, long long rows, long long cols, int upper,              \
                                                long long total) {                                               \
    for (long long e = gpa::la::first_matrix(); e < total; e += gpa::la::matrix_step()) {                        \
      const long long j = e % cols, i = (e / cols) % rows;                                                       \
      if (upper ? j > i : j < i) ((T*)a)[e] = T(0);                                                              \
    }                                                                                                            \
  }
