// gp.random's standard normals by the ziggurat (Marsaglia & Tsang 2000; 2^GPA_ZIG_BITS layers,
// 1024 in gp, 256 in NumPy's Generator). A word's low GPA_ZIG_BITS bits pick a layer, the next
// bit the sign, the rest the magnitude rabs (21 bits of a 32-bit word for float32 with 1024
// layers, 52 of a 64-bit word for float64): x = width * rabs / 2^bits, accepted at once (99.57%
// of words with 1024 layers) when rabs < k. The tables come with the kernel source
// (lib/random/ziggurat.ts: ZIG32, an entry per layer and sign; ZIG64, one per layer; ZIG_FI =
// f(x_i), r, 1/r),
// which defines GPA_ZIG_BITS before including this header. A rejected word goes on to NumPy's
// wedge test or tail, in double with random_math.h's rexp/rlog, drawing from the element's
// substream (philox.h's Stream), so each value stays a pure function of (key, counter) and the
// cpu and cuda backends give the same bits.
//
// The fills (random_zig_fill.h) keep the rejections off the fast loop: every element gets its
// fast-path value, and on the GPU a warp queues its rejected words and finishes them 32 at a time.
// The slow paths are inlined: a Stream passed to a call lives in local memory.
#pragma once
#include "gpuarray/random_fill.h"

#ifndef GPA_ZIG_BITS
#define GPA_ZIG_BITS 10
#endif

namespace gpa {
namespace rng {

/** The layer count, the mask of a word's layer bits (the sign bit is the next one up). */
static constexpr uint32_t ZIG_N = 1u << GPA_ZIG_BITS;
static constexpr uint32_t ZIG_MASK = ZIG_N - 1u;
/** The magnitude bits of a float32 word. */
static constexpr int ZIG_MAG32 = 31 - GPA_ZIG_BITS;
/** ZIG32's entries: one per layer and sign, indexed by a word's layer bits and sign bit. */
static constexpr uint32_t ZIG_N32 = 2u * ZIG_N;

/**
 * A float32 table entry: the layer width times 2^(23 - ZIG_MAG32) with the entry's sign (float32
 * bits) and the fast-accept bound as the bits of the float 1 + k 2^-23 (0x3f800000 + k). A draw
 * then spends nothing on the sign and one instruction (LEA.HI) on its mantissa, which the bound
 * test reads as is (sm_90 SASS: 9 instructions a value instead of 12; H200, 256M: 0.386 -> 0.361
 * ms).
 */
struct __align__(8) ZigEntry32 {
  uint32_t w, k;
};
/** A table entry: the signed layer width (float64 bits) and the fast-accept bound on rabs. */
struct __align__(16) ZigEntry64 {
  uint64_t w, k;
};

/**
 * A float32 word's draw, x = ±width * rabs / 2^ZIG_MAG32 rounded once: fmaf(m, w, -w) with m = 1 +
 * rabs 2^-23 built from the bits (no integer conversion, no mask) and w the table's scaled width
 * with the sign (rabs = 0 gives +0). `ok`: inside the layer's box.
 */
__device__ __forceinline__ float zig_x32(uint32_t word, const ZigEntry32* t, bool* ok) {
  const ZigEntry32 e = t[word & (ZIG_N32 - 1u)];
  const uint32_t m = 0x3f800000u + (word >> (GPA_ZIG_BITS + 1));
  const float w = __int_as_float((int)e.w);
  *ok = m < e.k;
  return fmaf(__int_as_float((int)m), w, -w);
}

/** A 64-bit word's draw, x = ±width * rabs / 2^52 rounded once (rabs: the 52 bits above the sign). */
__device__ __forceinline__ double zig_x64(uint64_t word, const ZigEntry64* t, bool* ok) {
  const ZigEntry64 e = t[(uint32_t)word & ZIG_MASK];
  const uint64_t rabs = (word >> (GPA_ZIG_BITS + 1)) & 0x000fffffffffffffull;
  const double w = bits_to_double(e.w ^ ((word << (63 - GPA_ZIG_BITS)) & 0x8000000000000000ull));
  *ok = rabs < e.k;
  return fma(bits_to_double(0x3ff0000000000000ull + rabs), w, -w);
}

/** The tail beyond r (Marsaglia's method, as NumPy's): two uniforms in (0, 1] a try. */
__device__ __forceinline__ double zig_tail(Stream& s, bool negative, const uint64_t* fi) {
  const double r = bits_to_double(fi[ZIG_N]);
  const double inv_r = bits_to_double(fi[ZIG_N + 1]);
  for (;;) {
    const double xx = -inv_r * rlog(s.uniform_pos());
    const double yy = -rlog(s.uniform_pos());
    if (yy + yy > xx * xx) return negative ? -(r + xx) : r + xx;
  }
}

/**
 * y < e^a for a in [-7, 0] (the wedge's heights are above f(r) = 0.00126): decided from a float
 * estimate where it is clear and by rexp only where y is within 2^-16 of it, so the answer is
 * rexp's on both backends. __expf and the float rounding of a stay within 2^-19 of e^a there
 * (CUDA's ex2.approx: 2^-22 relative, the scaled argument's rounding 2^-21; the host's expf).
 */
__device__ __forceinline__ bool below_exp(double y, double a) {
  const double e = (double)__expf((float)a);
  if (y < e * (1.0 - 1.52587890625e-05)) return true;
  if (y > e * (1.0 + 1.52587890625e-05)) return false;
  return y < rexp(a);
}

/** The wedge test of layer i >= 1: a uniform height between f(x_i) and f(x_{i-1}) under f(x). */
__device__ __forceinline__ bool zig_wedge(Stream& s, uint32_t i, double x, const uint64_t* fi) {
  const double lo = bits_to_double(fi[i]);
  const double hi = bits_to_double(fi[i - 1]);
  return below_exp((hi - lo) * s.uniform() + lo, -0.5 * x * x);
}

/** A float32 normal from a rejected (or any) first word, later words from the substream s. */
__device__ __forceinline__ float zig_slow32(Stream& s, uint32_t word, const ZigEntry32* t, const uint64_t* fi) {
  for (;;) {
    bool ok;
    const float x = zig_x32(word, t, &ok);
    if (ok) return x;
    const uint32_t i = word & ZIG_MASK;
    if (i == 0) return (float)zig_tail(s, (word & ZIG_N) != 0, fi);
    if (zig_wedge(s, i, (double)x, fi)) return x;
    word = s.u32();
  }
}

/** A float64 normal from a rejected (or any) first word, later words (u64) from the substream s. */
__device__ __forceinline__ double zig_slow64(Stream& s, uint64_t word, const ZigEntry64* t, const uint64_t* fi) {
  for (;;) {
    bool ok;
    const double x = zig_x64(word, t, &ok);
    if (ok) return x;
    const uint32_t i = (uint32_t)word & ZIG_MASK;
    if (i == 0) return zig_tail(s, (word & ZIG_N) != 0, fi);
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

/**
 * The tables where the fast path reads them: on the GPU a copy in shared memory (a warp's 32
 * scattered reads cost a few bank conflicts; constant memory would serialise them), on the cpu
 * the source's arrays. Every thread of the block must call it.
 */
__device__ __forceinline__ const ZigEntry64* zig_stage(const ZigEntry64* tab) {
#ifdef GPA_HOST
  return tab;
#else
  __shared__ ZigEntry64 st[ZIG_N];
  for (int i = threadIdx.x; i < (int)ZIG_N; i += blockDim.x) st[i] = tab[i];
  __syncthreads();
  return st;
#endif
}
/** The same for ZIG32; a block reads its first half, the negative entries are their mirror. */
__device__ __forceinline__ const ZigEntry32* zig_stage(const ZigEntry32* tab) {
#ifdef GPA_HOST
  return tab;
#else
  __shared__ ZigEntry32 st[ZIG_N32];
  for (int i = threadIdx.x; i < (int)ZIG_N; i += blockDim.x) {
    const ZigEntry32 e = tab[i];
    st[i] = e;
    st[i + ZIG_N] = ZigEntry32{e.w ^ 0x80000000u, e.k};
  }
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

/** Block pb's two float64 draws (words (x, y) and (z, w), high word first); `rej` gets a bit per draw that needs the slow path. */
__device__ __forceinline__ f64x2 zig2_f64(const u32x4& b, const ZigEntry64* t, uint32_t* rej) {
  bool a0, a1;
  const f64x2 v = {zig_x64(((uint64_t)b.x << 32) | b.y, t, &a0), zig_x64(((uint64_t)b.z << 32) | b.w, t, &a1)};
  *rej = (a0 ? 0u : 1u) | (a1 ? 0u : 2u);
  return v;
}


}  // namespace rng
}  // namespace gpa
