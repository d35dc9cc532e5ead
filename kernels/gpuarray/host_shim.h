// Host shim: lets a CUDA C kernel compile as plain C++ for the cpu backend. A launch runs every
// block of the grid (blocks spread over cores with OpenMP), and inside a block every thread in
// turn. Kernels whose threads must meet (__syncthreads, warp shuffles and votes) run their
// threads as fibers instead: host_coop.h, included for them only.
#pragma once
#include <cxxabi.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <typeinfo>

#define GPA_HOST 1
#define __global__
#define __device__
#define __host__
// No `__noinline__` macro: libstdc++ spells that attribute itself (`__attribute__((__noinline__))`,
// `[[__gnu__::__noinline__]]` since GCC 13), so a macro would break its headers. Kernel sources get
// theirs rewritten by the host compiler (hostUnit), gpuarray's headers use GPA_NOINLINE.
#define GPA_NOINLINE __attribute__((noinline))
#define __forceinline__ inline __attribute__((always_inline))
#define __restrict__ __restrict
#define __launch_bounds__(...)
#define __align__(n) __attribute__((aligned(n)))

struct dim3 {
  unsigned int x, y, z;
};
typedef dim3 uint3;

static thread_local dim3 threadIdx, blockIdx, blockDim, gridDim;
// Warps of 32 threads, as on NVIDIA GPUs (warp intrinsics exchange among them: host_coop.h).
static const int warpSize = 32;

// Shared memory: a whole block runs on one OS thread, so static storage per OS thread is per
// block. `extern __shared__ T name[];` (dynamic shared memory) is rewritten by the cpu backend
// into `static thread_local T* const name = gpa_host::DynamicShared();`: one buffer per OS
// thread whose address never changes, of the launch's size at most kDynamicSharedBytes.
#define __shared__ static thread_local
namespace gpa_host {
/** CUDA's default limit of dynamic shared memory per block (without the opt-in attribute). */
static const unsigned kDynamicSharedBytes = 48 * 1024;
struct DynamicShared {
  static unsigned char* base() {
    static thread_local unsigned char* p = static_cast<unsigned char*>(std::aligned_alloc(128, kDynamicSharedBytes));
    return p;
  }
  template <typename T>
  operator T*() const {
    return static_cast<T*>(static_cast<void*>(base()));
  }
};
}  // namespace gpa_host

using std::abs;
using std::acos;
using std::acosh;
using std::asin;
using std::asinh;
using std::atan;
using std::atan2;
using std::atanh;
using std::cbrt;
using std::ceil;
using std::copysign;
using std::cos;
using std::cosh;
using std::exp;
using std::exp2;
using std::expm1;
using std::fabs;
using std::floor;
using std::fma;
using std::fmax;
using std::fmin;
using std::fmod;
using std::frexp;
using std::hypot;
using std::isfinite;
using std::isinf;
using std::isnan;
using std::ldexp;
using std::log;
using std::log10;
using std::log1p;
using std::log2;
using std::nearbyint;
using std::pow;
using std::remainder;
using std::rint;
using std::round;
using std::signbit;
using std::sin;
using std::sinh;
using std::sqrt;
using std::tan;
using std::tanh;
using std::trunc;

// CUDA's global min/max overloads and a few device intrinsics with host meanings.
template <typename T> inline T min(T a, T b) { return b < a ? b : a; }
template <typename T> inline T max(T a, T b) { return a < b ? b : a; }
// glibc 2.42 declares C23's rsqrt and rsqrtf in <math.h> (under g++'s _GNU_SOURCE): ours would conflict.
#if !(defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 42)))
inline float rsqrtf(float x) { return 1.0f / std::sqrt(x); }
inline double rsqrt(double x) { return 1.0 / std::sqrt(x); }
#endif
inline float __fdividef(float a, float b) { return a / b; }
inline float __expf(float x) { return std::exp(x); }
inline float __logf(float x) { return std::log(x); }
inline float __sinf(float x) { return std::sin(x); }
inline float __cosf(float x) { return std::cos(x); }
inline float __powf(float a, float b) { return std::pow(a, b); }
inline float __int_as_float(int v) { float f; std::memcpy(&f, &v, 4); return f; }
inline int __float_as_int(float f) { int v; std::memcpy(&v, &f, 4); return v; }
inline double __longlong_as_double(long long v) { double d; std::memcpy(&d, &v, 8); return d; }
inline long long __double_as_longlong(double d) { long long v; std::memcpy(&v, &d, 8); return v; }
template <typename T> inline T __ldg(const T* p) { return *p; }
inline void __threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_block() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline int __popc(unsigned x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
inline int __ffs(int x) { return __builtin_ffs(x); }
inline int __ffsll(long long x) { return __builtin_ffsll(x); }
inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned)x); }
inline int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll((unsigned long long)x); }
inline unsigned __brev(unsigned x) {
  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
  x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
  return __builtin_bswap32(x);
}
// The CUDA math functions <cmath> lacks (erfinv, erfcinv, normcdf, sinpi, ...).
#include "gpuarray/host_cuda_math.h"

// Atomics: compiler builtins on the host, with exactly CUDA's overloads (a kernel that builds
// here builds under NVRTC too). Each returns the old value, as on the device.
#define GPA_SEQ __ATOMIC_SEQ_CST
#define GPA_HOST_ATOMIC(T, NAME, BUILTIN) \
  inline T NAME(T* p, T v) { return BUILTIN(p, v, GPA_SEQ); }
#define GPA_HOST_ATOMIC_CAS_LOOP(T, NAME, KEEP_OLD) \
  inline T NAME(T* p, T v) {                           \
    T old = __atomic_load_n(p, GPA_SEQ);               \
    while (!(KEEP_OLD) && !__atomic_compare_exchange_n(p, &old, v, true, GPA_SEQ, GPA_SEQ)) { \
    }                                                  \
    return old;                                        \
  }
GPA_HOST_ATOMIC(int, atomicAdd, __atomic_fetch_add)
GPA_HOST_ATOMIC(unsigned int, atomicAdd, __atomic_fetch_add)
GPA_HOST_ATOMIC(unsigned long long, atomicAdd, __atomic_fetch_add)
GPA_HOST_ATOMIC(int, atomicSub, __atomic_fetch_sub)
GPA_HOST_ATOMIC(unsigned int, atomicSub, __atomic_fetch_sub)
GPA_HOST_ATOMIC(int, atomicExch, __atomic_exchange_n)
GPA_HOST_ATOMIC(unsigned int, atomicExch, __atomic_exchange_n)
GPA_HOST_ATOMIC(unsigned long long, atomicExch, __atomic_exchange_n)
GPA_HOST_ATOMIC(int, atomicAnd, __atomic_fetch_and)
GPA_HOST_ATOMIC(unsigned int, atomicAnd, __atomic_fetch_and)
GPA_HOST_ATOMIC(long long, atomicAnd, __atomic_fetch_and)
GPA_HOST_ATOMIC(unsigned long long, atomicAnd, __atomic_fetch_and)
GPA_HOST_ATOMIC(int, atomicOr, __atomic_fetch_or)
GPA_HOST_ATOMIC(unsigned int, atomicOr, __atomic_fetch_or)
GPA_HOST_ATOMIC(long long, atomicOr, __atomic_fetch_or)
GPA_HOST_ATOMIC(unsigned long long, atomicOr, __atomic_fetch_or)
GPA_HOST_ATOMIC(int, atomicXor, __atomic_fetch_xor)
GPA_HOST_ATOMIC(unsigned int, atomicXor, __atomic_fetch_xor)
GPA_HOST_ATOMIC(long long, atomicXor, __atomic_fetch_xor)
GPA_HOST_ATOMIC(unsigned long long, atomicXor, __atomic_fetch_xor)
GPA_HOST_ATOMIC_CAS_LOOP(int, atomicMax, old >= v)
GPA_HOST_ATOMIC_CAS_LOOP(unsigned int, atomicMax, old >= v)
GPA_HOST_ATOMIC_CAS_LOOP(long long, atomicMax, old >= v)
GPA_HOST_ATOMIC_CAS_LOOP(unsigned long long, atomicMax, old >= v)
GPA_HOST_ATOMIC_CAS_LOOP(int, atomicMin, old <= v)
GPA_HOST_ATOMIC_CAS_LOOP(unsigned int, atomicMin, old <= v)
GPA_HOST_ATOMIC_CAS_LOOP(long long, atomicMin, old <= v)
GPA_HOST_ATOMIC_CAS_LOOP(unsigned long long, atomicMin, old <= v)
#undef GPA_HOST_ATOMIC
#undef GPA_HOST_ATOMIC_CAS_LOOP

#define GPA_HOST_ATOMIC_CAS(T)                                                        \
  inline T atomicCAS(T* p, T cmp, T v) {                                             \
    __atomic_compare_exchange_n(p, &cmp, v, false, GPA_SEQ, GPA_SEQ);                \
    return cmp;                                                                      \
  }
GPA_HOST_ATOMIC_CAS(int)
GPA_HOST_ATOMIC_CAS(unsigned int)
GPA_HOST_ATOMIC_CAS(unsigned long long)
GPA_HOST_ATOMIC_CAS(unsigned short)
#undef GPA_HOST_ATOMIC_CAS

// atomicInc/atomicDec wrap at `limit`, as CUDA defines them.
inline unsigned int atomicInc(unsigned int* p, unsigned int limit) {
  unsigned int old = __atomic_load_n(p, GPA_SEQ);
  while (!__atomic_compare_exchange_n(p, &old, old >= limit ? 0u : old + 1u, true, GPA_SEQ, GPA_SEQ)) {
  }
  return old;
}
inline unsigned int atomicDec(unsigned int* p, unsigned int limit) {
  unsigned int old = __atomic_load_n(p, GPA_SEQ);
  while (!__atomic_compare_exchange_n(p, &old, (old == 0u || old > limit) ? limit : old - 1u, true, GPA_SEQ, GPA_SEQ)) {
  }
  return old;
}

// Floating-point atomics: a compare-and-swap loop on the bit pattern.
#define GPA_HOST_ATOMIC_FLOAT(T, BITS, OP_NAME, EXPR)                                             \
  inline T OP_NAME(T* p, T v) {                                                                 \
    BITS* bp = reinterpret_cast<BITS*>(p);                                                      \
    BITS oldb = __atomic_load_n(bp, GPA_SEQ);                                                   \
    for (;;) {                                                                                  \
      T old;                                                                                    \
      std::memcpy(&old, &oldb, sizeof(T));                                                      \
      T nv = (EXPR);                                                                            \
      BITS nb;                                                                                  \
      std::memcpy(&nb, &nv, sizeof(T));                                                         \
      if (__atomic_compare_exchange_n(bp, &oldb, nb, true, GPA_SEQ, GPA_SEQ)) return old;       \
    }                                                                                           \
  }
GPA_HOST_ATOMIC_FLOAT(float, unsigned int, atomicAdd, old + v)
GPA_HOST_ATOMIC_FLOAT(double, unsigned long long, atomicAdd, old + v)
GPA_HOST_ATOMIC_FLOAT(float, unsigned int, atomicExch, v)
#undef GPA_HOST_ATOMIC_FLOAT
#undef GPA_SEQ

namespace gpa_host {

// A C++ exception thrown by a kernel is caught where it is thrown (it must not leave an OpenMP
// region: C++ would terminate the process), its message kept here, and the launch returns 1.
// Blocks not started yet are skipped, as a trap ends a CUDA grid.
struct LaunchStatus {
  int failed;
  char message[512];
};
inline LaunchStatus& launch_status() {
  static LaunchStatus s;
  return s;
}
inline void reset_launch_status() {
  __atomic_store_n(&launch_status().failed, 0, __ATOMIC_SEQ_CST);
  launch_status().message[0] = 0;
}
inline bool launch_failed() { return __atomic_load_n(&launch_status().failed, __ATOMIC_RELAXED) != 0; }
/** Keep the first failure's message (the rest of the launch is skipped). */
inline void fail_launch(const char* what) {
  int expected = 0;
  LaunchStatus& s = launch_status();
  if (!__atomic_compare_exchange_n(&s.failed, &expected, 1, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) return;
  std::strncpy(s.message, what, sizeof s.message - 1);
  s.message[sizeof s.message - 1] = 0;
}
/** Call inside a catch block: records what was thrown, by its what() or its type's name. */
inline void fail_with_current_exception() {
  try {
    throw;
  } catch (const std::exception& e) {
    fail_launch(e.what());
  } catch (...) {
    const std::type_info* t = abi::__cxa_current_exception_type();
    char text[256] = "an exception of unknown type";
    if (t) {
      int status = 0;
      char* name = abi::__cxa_demangle(t->name(), nullptr, nullptr, &status);
      std::strcpy(text, "an exception of type ");
      std::strncat(text, status == 0 && name ? name : t->name(), sizeof text - std::strlen(text) - 1);
      std::free(name);
    }
    fail_launch(text);
  }
}
inline const char* launch_message() { return launch_status().message; }

// Run `block_body` once per block of the grid, with gridDim, blockDim and blockIdx set. Blocks go
// to OpenMP threads; each OpenMP thread sets its own thread_local indices. After a failed block
// the others are skipped. Returns 0, or 1 when a block failed (launch_message() says why).
template <typename B>
inline int for_each_block(dim3 grid, dim3 block, const B& block_body) {
  reset_launch_status();
  const long long nblocks = (long long)grid.x * grid.y * grid.z;
#pragma omp parallel for schedule(dynamic, 1) if (nblocks > 1)
  for (long long b = 0; b < nblocks; ++b) {
    if (launch_failed()) continue;
    gridDim = grid;
    blockDim = block;
    blockIdx.x = (unsigned)(b % grid.x);
    blockIdx.y = (unsigned)((b / grid.x) % grid.y);
    blockIdx.z = (unsigned)(b / ((long long)grid.x * grid.y));
    block_body();
  }
  return launch_failed() ? 1 : 0;
}

// Run `thread_body` for every thread of every block, the threads of a block one after another.
template <typename F>
inline int run_grid(dim3 grid, dim3 block, const F& thread_body) {
  return for_each_block(grid, block, [&]() {
    try {
      for (unsigned z = 0; z < block.z; ++z)
        for (unsigned y = 0; y < block.y; ++y)
          for (unsigned x = 0; x < block.x; ++x) {
            threadIdx.x = x;
            threadIdx.y = y;
            threadIdx.z = z;
            thread_body();
          }
    } catch (...) {
      fail_with_current_exception();
    }
  });
}

}  // namespace gpa_host
