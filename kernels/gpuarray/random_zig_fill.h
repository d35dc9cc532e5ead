// gp.random's ziggurat fills (random_zig.h's sampler; lib/random/kernels.ts launches them), one
// kernel a call. The fast loop stores every group's four fast-path values; a rejected word (wedge
// or tail, 0.43% with 1024 layers) is finished on its element's substream, so its value depends
// neither on the grid nor on the order. On the GPU a warp queues its rejected words in shared
// memory (ZigQueue) and finishes them 32 entries at a time, one a lane, each value overwriting its
// placeholder (a lane finishing its own words at once would hold the other 31 lanes of the warp
// on most steps: 1 - 0.9957^128 of them have one). Elsewhere (the cpu backend, blocks of
// partial or more than ZIG_WARPS warps) a thread finishes its group's rejected words at once.
// Group indices are 32-bit: calls of n >= 2^32, an unaligned output or a counter run across a
// 2^32-block boundary take the general path (rejections finished in place).
#pragma once
#include "gpuarray/random_zig.h"

namespace gpa {
namespace rng {

/** Whether the call takes the lean path (`bpg` Philox blocks per group of 4 elements). */
__device__ __forceinline__ bool zig_listed(int vec, u32x4 pos, long long n, uint32_t bpg) {
  return vec && n <= 0xffffffffLL && low_word_run(pos, (long long)bpg * (n >> 2));
}

/** The general path of the float32 fill: groups [from, groups), rejections finished at once. */
__device__ GPA_NOINLINE void zig_general_f32(const ZigCall<float, ZigEntry32> c, long long n, const Keys10 K, long long from, int vec) {
  const long long groups = (n + 3) / 4;
  for (long long i : gpa::grid_range(groups - from)) {
    const long long g = from + i;
    const u32x4 b = philox4x32_10(add128(c.pos, (uint64_t)g), K);
    uint32_t rej;
    const f32x4 v0 = zig4_f32(b, c.t, &rej);
    float v[4] = {v0.x, v0.y, v0.z, v0.w};
    for (int j = 0; j < 4; j++) {
      if ((rej >> j) & 1u) v[j] = zig_finish(c, 4 * (uint64_t)g + j, word_of(b, j));
    }
    const long long e = g * 4;
    if (vec && e + 4 <= n) {
      *reinterpret_cast<f32x4*>(c.out + e) = f32x4{v[0], v[1], v[2], v[3]};
    } else {
      for (int j = 0; j < 4; j++) {
        if (e + j < n) c.out[e + j] = v[j];
      }
    }
  }
}

/** The general path of the float64 fill: groups [from, groups), rejections finished at once. */
__device__ GPA_NOINLINE void zig_general_f64(const ZigCall<double, ZigEntry64> c, long long n, const Keys10 K, long long from, int vec) {
  const long long groups = (n + 3) / 4;
  for (long long i : gpa::grid_range(groups - from)) {
    const long long g = from + i;
    double v[4];
    for (int h = 0; h < 2; h++) {
      const uint64_t pb = (uint64_t)(2 * g + h);
      const u32x4 b = philox4x32_10(add128(c.pos, pb), K);
      uint32_t rej;
      const f64x2 p = zig2_f64(b, c.t, &rej);
      v[2 * h] = (rej & 1u) ? zig_finish(c, 2 * pb, word64_of(b, 0)) : p.x;
      v[2 * h + 1] = (rej & 2u) ? zig_finish(c, 2 * pb + 1, word64_of(b, 1)) : p.y;
    }
    const long long e = g * 4;
    if (vec && e + 4 <= n) {
      *reinterpret_cast<f64x2*>(c.out + e) = f64x2{v[0], v[1]};
      *reinterpret_cast<f64x2*>(c.out + e + 2) = f64x2{v[2], v[3]};
    } else {
      for (int j = 0; j < 4; j++) {
        if (e + j < n) c.out[e + j] = v[j];
      }
    }
  }
}

#ifndef GPA_HOST
/** The most warps a block may have for the queued fill (its queues are static shared memory). */
static constexpr uint32_t ZIG_WARPS = 8;

/** Whether this block runs the queued fill: whole warps, at most ZIG_WARPS of them. */
__device__ __forceinline__ bool zig_queued() { return (blockDim.x & 31u) == 0u && blockDim.x <= 32u * ZIG_WARPS; }

/**
 * A warp's rejected words, waiting to be finished: an entry holds a group g and rejected bits, bit
 * 4 u + j standing for element 4 (g + 32 u) + j (zig_chunks_f32). The float32 fill queues one
 * entry a lane and step (its U groups' bits together), the float64 fill one a group (u = 0).
 * Fewer than 32 entries wait between steps, so CAP = 31 + 32 (float32) or 31 + 32 U (float64)
 * never overflows. A word is recomputed from its block when it is finished. On the H200
 * (random-probe, 2026-12-02) an entry a step took the float32 fill of 256M to 0.389 ms, from
 * 0.398-0.402 with an entry a group in earlier runs, and the float64 fill to 0.729 ms, from
 * 0.700-0.707.
 */
template <int CAP>
struct ZigQueue {
  uint2 q[CAP];
};

/**
 * step(g) for this thread's groups g of [0, G), U a step: a grid-stride walk that every lane of a
 * warp runs the same number of times (a lane past the end gets g >= G and must act as idle: the
 * step's ballots need the whole warp).
 */
template <int U, typename F>
__device__ __forceinline__ void zig_steps(uint32_t G, F&& step) {
  const uint32_t S = blockDim.x * gridDim.x;
  const uint32_t lane = threadIdx.x & 31u;
  // g - lane is the warp's first lane's group: the test is the same for the whole warp.
  for (uint32_t g = blockIdx.x * blockDim.x + threadIdx.x; g - lane < G; g += (uint32_t)U * S) {
    uint32_t gs[U];
#pragma unroll
    for (int u = 0; u < U; u++) gs[u] = g + (uint32_t)u * S;
    step(gs);
  }
}

/** Queue group g if it has rejected words (`rej`). Every lane of the warp calls it; `cnt` (the same in every lane) counts the queue. */
template <int CAP>
__device__ __forceinline__ void zig_push(ZigQueue<CAP>& q, uint32_t& cnt, uint32_t g, uint32_t rej) {
  const uint32_t m = __ballot_sync(0xffffffffu, rej != 0u);
  if (rej) q.q[cnt + (uint32_t)__popc(m & ((1u << (threadIdx.x & 31u)) - 1u))] = make_uint2(g, rej);
  cnt += (uint32_t)__popc(m);
}

/**
 * finish(g, j) for the queued groups' rejected words, 32 at a time one a lane (a group's lowest
 * rejected word; a group with more goes back in the queue), until at most `keep` wait.
 */
template <int CAP, typename F>
__device__ __forceinline__ void zig_drain(ZigQueue<CAP>& q, uint32_t& cnt, uint32_t keep, F&& finish) {
  const uint32_t lane = threadIdx.x & 31u;
  while (cnt > keep) {
    __syncwarp();  // the pushes are visible
    const uint32_t take = cnt < 32u ? cnt : 32u;
    cnt -= take;
    uint2 e = make_uint2(0u, 0u);
    if (lane < take) e = q.q[cnt + lane];
    __syncwarp();  // read before the next pushes overwrite
    if (e.y != 0u) finish(e.x, (uint32_t)(__ffs((int)e.y) - 1));
    zig_push(q, cnt, e.x, e.y & (e.y - 1u));
  }
}

/**
 * The queued walk over groups [0, G) (the float64 fill): step(gs, rej) stores groups gs[0..U)'s
 * fast-path values and sets rej[u] to their rejected bits (4 a group, 0 past the end); finish(g, j)
 * finishes element 4 g + j. An entry a group over zig_steps (ZigQueue). Every thread of the block
 * calls it (blocks for which zig_queued() holds).
 */
template <int U, typename Step, typename F>
__device__ __forceinline__ void zig_queued_walk(uint32_t G, Step&& step, F&& finish) {
  constexpr int CAP = 31 + 32 * U;
  __shared__ ZigQueue<CAP> queues[ZIG_WARPS];
  ZigQueue<CAP>& q = queues[threadIdx.x >> 5];
  uint32_t cnt = 0;
  zig_steps<U>(G, [&](const uint32_t* gs) {
    uint32_t rej[U];
    step(gs, rej);
#pragma unroll
    for (int u = 0; u < U; u++) zig_push(q, cnt, gs[u], rej[u]);
    zig_drain(q, cnt, 31u, finish);
  });
  zig_drain(q, cnt, 0u, finish);
}

/**
 * The float32 fill's queued walk over C whole chunks of 32 U groups (512 U bytes of output): a
 * warp takes a contiguous range of chunks, lane l groups 32 u + l of a chunk (u < U), their U
 * Philox chains interleaved, and queues an entry a lane and step: group g and rejected bits, bit
 * 4 u + j standing for element 4 (g + 32 u) + j. On the H200 (normal-transplant-probe,
 * 2026-12-04, 256M) this walk took 0.338-0.340 ms where gp's earlier one (chunks a grid-stride
 * apart, each step testing for the end, through zig_queued_walk's lambdas) took 0.3555, the same
 * bits; with the counter as compile-time zeros 0.329 (the probe's own kernel).
 */
template <int U>
__device__ __forceinline__ void zig_chunks_f32(const ZigCall<float, ZigEntry32>& c, uint32_t C, const Keys10& K, u32x4 pos) {
  static_assert(U >= 1 && U <= 8, "a step's rejected bits fit one word");
  __shared__ ZigQueue<31 + 32> queues[ZIG_WARPS];
  ZigQueue<31 + 32>& q = queues[threadIdx.x >> 5];
  f32x4* o = reinterpret_cast<f32x4*>(c.out);
  const uint32_t lane = threadIdx.x & 31u;
  const uint32_t W = (blockDim.x >> 5) * gridDim.x;  // the grid's warps
  const uint32_t w = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const uint32_t per = (C + W - 1u) / W;
  const auto finish = [&](uint32_t g, uint32_t bit) {
    const uint32_t gg = g + 32u * (bit >> 2), j = bit & 3u;
    c.out[4 * (uint64_t)gg + j] = zig_finish(c, 4 * (uint64_t)gg + j, word_of(philox4x32_10(u32x4{pos.x + gg, pos.y, pos.z, pos.w}, K), j));
  };
  uint32_t cnt = 0;
  for (uint32_t i = 0, ch = w * per; i < per && ch < C; i++, ch++) {
    const uint32_t g0 = ch * (32u * U) + lane;
    u32x4 b[U];
#pragma unroll
    for (int u = 0; u < U; u++) b[u] = philox4x32_10(u32x4{pos.x + g0 + 32u * (uint32_t)u, pos.y, pos.z, pos.w}, K);
    uint32_t bits = 0;
#pragma unroll
    for (int u = 0; u < U; u++) {
      uint32_t rej;
      o[g0 + 32u * (uint32_t)u] = zig4_f32(b[u], c.t, &rej);
      bits |= rej << (4 * u);
    }
    zig_push(q, cnt, g0, bits);
    if (cnt > 31u) zig_drain(q, cnt, 31u, finish);
  }
  zig_drain(q, cnt, 0u, finish);
}
#endif

/**
 * float32 standard normals (1 word per element: block pos + g gives elements 4g..4g+3): the lean
 * path's whole groups (U blocks a step on the GPU, their Philox chains interleaved), the last
 * partial group and the general path. Every thread of the block must call it (the tables are
 * staged in shared memory).
 */
template <int U>
__device__ __forceinline__ void fill_normal_f32(float* out, long long n, const Keys10& K, u32x4 pos, const ZigEntry32* tab,
                                                const uint64_t* fi, int vec) {
  const ZigEntry32* t = zig_stage(tab);
  const ZigCall<float, ZigEntry32> c = {out, K.a[0], K.b[0], pos, t, fi};
  if (!zig_listed(vec, pos, n, 1)) {
    zig_general_f32(c, n, K, 0, vec);
    return;
  }
  const uint32_t G = (uint32_t)(n >> 2);
#ifndef GPA_HOST
  if (zig_queued()) {
    // The whole chunks queued; the rest (under 32 U groups and the last partial group) by the
    // general path, its rejections finished at once.
    const uint32_t C = G / (32u * U);
    if ((long long)C * (32 * U) * 4 < n) zig_general_f32(c, n, K, (long long)C * (32 * U), vec);
    zig_chunks_f32<U>(c, C, K, pos);
    return;
  }
#endif
  if (n & 3) zig_general_f32(c, n, K, n >> 2, vec);  // the last group's elements
  f32x4* o = reinterpret_cast<f32x4*>(out);
  for (uint32_t g : gpa::grid_range(G)) {
    const u32x4 b = philox4x32_10(u32x4{pos.x + g, pos.y, pos.z, pos.w}, K);
    uint32_t rej;
    o[g] = zig4_f32(b, t, &rej);
    if (rej) zig_finish_block(c, g, b, rej);
  }
}

/**
 * float64 standard normals (2 words per element: block pos + j gives elements 2j, 2j+1): 4
 * elements (2 blocks) a group, as fill_normal_f32.
 */
template <int U>
__device__ __forceinline__ void fill_normal_f64(double* out, long long n, const Keys10& K, u32x4 pos, const ZigEntry64* tab,
                                                const uint64_t* fi, int vec) {
  const ZigEntry64* t = zig_stage(tab);
  const ZigCall<double, ZigEntry64> c = {out, K.a[0], K.b[0], pos, t, fi};
  if (!zig_listed(vec, pos, n, 2)) {
    zig_general_f64(c, n, K, 0, vec);
    return;
  }
  if (n & 3) zig_general_f64(c, n, K, n >> 2, vec);  // the last group's elements
  f64x2* o = reinterpret_cast<f64x2*>(out);
  const uint32_t G = (uint32_t)(n >> 2);
#ifndef GPA_HOST
  if (zig_queued()) {
    const auto step = [&](const uint32_t* gs, uint32_t* rej) {
      u32x4 b[2 * U];
#pragma unroll
      for (int h = 0; h < 2 * U; h++) b[h] = philox4x32_10(u32x4{pos.x + 2 * gs[h >> 1] + (h & 1), pos.y, pos.z, pos.w}, K);
#pragma unroll
      for (int u = 0; u < U; u++) {
        uint32_t r0, r1;
        const f64x2 v0 = zig2_f64(b[2 * u], t, &r0);
        const f64x2 v1 = zig2_f64(b[2 * u + 1], t, &r1);
        rej[u] = 0;
        if (gs[u] < G) {
          o[2 * gs[u]] = v0;
          o[2 * gs[u] + 1] = v1;
          rej[u] = r0 | (r1 << 2);
        }
      }
    };
    // Element 4g + j: draw j & 1 of block 2g + (j >> 1).
    zig_queued_walk<U>(G, step, [&](uint32_t g, uint32_t j) {
      const u32x4 b = philox4x32_10(u32x4{pos.x + 2 * g + (j >> 1), pos.y, pos.z, pos.w}, K);
      out[4 * g + j] = zig_finish(c, 4 * g + j, word64_of(b, j & 1u));
    });
    return;
  }
#endif
  for (uint32_t g : gpa::grid_range(G)) {
    for (uint32_t h = 0; h < 2; h++) {
      const u32x4 b = philox4x32_10(u32x4{pos.x + 2 * g + h, pos.y, pos.z, pos.w}, K);
      uint32_t rej;
      o[2 * g + h] = zig2_f64(b, t, &rej);
      if (rej) zig_finish_block(c, 2 * g + h, b, rej);
    }
  }
}

}  // namespace rng
}  // namespace gpa
