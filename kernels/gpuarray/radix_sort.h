// A stable least-significant-digit radix sort, 8 bits a pass, of 32- or 64-bit words, alone or
// carrying values. A word is either a dtype's raw bits, put in NumPy's order on the fly
// (radix_order_key: unsigned as is, signed with the sign bit flipped, floats by gpa::radix_key_f*)
// or a key made beforehand (kind 0). One sort is:
//   radix_histograms  one read of the input: every pass's 256 digit counts at once
//   radix_plan        per pass: where each digit's run starts (exclusive scan of the counts);
//                     whether the pass is trivial (every key has the same digit: the pass would be
//                     the identity, so it is skipped); which buffers each pass reads and writes
//   radix_onesweep    one launch per pass: a tile ranks its keys stably, learns where its runs
//                     start from the tiles before it (decoupled look-back), and writes keys and
//                     values out through shared memory in digit order, so runs are coalesced
//   radix_finish      only when no pass runs: the input (or the iota values) to the output
// Buffers: the input is only read (by the first pass that runs). Keys alone, and values, go
// in -> B/out alternating, so that the last pass lands in out; the keys of pairs go
// in -> B -> C -> B ... and the last pass writes none (no caller needs them).
//
// Look-back: tiles are numbered in the order blocks take them (a ticket; blocks loop until the
// tiles run out), so a tile only waits for tiles that running blocks own: no deadlock on the GPU
// (a block that holds a ticket is resident) nor on the cpu backend (an earlier ticket on the same
// OS thread is done; one on another OS thread is running). A tile publishes per digit one 64-bit
// word, (tag << 32) | count: tag 2 * pass + 1 for its own count, 2 * pass + 2 for the inclusive
// prefix over tiles 0..it. Flag and value travel in one word (no fence between them), and tags
// grow from pass to pass, so the words are zeroed once per sort.
#pragma once
#include "gpuarray/radix_keys.h"

#define GPA_RADIX_THREADS 256
#define GPA_RADIX_WARPS (GPA_RADIX_THREADS / 32)
#define GPA_RADIX_MAX_PASSES 8
#define GPA_RADIX_HIST_ITEMS 8
// ctrl bits of a pass (radix_plan); j is its index among the k passes that run.
#define GPA_RADIX_SKIP 1u    // trivial: not run
#define GPA_RADIX_FIRST 2u   // j == 0: reads the input
#define GPA_RADIX_LAST 4u    // j == k - 1
#define GPA_RADIX_ODD 8u     // j odd: the keys of pairs go B -> C, else (C or in) -> B
#define GPA_RADIX_TO_OUT 16u // k - 1 - j even: keys alone / values go to out, else to B

namespace gpa {

// A tile is 256 threads x ITEMS keys: 4096 32-bit keys, 2048 64-bit ones, so that keys and values
// staged in shared memory take at most 32 KB (with the counters, under the 48 KB static limit).
template <typename K>
struct RadixTile {
  static constexpr int ITEMS = sizeof(K) == 8 ? 8 : 16;
  static constexpr int SIZE = GPA_RADIX_THREADS * ITEMS;
};

// The meta words of one sort (u32, after the tiles * 256 look-back words, zeroed with them):
//   bins[passes][256]  digit counts (radix_histograms), then their exclusive scan (radix_plan)
//   ctrl[passes + 1]   per pass GPA_RADIX_* bits; ctrl[passes] = 1 when no pass runs
//   tickets[passes]    the tile counter of each pass
__device__ __forceinline__ unsigned int* radix_meta(unsigned long long* look, long long tiles) { return (unsigned int*)(look + tiles * 256); }

// NumPy's order of raw bits as an unsigned key: kind 0 unsigned (or a made key), 1 signed, 2 float.
__device__ __forceinline__ unsigned int radix_order_key(unsigned int u, int kind) {
  return kind == 2 ? radix_key_f32(u) : kind == 1 ? (u ^ 0x80000000u) : u;
}
__device__ __forceinline__ unsigned long long radix_order_key(unsigned long long u, int kind) {
  return kind == 2 ? radix_key_f64(u) : kind == 1 ? (u ^ 0x8000000000000000ull) : u;
}

template <typename K>
__device__ __forceinline__ unsigned int radix_digit(K k, int kind, int shift) {
  return (unsigned int)(radix_order_key(k, kind) >> shift) & 255u;
}

__device__ __forceinline__ unsigned int radix_warp_or(unsigned int v) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
  for (int o = 16; o > 0; o >>= 1) v |= __shfl_xor_sync(0xffffffffu, v, o);
  return v;
#else
  return __reduce_or_sync(0xffffffffu, v);
#endif
}

// The lanes of the warp whose digit equals this lane's: eight ballots, one per digit bit (what
// CUB's onesweep ranking does), or the match instruction (GPA_RADIX_PEERS_MATCH; and on the cpu
// backend, where each warp intrinsic is one round of the block's fibers). Both give the same mask.
__device__ __forceinline__ unsigned int radix_peers_ballot(unsigned int d) {
  unsigned int m = 0xffffffffu;
  for (int b = 0; b < 8; ++b) {
    const unsigned int v = __ballot_sync(0xffffffffu, (d >> b) & 1u);
    m &= ((d >> b) & 1u) ? v : ~v;
  }
  return m;
}
#ifndef GPA_RADIX_PEERS_MATCH
#define GPA_RADIX_PEERS_MATCH 0
#endif
__device__ __forceinline__ unsigned int radix_peers(unsigned int d) {
#if defined(GPA_HOST) || GPA_RADIX_PEERS_MATCH
  return __match_any_sync(0xffffffffu, d);
#else
  return radix_peers_ballot(d);
#endif
}
// v's low bits into out[pos], an array of `bytes`-byte elements (raw payload bits, or uint32
// indices widened to int64).
template <typename V>
__device__ __forceinline__ void radix_store(void* out, long long pos, V v, int bytes) {
  switch (bytes) {
    case 1: ((unsigned char*)out)[pos] = (unsigned char)v; break;
    case 2: ((unsigned short*)out)[pos] = (unsigned short)v; break;
    case 4: ((unsigned int*)out)[pos] = (unsigned int)v; break;
    default: ((unsigned long long*)out)[pos] = (unsigned long long)v; break;
  }
}

// Exclusive prefix sum of one value per thread over the block (WARPS warps); every thread calls.
// Contains one barrier; warpTot (WARPS words of shared memory) is free again after the caller's
// next barrier.
template <int WARPS = GPA_RADIX_WARPS>
__device__ __forceinline__ unsigned int radix_block_exclusive(unsigned int v, unsigned int* warpTot) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  unsigned int inc = v;
  for (int o = 1; o < 32; o <<= 1) {
    const unsigned int y = __shfl_up_sync(0xffffffffu, inc, o);
    if (lane >= o) inc += y;
  }
  if (lane == 31) warpTot[warp] = inc;
  __syncthreads();
  unsigned int before = 0;
  for (int w = 0; w < warp; ++w) before += warpTot[w];
  return before + inc - v;
}

// Every pass's digit counts, added into bins (zeroed). Grid-stride over chunks of 256 x 8 keys.
// Skewed data must not serialize the shared atomics on a few counters: a warp whose 32 keys share
// a pass's digit (the low bytes of rounded floats, small ints) adds them with one atomic, and
// otherwise lanes count into one of COPIES copies of each counter (lane % COPIES), laid out
// [pass][digit][copy] so that the copies of one counter sit in different banks.
template <typename K>
struct RadixHistogram {
  static constexpr int COPIES = sizeof(K) == 8 ? 4 : 8;  // 32 KB for 8 or 4 passes
  static constexpr int WORDS = (sizeof(K) == 8 ? 8 : 4) * 256 * COPIES;
};

template <int KIND, int HIST_ITEMS, typename K>
__device__ __forceinline__ void radix_histograms_kind(const K* in, unsigned int* h, long long n, int passes) {
  constexpr int COPIES = RadixHistogram<K>::COPIES;
  const int t = threadIdx.x, lane = t & 31;
  const long long chunk = (long long)GPA_RADIX_THREADS * HIST_ITEMS;
  for (long long base = (long long)blockIdx.x * chunk; base < n; base += (long long)gridDim.x * chunk) {
    K k[HIST_ITEMS];
    for (int i = 0; i < HIST_ITEMS; ++i) {
      const long long idx = base + (long long)i * GPA_RADIX_THREADS + t;
      k[i] = idx < n ? in[idx] : (K)0;
    }
    for (int i = 0; i < HIST_ITEMS; ++i) {
      const long long w0 = base + (long long)i * GPA_RADIX_THREADS + (t & ~31);  // the warp's lane 0
      if (w0 >= n) continue;  // the same for the whole warp
      const int valid = n - w0 < 32 ? (int)(n - w0) : 32;
      const K key = radix_order_key(k[i], KIND);
      const K k0 = __shfl_sync(0xffffffffu, key, 0);
      const K kk = lane < valid ? key : k0;
      // Bits in which some key of the warp differs from lane 0's.
      const unsigned long long diff = (unsigned long long)(kk ^ k0);
      const unsigned int lo = radix_warp_or((unsigned int)diff);
      const unsigned int hi = sizeof(K) == 8 ? radix_warp_or((unsigned int)(diff >> 32)) : 0u;
#pragma unroll
      for (int p = 0; p < (int)sizeof(K); ++p) {
        if (p >= passes) break;
        const int s = 8 * p;
        const unsigned int varies = (s < 32 ? lo >> s : hi >> (s - 32)) & 255u;
        unsigned int* c = h + (p * 256 + ((unsigned int)(kk >> s) & 255u)) * COPIES;
        if (varies == 0u) {
          if (lane == 0) atomicAdd(c, (unsigned int)valid);
        } else if (lane < valid) {
          atomicAdd(c + lane % COPIES, 1u);
        }
      }
    }
  }
}

// 256 threads a block; HIST_ITEMS keys a thread per grid-stride step.
template <typename K, int HIST_ITEMS = GPA_RADIX_HIST_ITEMS>
__device__ void radix_histograms(const K* in, unsigned int* bins, long long n, int passes, int kind) {
  constexpr int COPIES = RadixHistogram<K>::COPIES;
  __shared__ unsigned int h[RadixHistogram<K>::WORDS];
  const int t = threadIdx.x;
  for (int j = t; j < passes * 256 * COPIES; j += GPA_RADIX_THREADS) h[j] = 0;
  __syncthreads();
  // One loop per kind: the kind is tested once, not once a key.
  if (kind == 2)
    radix_histograms_kind<2, HIST_ITEMS>(in, h, n, passes);
  else if (kind == 1)
    radix_histograms_kind<1, HIST_ITEMS>(in, h, n, passes);
  else
    radix_histograms_kind<0, HIST_ITEMS>(in, h, n, passes);
  __syncthreads();
  for (int p = 0; p < passes; ++p) {
    unsigned int c = 0;
    for (int j = 0; j < COPIES; ++j) c += h[(p * 256 + t) * COPIES + j];
    if (c) atomicAdd(&bins[p * 256 + t], c);
  }
}

// One block of 256 threads: digit offsets, skipped passes and each pass's buffers (see above).
__device__ void radix_plan(unsigned int* meta, long long n, int passes) {
  __shared__ unsigned int warpTot[GPA_RADIX_WARPS];
  __shared__ int trivial[GPA_RADIX_MAX_PASSES];
  const int t = threadIdx.x;
  for (int p = 0; p < passes; ++p) {
    const unsigned int c = meta[p * 256 + t];
    const int triv = __syncthreads_or(c == (unsigned int)n);
    meta[p * 256 + t] = radix_block_exclusive(c, warpTot);
    if (t == 0) trivial[p] = triv;
  }
  __syncthreads();
  if (t == 0) {
    unsigned int* ctrl = meta + passes * 256;
    int k = 0;
    for (int p = 0; p < passes; ++p) k += !trivial[p];
    int j = 0;
    for (int p = 0; p < passes; ++p) {
      if (trivial[p]) {
        ctrl[p] = GPA_RADIX_SKIP;
        continue;
      }
      ctrl[p] = (j == 0 ? GPA_RADIX_FIRST : 0u) | (j == k - 1 ? GPA_RADIX_LAST : 0u) | ((j & 1) ? GPA_RADIX_ODD : 0u) |
                (((k - 1 - j) & 1) == 0 ? GPA_RADIX_TO_OUT : 0u);
      ++j;
    }
    ctrl[passes] = k == 0 ? 1u : 0u;
  }
}

// The digits of a thread's keys (255 past the tile's count) into the high half of rank: one loop
// per kind, so the kind's test is made once a tile rather than once a key.
template <int KIND, typename K, int ITEMS>
__device__ __forceinline__ void radix_tile_digits(const K (&key)[ITEMS], unsigned int (&rank)[ITEMS], int mine, int count, int shift) {
  for (int i = 0; i < ITEMS; ++i) rank[i] = (mine + 32 * i < count ? radix_digit(key[i], KIND, shift) : 255u) << 16;
}

// The shared memory of one pass kernel: the staged keys (and values), the per-warp digit counters
// (in one union when both would not fit beside each other under the 48 KB static limit: the
// counters are then turned into tile positions, in registers, before the keys are staged), the
// staged keys' digits, each digit's global offset.
template <typename K, typename V, bool PAIRS, int THREADS, int ITEMS>
struct OnesweepSmem {
  static constexpr int WARPS = THREADS / 32;
  static constexpr int TILE = THREADS * ITEMS;
  static constexpr int STAGE = TILE * (int)sizeof(K) + (PAIRS ? TILE * (int)sizeof(V) : 0);
  static constexpr int COUNTS = WARPS * 256 * 4;
  static constexpr int REST = TILE + 256 * 4 + WARPS * 4 + 16;
  static constexpr bool UNION = STAGE + COUNTS + REST > 48 * 1024 - 256;
  static constexpr int BYTES = UNION ? (STAGE > COUNTS ? STAGE : COUNTS) : STAGE + COUNTS;
  static_assert(BYTES + REST <= 48 * 1024 - 256, "the tile does not fit in 48 KB of static shared memory");
};

// One pass. Blocks loop over tiles of THREADS x ITEMS keys, taken by ticket (PREFETCH: the next
// tile's ticket is taken while this one is worked on, so its latency is hidden). Thread layout:
// warp w holds the tile's elements w * 32 * ITEMS + 32 * i + lane (i < ITEMS), so loads are
// coalesced and a warp's items in order are the tile's elements in order. Ranking is stable: a warp
// ranks its items one 32-key step at a time (radix_peers groups the lanes of one digit; the group's
// highest lane adds the group to the warp's counter of that digit: no two lanes of a step add to
// one counter, so skewed digits cause no atomic conflicts), so a key's place is
// (digit, warp, step, lane) = (digit, index). Keys past n get digit 255 and the highest indices:
// they rank last and are never written. Threads 0..255 own one digit each for the counts and the
// look-back, which reads LOOKBACK predecessor tiles at once (nearest first, up to the nearest
// inclusive prefix). Defaults: the shape the library shipped with (256 threads, 16 or 8 keys).
template <typename K, typename V, bool PAIRS, int THREADS = GPA_RADIX_THREADS, int ITEMS = RadixTile<K>::ITEMS, int LOOKBACK = 1, bool PREFETCH = false>
__device__ void radix_onesweep(const K* kIn, K* kB, K* kC, const V* vIn, V* vB, void* out, unsigned long long* look, long long n, long long tiles, int shift, int pass, int passes, int kind, int outBytes, int iota) {
  static_assert(THREADS % 32 == 0 && THREADS >= 256 && THREADS <= 1024, "a thread per digit, whole warps");
  static_assert(32 * ITEMS < 65536 && LOOKBACK >= 1, "ranks in 16 bits");
  typedef OnesweepSmem<K, V, PAIRS, THREADS, ITEMS> L;
  constexpr int WARPS = L::WARPS, TILE = L::TILE;
  constexpr bool UNION = L::UNION;
  __shared__ __align__(16) unsigned char smem[L::BYTES];
  K* stageK = reinterpret_cast<K*>(smem);
  V* stageV = reinterpret_cast<V*>(smem + TILE * sizeof(K));
  unsigned int* wflat = reinterpret_cast<unsigned int*>(smem + (UNION ? 0 : L::STAGE));
  unsigned int (*wcnt)[256] = reinterpret_cast<unsigned int (*)[256]>(wflat);  // per-warp digit counters, then each warp's run start in the tile
  __shared__ unsigned int gofs[256];          // element j of digit d of the staged tile goes to gofs[d] + j
  __shared__ unsigned int warpTot[WARPS];
  __shared__ unsigned int tileSh[2];
  __shared__ unsigned char stageD[TILE];  // the staged keys' digits (not recomputed on the way out)
  unsigned int* meta = radix_meta(look, tiles);
  const unsigned int* bins = meta + pass * 256;
  unsigned int* ctrl = meta + passes * 256;
  unsigned int* ticket = ctrl + passes + 1 + pass;
  const unsigned int c = ctrl[pass];
  if (c & GPA_RADIX_SKIP) return;
  const bool first = (c & GPA_RADIX_FIRST) != 0, last = (c & GPA_RADIX_LAST) != 0;
  const bool odd = (c & GPA_RADIX_ODD) != 0, toOut = (c & GPA_RADIX_TO_OUT) != 0;
  const K* ksrc;
  K* kdst;
  if (PAIRS) {
    ksrc = first ? kIn : odd ? kB : kC;
    kdst = odd ? kC : kB;
  } else {
    ksrc = first ? kIn : toOut ? kB : (const K*)out;
    kdst = toOut ? (K*)out : kB;
  }
  const V* vsrc = first ? vIn : toOut ? vB : (const V*)out;
  V* vdst = toOut ? (V*)out : vB;
  const int t = threadIdx.x, lane = t & 31, warp = t >> 5;
  const bool owner = THREADS == 256 || t < 256;  // owns digit t
  const int mine = warp * 32 * ITEMS + lane;     // this thread's item 0, in the tile
  const unsigned long long epoch = 2ull * (unsigned)pass;
  if (PREFETCH && t == 0) tileSh[0] = atomicAdd(ticket, 1u);

  for (unsigned int it = 0;; ++it) {
    if (!PREFETCH && t == 0) tileSh[0] = atomicAdd(ticket, 1u);
    for (int j = t; j < WARPS * 256; j += THREADS) wflat[j] = 0;
    __syncthreads();
    const unsigned int tile = tileSh[PREFETCH ? (it & 1u) : 0u];
    if (tile >= tiles) return;
    const long long start = (long long)tile * TILE;
    const long long rest = n - start;
    const int count = rest < TILE ? (int)rest : TILE;  // keys in this tile

    K key[ITEMS];
    V val[ITEMS];
    unsigned int rank[ITEMS];
    const bool full = count == TILE;
    for (int i = 0; i < ITEMS; ++i) key[i] = full || mine + 32 * i < count ? ksrc[start + mine + 32 * i] : (K)0;
    unsigned int nextTile = 0;
    if (PREFETCH && t == 0) nextTile = atomicAdd(ticket, 1u);  // used at the end of the tile
    if (kind == 2)
      radix_tile_digits<2>(key, rank, mine, count, shift);
    else if (kind == 1)
      radix_tile_digits<1>(key, rank, mine, count, shift);
    else
      radix_tile_digits<0>(key, rank, mine, count, shift);
    for (int i = 0; i < ITEMS; ++i) {
      const unsigned int d = rank[i] >> 16;
      const unsigned int peers = radix_peers(d);
      const int leader = 31 - __clz((int)peers);
      unsigned int before = 0;
      if (lane == leader) before = atomicAdd(&wcnt[warp][d], (unsigned int)__popc(peers));
      before = __shfl_sync(0xffffffffu, before, leader);
      // The digit rides in the high half (rank < 32 * ITEMS): no separate register per item.
      rank[i] |= before + (unsigned int)__popc(peers & ((1u << lane) - 1u));
    }
    // Values only now (fewer registers during the ranking); they arrive while the tile's counts
    // are scanned and looked back.
    if (PAIRS) {
      if (iota && first)
        for (int i = 0; i < ITEMS; ++i) val[i] = (V)(start + mine + 32 * i);
      else
        for (int i = 0; i < ITEMS; ++i) val[i] = full || mine + 32 * i < count ? vsrc[start + mine + 32 * i] : (V)0;
    }
    __syncthreads();

    // Thread t owns digit t: the tile's count of it, published at once for the tiles after this one.
    unsigned int cnt = 0;
    volatile unsigned long long* pub = look + (long long)tile * 256 + t;
    if (owner) {
      for (int w = 0; w < WARPS; ++w) {
        const unsigned int x = wcnt[w][t];
        wcnt[w][t] = cnt;
        cnt += x;
      }
      *pub = ((epoch + (tile == 0 ? 2u : 1u)) << 32) | cnt;
    }
    const unsigned int lstart = radix_block_exclusive<WARPS>(owner ? cnt : 0u, warpTot);  // where digit t's run starts in the tile
    if (owner)
      for (int w = 0; w < WARPS; ++w) wcnt[w][t] += lstart;
    __syncthreads();
    if (UNION) {
      // Tile positions into the registers before the staged keys overwrite the counters.
      for (int i = 0; i < ITEMS; ++i) rank[i] = (rank[i] & 0xffff0000u) | (wcnt[warp][rank[i] >> 16] + (rank[i] & 0xffffu));
      __syncthreads();
    }

    // Stage keys and values in digit order; meanwhile thread t looks back for digit t.
    for (int i = 0; i < ITEMS; ++i) {
      const unsigned int r = UNION ? (rank[i] & 0xffffu) : wcnt[warp][rank[i] >> 16] + (rank[i] & 0xffffu);
      stageK[r] = key[i];
      stageD[r] = (unsigned char)(rank[i] >> 16);
      if (PAIRS) stageV[r] = val[i];
    }
    if (owner) {
      unsigned int before = 0;
      if (tile > 0) {
        long long p = (long long)tile - 1;
        for (;;) {
          // LOOKBACK predecessors at once (tile 0, always inclusive, ends every walk before p < 0).
          unsigned long long w[LOOKBACK];
#pragma unroll
          for (int j = 0; j < LOOKBACK; ++j) w[j] = p - j >= 0 ? *(const volatile unsigned long long*)(look + (p - j) * 256 + t) : ((epoch + 2ull) << 32);
          // Nearest first: add counts up to the nearest inclusive prefix or the first word not yet
          // published in this pass (polled again from there).
          int used = 0;
          bool done = false;
#pragma unroll
          for (int j = 0; j < LOOKBACK; ++j) {
            if (used == j && !done && (w[j] >> 32) > epoch) {
              before += (unsigned int)w[j];
              used = j + 1;
              done = (w[j] >> 32) == epoch + 2u;
            }
          }
          if (done) break;
          p -= used;
        }
        *pub = ((epoch + 2u) << 32) | (unsigned long long)(before + cnt);
      }
      gofs[t] = bins[t] + before - lstart;
    }
    if (PREFETCH && t == 0) tileSh[(it + 1u) & 1u] = nextTile;
    __syncthreads();

    // Out in tile order: consecutive threads write consecutive elements of a digit's run.
    for (int k = 0; k < ITEMS; ++k) {
      const int j = k * THREADS + t;
      if (j >= count) break;
      const K kk = stageK[j];
      const unsigned int pos = gofs[stageD[j]] + (unsigned int)j;
      if (!PAIRS) {
        kdst[pos] = kk;
      } else {
        if (!last) kdst[pos] = kk;
        if (last)
          radix_store(out, pos, stageV[j], outBytes);
        else
          vdst[pos] = stageV[j];
      }
    }
    // The next tile's first writes of shared memory that this tile still reads (wcnt, warpTot,
    // stage, gofs, tileSh) come after barriers every thread passes after reading; except that
    // in a union the counters the next tile zeroes are the stage read just above.
    if (UNION) __syncthreads();
  }
}

// No pass runs (every key equal in the sorted bits; or n < 2, force): the input to the output.
template <typename K, typename V, bool PAIRS>
__device__ void radix_finish(const K* kIn, const V* vIn, void* out, unsigned long long* look, long long n, long long tiles, int passes, int outBytes, int iota, int force) {
  if (!force && radix_meta(look, tiles)[passes * 256 + passes] == 0u) return;
  for (long long i : grid_range(n)) {
    if (PAIRS)
      radix_store(out, i, iota ? (V)i : vIn[i], outBytes);
    else
      ((K*)out)[i] = kIn[i];
  }
}

}  // namespace gpa
