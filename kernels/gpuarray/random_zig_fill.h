// gp.random's ziggurat fills (random_zig.h's sampler; lib/random/kernels.ts launches them). The
// fast loop stores every element's fast-path value and marks each element whose word is rejected
// (wedge or tail, about 1.5%) in a bit mask: a unit of 32 groups (128 elements) has four 32-bit
// words, bit l of word j for element 4 (32 u + l) + j. On the GPU a warp whose 32 groups start at
// a multiple of 32 (every warp of gp's launches: blocks of 256) makes its unit's words with four
// ballots and lane 0 stores them, so the words need no zeroing; any other warp (a launch by hand
// with odd blocks) ORs its bits into words zeroed beforehand. On the host a thread walks whole
// units. fix_normal_* then finishes the marked elements (on the GPU a warp deals those of 32
// units out one a lane), each on its own substream, so the values depend neither on the grid
// nor on the order. Group indices are 32-bit: calls of n >= 2^32, an unaligned output or a
// counter run across a 2^32-block boundary take the general path (in the fix-up kernel,
// rejections finished in place).
#pragma once
#include "gpuarray/random_zig.h"

namespace gpa {
namespace rng {

/** Whether the call takes the masked lean path (`bpg` Philox blocks per group of 4 elements). */
__device__ __forceinline__ bool zig_listed(int vec, u32x4 pos, long long n, uint32_t bpg) {
  return vec && n <= 0xffffffffLL && low_word_run(pos, (long long)bpg * (n >> 2));
}

/** A unit's mask words: bit l of w[j] marks element 4 (32 u + l) + j for the slow path. */
struct __align__(16) ZigMask {
  uint32_t w[4];
};

/** Units of 32 groups for G groups: the masks' length. */
__device__ __forceinline__ uint32_t zig_units(uint32_t G) { return (G + 31u) >> 5; }

#ifndef GPA_HOST
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

/**
 * Mark group g's rejected words (bits j of `rej`, 0 for a lane past the end); every lane of the
 * warp calls it. A full warp starting at a multiple of 32 groups owns its unit: four ballots, one
 * store. Otherwise each rejected bit is ORed into zeroed words.
 */
__device__ __forceinline__ void zig_mark(ZigMask* masks, uint32_t G, uint32_t g, uint32_t rej) {
  const uint32_t lane = threadIdx.x & 31u;
  const uint32_t g0 = g - lane;
  const bool full = blockDim.x - (threadIdx.x & ~31u) >= 32u;
  if (full && (g0 & 31u) == 0u) {
    ZigMask m;
#pragma unroll
    for (int j = 0; j < 4; j++) m.w[j] = __ballot_sync(0xffffffffu, (rej >> j) & 1u);
    if (lane == 0 && g0 < G) masks[g0 >> 5] = m;
  } else if (rej) {
    for (int j = 0; j < 4; j++) {
      if ((rej >> j) & 1u) atomicOr(&masks[g >> 5].w[j], 1u << (g & 31u));
    }
  }
}
#else
/** The host's walk: whole units of 32 groups a thread, group(g) returning its rejected bits. */
template <typename F>
__device__ __forceinline__ void zig_host_units(uint32_t G, ZigMask* masks, F&& group) {
  for (uint32_t u : gpa::grid_range(zig_units(G))) {
    ZigMask m = {{0u, 0u, 0u, 0u}};
    for (uint32_t l = 0; l < 32u && 32u * u + l < G; l++) {
      const uint32_t rej = group(32u * u + l);
      for (int j = 0; j < 4; j++) m.w[j] |= ((rej >> j) & 1u) << l;
    }
    masks[u] = m;
  }
}
#endif

/** finish(e, j, g) for each marked element e = 4 g + j of unit u (word j of group g's block). */
template <typename F>
__device__ __forceinline__ void zig_fix_unit(const ZigMask& m, uint32_t u, F&& finish) {
  for (uint32_t j = 0; j < 4; j++) {
    for (uint32_t bits = m.w[j]; bits != 0u; bits &= bits - 1u) {
      const uint32_t g = 32u * u + (uint32_t)(__ffs((int)bits) - 1);
      finish(4u * g + j, j, g);
    }
  }
}

#ifndef GPA_HOST
/** The k-th (from 0) set bit of a unit's mask: its word j and bit l. */
__device__ __forceinline__ void zig_nth_bit(const ZigMask& m, uint32_t k, uint32_t* j, uint32_t* l) {
  uint32_t jj = 0;
  for (; jj < 3u; jj++) {
    const uint32_t c = (uint32_t)__popc(m.w[jj]);
    if (k < c) break;
    k -= c;
  }
  uint32_t w = m.w[jj];
  for (; k != 0u; --k) w &= w - 1u;
  *j = jj;
  *l = (uint32_t)(__ffs((int)w) - 1);
}
#endif

/**
 * finish(e, j, g) for every marked element of units [0, units). On the GPU (blocks of whole warps)
 * a warp takes 32 units at a time and deals their marked elements out one a lane: a unit holds 0
 * to 128 of them, 1.9 on average, and lanes walking their own units left about four in five of a
 * warp's lanes idle (Nsight: 6.6 active threads a warp). Elsewhere a thread walks whole units.
 */
template <typename F>
__device__ __forceinline__ void zig_fix_units(const ZigMask* masks, uint32_t units, F&& finish) {
#ifndef GPA_HOST
  if ((blockDim.x & 31u) == 0u) {
    const unsigned all = 0xffffffffu;
    const uint32_t lane = threadIdx.x & 31u;
    const uint32_t warps = (gridDim.x * blockDim.x) >> 5;
    for (uint32_t base = ((blockIdx.x * blockDim.x + threadIdx.x) >> 5) * 32u; base < units; base += warps * 32u) {
      ZigMask m = {{0u, 0u, 0u, 0u}};
      if (base + lane < units) m = masks[base + lane];
      const uint32_t c = (uint32_t)(__popc(m.w[0]) + __popc(m.w[1]) + __popc(m.w[2]) + __popc(m.w[3]));
      uint32_t incl = c;  // the marked elements of lanes 0..lane
      for (uint32_t d = 1; d < 32u; d <<= 1) {
        const uint32_t v = __shfl_up_sync(all, incl, d);
        if (lane >= d) incl += v;
      }
      const uint32_t excl = incl - c;
      const uint32_t total = __shfl_sync(all, incl, 31);
      for (uint32_t k0 = 0; k0 < total; k0 += 32u) {
        const uint32_t k = k0 + lane;  // this lane's element: the k-th of the warp's
        uint32_t o = 0;  // its owner: the first lane whose running count passes k
        for (uint32_t step = 16; step != 0u; step >>= 1) {
          if (__shfl_sync(all, incl, (int)(o + step - 1)) <= k) o += step;
        }
        const uint32_t first = __shfl_sync(all, excl, (int)o);
        ZigMask mo;
        for (int j = 0; j < 4; j++) mo.w[j] = __shfl_sync(all, m.w[j], (int)o);
        if (k < total) {
          uint32_t j, l;
          zig_nth_bit(mo, k - first, &j, &l);
          const uint32_t g = 32u * (base + o) + l;
          finish(4u * g + j, j, g);
        }
      }
    }
    return;
  }
#endif
  for (uint32_t u : gpa::grid_range(units)) zig_fix_unit(masks[u], u, finish);
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


/**
 * float32 standard normals (1 word per element: block pos + g gives elements 4g..4g+3), the
 * masked path's whole groups: each block's fast-path values stored (a rejected word's too, as a
 * placeholder) and the rejected elements marked for fix_normal_f32; U blocks a step on the GPU,
 * their Philox chains interleaved. Nothing else (no call: the loop keeps no state in memory).
 */
template <int U>
__device__ __forceinline__ void fill_normal_f32(float* out, long long n, const Keys10& K, u32x4 pos, const ZigEntry32* tab,
                                                const uint64_t* fi, unsigned int* mask_words, int vec) {
  (void)fi;
  const ZigEntry32* t = zig_stage(tab);
  if (!zig_listed(vec, pos, n, 1)) return;
  f32x4* o = reinterpret_cast<f32x4*>(out);
  ZigMask* masks = reinterpret_cast<ZigMask*>(mask_words);
  const uint32_t G = (uint32_t)(n >> 2);
#ifdef GPA_HOST
  zig_host_units(G, masks, [&](uint32_t g) {
    uint32_t rej;
    o[g] = zig4_f32(philox4x32_10(u32x4{pos.x + g, pos.y, pos.z, pos.w}, K), t, &rej);
    return rej;
  });
#else
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
    for (int u = 0; u < U; u++) zig_mark(masks, G, gs[u], rej[u]);
  });
#endif
}

/**
 * float64 standard normals (2 words per element: block pos + j gives elements 2j, 2j+1): 4
 * elements (2 blocks) a group, marked as in fill_normal_f32.
 */
template <int U>
__device__ __forceinline__ void fill_normal_f64(double* out, long long n, const Keys10& K, u32x4 pos, const ZigEntry64* tab,
                                                const uint64_t* fi, unsigned int* mask_words, int vec) {
  (void)fi;
  const ZigEntry64* t = zig_stage(tab);
  if (!zig_listed(vec, pos, n, 2)) return;
  f64x2* o = reinterpret_cast<f64x2*>(out);
  ZigMask* masks = reinterpret_cast<ZigMask*>(mask_words);
  const uint32_t G = (uint32_t)(n >> 2);
#ifdef GPA_HOST
  zig_host_units(G, masks, [&](uint32_t g) {
    uint32_t r0, r1;
    o[2 * g] = zig2_f64(philox4x32_10(u32x4{pos.x + 2 * g, pos.y, pos.z, pos.w}, K), t, &r0);
    o[2 * g + 1] = zig2_f64(philox4x32_10(u32x4{pos.x + 2 * g + 1, pos.y, pos.z, pos.w}, K), t, &r1);
    return r0 | (r1 << 2);
  });
#else
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
    for (int u = 0; u < U; u++) zig_mark(masks, G, gs[u], rej[u]);
  });
#endif
}

/**
 * The second kernel of the float32 fill (the same arguments, launched after fill_normal_f32 on
 * any grid): each marked element's slow path, its word recomputed from its block (zig_fix_units
 * deals them out). It also makes what the masked path leaves: the last partial group, or (an
 * unaligned output, n >= 2^32, a counter run across 2^32 blocks) the whole call, on the general
 * path.
 */
__device__ __forceinline__ void fix_normal_f32(float* out, long long n, const Keys10& K, u32x4 pos, const ZigEntry32* tab,
                                               const uint64_t* fi, const unsigned int* mask_words, int vec) {
  const ZigCall<float, ZigEntry32> c = {out, K.a[0], K.b[0], pos, tab, fi};
  if (!zig_listed(vec, pos, n, 1)) {
    zig_general_f32(c, n, K, 0, vec);
    return;
  }
  if (n & 3) zig_general_f32(c, n, K, n >> 2, vec);  // the last group's elements
  const ZigMask* masks = reinterpret_cast<const ZigMask*>(mask_words);
  zig_fix_units(masks, zig_units((uint32_t)(n >> 2)), [&](uint32_t e, uint32_t j, uint32_t g) {
    const u32x4 b = philox4x32_10(u32x4{pos.x + g, pos.y, pos.z, pos.w}, K);
    out[e] = zig_finish(c, e, word_of(b, j));
  });
}

/** fix_normal_f32 for fill_normal_f64 (element 4g + j: draw j & 1 of block 2g + (j >> 1)). */
__device__ __forceinline__ void fix_normal_f64(double* out, long long n, const Keys10& K, u32x4 pos, const ZigEntry64* tab,
                                               const uint64_t* fi, const unsigned int* mask_words, int vec) {
  const ZigCall<double, ZigEntry64> c = {out, K.a[0], K.b[0], pos, tab, fi};
  if (!zig_listed(vec, pos, n, 2)) {
    zig_general_f64(c, n, K, 0, vec);
    return;
  }
  if (n & 3) zig_general_f64(c, n, K, n >> 2, vec);  // the last group's elements
  const ZigMask* masks = reinterpret_cast<const ZigMask*>(mask_words);
  zig_fix_units(masks, zig_units((uint32_t)(n >> 2)), [&](uint32_t e, uint32_t j, uint32_t g) {
    const u32x4 b = philox4x32_10(u32x4{pos.x + 2 * g + (j >> 1), pos.y, pos.z, pos.w}, K);
    out[e] = zig_finish(c, e, word64_of(b, j & 1u));
  });
}

}  // namespace rng
}  // namespace gpa
