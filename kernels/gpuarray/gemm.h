// Our GEMM: C[b] = alpha * opA[b] @ opB[b] + beta * C[b] for every dtype, with op(A) and op(B)
// described by element strides (a transpose is a swap of strides; conj is a flag). The cpu
// backend runs every float GEMM through it; the cuda backend only integer and bool ones, which
// cuBLAS cannot do with NumPy's wrap-around.
//
// Accumulation: integers in the unsigned type of their width class (32 or 64 bits): sums and
// products modulo 2^n truncate to the narrow type exactly as NumPy's wrapping loops do. float16
// accumulates in float (as CuPy). bool is OR of ANDs.
//
// Host path: packed panels and a register-tiled micro-kernel on GCC/Clang vector types, compiled
// for AVX-512, AVX2 and baseline x86-64 and chosen at run time (the cache keeps objects portable).
// Device path: a 64x64 shared-memory tile per block, 4x4 outputs per thread.
#pragma once
#include "gpuarray/float16.h"
#include "gpuarray/complex.h"

namespace gpa {
namespace gemm {

template <typename T> struct Traits {
  typedef T Acc;
  static const bool is_bool = false;
  __device__ __forceinline__ static Acc load(T x, bool) { return x; }
  __device__ __forceinline__ static Acc madd(Acc acc, Acc a, Acc b) { return acc + a * b; }
  __device__ __forceinline__ static T store(Acc x) { return x; }
};
template <> struct Traits<bool> {
  typedef unsigned int Acc;
  static const bool is_bool = true;
  __device__ __forceinline__ static Acc load(bool x, bool) { return x ? 1u : 0u; }
  __device__ __forceinline__ static Acc madd(Acc acc, Acc a, Acc b) { return acc | (a & b); }
  __device__ __forceinline__ static bool store(Acc x) { return x != 0u; }
};
#define GPA_GEMM_INT_TRAITS(T, A)                                               \
  template <> struct Traits<T> {                                                \
    typedef A Acc;                                                              \
    static const bool is_bool = false;                                          \
    __device__ __forceinline__ static Acc load(T x, bool) { return (Acc)x; }    \
    __device__ __forceinline__ static Acc madd(Acc acc, Acc a, Acc b) { return acc + a * b; } \
    __device__ __forceinline__ static T store(Acc x) { return (T)x; }           \
  };
GPA_GEMM_INT_TRAITS(signed char, unsigned int)
GPA_GEMM_INT_TRAITS(unsigned char, unsigned int)
GPA_GEMM_INT_TRAITS(short, unsigned int)
GPA_GEMM_INT_TRAITS(unsigned short, unsigned int)
GPA_GEMM_INT_TRAITS(int, unsigned int)
GPA_GEMM_INT_TRAITS(long long, unsigned long long)
#undef GPA_GEMM_INT_TRAITS
template <> struct Traits<float16> {
  typedef float Acc;
  static const bool is_bool = false;
  __device__ __forceinline__ static Acc load(float16 x, bool) { return (float)x; }
  __device__ __forceinline__ static Acc madd(Acc acc, Acc a, Acc b) { return acc + a * b; }
  __device__ __forceinline__ static float16 store(Acc x) { return (float16)x; }
};
template <typename R> struct Traits<complex<R> > {
  typedef complex<R> Acc;
  static const bool is_bool = false;
  __device__ __forceinline__ static Acc load(complex<R> x, bool conjugate) { return conjugate ? complex<R>(x.re_, -x.im_) : x; }
  __device__ __forceinline__ static Acc madd(Acc acc, Acc a, Acc b) { return acc + a * b; }
  __device__ __forceinline__ static complex<R> store(Acc x) { return x; }
};

// alpha and beta arrive as doubles; integers take them as integers (they are small: 0 or 1).
template <typename Acc> __device__ __forceinline__ Acc scalar_as(double v) { return Acc(v); }
template <> __device__ __forceinline__ unsigned int scalar_as<unsigned int>(double v) { return (unsigned int)(long long)v; }
template <> __device__ __forceinline__ unsigned long long scalar_as<unsigned long long>(double v) { return (unsigned long long)(long long)v; }

struct Args {
  long long m, n, k;
  long long a_rs, a_cs, a_bs, b_rs, b_cs, b_bs, c_rs, c_cs, c_bs;
  long long batch;
  int conj_a, conj_b;
  double alpha, beta;
};

// C = alpha * acc + beta * C (beta 0: C is not read, it may hold NaN, as in BLAS). bool: OR.
template <typename T>
__device__ __forceinline__ void write_out(T* c, typename Traits<T>::Acc acc, const Args& p) {
  typedef Traits<T> Tr;
  typedef typename Tr::Acc Acc;
  if (Tr::is_bool) {
    bool v = p.alpha != 0.0 && acc != Acc(0);
    if (p.beta != 0.0 && Tr::load(*c, false) != Acc(0)) v = true;
    *c = Tr::store(v ? Acc(1) : Acc(0));
    return;
  }
  Acc r = p.alpha == 1.0 ? acc : scalar_as<Acc>(p.alpha) * acc;
  if (p.beta != 0.0) r = r + scalar_as<Acc>(p.beta) * Tr::load(*c, false);
  *c = Tr::store(r);
}

#if defined(GPA_HOST)
}  // namespace gemm
}  // namespace gpa
#include <cstdlib>
namespace gpa {
namespace gemm {
// ------------------------------------------------------------------------------------- host
enum { MR = 6, KC = 256, MC = 96, NC_PANELS = 16 };

template <typename Acc> inline Acc* scratch(int which, size_t count) {
  // Per OpenMP thread, grown on demand and kept: panels are reused by every block that thread runs.
  static thread_local Acc* buf[3] = {0, 0, 0};
  static thread_local size_t cap[3] = {0, 0, 0};
  if (cap[which] < count) {
    free(buf[which]);
    buf[which] = (Acc*)aligned_alloc(64, ((count * sizeof(Acc) + 63) / 64) * 64);
    cap[which] = buf[which] ? count : 0;
    if (!buf[which]) throw 1;  // the trampoline turns this into an error, not a crash
  }
  return buf[which];
}

// Vector micro-kernel: an MR x NR tile (NR = 2 vectors) over kc packed steps.
template <typename Acc, int VB>
__forceinline__ void micro_vec(long kc, const Acc* __restrict ap, const Acc* __restrict bp, Acc* __restrict out) {
  typedef Acc V __attribute__((vector_size(VB)));
  enum { VL = VB / sizeof(Acc), NR = 2 * VL };
  V c0[MR], c1[MR];
  for (int r = 0; r < MR; ++r) c0[r] = c1[r] = V{} ;
  for (long p = 0; p < kc; ++p) {
    V b0, b1;
    memcpy(&b0, bp, sizeof(V));
    memcpy(&b1, bp + VL, sizeof(V));
    for (int r = 0; r < MR; ++r) {
      const Acc a = ap[r];
      c0[r] += a * b0;
      c1[r] += a * b1;
    }
    ap += MR;
    bp += NR;
  }
  for (int r = 0; r < MR; ++r) {
    memcpy(out + r * NR, &c0[r], sizeof(V));
    memcpy(out + r * NR + VL, &c1[r], sizeof(V));
  }
}

// Scalar micro-kernel for complex (no vector type): same packed layout, NR = NRS.
template <typename Acc, int NRS>
__forceinline__ void micro_scalar(long kc, const Acc* __restrict ap, const Acc* __restrict bp, Acc* __restrict out) {
  Acc c[MR][NRS];
  for (int r = 0; r < MR; ++r)
    for (int j = 0; j < NRS; ++j) c[r][j] = Acc(0);
  for (long p = 0; p < kc; ++p) {
    for (int r = 0; r < MR; ++r)
      for (int j = 0; j < NRS; ++j) c[r][j] += ap[r] * bp[j];
    ap += MR;
    bp += NRS;
  }
  for (int r = 0; r < MR; ++r)
    for (int j = 0; j < NRS; ++j) out[r * NRS + j] = c[r][j];
}

template <typename T> struct IsVectorizable { static const bool value = true; };
template <typename R> struct IsVectorizable<complex<R> > { static const bool value = false; };

template <typename Acc, int VB, int NR, bool VEC> struct Micro {
  __forceinline__ static void run(long kc, const Acc* ap, const Acc* bp, Acc* out) { micro_vec<Acc, VB>(kc, ap, bp, out); }
};
template <typename Acc, int VB, int NR> struct Micro<Acc, VB, NR, false> {
  __forceinline__ static void run(long kc, const Acc* ap, const Acc* bp, Acc* out) { micro_scalar<Acc, NR>(kc, ap, bp, out); }
};

// One block of C: rows [i0, i0+MC), columns [j0, j0+NR*NC_PANELS) of batch b.
template <typename T, int VB>
__forceinline__ void host_block(const T* a, const T* b, T* c, const Args& p, long long bi, long long i0, long long j0) {
  typedef Traits<T> Tr;
  typedef typename Tr::Acc Acc;
  enum { VEC = IsVectorizable<Acc>::value, NR = VEC ? 2 * (VB / (int)sizeof(Acc) > 0 ? VB / (int)sizeof(Acc) : 1) : 4 };
  const long long NC = (long long)NR * NC_PANELS;
  const long long mb = min<long long>(MC, p.m - i0), nb = min<long long>(NC, p.n - j0);
  const long long mpan = (mb + MR - 1) / MR, npan = (nb + NR - 1) / NR;
  Acc* ct = scratch<Acc>(0, (size_t)(MC * NC));
  Acc* ap = scratch<Acc>(1, (size_t)(MC + MR) * KC);
  Acc* bp = scratch<Acc>(2, (size_t)(NC + NR) * KC);
  Acc tile[MR * NR];
  for (long long x = 0; x < mb * nb; ++x) ct[x] = Acc(0);
  a += bi * p.a_bs;
  b += bi * p.b_bs;
  c += bi * p.c_bs;
  for (long long k0 = 0; k0 < p.k; k0 += KC) {
    const long kc = (long)min<long long>(KC, p.k - k0);
    // Pack B: panel q holds kc rows of NR columns, zero-padded at the right edge.
    for (long long q = 0; q < npan; ++q) {
      Acc* dst = bp + q * NR * kc;
      for (long pp = 0; pp < kc; ++pp) {
        const T* src = b + (k0 + pp) * p.b_rs + (j0 + q * NR) * p.b_cs;
        const long long cols = min<long long>(NR, nb - q * NR);
        long long j = 0;
        if (p.b_cs == 1 && !p.conj_b)
          for (; j < cols; ++j) dst[pp * NR + j] = Tr::load(src[j], false);
        else
          for (; j < cols; ++j) dst[pp * NR + j] = Tr::load(src[j * p.b_cs], p.conj_b != 0);
        for (; j < NR; ++j) dst[pp * NR + j] = Acc(0);
      }
    }
    // Pack A: panel r holds kc steps of MR rows, zero-padded at the bottom edge.
    for (long long r = 0; r < mpan; ++r) {
      Acc* dst = ap + r * MR * kc;
      const long long rows = min<long long>(MR, mb - r * MR);
      for (long long i = 0; i < MR; ++i) {
        if (i < rows) {
          const T* src = a + (i0 + r * MR + i) * p.a_rs + k0 * p.a_cs;
          for (long pp = 0; pp < kc; ++pp) dst[pp * MR + i] = Tr::load(src[pp * p.a_cs], p.conj_a != 0);
        } else {
          for (long pp = 0; pp < kc; ++pp) dst[pp * MR + i] = Acc(0);
        }
      }
    }
    for (long long q = 0; q < npan; ++q) {
      for (long long r = 0; r < mpan; ++r) {
        Micro<Acc, VB, NR, (bool)VEC>::run(kc, ap + r * MR * kc, bp + q * NR * kc, tile);
        const long long rows = min<long long>(MR, mb - r * MR), cols = min<long long>(NR, nb - q * NR);
        for (long long i = 0; i < rows; ++i) {
          Acc* crow = ct + (r * MR + i) * nb + q * NR;
          for (long long j = 0; j < cols; ++j) {
            // bool: OR of this slice's count (a count of at most KC cannot wrap).
            if (Tr::is_bool) crow[j] = (crow[j] != Acc(0) || tile[i * NR + j] != Acc(0)) ? Acc(1) : Acc(0);
            else crow[j] += tile[i * NR + j];
          }
        }
      }
    }
  }
  for (long long i = 0; i < mb; ++i)
    for (long long j = 0; j < nb; ++j) write_out<T>(c + (i0 + i) * p.c_rs + (j0 + j) * p.c_cs, ct[i * nb + j], p);
}

// Complex and scalar-only types: the vector width does not matter; one instance.
template <typename T, int VB> __forceinline__ void host_gemm_at(const T* a, const T* b, T* c, const Args& p) {
  typedef typename Traits<T>::Acc Acc;
  enum { VEC = IsVectorizable<Acc>::value, NR = VEC ? 2 * (VB / (int)sizeof(Acc)) : 4 };
  const long long NC = (long long)NR * NC_PANELS;
  const long long tm = (p.m + MC - 1) / MC, tn = (p.n + NC - 1) / NC;
  const long long blocks = tm * tn * p.batch;
  // The grid's blocks split the C tiles among OpenMP threads; each tile is one task.
  for (long long t = blockIdx.x; t < blocks; t += gridDim.x) {
    const long long bi = t / (tm * tn), rem = t % (tm * tn);
    host_block<T, VB>(a, b, c, p, bi, (rem / tn) * MC, (rem % tn) * NC);
  }
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define GPA_GEMM_X86 1
#endif

template <typename T> struct WideWorthIt { static const bool value = false; };
template <> struct WideWorthIt<float> { static const bool value = true; };
template <> struct WideWorthIt<double> { static const bool value = true; };

template <typename T, bool WIDE = WideWorthIt<T>::value> struct HostGemm;
template <typename T> struct HostGemm<T, false> {
  static void run(const T* a, const T* b, T* c, const Args& p) {
    if (p.m <= 0 || p.n <= 0 || p.batch <= 0) return;
    host_gemm_at<T, 16>(a, b, c, p);
  }
};
template <typename T> struct HostGemm<T, true> {
#if GPA_GEMM_X86
  __attribute__((target("avx512f"), optimize("fp-contract=fast"))) static void run64(const T* a, const T* b, T* c, const Args& p) {
    host_gemm_at<T, 64>(a, b, c, p);
  }
  __attribute__((target("avx2,fma"), optimize("fp-contract=fast"))) static void run32(const T* a, const T* b, T* c, const Args& p) {
    host_gemm_at<T, 32>(a, b, c, p);
  }
#endif
  static void run16(const T* a, const T* b, T* c, const Args& p) { host_gemm_at<T, 16>(a, b, c, p); }
  static void run(const T* a, const T* b, T* c, const Args& p) {
    if (p.m <= 0 || p.n <= 0 || p.batch <= 0) return;
#if GPA_GEMM_X86
    static const int level = __builtin_cpu_supports("avx512f") ? 2 : (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) ? 1 : 0;
    if (level == 2) return run64(a, b, c, p);
    if (level == 1) return run32(a, b, c, p);
#endif
    run16(a, b, c, p);
  }
};

template <typename T> inline void run(const void* a, const void* b, void* c, const Args& p) {
  HostGemm<T>::run((const T*)a, (const T*)b, (T*)c, p);
}

#else
// ------------------------------------------------------------------------------------ device
enum { DT = 64, DK = 16, DTHREADS = 256 };

template <typename T>
__device__ __forceinline__ void run(const void* av, const void* bv, void* cv, const Args& p) {
  typedef Traits<T> Tr;
  typedef typename Tr::Acc Acc;
  __shared__ Acc As[DK][DT + 1];
  __shared__ Acc Bs[DK][DT + 1];
  const T* a = (const T*)av;
  const T* b = (const T*)bv;
  T* c = (T*)cv;
  const int tid = threadIdx.x, tx = tid % 16, ty = tid / 16;
  const long long tm = (p.m + DT - 1) / DT, tn = (p.n + DT - 1) / DT;
  for (long long bi = blockIdx.z; bi < p.batch; bi += gridDim.z)
    for (long long bm = blockIdx.y; bm < tm; bm += gridDim.y)
      for (long long bn = blockIdx.x; bn < tn; bn += gridDim.x) {
        const T* ab = a + bi * p.a_bs;
        const T* bb = b + bi * p.b_bs;
        const long long i0 = bm * DT, j0 = bn * DT;
        Acc acc[4][4];
        for (int i = 0; i < 4; ++i)
          for (int j = 0; j < 4; ++j) acc[i][j] = Acc(0);
        for (long long k0 = 0; k0 < p.k; k0 += DK) {
          for (int l = tid; l < DT * DK; l += DTHREADS) {
            const int r = l / DK, q = l % DK;  // A tile: row r, step q (consecutive threads walk k)
            const long long gi = i0 + r, gk = k0 + q;
            As[q][r] = (gi < p.m && gk < p.k) ? Tr::load(ab[gi * p.a_rs + gk * p.a_cs], p.conj_a != 0) : Acc(0);
            const int rb = l / DT, qb = l % DT;  // B tile: step rb, column qb
            const long long gkb = k0 + rb, gj = j0 + qb;
            Bs[rb][qb] = (gkb < p.k && gj < p.n) ? Tr::load(bb[gkb * p.b_rs + gj * p.b_cs], p.conj_b != 0) : Acc(0);
          }
          __syncthreads();
          for (int q = 0; q < DK; ++q)
            for (int i = 0; i < 4; ++i)
              for (int j = 0; j < 4; ++j) {
                acc[i][j] = Tr::madd(acc[i][j], As[q][ty + 16 * i], Bs[q][tx + 16 * j]);
              }
          __syncthreads();
        }
        for (int i = 0; i < 4; ++i)
          for (int j = 0; j < 4; ++j) {
            const long long gi = i0 + ty + 16 * i, gj = j0 + tx + 16 * j;
            if (gi < p.m && gj < p.n) write_out<T>(c + bi * p.c_bs + gi * p.c_rs + gj * p.c_cs, acc[i][j], p);
          }
      }
}
#endif

}  // namespace gemm
}  // namespace gpa

// One entry point per dtype. Strides and sizes in elements; opA is m x k, opB k x n, C m x n.
#define GPA_GEMM_KERNEL(NAME, T)                                                                            \
  extern "C" __global__ void __launch_bounds__(256) NAME(                                                  \
      const void* a, const void* b, void* c, long long m, long long n, long long k, long long a_rs,         \
      long long a_cs, long long a_bs, long long b_rs, long long b_cs, long long b_bs, long long c_rs,       \
      long long c_cs, long long c_bs, long long batch, int conj_a, int conj_b, double alpha, double beta) { \
    const gpa::gemm::Args p = {m, n, k, a_rs, a_cs, a_bs, b_rs, b_cs, b_bs, c_rs, c_cs, c_bs, batch,      \
                               conj_a, conj_b, alpha, beta};                                               \
    gpa::gemm::run<T>(a, b, c, p);                                                                          \
  }
