// gp.random's standard normals by Box-Muller, as gp made them before the ziggurat (random_zig.h):
// kept whole so that lib/random/kernels.ts's NORMAL_METHOD can switch back with one line. A
// Box-Muller value is a pure function of its block, so the fills need no fix-up kernel.
#pragma once
#include "gpuarray/random_fill.h"

namespace gpa {
namespace rng {

/** Box-Muller from two 53-bit uniforms; `second` picks the sine branch of the pair. */
__device__ __forceinline__ double box_muller(double u1, double u2, bool second) {
  const double r = sqrt(-2.0 * rlog(1.0 - u1));  // 1 - u1 in (0, 1]
  double s, c;
  sincos_2pi(u2, &s, &c);
  return r * (second ? s : c);
}

/**
 * Standard normals by Box-Muller: elements 2j and 2j+1 of a call share block pos + j (u1 from its
 * words 0-1, u2 from words 2-3), the first taking the cosine and the second the sine.
 */
__device__ __forceinline__ double normal_at(uint32_t k0, uint32_t k1, u32x4 pos, uint64_t e) {
  const u32x4 b = philox4x32_10(add128(pos, e >> 1), k0, k1);
  return box_muller(u01_double(b.x, b.y), u01_double(b.z, b.w), (e & 1) != 0);
}


/** Two float64 normals (Box-Muller, random_dist.h's normal_at) from one block. */
__device__ __forceinline__ f64x2 normal_pair_f64(const u32x4& b) {
  const double r = sqrt(-2.0 * rlog(1.0 - u01_double(b.x, b.y)));
  double s, c;
  sincos_2pi(u01_double(b.z, b.w), &s, &c);
  return f64x2{r * c, r * s};
}

/**
 * float64 standard normals (2 words per element, elements 2j, 2j+1 from block pos + j): 4
 * elements (2 blocks) per group.
 */
template <int U>
__device__ __forceinline__ void fill_bm_f64(double* out, long long n, const Keys10& K, u32x4 pos, int vec) {
  const long long groups = (n + 3) / 4;
  long long done = 0;
  if (vec && low_word_run(pos, 2 * (n >> 2))) {
    f64x2* o = reinterpret_cast<f64x2*>(out);
    for_groups32<U>((uint32_t)(n >> 2), [&](uint32_t g) {
      o[2 * g] = normal_pair_f64(philox4x32_10(u32x4{pos.x + 2 * g, pos.y, pos.z, pos.w}, K));
      o[2 * g + 1] = normal_pair_f64(philox4x32_10(u32x4{pos.x + 2 * g + 1, pos.y, pos.z, pos.w}, K));
    });
    done = n >> 2;
  }
  for (long long i : gpa::grid_range(groups - done)) {
    const long long g = done + i;
    const f64x2 a = normal_pair_f64(philox4x32_10(add128(pos, (uint64_t)(2 * g)), K));
    const f64x2 c = normal_pair_f64(philox4x32_10(add128(pos, (uint64_t)(2 * g + 1)), K));
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

/**
 * Box-Muller in float from two words: u1 = (x + 1/2) / 2^32 in (0, 1] (rounded to float), the
 * angle 2 pi y / 2^32 (random_math.h's float functions: FMA polynomials, no division).
 */
__device__ __forceinline__ void box_muller_f32(uint32_t x, uint32_t y, float* a, float* b) {
  const float u1 = fmaf((float)x, 2.3283064365386963e-10f, 1.1641532182693481e-10f);
  const float r = sqrtf(neg2_logf(u1));
  float s, c;
  sincos_turn_f32(y, &s, &c);
  *a = r * c;
  *b = r * s;
}

__device__ __forceinline__ f32x4 normal4_f32(const u32x4& b) {
  f32x4 v;
  box_muller_f32(b.x, b.y, &v.x, &v.y);
  box_muller_f32(b.z, b.w, &v.z, &v.w);
  return v;
}

/**
 * float32 standard normals in float arithmetic (1 word per element: block pos + j gives
 * elements 4j..4j+3, pairs from words (0, 1) and (2, 3)).
 */
template <int U>
__device__ __forceinline__ void fill_bm_f32(float* out, long long n, const Keys10& K, u32x4 pos, int vec) {
  const long long groups = (n + 3) / 4;
  long long done = 0;
  if (vec && low_word_run(pos, n >> 2)) {
    f32x4* o = reinterpret_cast<f32x4*>(out);
    for_groups32<U>((uint32_t)(n >> 2), [&](uint32_t g) {
      o[g] = normal4_f32(philox4x32_10(u32x4{pos.x + g, pos.y, pos.z, pos.w}, K));
    });
    done = n >> 2;
  }
  for (long long i : gpa::grid_range(groups - done)) {
    const long long g = done + i;
    const f32x4 v = normal4_f32(philox4x32_10(add128(pos, (uint64_t)g), K));
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


}  // namespace rng
}  // namespace gpa
