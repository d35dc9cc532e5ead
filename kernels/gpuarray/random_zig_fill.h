// gp.random's ziggurat fills (random_zig.h's sampler; lib/random/kernels.ts launches them). The
// fast loop stores every element's fast-path value and keeps no per-thread list: an element
// whose word is rejected (wedge or tail, about 1.5%) gets its index appended to a device-wide
// fix-up list (the lanes' slots from ballots, staged per warp in shared memory, one atomicAdd a
// flush of GPA_ZIG_WB entries). fix_normal_* then finishes the listed elements, one thread an
// entry, each on its own substream as before, so the values depend neither on the list's order
// nor on the grid. The list has `cap` slots after its counter (fix[0]); past them nothing is
// written, and the fix-up kernel, seeing the counter above cap, walks every element again
// instead (results never depend on the capacity). The entries are 32-bit element indices:
// calls of n >= 2^32, an unaligned output or a counter run across a 2^32-block boundary take the
// general path (in the fix-up kernel, rejections finished in place).
#pragma once
#include "gpuarray/random_zig.h"

namespace gpa {
namespace rng {

/** Whether the call takes the listed lean path (`bpg` Philox blocks per group of 4 elements). */
__device__ __forceinline__ bool zig_listed(int vec, u32x4 pos, long long n, uint32_t bpg) {
  return vec && n <= 0xffffffffLL && low_word_run(pos, (long long)bpg * (n >> 2));
}

/**
 * step(g) for this thread's groups g of [0, G), U a step: on the device a grid-stride walk that
 * every lane of a warp runs the same number of times (a lane past the end gets g >= G and must
 * act as idle: the step's ballots need the whole warp), on the host a thread's contiguous chunk.
 */
template <int U, typename F>
__device__ __forceinline__ void zig_steps(uint32_t G, F&& step) {
#ifdef GPA_HOST
  for (uint32_t g : gpa::grid_range(G)) {
    uint32_t gs[U];
    gs[0] = g;
    for (int u = 1; u < U; u++) gs[u] = G;
    step(gs);
  }
#else
  const uint32_t S = blockDim.x * gridDim.x;
  const uint32_t lane = threadIdx.x & 31u;
  // g - lane is the warp's first lane's group: the test is the same for the whole warp.
  for (uint32_t g = blockIdx.x * blockDim.x + threadIdx.x; g - lane < G; g += (uint32_t)U * S) {
    uint32_t gs[U];
#pragma unroll
    for (int u = 0; u < U; u++) gs[u] = g + (uint32_t)u * S;
    step(gs);
  }
#endif
}

/** Slots of a warp's staging buffer for the fix-up list (shared memory on the GPU). */
#ifndef GPA_ZIG_WB
#define GPA_ZIG_WB 64
#endif

/**
 * A warp's view of the fix-up list (fix[0] counts, slots fix[1..cap]) through its staging buffer
 * `buf`: rejected elements gather there and go to the list GPA_ZIG_WB at a time, so the one
 * counter sees an atomicAdd every ~30 warp steps (one a step would queue ~2M atomics on one
 * address, ~1 ms). On the host a thread is a warp of one lane (the same code, no votes).
 * `fill` is the same in every lane.
 */
struct ZigList {
  unsigned int* fix;
  uint32_t* buf;
  uint32_t cap;
  unsigned mask;  // the warp's lanes that exist (a block need not be a multiple of 32 threads)
  uint32_t fill;

  __device__ __forceinline__ void init(unsigned int* f, uint32_t* b, uint32_t c) {
    fix = f;
    buf = b;
    cap = c;
    fill = 0;
#ifdef GPA_HOST
    mask = 1u;
#else
    const unsigned left = blockDim.x - (threadIdx.x & ~31u);
    mask = left >= 32u ? 0xffffffffu : (1u << left) - 1u;
#endif
  }
  __device__ __forceinline__ uint32_t lane() const {
#ifdef GPA_HOST
    return 0u;
#else
    return threadIdx.x & 31u;
#endif
  }
  __device__ __forceinline__ unsigned vote(bool p) const {
#ifdef GPA_HOST
    return p ? 1u : 0u;
#else
    return __ballot_sync(mask, p);
#endif
  }
  __device__ __forceinline__ void sync() const {
#ifndef GPA_HOST
    __syncwarp(mask);
#endif
  }
  /** `total` slots of the list for the warp: the first one's index, the same in every lane. */
  __device__ __forceinline__ uint32_t reserve(uint32_t total) const {
    uint32_t base = 0;
    if (lane() == 0) base = atomicAdd(fix, total);
#ifndef GPA_HOST
    base = __shfl_sync(mask, base, 0);
#endif
    return base;
  }
  /** The staged entries to the list (every lane calls it). */
  __device__ __forceinline__ void flush() {
    if (fill == 0) return;
    sync();  // the lanes' buffer writes, seen by all
    const uint32_t base = reserve(fill);
    const uint32_t lanes = (uint32_t)__popc(mask);
    for (uint32_t i = lane(); i < fill; i += lanes) {
      if (base + i < cap) fix[1 + base + i] = buf[i];
    }
    sync();  // read before the buffer is written again
    fill = 0;
  }
  /** Put the element e at slot `at` of the staged buffer, or of the list when `direct`. */
  __device__ __forceinline__ void put(bool direct, uint32_t at, uint32_t e) const {
    if (!direct) buf[at] = e;
    else if (at < cap) fix[1 + at] = e;
  }
  /**
   * Append the elements 4g + j of the bits j of `rej` (every lane calls it, rej 0 where it has
   * none): a lane's entries after the earlier lanes' (a vote per bit j).
   */
  __device__ __forceinline__ void append(uint32_t g, uint32_t rej) {
    const unsigned m0 = vote(rej & 1u), m1 = vote(rej & 2u), m2 = vote(rej & 4u), m3 = vote(rej & 8u);
    const uint32_t c0 = __popc(m0), c01 = c0 + __popc(m1), c012 = c01 + __popc(m2);
    const uint32_t total = c012 + __popc(m3);
    if (total == 0) return;  // the same in every lane, as all below
    if (fill + total > GPA_ZIG_WB) flush();
    const bool direct = total > GPA_ZIG_WB;  // never in practice (up to 128 a step): straight to the list
    const uint32_t base = direct ? reserve(total) : fill;
    const unsigned lt = (1u << lane()) - 1u;
    const uint32_t e = 4u * g;
    if (rej & 1u) put(direct, base + __popc(m0 & lt), e);
    if (rej & 2u) put(direct, base + c0 + __popc(m1 & lt), e + 1u);
    if (rej & 4u) put(direct, base + c01 + __popc(m2 & lt), e + 2u);
    if (rej & 8u) put(direct, base + c012 + __popc(m3 & lt), e + 3u);
    if (!direct) fill += total;
  }
};

/** The staging buffer of this thread's warp: shared memory on the GPU, the thread's own on the host. */
#ifdef GPA_HOST
#define GPA_ZIG_STAGE(name) uint32_t name[GPA_ZIG_WB]
#else
#define GPA_ZIG_STAGE(name)                      \
  __shared__ uint32_t name##_all[32][GPA_ZIG_WB]; \
  uint32_t* name = name##_all[threadIdx.x >> 5]
#endif

/** The general path of the float32 fill: groups [from, groups), rejections finished at once. */
__device__ GPA_NOINLINE void zig_general_f32(const ZigCall<float, ZigEntry32>& c, long long n, const Keys10& K, long long from, int vec) {
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
__device__ GPA_NOINLINE void zig_general_f64(const ZigCall<double, ZigEntry64>& c, long long n, const Keys10& K, long long from, int vec) {
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


/**
 * float32 standard normals (1 word per element: block pos + g gives elements 4g..4g+3), the
 * listed path's whole groups: each block's fast-path values stored (a rejected word's too, as a
 * placeholder) and the rejected elements listed for fix_normal_f32; U blocks a step, their
 * Philox chains interleaved. Nothing else (no call: the loop keeps no state in memory).
 */
template <int U>
__device__ __forceinline__ void fill_normal_f32(float* out, long long n, const Keys10& K, u32x4 pos, const ZigEntry32* tab,
                                                const uint64_t* fi, unsigned int* fix, unsigned int cap, int vec) {
  (void)fi;
  const ZigEntry32* t = zig_stage(tab);
  if (zig_listed(vec, pos, n, 1)) {
    f32x4* o = reinterpret_cast<f32x4*>(out);
    const uint32_t G = (uint32_t)(n >> 2);
    GPA_ZIG_STAGE(stage);
    ZigList list;
    list.init(fix, stage, cap);
    zig_steps<U>(G, [&](const uint32_t* gs) {
      u32x4 b[U];
#pragma unroll
      for (int u = 0; u < U; u++) b[u] = philox4x32_10(u32x4{pos.x + gs[u], pos.y, pos.z, pos.w}, K);
      uint32_t rej[U];
#pragma unroll
      for (int u = 0; u < U; u++) {
        const f32x4 v = zig4_f32(b[u], t, &rej[u]);
        if (gs[u] < G) o[gs[u]] = v;
        else rej[u] = 0;
      }
#pragma unroll
      for (int u = 0; u < U; u++) list.append(gs[u], rej[u]);
    });
    list.flush();
  }
}

/**
 * float64 standard normals (2 words per element: block pos + j gives elements 2j, 2j+1): 4
 * elements (2 blocks) a group, listed as in fill_normal_f32.
 */
template <int U>
__device__ __forceinline__ void fill_normal_f64(double* out, long long n, const Keys10& K, u32x4 pos, const ZigEntry64* tab,
                                                const uint64_t* fi, unsigned int* fix, unsigned int cap, int vec) {
  (void)fi;
  const ZigEntry64* t = zig_stage(tab);
  if (zig_listed(vec, pos, n, 2)) {
    f64x2* o = reinterpret_cast<f64x2*>(out);
    const uint32_t G = (uint32_t)(n >> 2);
    GPA_ZIG_STAGE(stage);
    ZigList list;
    list.init(fix, stage, cap);
    zig_steps<U>(G, [&](const uint32_t* gs) {
      u32x4 b[2 * U];
#pragma unroll
      for (int h = 0; h < 2 * U; h++) b[h] = philox4x32_10(u32x4{pos.x + 2 * gs[h >> 1] + (h & 1), pos.y, pos.z, pos.w}, K);
      uint32_t rej[U];
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
#pragma unroll
      for (int u = 0; u < U; u++) list.append(gs[u], rej[u]);
    });
    list.flush();
  }
}

/**
 * The second kernel of the float32 fill (the same arguments, launched after fill_normal_f32 on
 * any grid): each listed element's slow path, its word recomputed from its block; when the
 * counter passed `cap` (an incomplete list) every block walked again and its rejected words
 * finished instead. It also makes what the listed path leaves: the last partial group, or
 * (an unaligned output, n >= 2^32, a counter run across 2^32 blocks) the whole call, on the
 * general path.
 */
__device__ __forceinline__ void fix_normal_f32(float* out, long long n, const Keys10& K, u32x4 pos, const ZigEntry32* tab,
                                               const uint64_t* fi, const unsigned int* fix, unsigned int cap, int vec) {
  const ZigCall<float, ZigEntry32> c = {out, K.a[0], K.b[0], pos, tab, fi};
  if (!zig_listed(vec, pos, n, 1)) {
    zig_general_f32(c, n, K, 0, vec);
    return;
  }
  if (n & 3) zig_general_f32(c, n, K, n >> 2, vec);  // the last group's elements
  const uint32_t count = fix[0];
  if (count <= cap) {
    for (uint32_t i : gpa::grid_range(count)) {
      const uint32_t e = fix[1 + i];
      const u32x4 b = philox4x32_10(u32x4{pos.x + (e >> 2), pos.y, pos.z, pos.w}, K);
      out[e] = zig_finish(c, e, word_of(b, e & 3u));
    }
  } else {
    for (uint32_t g : gpa::grid_range((uint32_t)(n >> 2))) {
      const u32x4 b = philox4x32_10(u32x4{pos.x + g, pos.y, pos.z, pos.w}, K);
      uint32_t rej;
      zig4_f32(b, tab, &rej);
      if (rej) zig_finish_block(c, g, b, rej);
    }
  }
}

/** fix_normal_f32 for fill_normal_f64 (element e: draw e & 1 of block e >> 1). */
__device__ __forceinline__ void fix_normal_f64(double* out, long long n, const Keys10& K, u32x4 pos, const ZigEntry64* tab,
                                               const uint64_t* fi, const unsigned int* fix, unsigned int cap, int vec) {
  const ZigCall<double, ZigEntry64> c = {out, K.a[0], K.b[0], pos, tab, fi};
  if (!zig_listed(vec, pos, n, 2)) {
    zig_general_f64(c, n, K, 0, vec);
    return;
  }
  if (n & 3) zig_general_f64(c, n, K, n >> 2, vec);  // the last group's elements
  const uint32_t count = fix[0];
  if (count <= cap) {
    for (uint32_t i : gpa::grid_range(count)) {
      const uint32_t e = fix[1 + i];
      const u32x4 b = philox4x32_10(u32x4{pos.x + (e >> 1), pos.y, pos.z, pos.w}, K);
      out[e] = zig_finish(c, e, word64_of(b, e & 1u));
    }
  } else {
    for (uint32_t pb : gpa::grid_range((uint32_t)(2 * (n >> 2)))) {
      const u32x4 b = philox4x32_10(u32x4{pos.x + pb, pos.y, pos.z, pos.w}, K);
      uint32_t rej;
      zig2_f64(b, tab, &rej);
      if (rej) zig_finish_block(c, pb, b, rej);
    }
  }
}

}  // namespace rng
}  // namespace gpa
