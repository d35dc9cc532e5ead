// Device helpers of the reduction kernels: the launch geometry struct, NumPy's reduce operators
// (wrapping integer sums, NaN-propagating max/min, argmax pairs), identities, and the
// cooperative steps (warp shuffles, shared memory, the last-block-done counter).
//
// Every construct that needs the threads of a block to run together lives here, behind
// GPA_HOST: on the cpu backend reductions launch with one thread per block, so a block's
// "cooperative" reduce is the identity and the kernel source stays the same on both backends.
// The walks themselves (the loops around the generated code) are in reduce_loops.h.
#pragma once
#include "gpuarray/ufunc_math.h"
#include "gpuarray/reduce_loops.h"

namespace gpa {

// ---- geometry --------------------------------------------------------------------------------

// The collapsed iteration space of one reduction launch: up to MAXD output dims and MAXD
// reduced dims (the counts are runtime values, so one kernel serves every layout), element
// strides of every array input over both and of every output over the output dims, and whether
// the walk uses vector loads. Dims are stored innermost first,
// so unravelling indexes the arrays with compile-time positions (no local-memory copy of the
// parameter). Written field by field by lib/kernel/reduction.ts; keep the order in sync.
template <typename I, int MAXD, int NIN, int NOUT>
struct RedGeom {
  I n_out;      // outputs
  I n_red;      // reduced elements per output
  I split_len;  // reduced elements per split (blockIdx.y); a multiple of the vector width
  I n_split;    // splits; > 1 means partials and a last-block-done combine
  I group;      // threads per output of the row walk (a power of two)
  I vec;        // 1: vector loads along the walk's inner dim
  I interleave; // 1: the row walk's splits interleave (split s takes every n_split-th group step)
  I ndo;        // output dims in use (1..MAXD)
  I ndr;        // reduced dims in use (1..MAXD)
  I out_shape[MAXD];                   // innermost first
  I in_ostr[NIN > 0 ? NIN : 1][MAXD];
  I out_ostr[NOUT > 0 ? NOUT : 1][MAXD];
  I red_shape[MAXD];                   // innermost first
  I in_rstr[NIN > 0 ? NIN : 1][MAXD];

  // Offsets of linear index i (C order over nd dims, innermost first in shape/str).
  template <int N>
  __device__ __forceinline__ static void unravel(I i, int nd, const I (&shape)[MAXD], const I (*str)[MAXD], I (&off)[N > 0 ? N : 1]) {
#pragma unroll
    for (int k = 0; k < N; ++k) off[k] = 0;
#pragma unroll
    for (int d = 0; d < MAXD; ++d) {
      if (d >= nd) break;
      const bool last = d == nd - 1;  // the outermost dim takes what is left
      const I idx = last ? i : i % shape[d];
      if (!last) i /= shape[d];
#pragma unroll
      for (int k = 0; k < N; ++k) off[k] += idx * str[k][d];
    }
  }
  // Input element offsets of output j.
  __device__ __forceinline__ void in_offsets(I j, I (&off)[NIN > 0 ? NIN : 1]) const { unravel<NIN>(j, (int)ndo, out_shape, in_ostr, off); }
  // Output element offsets of output j.
  __device__ __forceinline__ void out_offsets(I j, I (&off)[NOUT > 0 ? NOUT : 1]) const { unravel<NOUT>(j, (int)ndo, out_shape, out_ostr, off); }
  // Input element offsets of reduced element r (C order over red_shape), relative to the output's.
  __device__ __forceinline__ void red_offsets(I r, I (&off)[NIN > 0 ? NIN : 1]) const { unravel<NIN>(r, (int)ndr, red_shape, in_rstr, off); }
};

// ---- identities ------------------------------------------------------------------------------

template <typename T> struct RedLimits;
#define GPA_RED_LIMITS(T, LO, HI)                                                   \
  template <> struct RedLimits<T> {                                                 \
    __device__ __forceinline__ static T lowest() { return (T)(LO); }               \
    __device__ __forceinline__ static T highest() { return (T)(HI); }              \
  };
GPA_RED_LIMITS(bool, false, true)
GPA_RED_LIMITS(signed char, -128, 127)
GPA_RED_LIMITS(unsigned char, 0, 255)
GPA_RED_LIMITS(short, -32768, 32767)
GPA_RED_LIMITS(unsigned short, 0, 65535)
GPA_RED_LIMITS(int, -2147483647 - 1, 2147483647)
GPA_RED_LIMITS(unsigned int, 0u, 4294967295u)
GPA_RED_LIMITS(long long, -9223372036854775807LL - 1, 9223372036854775807LL)
GPA_RED_LIMITS(unsigned long long, 0ull, 18446744073709551615ull)
#undef GPA_RED_LIMITS
template <> struct RedLimits<float> {
  __device__ __forceinline__ static float lowest() { return __int_as_float((int)0xff800000u); }
  __device__ __forceinline__ static float highest() { return __int_as_float(0x7f800000); }
  __device__ __forceinline__ static float nan() { return __int_as_float(0x7fc00000); }
};
template <> struct RedLimits<double> {
  __device__ __forceinline__ static double lowest() { return __longlong_as_double((long long)0xfff0000000000000ull); }
  __device__ __forceinline__ static double highest() { return __longlong_as_double(0x7ff0000000000000ll); }
  __device__ __forceinline__ static double nan() { return __longlong_as_double(0x7ff8000000000000ll); }
};
#ifdef GPA_COMPLEX_H
template <typename T> struct RedLimits<complex<T>> {
  __device__ __forceinline__ static complex<T> lowest() { return complex<T>(RedLimits<T>::lowest(), RedLimits<T>::lowest()); }
  __device__ __forceinline__ static complex<T> highest() { return complex<T>(RedLimits<T>::highest(), RedLimits<T>::highest()); }
  __device__ __forceinline__ static complex<T> nan() { return complex<T>(RedLimits<T>::nan(), RedLimits<T>::nan()); }
};
#endif

// ---- operators -------------------------------------------------------------------------------

// Sums and products wrap as NumPy's integer loops do (through the unsigned type, so signed
// overflow is never undefined); bool sums are logical or, bool products logical and.
template <typename T> __device__ __forceinline__ T red_add(const T& a, const T& b) { return a + b; }
template <typename T> __device__ __forceinline__ T red_mul(const T& a, const T& b) { return a * b; }
#define GPA_RED_WRAP(T, U)                                                                          \
  template <> __device__ __forceinline__ T red_add<T>(const T& a, const T& b) { return (T)((U)a + (U)b); } \
  template <> __device__ __forceinline__ T red_mul<T>(const T& a, const T& b) { return (T)((U)a * (U)b); }
GPA_RED_WRAP(signed char, unsigned int)
GPA_RED_WRAP(unsigned char, unsigned int)
GPA_RED_WRAP(short, unsigned int)
GPA_RED_WRAP(unsigned short, unsigned int)
GPA_RED_WRAP(int, unsigned int)
GPA_RED_WRAP(long long, unsigned long long)
#undef GPA_RED_WRAP
template <> __device__ __forceinline__ bool red_add<bool>(const bool& a, const bool& b) { return a || b; }
template <> __device__ __forceinline__ bool red_mul<bool>(const bool& a, const bool& b) { return a && b; }

// max/min propagate NaN (np.maximum.reduce); fmax/fmin skip it (np.nanmax). Integers and bool
// have no NaN.
template <typename T> __device__ __forceinline__ T red_max(const T& a, const T& b) { return a < b ? b : a; }
template <typename T> __device__ __forceinline__ T red_min(const T& a, const T& b) { return b < a ? b : a; }
template <typename T> __device__ __forceinline__ T red_fmax(const T& a, const T& b) { return a < b ? b : a; }
template <typename T> __device__ __forceinline__ T red_fmin(const T& a, const T& b) { return b < a ? b : a; }
#define GPA_RED_FLOAT(T)                                                                           \
  template <> __device__ __forceinline__ T red_max<T>(const T& a, const T& b) { return (a >= b || is_nan(a)) ? a : b; } \
  template <> __device__ __forceinline__ T red_min<T>(const T& a, const T& b) { return (a <= b || is_nan(a)) ? a : b; } \
  template <> __device__ __forceinline__ T red_fmax<T>(const T& a, const T& b) { return (is_nan(b) || a >= b) ? a : b; } \
  template <> __device__ __forceinline__ T red_fmin<T>(const T& a, const T& b) { return (is_nan(b) || a <= b) ? a : b; }
GPA_RED_FLOAT(float)
GPA_RED_FLOAT(double)
#undef GPA_RED_FLOAT
#ifdef GPA_COMPLEX_H
// A partial that saw no element is the identity 1 + 0i; multiplying by it would turn the 0 next
// to an infinite part into NaN (inf * 0), which NumPy's one running product never meets:
// prod([1e200, 1e200]) is inf + 0i, not inf + NaN i.
template <typename T> __device__ __forceinline__ complex<T> red_mul(const complex<T>& a, const complex<T>& b) {
  if (b.re_ == T(1) && b.im_ == T(0)) return a;
  if (a.re_ == T(1) && a.im_ == T(0)) return b;
  return a * b;
}
// Lexicographic order, as NumPy compares complex numbers.
template <typename T> __device__ __forceinline__ complex<T> red_max(const complex<T>& a, const complex<T>& b) { return (is_nan(a) || a >= b) ? a : b; }
template <typename T> __device__ __forceinline__ complex<T> red_min(const complex<T>& a, const complex<T>& b) { return (is_nan(a) || a <= b) ? a : b; }
template <typename T> __device__ __forceinline__ complex<T> red_fmax(const complex<T>& a, const complex<T>& b) { return (is_nan(b) || a >= b) ? a : b; }
template <typename T> __device__ __forceinline__ complex<T> red_fmin(const complex<T>& a, const complex<T>& b) { return (is_nan(b) || a <= b) ? a : b; }
#endif

// mean/var: the sum divided by a count, in the accumulator's type (NumPy's true_divide);
// integer sums (mean with an integer dtype) divide in double.
template <typename T> __device__ __forceinline__ T red_div(const T& a, double d) { return a / (T)d; }
#define GPA_RED_DIV_INT(T) \
  __device__ __forceinline__ double red_div(T a, double d) { return (double)a / d; }
GPA_RED_DIV_INT(bool)
GPA_RED_DIV_INT(signed char)
GPA_RED_DIV_INT(unsigned char)
GPA_RED_DIV_INT(short)
GPA_RED_DIV_INT(unsigned short)
GPA_RED_DIV_INT(int)
GPA_RED_DIV_INT(unsigned int)
GPA_RED_DIV_INT(long long)
GPA_RED_DIV_INT(unsigned long long)
#undef GPA_RED_DIV_INT

// |x|^2 for var/std (complex: re^2 + im^2, a real number).
template <typename T> __device__ __forceinline__ T abs2(const T& x) { return x * x; }
#ifdef GPA_COMPLEX_H
template <typename T> __device__ __forceinline__ T abs2(const complex<T>& x) { return x.re_ * x.re_ + x.im_ * x.im_; }
#endif

// argmax/argmin: a value and its index along the reduced elements; index -1 marks "no element
// yet" (the identity). The first NaN wins, then the larger (smaller) value, then the smaller
// index: an order-independent rule, so any reduction tree gives NumPy's answer.
template <typename T>
struct ArgPair {
  T v;
  long long i;
};
template <typename T> __device__ __forceinline__ ArgPair<T> arg_pair(const T& v, long long i) {
  ArgPair<T> p;
  p.v = v;
  p.i = i;
  return p;
}
template <typename T> __device__ __forceinline__ ArgPair<T> arg_empty() { return arg_pair<T>(T(), -1); }
template <typename T> __device__ __forceinline__ ArgPair<T> argmax_op(const ArgPair<T>& a, const ArgPair<T>& b) {
  if (b.i < 0) return a;
  if (a.i < 0) return b;
  const bool an = is_nan(a.v), bn = is_nan(b.v);
  if (an || bn) return (an && bn) ? (a.i < b.i ? a : b) : (an ? a : b);
  if (b.v < a.v) return a;
  if (a.v < b.v) return b;
  return a.i < b.i ? a : b;
}
template <typename T> __device__ __forceinline__ ArgPair<T> argmin_op(const ArgPair<T>& a, const ArgPair<T>& b) {
  if (b.i < 0) return a;
  if (a.i < 0) return b;
  const bool an = is_nan(a.v), bn = is_nan(b.v);
  if (an || bn) return (an && bn) ? (a.i < b.i ? a : b) : (an ? a : b);
  if (a.v < b.v) return a;
  if (b.v < a.v) return b;
  return a.i < b.i ? a : b;
}

// ---- cooperative steps -----------------------------------------------------------------------

// Most threads per block a reduction kernel launches with (shared buffers are sized for it).
#define GPA_RED_MAX_THREADS 256

// The warp width group_reduce works in: the device's (DeviceInfo.warpSize, a power of two),
// which lib/kernel/reduction-codegen.ts defines before including this header; 32 where the
// includer defines none.
#ifndef GPA_RED_WARP
#define GPA_RED_WARP 32
#endif
// Every lane of such a warp, the shuffles' member mask: GPA_RED_WARP low bits, in a 64-bit mask
// where warps are wider than 32 lanes (0xffffffffu for 32).
#if GPA_RED_WARP > 32
#define GPA_RED_FULL_MASK (~0ull >> (64 - GPA_RED_WARP))
#else
#define GPA_RED_FULL_MASK (~0u >> (32 - GPA_RED_WARP))
#endif

#ifndef GPA_HOST
// Byte copy of a small trivially copyable value (NVRTC, above all with --minimal, has no
// memcpy/__builtin_memcpy); sizes are compile-time constants, so this unrolls to register moves.
template <int N>
__device__ __forceinline__ void copy_bytes(void* dst, const void* src) {
  unsigned char* d = reinterpret_cast<unsigned char*>(dst);
  const unsigned char* s = reinterpret_cast<const unsigned char*>(src);
#pragma unroll
  for (int i = 0; i < N; ++i) d[i] = s[i];
}

// Any trivially copyable type through the shuffle unit, one 32-bit word at a time.
template <typename T>
__device__ __forceinline__ T shfl_down(const T& v, unsigned delta, int width) {
  constexpr int W = (int)((sizeof(T) + 3) / 4);
  unsigned int w[W];
  w[W - 1] = 0;
  copy_bytes<(int)sizeof(T)>(w, &v);
#pragma unroll
  for (int k = 0; k < W; ++k) w[k] = __shfl_down_sync(GPA_RED_FULL_MASK, w[k], delta, width);
  T r;
  copy_bytes<(int)sizeof(T)>(&r, w);
  return r;
}
#endif

#ifdef GPA_HOST
// A pairwise tree over a run's partials, in order (earlier operand first, as the walk folds): level
// l holds the combination of 2^l partials, and a push carries like a binary counter. The levels
// are raw storage, so a user's reduce type needs no default constructor.
template <typename T>
struct RedCascade {
  alignas(T) unsigned char raw[64 * sizeof(T)];
  unsigned long long full = 0;
  T* level(int l) { return reinterpret_cast<T*>(raw) + l; }
  template <typename Op>
  void push(T v, const Op& op) {
    int l = 0;
    for (; (full >> l) & 1ull; ++l) v = op(*level(l), v);
    full = (full & ~((1ull << l) - 1ull)) | (1ull << l);
    new (level(l)) T(v);
  }
  // Every level, then the unfinished partial `tail` (the latest elements).
  template <typename Op>
  T finish(T tail, const Op& op) {
    for (int l = 0; l < 64; ++l)
      if ((full >> l) & 1ull) tail = op(*level(l), tail);
    return tail;
  }
};
#endif

__device__ constexpr int red_log2(int n) { return n <= 1 ? 0 : 1 + red_log2(n / 2); }

// Reduce over groups of G consecutive threads of a 1-D block (G a power of two, <= blockDim.x);
// the result lands in the first thread of each group. Every thread of the block must call it
// the same number of times (it synchronises the block when G > GPA_RED_WARP).
template <typename T, typename Op>
__device__ __forceinline__ T group_reduce(T v, const Op& op, int G) {
#ifdef GPA_HOST
  (void)op;
  (void)G;
  return v;
#else
  constexpr int WARP = GPA_RED_WARP;
  constexpr int WSHIFT = red_log2(WARP);
  const int wg = G < WARP ? G : WARP;
  for (int o = wg >> 1; o > 0; o >>= 1) v = op(v, shfl_down(v, (unsigned)o, wg));
  if (G <= WARP) return v;
  __shared__ __align__(16) unsigned char raw[(GPA_RED_MAX_THREADS / WARP) * sizeof(T)];
  T* sm = reinterpret_cast<T*>(raw);
  const int lane = (int)threadIdx.x & (WARP - 1);
  const int warp = (int)threadIdx.x >> WSHIFT;
  __syncthreads();  // the previous call's readers are done with sm
  if (lane == 0) sm[warp] = v;
  __syncthreads();
  const int nw = G >> WSHIFT;  // warps per group
  if (((int)threadIdx.x & (G - 1)) < WARP) {
    // The group's first warp (a whole warp: G > WARP) combines the group's warp results.
    T w = lane < nw ? sm[((int)threadIdx.x / G) * nw + lane] : v;
    for (int o = nw >> 1; o > 0; o >>= 1) w = op(w, shfl_down(w, (unsigned)o, nw));
    v = w;
  }
  return v;
#endif
}

// Reduce over threadIdx.y of a 2-D block (column kernel); the result lands in threadIdx.y == 0.
// Every thread of the block must call it.
template <typename T, typename Op>
__device__ __forceinline__ T col_reduce(T v, const Op& op) {
#ifdef GPA_HOST
  (void)op;
  return v;
#else
  if (blockDim.y == 1) return v;
  __shared__ __align__(16) unsigned char raw[GPA_RED_MAX_THREADS * sizeof(T)];
  T* sm = reinterpret_cast<T*>(raw);
  __syncthreads();
  sm[threadIdx.y * blockDim.x + threadIdx.x] = v;
  __syncthreads();
  if (threadIdx.y == 0) {
    for (unsigned y = 1; y < blockDim.y; ++y) v = op(v, sm[y * blockDim.x + threadIdx.x]);
  }
  return v;
#endif
}

// After a block wrote its partial results: true (in every thread of the block) for the last of
// the n blocks that share `counter`. That block combines the partials and resets the counter.
__device__ __forceinline__ bool last_block(unsigned int* counter, unsigned int n) {
#ifdef GPA_HOST
  __threadfence();
  return atomicAdd(counter, 1u) == n - 1;
#else
  __shared__ bool is_last;
  __threadfence();  // this thread's partials are visible device-wide before the count
  __syncthreads();
  if (threadIdx.x == 0 && threadIdx.y == 0) is_last = atomicAdd(counter, 1u) == n - 1;
  __syncthreads();
  return is_last;
#endif
}

// Read a partial written by another block in this launch: through L2 (ld.global.cg), never a
// stale L1 line.
template <typename T>
__device__ __forceinline__ T load_partial(const T* p) {
#ifdef GPA_HOST
  return *p;
#else
  T r;
  if constexpr (sizeof(T) % 8 == 0 && alignof(T) >= 8) {
    unsigned long long w[sizeof(T) / 8];
    const unsigned long long* q = reinterpret_cast<const unsigned long long*>(p);
#pragma unroll
    for (int k = 0; k < (int)(sizeof(T) / 8); ++k) w[k] = __ldcg(q + k);
    copy_bytes<(int)sizeof(T)>(&r, w);
  } else if constexpr (sizeof(T) % 4 == 0 && alignof(T) >= 4) {
    unsigned int w[sizeof(T) / 4];
    const unsigned int* q = reinterpret_cast<const unsigned int*>(p);
#pragma unroll
    for (int k = 0; k < (int)(sizeof(T) / 4); ++k) w[k] = __ldcg(q + k);
    copy_bytes<(int)sizeof(T)>(&r, w);
  } else if constexpr (sizeof(T) % 2 == 0 && alignof(T) >= 2) {
    unsigned short w[sizeof(T) / 2];
    const unsigned short* q = reinterpret_cast<const unsigned short*>(p);
#pragma unroll
    for (int k = 0; k < (int)(sizeof(T) / 2); ++k) w[k] = __ldcg(q + k);
    copy_bytes<(int)sizeof(T)>(&r, w);
  } else {
    unsigned char w[sizeof(T)];
    const unsigned char* q = reinterpret_cast<const unsigned char*>(p);
#pragma unroll
    for (int k = 0; k < (int)sizeof(T); ++k) w[k] = __ldcg(q + k);
    copy_bytes<(int)sizeof(T)>(&r, w);
  }
  return r;
#endif
}

}  // namespace gpa
