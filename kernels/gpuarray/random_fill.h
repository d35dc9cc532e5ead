// gp.random's streaming kernels: each thread turns Philox blocks (4 words) into their elements and
// writes each block's elements with one 16-byte store (float32/int32/float64) where the output is
// aligned. The values are exactly those of the generic per-element Stream (philox.h), whatever
// the grid. The fills are compute-bound (Philox4x32-10 is 20 IMAD.WIDE + 20 LOP3 a block), so the
// usual calls take a lean path (low_word_run): 32-bit indices, no 128-bit counter arithmetic, U
// independent blocks per loop step; the rest (a partial last block, an unaligned output, a call
// that crosses a 2^32-block boundary of the counter) takes the general path.
#pragma once
#include "gpuarray/random_dist.h"

namespace gpa {
namespace rng {

struct __align__(16) f32x4 {
  float x, y, z, w;
};
struct __align__(16) f64x2 {
  double x, y;
};

/**
 * Whether blocks pos + [0, blocks) all share pos's upper three counter words (no carry out of the
 * low word) and a 32-bit index walk cannot overflow: then block g's counter is {pos.x + g, pos.y,
 * pos.z, pos.w}. A generator crosses such a boundary once every 2^32 blocks (64 GiB of float32).
 */
__device__ __forceinline__ bool low_word_run(u32x4 pos, long long blocks) {
  return blocks <= 0x7fffffffLL && (uint64_t)pos.x + (uint64_t)blocks <= 0x100000000ull;
}

/**
 * body(g) for g in [0, G), G <= 2^31: on the device a grid-stride walk taking U strides per step
 * (U independent Philox chains in flight per thread), on the host each thread's contiguous chunk.
 */
template <int U, typename F>
__device__ __forceinline__ void for_groups32(uint32_t G, F&& body) {
#ifdef GPA_HOST
  for (uint32_t g : gpa::grid_range(G)) body(g);
#else
  const uint32_t S = blockDim.x * gridDim.x;
  uint32_t g = blockIdx.x * blockDim.x + threadIdx.x;
  for (; g + (uint32_t)(U - 1) * S < G; g += (uint32_t)U * S) {
#pragma unroll
    for (int u = 0; u < U; u++) body(g + (uint32_t)u * S);
  }
  for (; g < G; g += S) body(g);
#endif
}

/**
 * for_groups32's walk, U groups at a time: step(gs, m) gets the next m <= U of
 * this thread's groups, in the walk's order (m < U only at its end on the device; 1 on the host).
 */
template <int U, typename F>
__device__ __forceinline__ void for_steps32(uint32_t G, F&& step) {
#ifdef GPA_HOST
  for (uint32_t g : gpa::grid_range(G)) {
    const uint32_t gs[U] = {g};
    step(gs, 1);
  }
#else
  const uint32_t S = blockDim.x * gridDim.x;
  uint32_t g = blockIdx.x * blockDim.x + threadIdx.x;
  for (; g + (uint32_t)(U - 1) * S < G; g += (uint32_t)U * S) {
    uint32_t gs[U];
#pragma unroll
    for (int u = 0; u < U; u++) gs[u] = g + (uint32_t)u * S;
    step(gs, U);
  }
  for (; g < G; g += S) {
    const uint32_t gs[U] = {g};
    step(gs, 1);
  }
#endif
}

/** float32 in [0, 1): element e from word e of the call (w = 1). */
template <int U>
__device__ __forceinline__ void fill_random_f32(float* out, long long n, const Keys10& K, u32x4 pos, int vec) {
  const long long groups = (n + 3) / 4;
  long long done = 0;
  if (vec && low_word_run(pos, n >> 2)) {
    f32x4* o = reinterpret_cast<f32x4*>(out);
    for_groups32<U>((uint32_t)(n >> 2), [&](uint32_t g) {
      const u32x4 b = philox4x32_10(u32x4{pos.x + g, pos.y, pos.z, pos.w}, K);
      o[g] = f32x4{u01_float(b.x), u01_float(b.y), u01_float(b.z), u01_float(b.w)};
    });
    done = n >> 2;
  }
  for (long long i : gpa::grid_range(groups - done)) {
    const long long g = done + i;
    const u32x4 b = philox4x32_10(add128(pos, (uint64_t)g), K);
    const long long e = g * 4;
    const f32x4 v = {u01_float(b.x), u01_float(b.y), u01_float(b.z), u01_float(b.w)};
    if (vec && e + 4 <= n) {
      *reinterpret_cast<f32x4*>(out + e) = v;
    } else {
      if (e < n) out[e] = v.x;
      if (e + 1 < n) out[e + 1] = v.y;
      if (e + 2 < n) out[e + 2] = v.z;
      if (e + 3 < n) out[e + 3] = v.w;
    }
  }
}

/** float64 in [0, 1): element e from words 2e, 2e+1 (w = 2). */
template <int U>
__device__ __forceinline__ void fill_random_f64(double* out, long long n, const Keys10& K, u32x4 pos, int vec) {
  const long long groups = (n + 1) / 2;
  long long done = 0;
  if (vec && low_word_run(pos, n >> 1)) {
    f64x2* o = reinterpret_cast<f64x2*>(out);
    for_groups32<U>((uint32_t)(n >> 1), [&](uint32_t g) {
      const u32x4 b = philox4x32_10(u32x4{pos.x + g, pos.y, pos.z, pos.w}, K);
      o[g] = f64x2{u01_double(b.x, b.y), u01_double(b.z, b.w)};
    });
    done = n >> 1;
  }
  for (long long i : gpa::grid_range(groups - done)) {
    const long long g = done + i;
    const u32x4 b = philox4x32_10(add128(pos, (uint64_t)g), K);
    const long long e = g * 2;
    const f64x2 v = {u01_double(b.x, b.y), u01_double(b.z, b.w)};
    if (vec && e + 2 <= n) {
      *reinterpret_cast<f64x2*>(out + e) = v;
    } else {
      if (e < n) out[e] = v.x;
      if (e + 1 < n) out[e + 1] = v.y;
    }
  }
}

/** Lemire's multiply for word x: the result, or the element's Stream decides when the low word falls under the range. */
__device__ __forceinline__ uint32_t lemire_word(uint32_t x, uint32_t rng, uint32_t k0, uint32_t k1, u32x4 block, const u32x4& b, uint32_t j) {
  if (rng == 0xFFFFFFFFu) return x;
  const uint64_t m = (uint64_t)x * (uint64_t)(rng + 1u);
  if ((uint32_t)m >= rng + 1u) return (uint32_t)(m >> 32);
  Stream s(k0, k1, add128(shl2_128(block), j), b, j, j + 1);
  return bounded32(s, rng);
}

/**
 * Lemire's multiply of a block's four words by `range`, low added: m = x range + low 2^32 (mod
 * 2^64; one IMAD.WIDE.U32 with its addend) has low + the draw (mod 2^32) in its high word and
 * x range's low word, the one Lemire tests, in its low word. False when a low word falls under
 * the range (then the element's Stream decides).
 */
template <typename T>
__device__ __forceinline__ bool lemire4(const u32x4& b, uint32_t range, uint32_t low, Vec<T, 4>& v) {
  const uint64_t add = (uint64_t)low << 32;
  const uint64_t m0 = (uint64_t)b.x * range + add, m1 = (uint64_t)b.y * range + add;
  const uint64_t m2 = (uint64_t)b.z * range + add, m3 = (uint64_t)b.w * range + add;
  v[0] = (T)(uint32_t)(m0 >> 32);
  v[1] = (T)(uint32_t)(m1 >> 32);
  v[2] = (T)(uint32_t)(m2 >> 32);
  v[3] = (T)(uint32_t)(m3 >> 32);
  const uint32_t l01 = (uint32_t)m0 < (uint32_t)m1 ? (uint32_t)m0 : (uint32_t)m1;
  const uint32_t l23 = (uint32_t)m2 < (uint32_t)m3 ? (uint32_t)m2 : (uint32_t)m3;
  return (l01 < l23 ? l01 : l23) >= range;
}

/** Block `block`'s four integers (words b) by the general rule, redraws included. */
template <typename T>
__device__ __forceinline__ Vec<T, 4> integers4(const u32x4& b, uint32_t k0, uint32_t k1, const u32x4& block, uint32_t low, uint32_t rng) {
  Vec<T, 4> v;
  v[0] = (T)(low + lemire_word(b.x, rng, k0, k1, block, b, 0));
  v[1] = (T)(low + lemire_word(b.y, rng, k0, k1, block, b, 1));
  v[2] = (T)(low + lemire_word(b.z, rng, k0, k1, block, b, 2));
  v[3] = (T)(low + lemire_word(b.w, rng, k0, k1, block, b, 3));
  return v;
}

/** One lean-path block, redraws included (the lean loop's rare exit and its remainder). */
template <typename T>
__device__ __forceinline__ void integers_block(Vec<T, 4>* o, uint32_t g, const Keys10& K, u32x4 pos, uint32_t low, uint32_t rng) {
  const u32x4 block = {pos.x + g, pos.y, pos.z, pos.w};
  const u32x4 b = philox4x32_10(block, K);
  Vec<T, 4> v;
  if (!lemire4<T>(b, rng + 1u, low, v)) v = integers4<T>(b, K.a[0], K.b[0], block, low, rng);
  o[g] = v;
}

/**
 * Integers low + [0, rng] for dtypes of at most 32 bits (w = 1): Lemire's multiply accepts at
 * once unless the low product falls under the range; only then the element's Stream decides.
 * The lean loop checks U blocks' 16 words with one branch and leaves the loop for the rare step
 * that needs a redraw (about 4 U range / 2^32 of the steps), so the redraw code costs it nothing.
 */
template <typename T, int U>
__device__ __forceinline__ void fill_integers32(T* out, long long n, const Keys10& K, u32x4 pos, uint32_t low, uint32_t rng, int vec) {
  const long long groups = (n + 3) / 4;
  long long done = 0;
  if (vec && rng != 0xFFFFFFFFu && low_word_run(pos, n >> 2)) {
    const uint32_t G = (uint32_t)(n >> 2);
    Vec<T, 4>* o = reinterpret_cast<Vec<T, 4>*>(out);
#ifdef GPA_HOST
    for (uint32_t g : gpa::grid_range(G)) integers_block<T>(o, g, K, pos, low, rng);
#else
    const uint32_t range = rng + 1u;
    const uint32_t S = blockDim.x * gridDim.x;
    uint32_t g = blockIdx.x * blockDim.x + threadIdx.x;
    while (g + (uint32_t)(U - 1) * S < G) {
      Vec<T, 4> v[U];
      bool ok = true;
#pragma unroll
      for (int u = 0; u < U; u++) ok &= lemire4<T>(philox4x32_10(u32x4{pos.x + g + u * S, pos.y, pos.z, pos.w}, K), range, low, v[u]);
      if (ok) {
#pragma unroll
        for (int u = 0; u < U; u++) o[g + u * S] = v[u];
      } else {
#pragma unroll 1
        for (int u = 0; u < U; u++) integers_block<T>(o, g + u * S, K, pos, low, rng);
      }
      g += (uint32_t)U * S;
    }
    for (; g < G; g += S) integers_block<T>(o, g, K, pos, low, rng);
#endif
    done = G;
  }
  for (long long i : gpa::grid_range(groups - done)) {
    const long long g = done + i;
    const u32x4 block = add128(pos, (uint64_t)g);
    const Vec<T, 4> v = integers4<T>(philox4x32_10(block, K), K.a[0], K.b[0], block, low, rng);
    const long long e = g * 4;
    if (vec && e + 4 <= n) {
      *reinterpret_cast<Vec<T, 4>*>(out + e) = v;
    } else {
      if (e < n) out[e] = v[0];
      if (e + 1 < n) out[e + 1] = v[1];
      if (e + 2 < n) out[e + 2] = v[2];
      if (e + 3 < n) out[e + 3] = v[3];
    }
  }
}

}  // namespace rng
}  // namespace gpa
