// Included by every kernel gpuarray generates or accepts. No system headers on the device side:
// NVRTC compiles a small kernel in ~21 ms without them and ~109 ms with cuda_fp16.h, so heavy
// headers come only with the dtypes that need them (float16.h, complex.h).
#pragma once
// Marks common.h as included (the cpu backend's precompiled header's stand-in tests it: lib/device/cpu/pch.ts).
#define GPA_COMMON_H 1

#if defined(__CUDACC__)
#define GPA_CUDA 1
#define GPA_NOINLINE __noinline__
#if defined(__CUDACC_RTC__)
// NVRTC has no system headers: the fixed-width types as glibc spells them (x86-64 / aarch64 LP64),
// size_t and ptrdiff_t as the compiler's own.
typedef signed char int8_t;
typedef unsigned char uint8_t;
typedef short int16_t;
typedef unsigned short uint16_t;
typedef int int32_t;
typedef unsigned int uint32_t;
typedef long int64_t;
typedef unsigned long uint64_t;
typedef decltype(sizeof(0)) size_t;
typedef decltype((char*)0 - (char*)0) ptrdiff_t;
#endif
#else
#include "gpuarray/host_shim.h"
#include "gpuarray/host_vector_types.h"
#endif

namespace gpa {

// The loop every generated kernel runs. On the device: a grid-stride loop (coalesced). On the
// host: each thread takes one contiguous chunk (cache friendly, no false sharing); for
// element-wise work the order does not matter.
template <typename I>
struct GridRange {
  I first, last, step;
  struct It {
    I v, step;
    __device__ __forceinline__ I operator*() const { return v; }
    __device__ __forceinline__ It& operator++() {
      v += step;
      return *this;
    }
    __device__ __forceinline__ bool operator!=(const It& o) const { return v < o.v; }
  };
  __device__ __forceinline__ It begin() const { return It{first, step}; }
  __device__ __forceinline__ It end() const { return It{last, step}; }
};

template <typename I>
__device__ __forceinline__ GridRange<I> grid_range(I n) {
  const I tid = (I)blockIdx.x * (I)blockDim.x + (I)threadIdx.x;
  const I nthreads = (I)blockDim.x * (I)gridDim.x;
#ifdef GPA_HOST
  const I chunk = (n + nthreads - 1) / nthreads;
  I first = tid * chunk;
  I last = first + chunk;
  if (first > n) first = n;
  if (last > n) last = n;
  return GridRange<I>{first, last, (I)1};
#else
  return GridRange<I>{tid, n, nthreads};
#endif
}

// A hint that the 128-byte line at p will be read soon: fetched into the GPU's L2 (no registers,
// no shared memory). Nothing on the cpu backend; results never depend on it.
__device__ __forceinline__ void prefetch_l2(const void* p) {
#ifndef GPA_HOST
  asm volatile("prefetch.L2 [%0];" : : "l"(p));
#else
  (void)p;
#endif
}

// N consecutive elements moved as one aligned access (16 bytes when N * sizeof(T) == 16).
template <typename T, int N>
struct __align__(sizeof(T) * N) Vec {
  T v[N];
  __device__ __forceinline__ T& operator[](int k) { return v[k]; }
  __device__ __forceinline__ const T& operator[](int k) const { return v[k]; }
};

template <int N, typename T>
__device__ __forceinline__ Vec<T, N> load_vec(const T* p) {
  return *reinterpret_cast<const Vec<T, N>*>(p);
}

template <int N, typename T>
__device__ __forceinline__ void store_vec(T* p, const Vec<T, N>& x) {
  *reinterpret_cast<Vec<T, N>*>(p) = x;
}

// Shape and per-operand element strides of a collapsed, broadcast iteration space.
template <int NDIM, int NOPS, typename I>
struct Indexer {
  I shape[NDIM > 0 ? NDIM : 1];
  I strides[NOPS > 0 ? NOPS : 1][NDIM > 0 ? NDIM : 1];

  // Element offsets of every operand for the C-order linear index i (i < prod(shape)).
  __device__ __forceinline__ void offsets(I i, I (&off)[NOPS > 0 ? NOPS : 1]) const {
#pragma unroll
    for (int k = 0; k < NOPS; ++k) off[k] = 0;
#pragma unroll
    for (int d = NDIM - 1; d >= 0; --d) {
      const I idx = (d == 0) ? i : i % shape[d];
      if (d != 0) i /= shape[d];
#pragma unroll
      for (int k = 0; k < NOPS; ++k) off[k] += idx * strides[k][d];
    }
  }
};

// A product or a sum that rounds on its own, as NumPy's separate operations (NVRTC would fuse a
// product into an FMA with the next add; the cpu backend compiles with -ffp-contract=off).
__device__ __forceinline__ float mul_rn(float a, float b) {
#ifdef GPA_HOST
  return a * b;
#else
  return __fmul_rn(a, b);
#endif
}
__device__ __forceinline__ double mul_rn(double a, double b) {
#ifdef GPA_HOST
  return a * b;
#else
  return __dmul_rn(a, b);
#endif
}
__device__ __forceinline__ float add_rn(float a, float b) {
#ifdef GPA_HOST
  return a + b;
#else
  return __fadd_rn(a, b);
#endif
}
__device__ __forceinline__ double add_rn(double a, double b) {
#ifdef GPA_HOST
  return a + b;
#else
  return __dadd_rn(a, b);
#endif
}

// The loop's own size, as CuPy's `_ind.size()` in element-wise bodies.
template <typename I>
struct LoopIndex {
  I n;
  __device__ __forceinline__ I size() const { return n; }
};

}  // namespace gpa

// CuPy's CArray for `raw` parameters: data, size, shape and byte strides, indexed by hand.
template <typename T, int NDIM, bool C_CONTIGUOUS = false>
struct CArray {
  T* data_;
  ptrdiff_t size_;
  ptrdiff_t shape_[NDIM > 0 ? NDIM : 1];
  ptrdiff_t strides_[NDIM > 0 ? NDIM : 1];

  __device__ __forceinline__ T* data() const { return data_; }
  __device__ __forceinline__ ptrdiff_t size() const { return size_; }
  __device__ __forceinline__ const ptrdiff_t* shape() const { return shape_; }
  __device__ __forceinline__ const ptrdiff_t* strides() const { return strides_; }

  // Linear (C-order) index, as CuPy: contiguous arrays index directly, others unravel.
  __device__ __forceinline__ T& operator[](ptrdiff_t i) const {
    if (C_CONTIGUOUS || NDIM <= 1) {
      if (NDIM == 1 && !C_CONTIGUOUS) return *reinterpret_cast<T*>(reinterpret_cast<char*>(data_) + i * strides_[0]);
      return data_[i];
    }
    char* p = reinterpret_cast<char*>(data_);
#pragma unroll
    for (int d = NDIM - 1; d >= 0; --d) {
      const ptrdiff_t idx = (d == 0) ? i : i % shape_[d];
      if (d != 0) i /= shape_[d];
      p += idx * strides_[d];
    }
    return *reinterpret_cast<T*>(p);
  }

  // Multi-dimensional index: `x[{r, c}]` of mixed integer types takes this one.
  __device__ __forceinline__ T& operator[](const ptrdiff_t (&idx)[NDIM > 0 ? NDIM : 1]) const { return at(idx); }
  // An array of any integer type (`int idx[2]`), as CuPy's template.
  template <typename Int>
  __device__ __forceinline__ T& operator[](const Int (&idx)[NDIM > 0 ? NDIM : 1]) const { return at(idx); }

 private:
  template <typename Int>
  __device__ __forceinline__ T& at(const Int (&idx)[NDIM > 0 ? NDIM : 1]) const {
    char* p = reinterpret_cast<char*>(data_);
#pragma unroll
    for (int d = 0; d < NDIM; ++d) p += (ptrdiff_t)idx[d] * strides_[d];
    return *reinterpret_cast<T*>(p);
  }
};
