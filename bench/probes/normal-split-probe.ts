// standardNormal float32 256M (issue #19) as two kernels instead of one: the ziggurat's fast loop
// stores every group's fast-path values and a bit a word for the rejected ones (a 16-bit mask per
// lane and step of 4 groups), then a second kernel reads the masks, queues the rejected words a
// warp at a time and finishes each on its element's substream. The fast loop then carries no
// queue (no vote, no finishing code, fewer registers). Each variant must give gp's own fill's
// bits. Device time (CUDA events, median of 15).
//   node dist/bench/probes/normal-split-probe.js
import * as gp from '../../lib/index.js';
import { gpFill, keys, KEYS, N, opts, prelude, sms, time } from './normal-probe-kit.js';

const out = gp.empty([N], 'float32');
const G = N / 4;
const chunks = Math.ceil(G / 128);
const mask = gp.empty([chunks * 32], 'uint16');

const gp0 = gpFill(out);
gp0.run();
const ref = out.copy();
console.log(`gp's fill ${gp0.geo[0]}x${gp0.geo[1]}: ${time(gp0.run).toFixed(4)} ms`);

const src = (mb1: number, mb2: number) => `${prelude()}
// Chunk c: groups 128 c + 32 u + lane (u < 4) of one warp; mask word 32 c + lane: bits 4u..4u+3.
extern "C" __global__ void __launch_bounds__(256, ${mb1}) probe_zm1(float* out, long long n, ${KEYS}, unsigned short* mask) {
  K10;
  const ZigEntry32* t = zig_stage(ZIG32);
  f32x4* o = reinterpret_cast<f32x4*>(out);
  const uint32_t G = (uint32_t)(n >> 2), lane = threadIdx.x & 31u;
  const uint32_t W = (blockDim.x >> 5) * gridDim.x, C = (G + 127u) >> 7;
  for (uint32_t c = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5); c < C; c += W) {
    u32x4 b[4];
    chunk_blocks(b, c, lane, K);
    uint32_t m = 0;
#pragma unroll
    for (int u = 0; u < 4; u++) {
      const uint32_t g = (c << 7) + 32u * u + lane;
      uint32_t rej;
      const f32x4 v = zig4_f32(b[u], t, &rej);
      if (g < G) {
        o[g] = v;
        m |= rej << (4 * u);
      }
    }
    mask[(c << 5) + lane] = (unsigned short)m;
  }
}
extern "C" __global__ void __launch_bounds__(256, ${mb2}) probe_zm2(float* out, long long n, ${KEYS}, const unsigned short* mask) {
  K10;
  const ZigEntry32* t = zig_stage(ZIG32);
  const ZigCall<float, ZigEntry32> cc = {out, ka0, kb0, u32x4{0u, 0u, 0u, 0u}, t, ZIG_FI};
  const uint32_t G = (uint32_t)(n >> 2), C = (G + 127u) >> 7, M = C << 4;
  const unsigned int* m32 = reinterpret_cast<const unsigned int*>(mask);
  __shared__ ZigQueue<31 + 32 * 8> qs[8];
  ZigQueue<31 + 32 * 8>& q = qs[threadIdx.x >> 5];
  uint32_t cnt = 0;
  const uint32_t S = blockDim.x * gridDim.x, lane = threadIdx.x & 31u;
  const auto finish = [&](uint32_t g, uint32_t j) {
    out[4 * (uint64_t)g + j] = zig_finish(cc, 4 * (uint64_t)g + j, word_of(philox4x32_10(u32x4{g, 0u, 0u, 0u}, K), j));
  };
  for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i - lane < M; i += S) {
    const uint32_t w = i < M ? m32[i] : 0u;
#pragma unroll
    for (int h = 0; h < 2; h++) {
      const uint32_t mw = 2u * i + (uint32_t)h, c = mw >> 5, l = mw & 31u, bits = (w >> (16 * h)) & 0xffffu;
#pragma unroll
      for (int u = 0; u < 4; u++) zig_push(q, cnt, (c << 7) + 32u * u + l, (bits >> (4 * u)) & 15u);
    }
    zig_drain(q, cnt, 31u, finish);
  }
  zig_drain(q, cnt, 0u, finish);
}`;

const args = [out, N, ...keys, mask];
for (const [mb1, mb2] of [[4, 4], [8, 4], [6, 4]]) {
  const s = src(mb1, mb2);
  const k1 = gp.RawKernel(s, 'probe_zm1', opts);
  const k2 = gp.RawKernel(s, 'probe_zm2', opts);
  for (const b1 of [8, 16, 32]) {
    for (const b2 of [4, 8]) {
      out.fill(0);
      k1(sms * b1, 256, args);
      k2(sms * b2, 256, args);
      const same = gp.arrayEqual(out, ref) ? 'same bits' : 'DIFFERENT';
      const both = time(() => {
        k1(sms * b1, 256, args);
        k2(sms * b2, 256, args);
      });
      const t1 = time(() => k1(sms * b1, 256, args));
      const t2 = time(() => k2(sms * b2, 256, args));
      console.log(`bounds ${mb1}/${mb2}, fast ${b1}/SM, finish ${b2}/SM: both ${both.toFixed(4)} ms (fast loop ${t1.toFixed(4)}, finish ${t2.toFixed(4)}) ${same}`);
    }
  }
}
out.dispose();
mask.dispose();
ref.dispose();
