// gp.random's streaming kernels: each thread turns one Philox block (4 words) into its
// elements and writes them with one 16-byte store where the output is aligned, so the 1 GiB
// fills are bound by the write bandwidth. The values are exactly those of the generic
// per-element Stream (philox.h), whatever the grid.
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
struct __align__(16) u32x4s {
  uint32_t x, y, z, w;
};

/** float32 in [0, 1): element e from word e of the call (w = 1). */
__device__ __forceinline__ void fill_random_f32(float* out, long long n, uint32_t k0, uint32_t k1, u32x4 pos, int vec) {
  const long long groups = (n + 3) / 4;
  for (long long g : gpa::grid_range(groups)) {
    const u32x4 b = philox4x32_10(add128(pos, (uint64_t)g), k0, k1);
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
__device__ __forceinline__ void fill_random_f64(double* out, long long n, uint32_t k0, uint32_t k1, u32x4 pos, int vec) {
  const long long groups = (n + 1) / 2;
  for (long long g : gpa::grid_range(groups)) {
    const u32x4 b = philox4x32_10(add128(pos, (uint64_t)g), k0, k1);
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

/**
 * float64 standard normals (Box-Muller pairs, random_dist.h's normal_at: 2 words per element,
 * elements 2j, 2j+1 from block pos + j): 4 elements per thread.
 */
__device__ __forceinline__ void fill_normal_f64(double* out, long long n, uint32_t k0, uint32_t k1, u32x4 pos, int vec) {
  const long long groups = (n + 3) / 4;
  for (long long g : gpa::grid_range(groups)) {
    const u32x4 b0 = philox4x32_10(add128(pos, (uint64_t)(2 * g)), k0, k1);
    const u32x4 b1 = philox4x32_10(add128(pos, (uint64_t)(2 * g + 1)), k0, k1);
    const double r0 = sqrt(-2.0 * rlog(1.0 - u01_double(b0.x, b0.y)));
    const double r1 = sqrt(-2.0 * rlog(1.0 - u01_double(b1.x, b1.y)));
    double s0, c0, s1, c1;
    sincos_2pi(u01_double(b0.z, b0.w), &s0, &c0);
    sincos_2pi(u01_double(b1.z, b1.w), &s1, &c1);
    const f64x2 a = {r0 * c0, r0 * s0};
    const f64x2 c = {r1 * c1, r1 * s1};
    const long long e = g * 4;
    if (vec && e + 4 <= n) {
      *reinterpret_cast<f64x2*>(out + e) = a;
      *reinterpret_cast<f64x2*>(out + e + 2) = c;
    } else {
      if (e < n) out[e] = a.x;
      if (e + 1 < n) out[e + 1] = a.y;
      if (e + 2 < n) out[e + 2] = c.x;
      if (e + 3 < n) out[e + 3] = c.y;
    }
  }
}

/** Box-Muller in float from two words: u1 = (x + 1/2) / 2^32 in (0, 1), u2 = y / 2^32. */
__device__ __forceinline__ void box_muller_f32(uint32_t x, uint32_t y, float* a, float* b) {
  const float u1 = (float)x * 2.3283064365386963e-10f + 1.1641532182693481e-10f;
  const float r = sqrtf(-2.0f * rlogf(u1));
  float s, c;
  sincosf_2pi((float)y * 2.3283064365386963e-10f, &s, &c);
  *a = r * c;
  *b = r * s;
}

/**
 * float32 standard normals in float arithmetic (1 word per element: block pos + j gives
 * elements 4j..4j+3, pairs from words (0, 1) and (2, 3)): 4 elements per thread.
 */
__device__ __forceinline__ void fill_normal_f32(float* out, long long n, uint32_t k0, uint32_t k1, u32x4 pos, int vec) {
  const long long groups = (n + 3) / 4;
  for (long long g : gpa::grid_range(groups)) {
    const u32x4 b = philox4x32_10(add128(pos, (uint64_t)g), k0, k1);
    f32x4 v;
    box_muller_f32(b.x, b.y, &v.x, &v.y);
    box_muller_f32(b.z, b.w, &v.z, &v.w);
    const long long e = g * 4;
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

/**
 * Integers low + [0, rng] for dtypes of at most 32 bits (w = 1): Lemire's multiply accepts at
 * once unless the low product falls under the range; only then the element's Stream decides.
 */
template <typename T>
__device__ __forceinline__ uint32_t lemire_word(uint32_t x, uint32_t rng, uint32_t k0, uint32_t k1, u32x4 pos, long long g, uint32_t j, const u32x4& b) {
  if (rng == 0xFFFFFFFFu) return x;
  const uint64_t m = (uint64_t)x * (uint64_t)(rng + 1u);
  if ((uint32_t)m >= rng + 1u) return (uint32_t)(m >> 32);
  Stream s(k0, k1, add128(shl2_128(add128(pos, (uint64_t)g)), j), b, j, j + 1);
  return bounded32(s, rng);
}

template <typename T>
__device__ __forceinline__ void fill_integers32(T* out, long long n, uint32_t k0, uint32_t k1, u32x4 pos, uint32_t low, uint32_t rng, int vec) {
  const long long groups = (n + 3) / 4;
  for (long long g : gpa::grid_range(groups)) {
    const u32x4 b = philox4x32_10(add128(pos, (uint64_t)g), k0, k1);
    const uint32_t r0 = low + lemire_word<T>(b.x, rng, k0, k1, pos, g, 0, b);
    const uint32_t r1 = low + lemire_word<T>(b.y, rng, k0, k1, pos, g, 1, b);
    const uint32_t r2 = low + lemire_word<T>(b.z, rng, k0, k1, pos, g, 2, b);
    const uint32_t r3 = low + lemire_word<T>(b.w, rng, k0, k1, pos, g, 3, b);
    const long long e = g * 4;
    if (sizeof(T) == 4 && vec && e + 4 <= n) {
      const u32x4s v = {r0, r1, r2, r3};
      *reinterpret_cast<u32x4s*>(out + e) = v;
    } else {
      if (e < n) out[e] = (T)r0;
      if (e + 1 < n) out[e + 1] = (T)r1;
      if (e + 2 < n) out[e + 2] = (T)r2;
      if (e + 3 < n) out[e + 3] = (T)r3;
    }
  }
}

}  // namespace rng
}  // namespace gpa
