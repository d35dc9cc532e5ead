// Equal-width histogram counts (numpy.histogram with an integer `bins`, no weights) at read
// bandwidth: each block counts in shared memory, in `R` copies of 32-bit counters (a thread uses
// copy lane % R, and bin b's copies sit side by side, so the 32 lanes of a warp never hit one
// bank or address twice when R is 32), then adds its totals to the int64 bins with one atomic a
// bin. The data is read once as 16-byte vectors (grid-stride, two in flight a thread).
//
// The bin of v is NumPy's: an estimate (v - e[0]) * scale, then one step down or up so that the
// edges alone decide (e[b] <= v < e[b + 1], the last bin closed). The host passes `eps` only when
// the edges are within `delta` of the equal-width grid and eps > delta + the estimate's rounding
// error: then an estimate whose fraction lies in (eps, 1 - eps) is already the edges' bin, and
// only the values near an edge (or past the last one) read the edges. The edges are built here,
// as the host builds them (lo + i * step in float64, the last one hi, rounded once to the edge
// dtype E; or, `own`, in E's arithmetic: edge_own), and block 0 writes them out.
#pragma once

namespace gpa {
namespace hist {

// floor(t) and t - floor(t), exactly, for 0 <= t < 2^23 (float) or 2^31 (double). Any other t
// (negative, huge, NaN) gives a b outside [0, 2^23) or a fraction that fails every comparison.
__device__ __forceinline__ void floor_frac(float t, int& b, float& fr) {
#ifdef GPA_HOST
  if (!(t >= 0.0f && t < 8388608.0f)) {
    b = -1;
    fr = 0.0f;
    return;
  }
  const float f = std::floor(t);
  b = (int)f;
  fr = t - f;
#else
  // One add rounded toward zero lands on 2^23 + floor(t), whose low bits are floor(t): no
  // conversion instructions (a quarter of the FP32 rate on the SM).
  const float s = __fadd_rz(t, 8388608.0f);
  b = __float_as_int(s) - 0x4B000000;
  fr = t - (s - 8388608.0f);
#endif
}
__device__ __forceinline__ void floor_frac(double t, int& b, double& fr) {
  if (!(t >= 0.0 && t < 2147483647.0)) {
    b = -1;
    fr = 0.0;
    return;
  }
  b = (int)t;
  fr = t - (double)b;
}

// Edge i of nb + 1 as the host's linspace: lo + i * step in float64 (no fused multiply-add), the
// last exactly hi, then one rounding to the edge dtype.
template <typename E>
__device__ __forceinline__ E edge_at(int i, int nb, double lo, double step, double hi);
__device__ __forceinline__ double edge_f64(int i, int nb, double lo, double step, double hi) {
  return i == nb ? hi : add_rn(lo, mul_rn((double)i, step));
}
template <>
__device__ __forceinline__ double edge_at<double>(int i, int nb, double lo, double step, double hi) {
  return edge_f64(i, nb, lo, step, hi);
}
template <>
__device__ __forceinline__ float edge_at<float>(int i, int nb, double lo, double step, double hi) {
  return (float)edge_f64(i, nb, lo, step, hi);
}
#ifdef GPA_HIST_HALF_EDGES
template <>
__device__ __forceinline__ float16 edge_at<float16>(int i, int nb, double lo, double step, double hi) {
  return __double2half(edge_f64(i, nb, lo, step, hi));
}
#endif

// Edge i in the edge dtype's own arithmetic, as NumPy's linspace over two ends of that dtype (the
// data's min and max): i * step + lo with each operation rounded to E, float16's computed in float
// as NumPy's half ufuncs (i itself a float16, as arange's), the last exactly hi. lo, step and hi
// are values of E. Only float and float16 edges are made this way.
template <typename E>
__device__ __forceinline__ E edge_own(int i, int nb, double lo, double step, double hi) {
  return edge_at<E>(i, nb, lo, step, hi);
}
template <>
__device__ __forceinline__ float edge_own<float>(int i, int nb, double lo, double step, double hi) {
  return i == nb ? (float)hi : add_rn(mul_rn((float)i, (float)step), (float)lo);
}
#ifdef GPA_HIST_HALF_EDGES
template <>
__device__ __forceinline__ float16 edge_own<float16>(int i, int nb, double lo, double step, double hi) {
  if (i == nb) return __double2half(hi);
  const float fi = __half2float(__float2half((float)i));
  const float p = __half2float(__float2half(mul_rn(fi, (float)step)));
  return __float2half(add_rn(p, (float)lo));
}
#endif

template <typename C>
struct EvenBins {
  const C* e;  // nb + 1 edges (shared memory)
  C lo, hi, scale, eps, eps1;
  int nb;

  // The bin of v, or -1 outside [e[0], e[nb]] (NaN too). Inside a bin and away from its edges the
  // estimate is the answer (an out-of-range v never passes that test: its estimate is below 0,
  // past nb, or within eps of 0 or nb).
  __device__ __forceinline__ int bin(C v) const {
    int b;
    C fr;
    floor_frac((v - lo) * scale, b, fr);
    if ((unsigned)b < (unsigned)nb && fr > eps && fr < eps1) return b;
    if (!(v >= lo && v <= hi)) return -1;
    b = b < 0 ? 0 : b > nb - 1 ? nb - 1 : b;
    if (v < e[b]) b--;
    else if (b + 1 < nb && v >= e[b + 1]) b++;
    return b;
  }
};

// Elements per 16-byte vector.
template <typename T>
struct VecOf {
  static constexpr int N = 16 / (int)sizeof(T);
  typedef Vec<T, N> type;
};

/**
 * x: n elements of T (any alignment of whole elements); counts: nb int64 bins, zeroed; edges_out:
 * nb + 1 edges of E. Shared memory: (nb + 1) edges of C, 16-byte aligned, then nb * R counters.
 */
template <typename T, typename C, typename E>
__device__ __forceinline__ void histogram_even(const T* __restrict__ x, E* __restrict__ edges_out, unsigned long long* __restrict__ counts, long long n,
                                               int nb, int R, double lo, double step, double hi, int own, C scale, C eps, unsigned char* smem) {
  C* e = reinterpret_cast<C*>(smem);
  unsigned int* h = reinterpret_cast<unsigned int*>(smem + (((nb + 1) * (int)sizeof(C) + 15) & ~15));
  for (int i = threadIdx.x; i <= nb; i += blockDim.x) {
    const E v = own ? edge_own<E>(i, nb, lo, step, hi) : edge_at<E>(i, nb, lo, step, hi);
    e[i] = (C)v;
    if (blockIdx.x == 0) edges_out[i] = v;
  }
  for (int i = threadIdx.x; i < nb * R; i += blockDim.x) h[i] = 0u;
  __syncthreads();
  const EvenBins<C> bins{e, e[0], e[nb], scale, eps, (C)1 - eps, nb};
  unsigned int* mine = h + (threadIdx.x & (R - 1));  // bin b of this thread's copy: mine[b * R]
  auto count = [&](T v) {
    const int b = bins.bin((C)v);
    if (b >= 0) atomicAdd(mine + b * R, 1u);
  };

  typedef typename VecOf<T>::type V;
  constexpr int N = VecOf<T>::N;
  // Elements before the first 16-byte boundary go one by one, as do those after the last vector.
  const size_t addr = reinterpret_cast<size_t>(x);
  long long head = addr % sizeof(T) != 0 ? n : (long long)(((16 - (addr & 15)) & 15) / sizeof(T));
  if (head > n) head = n;
  const long long nvec = (n - head) / N;
  const long long tail = head + nvec * N;
  const long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  const long long nth = (long long)gridDim.x * blockDim.x;
  for (long long i = tid; i < head; i += nth) count(x[i]);
  for (long long i = tail + tid; i < n; i += nth) count(x[i]);
  const V* xv = reinterpret_cast<const V*>(x + head);
  long long i = tid;
  for (; i + nth < nvec; i += 2 * nth) {
    const V a = xv[i];
    const V b = xv[i + nth];
#pragma unroll
    for (int k = 0; k < N; ++k) count(a[k]);
#pragma unroll
    for (int k = 0; k < N; ++k) count(b[k]);
  }
  if (i < nvec) {
    const V a = xv[i];
#pragma unroll
    for (int k = 0; k < N; ++k) count(a[k]);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < nb; b += blockDim.x) {
    // The copies in rotated order: the threads of a warp read distinct banks.
    unsigned int s = 0;
    for (int c = 0; c < R; ++c) s += h[b * R + ((c + b) & (R - 1))];
    if (s != 0u) atomicAdd(counts + b, (unsigned long long)s);
  }
}

}  // namespace hist
}  // namespace gpa
