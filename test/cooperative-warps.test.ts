// Warp intrinsics (shuffles, votes, reductions, matches): the same CUDA C on every backend (on
// the cpu backend a block's threads run as fibers, warps of 32), each result checked against a
// host reference written from CUDA's documented semantics.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { RawModule } from '../lib/index.js';
import { describeEachDevice, rng } from './helpers.js';

const WARPS = String.raw`
extern "C" __global__ void warp_shuffles(const int* x, int* out) {
  int t = threadIdx.x, lane = t & 31, v = x[t];
  int down = v;
  for (int o = 16; o > 0; o >>= 1) down += __shfl_down_sync(0xffffffffu, down, o);
  int all = v;
  for (int o = 16; o > 0; o >>= 1) all += __shfl_xor_sync(0xffffffffu, all, o);
  int scan = v;
  for (int o = 1; o < 32; o <<= 1) {
    int u = __shfl_up_sync(0xffffffffu, scan, o);
    if (lane >= o) scan += u;
  }
  // Lanes 0-15 meet on their own first; the full-warp shuffle after it waits for them.
  int low = 0;
  if (lane < 16) low = __shfl_xor_sync(0x0000ffffu, v, 8);
  int cross = __shfl_sync(0xffffffffu, v + low, lane ^ 16);
  int bcast = __shfl_sync(0xffffffffu, v, 3, 8);
  double d = __shfl_xor_sync(0xffffffffu, (double)v * 0.5, 1);
  int* o6 = out + 6 * t;
  o6[0] = down;
  o6[1] = all;
  o6[2] = scan;
  o6[3] = bcast;
  o6[4] = (int)(d * 2.0);
  o6[5] = cross;
}

extern "C" __global__ void votes(const int* x, unsigned int* out) {
  int t = threadIdx.x, p = x[t];
  unsigned int b = __ballot_sync(0xffffffffu, p > 0);
  int any = __any_sync(0xffffffffu, p > 40);
  int all = __all_sync(0xffffffffu, p >= 0);
  __syncwarp();
  unsigned int active = __activemask();
  unsigned int even = 0;
  if ((t & 1) == 0) even = __ballot_sync(0x55555555u, p > 0);
  unsigned int* o = out + 6 * t;
  o[0] = b;
  o[1] = any;
  o[2] = all;
  o[3] = active;
  o[4] = even;
  o[5] = __popc(b);
}

// Warp reductions (sm_80), matches (sm_70) and __uni_sync.
extern "C" __global__ void warp_reduce_match(const int* x, int* out) {
  int t = threadIdx.x, v = x[t];
  unsigned u = (unsigned)v;
  int* o = out + 9 * t;
  o[0] = __reduce_add_sync(0xffffffffu, v);
  o[1] = __reduce_min_sync(0xffffffffu, v);
  o[2] = (int)__reduce_max_sync(0xffffffffu, u);
  o[3] = (int)__reduce_or_sync(0xffffffffu, u & 0xffu);
  o[4] = (int)__reduce_xor_sync(0xffffffffu, u);
  o[5] = (int)__match_any_sync(0xffffffffu, v % 4);
  int pred = -1, pred2 = -1;
  o[6] = (int)__match_all_sync(0xffffffffu, 2.5, &pred);
  unsigned none = __match_all_sync(0xffffffffu, v % 4, &pred2);
  o[7] = pred * 10 + pred2 + (int)none;
  o[8] = __uni_sync(0xffffffffu, v > 0);
}

// A 2-D block: warps are 32 consecutive threads with x fastest.
extern "C" __global__ void warp_2d(int* out) {
  int lin = threadIdx.y * blockDim.x + threadIdx.x;
  out[lin] = __shfl_sync(0xffffffffu, lin * 10, 0);
}
`;

describeEachDevice('cooperative kernels: warp intrinsics', () => {
  let m: InstanceType<typeof RawModule>;
  before(function () {
    this.timeout(60_000);
    m = new RawModule({ code: WARPS });
    m.compile();
  });

  it('warp shuffles: down (tree reduction), xor (all-reduce), up (scan), indexed with width 8 after a divergent half-warp shuffle, an 8-byte value', () => {
    const n = 64;
    const r = rng(4);
    const host = Int32Array.from({ length: n }, () => Math.floor(r() * 1000) - 500);
    const out = gp.zeros(6 * n, 'int32');
    m.getFunction('warp_shuffles')(1, n, [gp.asarray(host), out]);
    const got = out.copyToHost() as Int32Array;
    for (let w = 0; w < n; w += 32) {
      const lanes = Array.from(host.subarray(w, w + 32));
      // CUDA: a source lane past the warp (down) gives the caller's own value.
      let down = lanes.slice();
      for (let o = 16; o > 0; o >>= 1) down = down.map((v, l) => v + (l + o < 32 ? down[l + o] : v));
      const total = lanes.reduce((s, v) => s + v, 0);
      let acc = 0;
      for (let l = 0; l < 32; l++) {
        acc += lanes[l];
        const row = Array.from(got.subarray(6 * (w + l), 6 * (w + l) + 6));
        const src = l ^ 16;
        const low = src < 16 ? lanes[src ^ 8] : 0;
        expect(row, `thread ${w + l}`).to.deep.equal([down[l], total, acc, lanes[(l & ~7) + 3], lanes[l ^ 1], lanes[src] + low]);
      }
    }
  });

  it('warp votes: __ballot_sync, __any_sync, __all_sync, __activemask, a divergent ballot with a partial mask', () => {
    const n = 64;
    const r = rng(5);
    // Warp 0 mixes signs; warp 1 is all positive and small.
    const host = Int32Array.from({ length: n }, (_, i) => (i < 32 ? Math.floor(r() * 60) - 20 : 1 + Math.floor(r() * 30)));
    const out = gp.zeros(6 * n, 'uint32');
    m.getFunction('votes')(1, n, [gp.asarray(host), out]);
    const got = out.copyToHost() as Uint32Array;
    for (let w = 0; w < n; w += 32) {
      const lanes = Array.from(host.subarray(w, w + 32));
      const bits = (pred: (v: number) => boolean, only = 0xffffffff) => lanes.reduce((b, v, l) => (pred(v) && (only >>> l) & 1 ? (b | (1 << l)) >>> 0 : b), 0);
      const ballot = bits((v) => v > 0);
      const even = bits((v) => v > 0, 0x55555555);
      for (let l = 0; l < 32; l++) {
        const row = Array.from(got.subarray(6 * (w + l), 6 * (w + l) + 6));
        expect(row, `thread ${w + l}`).to.deep.equal([
          ballot,
          lanes.some((v) => v > 40) ? 1 : 0,
          lanes.every((v) => v >= 0) ? 1 : 0,
          0xffffffff,
          l % 2 === 0 ? even : 0,
          ballot.toString(2).split('1').length - 1,
        ]);
      }
    }
  });

  it('warp reductions (__reduce_*_sync), matches (__match_any_sync, __match_all_sync) and __uni_sync', () => {
    const n = 64;
    const r = rng(9);
    const host = Int32Array.from({ length: n }, (_, i) => (i < 32 ? Math.floor(r() * 2000) - 1000 : 1 + Math.floor(r() * 900)));
    const out = gp.zeros(9 * n, 'int32');
    m.getFunction('warp_reduce_match')(1, n, [gp.asarray(host), out]);
    const got = out.copyToHost() as Int32Array;
    for (let w = 0; w < n; w += 32) {
      const lanes = Array.from(host.subarray(w, w + 32));
      const sum = lanes.reduce((a, v) => (a + v) | 0, 0);
      const min = Math.min(...lanes);
      const maxU = Math.max(...lanes.map((v) => v >>> 0)) | 0;
      const or = lanes.reduce((a, v) => a | (v & 0xff), 0);
      const xor = lanes.reduce((a, v) => a ^ v, 0);
      const uni = lanes.every((v) => v > 0) || lanes.every((v) => v <= 0) ? 1 : 0;
      for (let l = 0; l < 32; l++) {
        const same = lanes.reduce((b, v, k) => (v % 4 === lanes[l] % 4 ? (b | (1 << k)) >>> 0 : b), 0) | 0;
        const row = Array.from(got.subarray(9 * (w + l), 9 * (w + l) + 9));
        expect(row, `thread ${w + l}`).to.deep.equal([sum, min, maxU, or, xor, same, -1, 10, uni]);
      }
    }
  });

  it('warps of a 2-D block are 32 consecutive threads, x fastest', () => {
    const out = gp.zeros(64, 'int32');
    m.getFunction('warp_2d')(1, [16, 4], [out]);
    expect(Array.from(out.copyToHost() as Int32Array)).to.deep.equal(Array.from({ length: 64 }, (_, i) => (i < 32 ? 0 : 320)));
  });
});
