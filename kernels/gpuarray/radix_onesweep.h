// radix_sort.h's passes: radix_onesweep (a tile ranked stably, its runs placed by decoupled
// look-back, written out in digit order) and radix_finish (when no pass runs).
#pragma once
#include "gpuarray/radix_common.h"

namespace gpa {

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
