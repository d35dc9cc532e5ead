// gp.random's standard normals by the ziggurat (Marsaglia & Tsang 2000, 256 layers, as NumPy's
// Generator). A word's low 8 bits pick a layer, bit 8 the sign, the rest the magnitude rabs
// (23 bits of a 32-bit word for float32, 52 of a 64-bit word for float64): x = width * rabs /
// 2^bits, accepted at once (98.5% of words) when rabs < k. The tables come with the kernel
// source (lib/random/ziggurat.ts: ZIG32 / ZIG64, and ZIG_FI = f(x_i), r, 1/r), one entry per
// 9-bit index (layer and sign together: the width carries the sign). A rejected word goes on
// to NumPy's wedge test or tail, in double with random_math.h's rexp/rlog, drawing from the
// element's substream (philox.h's Stream), so each value stays a pure function of (key,
// counter) and the cpu and cuda backends give the same bits.
//
// The fills keep the rejections off the fast loop: a warp step's 128 words almost always hold one,
// and the whole warp would wait on its slow path. A thread notes each rejected word (element,
// word) and finishes them after its walk: the warp then runs the slow path as many times as its
// busiest lane has rejections (about 14 where a lane of 500 words has 7.5 on average).
#pragma once
#include "gpuarray/random_fill.h"

namespace gpa {
namespace rng {

/** A table entry: the signed layer width (float32 bits) and the fast-accept bound on rabs. */
struct __align__(8) ZigEntry32 {
  uint32_t w, k;
};
/** A table entry: the signed layer width (float64 bits) and the fast-accept bound on rabs. */
struct __align__(16) ZigEntry64 {
  uint64_t w, k;
};

/**
 * A float32 word's draw, x = width * rabs / 2^23 rounded once: fmaf(1.rabs, width, -width), the
 * mantissa built from the bits (no integer conversion). `ok`: inside the layer's box.
 */
__device__ __forceinline__ float zig_x32(uint32_t word, const ZigEntry32* t, bool* ok) {
  const ZigEntry32 e = t[word & 0x1ffu];
  const uint32_t rabs = word >> 9;
  const float w = __int_as_float((int)e.w);
  *ok = rabs < e.k;
  return fmaf(__int_as_float((int)(0x3f800000u + rabs)), w, -w);
}

/** A 64-bit word's draw, x = width * rabs / 2^52 rounded once (rabs: bits 9..60). */
__device__ __forceinline__ double zig_x64(uint64_t word, const ZigEntry64* t, bool* ok) {
  const ZigEntry64 e = t[(uint32_t)word & 0x1ffu];
  const uint64_t rabs = (word >> 9) & 0x000fffffffffffffull;
  const double w = bits_to_double(e.w);
  *ok = rabs < e.k;
  return fma(bits_to_double(0x3ff0000000000000ull + rabs), w, -w);
}

/** The tail beyond r (Marsaglia's method, as NumPy's): two uniforms in (0, 1] a try. */
__device__ __forceinline__ double zig_tail(Stream& s, bool negative, const uint64_t* fi) {
  const double r = bits_to_double(fi[256]);
  const double inv_r = bits_to_double(fi[257]);
  for (;;) {
    const double xx = -inv_r * rlog(s.uniform_pos());
    const double yy = -rlog(s.uniform_pos());
    if (yy + yy > xx * xx) return negative ? -(r + xx) : r + xx;
  }
}

/** The wedge test of layer i >= 1: a uniform height between f(x_i) and f(x_{i-1}) under f(x). */
__device__ __forceinline__ bool zig_wedge(Stream& s, uint32_t i, double x, const uint64_t* fi) {
  const double lo = bits_to_double(fi[i]);
  const double hi = bits_to_double(fi[i - 1]);
  return (hi - lo) * s.uniform() + lo < rexp(-0.5 * x * x);
}

/** A float32 normal from a rejected (or any) first word, later words from the substream s. */
__device__ GPA_NOINLINE float zig_slow32(Stream& s, uint32_t word, const ZigEntry32* t, const uint64_t* fi) {
  for (;;) {
    bool ok;
    const float x = zig_x32(word, t, &ok);
    if (ok) return x;
    const uint32_t i = word & 0xffu;
    if (i == 0) return (float)zig_tail(s, (word & 0x100u) != 0, fi);
    if (zig_wedge(s, i, (double)x, fi)) return x;
    word = s.u32();
  }
}

/** A float64 normal from a rejected (or any) first word, later words (u64) from the substream s. */
__device__ GPA_NOINLINE double zig_slow64(Stream& s, uint64_t word, const ZigEntry64* t, const uint64_t* fi) {
  for (;;) {
    bool ok;
    const double x = zig_x64(word, t, &ok);
    if (ok) return x;
    const uint32_t i = (uint32_t)word & 0xffu;
    if (i == 0) return zig_tail(s, (word & 0x100u) != 0, fi);
    if (zig_wedge(s, i, x, fi)) return x;
    word = s.u64();
  }
}

/** A float64 standard normal from an element's Stream (2 primary words): the fill's value. */
__device__ __forceinline__ double zig_normal64(Stream& s, const ZigEntry64* t, const uint64_t* fi) {
  const uint64_t word = s.u64();
  bool ok;
  const double x = zig_x64(word, t, &ok);
  return ok ? x : zig_slow64(s, word, t, fi);
}

/** Element e's substream (after its w primary words) of a call at block `pos`. */
__device__ __forceinline__ Stream zig_substream(uint32_t k0, uint32_t k1, u32x4 pos, uint64_t e, uint32_t w) {
  return Stream(k0, k1, add128(shl2_128(pos), e * w), u32x4{0u, 0u, 0u, 0u}, 0u, 0u);
}

/** What finishing a rejected element needs: the output, the key, the call's block, the tables. */
template <typename T, typename E>
struct ZigCall {
  T* out;
  uint32_t k0, k1;
  u32x4 pos;
  const E* t;
  const uint64_t* fi;
};

__device__ __forceinline__ float zig_finish(const ZigCall<float, ZigEntry32>& c, uint64_t e, uint64_t word) {
  Stream s = zig_substream(c.k0, c.k1, c.pos, e, 1);
  return zig_slow32(s, (uint32_t)word, c.t, c.fi);
}
__device__ __forceinline__ double zig_finish(const ZigCall<double, ZigEntry64>& c, uint64_t e, uint64_t word) {
  Stream s = zig_substream(c.k0, c.k1, c.pos, e, 2);
  return zig_slow64(s, word, c.t, c.fi);
}

/** Draw j (0 or 1) of a block: its 64-bit word. */
__device__ __forceinline__ uint64_t word64_of(const u32x4& b, uint32_t j) {
  return j == 0 ? (((uint64_t)b.x << 32) | b.y) : (((uint64_t)b.z << 32) | b.w);
}

/** Block `idx`'s rejected float32 words (bits of `rej`: elements 4 idx + j), finished and stored. */
__device__ __forceinline__ void zig_finish_block(const ZigCall<float, ZigEntry32>& c, uint32_t idx, const u32x4& b, uint32_t rej) {
  for (uint32_t j = 0; j < 4; j++) {
    if ((rej >> j) & 1u) c.out[4 * (uint64_t)idx + j] = zig_finish(c, 4 * (uint64_t)idx + j, word_of(b, j));
  }
}
/** Block `idx`'s rejected float64 draws (bits of `rej`: elements 2 idx + j), finished and stored. */
__device__ __forceinline__ void zig_finish_block(const ZigCall<double, ZigEntry64>& c, uint32_t idx, const u32x4& b, uint32_t rej) {
  for (uint32_t j = 0; j < 2; j++) {
    if ((rej >> j) & 1u) c.out[2 * (uint64_t)idx + j] = zig_finish(c, 2 * (uint64_t)idx + j, word64_of(b, j));
  }
}

/** A noted block: its index in the call and its rejected words' bits. */
struct __align__(8) ZigNote {
  uint32_t idx, rej;
};

/**
 * A thread's blocks with rejected words (their words, index and bits), finished after its walk.
 * Noting a block is two stores, no loop: a warp step almost always has a lane that notes, so the
 * note's cost is paid at nearly every step. The fast loop calls nothing (a call there makes the
 * compiler keep its state in memory around it): when the list is full it only remembers the
 * first group it could not note, and the thread walks its groups again from there after the loop
 * (rare: the grid keeps a thread's walk to about 500 words, 7.5 rejections on average).
 */
struct ZigDeferred {
  static constexpr int CAP = 16;
  static constexpr uint32_t NONE = 0xffffffffu;
  u32x4 blk[CAP];
  ZigNote notes[CAP];
  int n;
  uint32_t overflow;  // the first group (lean-loop index) with a rejection left out, or NONE

  /** Group g's block idx (words b) has rejected words `rej`. */
  template <typename T, typename E>
  __device__ __forceinline__ void note(const ZigCall<T, E>& c, uint32_t g, uint32_t idx, const u32x4& b, uint32_t rej) {
#if defined(GPA_HOST) && !defined(GPA_ZIG_DEFER)
    // The cpu has no warps to keep in step: finish at once (GPA_ZIG_DEFER: as on the GPU, for tests).
    (void)g;
    zig_finish_block(c, idx, b, rej);
#else
    (void)c;
    if (n < CAP) {
      blk[n] = b;
      notes[n] = ZigNote{idx, rej};
      n += 1;
    } else if (overflow == NONE) {
      overflow = g;
    }
#endif
  }
  template <typename T, typename E>
  __device__ GPA_NOINLINE void flush(const ZigCall<T, E>& c) {
    for (int i = 0; i < n; i++) zig_finish_block(c, notes[i].idx, blk[i], notes[i].rej);
    n = 0;
  }
};

/**
 * The tables where the fast path reads them: on the GPU a copy in shared memory (a warp's 32
 * scattered reads cost a few bank conflicts; constant memory would serialise them), on the cpu
 * the source's arrays. Every thread of the block must call it.
 */
template <typename E>
__device__ __forceinline__ const E* zig_stage(const E* tab) {
#ifdef GPA_HOST
  return tab;
#else
  __shared__ E st[512];
  for (int i = threadIdx.x; i < 512; i += blockDim.x) st[i] = tab[i];
  __syncthreads();
  return st;
#endif
}

/** A block's four float32 draws; `rej` gets a bit per word that needs the slow path. */
__device__ __forceinline__ f32x4 zig4_f32(const u32x4& b, const ZigEntry32* t, uint32_t* rej) {
  bool a0, a1, a2, a3;
  const f32x4 v = {zig_x32(b.x, t, &a0), zig_x32(b.y, t, &a1), zig_x32(b.z, t, &a2), zig_x32(b.w, t, &a3)};
  *rej = (a0 ? 0u : 1u) | (a1 ? 0u : 2u) | (a2 ? 0u : 4u) | (a3 ? 0u : 8u);
  return v;
}

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

/**
 * The lean loop's blocks g >= from of this thread, in the walk of for_groups32, with their
 * rejected words finished (after a full ZigDeferred list).
 */
__device__ GPA_NOINLINE void zig_rewalk_f32(const ZigCall<float, ZigEntry32>& c, const Keys10& K, uint32_t G, uint32_t from) {
  for_groups32<1>(G, [&](uint32_t g) {
    if (g < from) return;
    const u32x4 b = philox4x32_10(u32x4{c.pos.x + g, c.pos.y, c.pos.z, c.pos.w}, K);
    uint32_t rej;
    zig4_f32(b, c.t, &rej);
    if (rej) zig_finish_block(c, g, b, rej);
  });
}

/**
 * float32 standard normals (1 word per element: block pos + g gives elements 4g..4g+3). The lean
 * loop stores each block's values at once and notes its rejected words, whose values d.flush
 * writes over them after the walk.
 */
template <int U>
__device__ __forceinline__ void fill_normal_f32(float* out, long long n, const Keys10& K, u32x4 pos, const ZigEntry32* tab,
                                                const uint64_t* fi, int vec) {
  const ZigCall<float, ZigEntry32> c = {out, K.a[0], K.b[0], pos, zig_stage(tab), fi};
  long long done = 0;
  if (vec && low_word_run(pos, n >> 2)) {
    f32x4* o = reinterpret_cast<f32x4*>(out);
    ZigDeferred d;
    d.n = 0;
    d.overflow = ZigDeferred::NONE;
    // U blocks a step: their Philox chains interleave (no branch between them), then the stores,
    // then the (rare) notes.
    for_steps32<U>((uint32_t)(n >> 2), [&](const uint32_t* gs, int m) {
      u32x4 b[U];
      uint32_t rej[U];
#pragma unroll
      for (int u = 0; u < U; u++) {
        if (u < m) b[u] = philox4x32_10(u32x4{pos.x + gs[u], pos.y, pos.z, pos.w}, K);
      }
#pragma unroll
      for (int u = 0; u < U; u++) {
        if (u < m) o[gs[u]] = zig4_f32(b[u], c.t, &rej[u]);
      }
#pragma unroll
      for (int u = 0; u < U; u++) {
        if (u < m && rej[u]) d.note(c, gs[u], gs[u], b[u], rej[u]);
      }
    });
    if (d.n) d.flush(c);
    if (d.overflow != ZigDeferred::NONE) zig_rewalk_f32(c, K, (uint32_t)(n >> 2), d.overflow);
    done = n >> 2;
  }
  if (done < (n + 3) / 4) zig_general_f32(c, n, K, done, vec);
}

/** Block pb's two float64 draws (words (x, y) and (z, w), high word first); `rej` gets a bit per draw that needs the slow path. */
__device__ __forceinline__ f64x2 zig2_f64(const u32x4& b, const ZigEntry64* t, uint32_t* rej) {
  bool a0, a1;
  const f64x2 v = {zig_x64(((uint64_t)b.x << 32) | b.y, t, &a0), zig_x64(((uint64_t)b.z << 32) | b.w, t, &a1)};
  *rej = (a0 ? 0u : 1u) | (a1 ? 0u : 2u);
  return v;
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

/** zig_rewalk_f32 for the float64 fill (group g: blocks 2g, 2g + 1). */
__device__ GPA_NOINLINE void zig_rewalk_f64(const ZigCall<double, ZigEntry64>& c, const Keys10& K, uint32_t G, uint32_t from) {
  for_groups32<1>(G, [&](uint32_t g) {
    if (g < from) return;
    for (uint32_t h = 0; h < 2; h++) {
      const uint32_t pb = 2 * g + h;
      const u32x4 b = philox4x32_10(u32x4{c.pos.x + pb, c.pos.y, c.pos.z, c.pos.w}, K);
      uint32_t rej;
      zig2_f64(b, c.t, &rej);
      if (rej) zig_finish_block(c, pb, b, rej);
    }
  });
}

/**
 * float64 standard normals (2 words per element: block pos + j gives elements 2j, 2j+1): 4
 * elements (2 blocks) per group, rejections deferred as in fill_normal_f32.
 */
template <int U>
__device__ __forceinline__ void fill_normal_f64(double* out, long long n, const Keys10& K, u32x4 pos, const ZigEntry64* tab,
                                                const uint64_t* fi, int vec) {
  const ZigCall<double, ZigEntry64> c = {out, K.a[0], K.b[0], pos, zig_stage(tab), fi};
  long long done = 0;
  if (vec && low_word_run(pos, 2 * (n >> 2))) {
    f64x2* o = reinterpret_cast<f64x2*>(out);
    ZigDeferred d;
    d.n = 0;
    d.overflow = ZigDeferred::NONE;
    // A group's two Philox chains interleave (no branch between them), then the stores, then
    // the (rare) notes.
    for_steps32<U>((uint32_t)(n >> 2), [&](const uint32_t* gs, int m) {
      u32x4 b[2 * U];
      uint32_t rej[2 * U];
#pragma unroll
      for (int h = 0; h < 2 * U; h++) {
        if (h < 2 * m) b[h] = philox4x32_10(u32x4{pos.x + 2 * gs[h >> 1] + (h & 1), pos.y, pos.z, pos.w}, K);
      }
#pragma unroll
      for (int h = 0; h < 2 * U; h++) {
        if (h < 2 * m) o[2 * gs[h >> 1] + (h & 1)] = zig2_f64(b[h], c.t, &rej[h]);
      }
#pragma unroll
      for (int h = 0; h < 2 * U; h++) {
        if (h < 2 * m && rej[h]) d.note(c, gs[h >> 1], 2 * gs[h >> 1] + (h & 1), b[h], rej[h]);
      }
    });
    if (d.n) d.flush(c);
    if (d.overflow != ZigDeferred::NONE) zig_rewalk_f64(c, K, (uint32_t)(n >> 2), d.overflow);
    done = n >> 2;
  }
  if (done < (n + 3) / 4) zig_general_f64(c, n, K, done, vec);
}

}  // namespace rng
}  // namespace gpa
