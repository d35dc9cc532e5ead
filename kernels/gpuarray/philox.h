// Philox4x32-10 (Salmon et al., SC11; the generator of Random123, cuRAND and JAX) and the
// per-element word streams gp.random's kernels draw from. Every random word is a pure function
// of (key, counter), so a result does not depend on the launch geometry, the chunking or the
// backend. Layout (FEATURES.md, "Random streams"):
//  - a call starts at a 128-bit block position `pos` (a whole Philox block of 4 words) and gives
//    element e the words [4*pos + e*w, 4*pos + (e+1)*w) of the stream, w = 1, 2 or 4 per method;
//  - a sampler that needs more words (rejection) draws block d = 1, 2, ... of the element's
//    substream: Philox(counter = W, key = (k0 ^ d, k1 ^ SUBSTREAM_SALT)), W the 128-bit index of
//    the element's first word.
#pragma once
#include "gpuarray/common.h"

namespace gpa {
namespace rng {

struct u32x4 {
  uint32_t x, y, z, w;
};

static constexpr uint32_t PHILOX_M0 = 0xD2511F53u;
static constexpr uint32_t PHILOX_M1 = 0xCD9E8D57u;
static constexpr uint32_t PHILOX_W0 = 0x9E3779B9u;
static constexpr uint32_t PHILOX_W1 = 0xBB67AE85u;
static constexpr uint32_t SUBSTREAM_SALT = 0x5EED5EEDu;

/** The high 64 bits of a 64x64-bit product (Lemire's bounded integers for 64-bit ranges). */
__device__ __forceinline__ uint64_t mulhi64(uint64_t a, uint64_t b) {
#ifdef GPA_HOST
  return (uint64_t)(((unsigned __int128)a * (unsigned __int128)b) >> 64);
#else
  return __umul64hi(a, b);
#endif
}

/** Philox4x32 with 10 rounds; c.x is the counter's least significant word, as Random123's ctr[0]. */
__device__ __forceinline__ u32x4 philox4x32_10(u32x4 c, uint32_t k0, uint32_t k1) {
#pragma unroll
  for (int r = 0; r < 10; r++) {
    if (r > 0) {
      k0 += PHILOX_W0;
      k1 += PHILOX_W1;
    }
    // One 32x32 -> 64-bit product (mul.wide.u32, IMAD.WIDE.U32) gives both halves.
    const uint64_t p0 = (uint64_t)PHILOX_M0 * (uint64_t)c.x;
    const uint64_t p1 = (uint64_t)PHILOX_M1 * (uint64_t)c.z;
    c = u32x4{(uint32_t)(p1 >> 32) ^ c.y ^ k0, (uint32_t)p1, (uint32_t)(p0 >> 32) ^ c.w ^ k1, (uint32_t)p0};
  }
  return c;
}

/**
 * Philox's round keys, (k0 + r W0, k1 + r W1) for r = 0..9. The streaming fills take them as
 * launch parameters: the compiler then reads them as uniform operands instead of holding 20
 * registers per thread (room for more blocks per SM and for several blocks in flight per thread).
 */
struct Keys10 {
  uint32_t a[10], b[10];
};

/** philox4x32_10 with the round keys given. */
__device__ __forceinline__ u32x4 philox4x32_10(u32x4 c, const Keys10& K) {
#pragma unroll
  for (int r = 0; r < 10; r++) {
    const uint64_t p0 = (uint64_t)PHILOX_M0 * (uint64_t)c.x;
    const uint64_t p1 = (uint64_t)PHILOX_M1 * (uint64_t)c.z;
    c = u32x4{(uint32_t)(p1 >> 32) ^ c.y ^ K.a[r], (uint32_t)p1, (uint32_t)(p0 >> 32) ^ c.w ^ K.b[r], (uint32_t)p0};
  }
  return c;
}

/** a + b for a 128-bit a (4 words, least significant first) and a 64-bit b. */
__device__ __forceinline__ u32x4 add128(u32x4 a, uint64_t b) {
  const uint64_t lo = (uint64_t)a.x | ((uint64_t)a.y << 32);
  const uint64_t s = lo + b;
  uint64_t hi = (uint64_t)a.z | ((uint64_t)a.w << 32);
  if (s < lo) hi += 1;
  return u32x4{(uint32_t)s, (uint32_t)(s >> 32), (uint32_t)hi, (uint32_t)(hi >> 32)};
}

/** 4 * a (mod 2^128): the index of block a's first word. */
__device__ __forceinline__ u32x4 shl2_128(u32x4 a) {
  return u32x4{a.x << 2, (a.y << 2) | (a.x >> 30), (a.z << 2) | (a.y >> 30), (a.w << 2) | (a.z >> 30)};
}

__device__ __forceinline__ uint32_t word_of(const u32x4& v, uint32_t i) {
  return i == 0 ? v.x : i == 1 ? v.y : i == 2 ? v.z : v.w;
}

/** NumPy's conversions: floats from the top 24 bits of a word, doubles from 53 bits of two. */
__device__ __forceinline__ float u01_float(uint32_t a) { return (float)(a >> 8) * (1.0f / 16777216.0f); }
__device__ __forceinline__ double u01_double(uint32_t a, uint32_t b) {
  return ((double)(a >> 5) * 67108864.0 + (double)(b >> 6)) * (1.0 / 9007199254740992.0);
}

/**
 * One element's words: its w primary words from the call's blocks, then its substream. `pos` is
 * the call's first block, `e` the element, `w` words per element (1, 2 or 4: an element never
 * straddles two blocks).
 */
struct Stream {
  uint32_t k0, k1;
  u32x4 first;  // 128-bit index of the element's first word (the substream's counter)
  u32x4 buf;
  uint32_t next, end, draw;

  __device__ __forceinline__ Stream(uint32_t key0, uint32_t key1, u32x4 pos, uint64_t e, uint32_t w)
      : k0(key0), k1(key1), draw(0) {
    const uint64_t off = e * (uint64_t)w;  // word offset of the element inside the call
    const u32x4 block = add128(pos, off >> 2);
    first = add128(shl2_128(pos), off);
    buf = philox4x32_10(block, k0, k1);
    next = (uint32_t)(off & 3);
    end = next + w;
  }
  /** Start from an already computed primary block (the vectorised kernels' fallback). */
  __device__ __forceinline__ Stream(uint32_t key0, uint32_t key1, u32x4 firstWord, u32x4 primary, uint32_t from, uint32_t to)
      : k0(key0), k1(key1), first(firstWord), buf(primary), next(from), end(to), draw(0) {}

  __device__ __forceinline__ uint32_t u32() {
    if (next == end) {
      draw += 1;
      buf = philox4x32_10(first, k0 ^ draw, k1 ^ SUBSTREAM_SALT);
      next = 0;
      end = 4;
    }
    return word_of(buf, next++);
  }
  __device__ __forceinline__ uint64_t u64() {
    const uint64_t hi = u32();
    return (hi << 32) | (uint64_t)u32();
  }
  /** [0, 1) with 53 random bits. */
  __device__ __forceinline__ double uniform() {
    const uint32_t a = u32();
    return u01_double(a, u32());
  }
  /** (0, 1]: 1 - uniform(), exact in double. */
  __device__ __forceinline__ double uniform_pos() { return 1.0 - uniform(); }
};

/** Lemire's nearly-divisionless unbounded-free method: uniform in [0, rng] (rng inclusive). */
__device__ __forceinline__ uint32_t bounded32(Stream& s, uint32_t rng) {
  if (rng == 0xFFFFFFFFu) return s.u32();
  const uint32_t range = rng + 1u;
  uint64_t m = (uint64_t)s.u32() * (uint64_t)range;
  uint32_t l = (uint32_t)m;
  if (l < range) {
    const uint32_t t = (0u - range) % range;
    while (l < t) {
      m = (uint64_t)s.u32() * (uint64_t)range;
      l = (uint32_t)m;
    }
  }
  return (uint32_t)(m >> 32);
}

/** 64-bit Lemire: exact through the full 64x64 -> 128-bit product. */
__device__ __forceinline__ uint64_t bounded64(Stream& s, uint64_t rng) {
  if (rng <= 0xFFFFFFFFull) return (uint64_t)bounded32(s, (uint32_t)rng);
  if (rng == 0xFFFFFFFFFFFFFFFFull) return s.u64();
  const uint64_t range = rng + 1u;
  uint64_t x = s.u64();
  uint64_t l = x * range;
  if (l < range) {
    const uint64_t t = (0ull - range) % range;
    while (l < t) {
      x = s.u64();
      l = x * range;
    }
  }
  return mulhi64(x, range);
}

}  // namespace rng
}  // namespace gpa
