// standardNormal float32 256M (issue #19): normal-tma-probe's `probe_range4` (each warp a
// contiguous range of 2 KB chunks) gives gp's fill's bits 7% faster than gp's fill. Here its code
// takes gp's features one at a time, to find the one that costs: R1 the counter's low word as an
// argument (added to every block index), R2 also the upper words, R3 also gp's prologue (the
// general path's call for unlisted calls and the last partial group), R4 chunks a grid-stride
// apart (gp's walk) instead of ranges. Each must give gp's fill's bits (counter 0). Device time
// (CUDA events, median of 15).   node dist/bench/probes/normal-transplant-probe.js
import * as gp from '../../lib/index.js';
import { gpFill, keys, KEYS, N, opts, prelude, sms, time } from './normal-probe-kit.js';

const out = gp.empty([N], 'float32');
const gp0 = gpFill(out);
gp0.run();
const ref = out.copy();

interface Shape {
  lowArg: boolean;
  highArgs: boolean;
  prologue: boolean;
  range: boolean;
}
const kernel = (name: string, s: Shape) => `
extern "C" __global__ void __launch_bounds__(256, 4) ${name}(float* out, long long n, ${KEYS}, unsigned int q0, unsigned int q1, unsigned int q2, unsigned int q3, int vec) {
  K10;
  const u32x4 pos = {${s.lowArg ? 'q0' : '0u'}, ${s.highArgs ? 'q1, q2, q3' : '0u, 0u, 0u'}};
  const ZigEntry32* t = zig_stage(ZIG32);
  const ZigCall<float, ZigEntry32> cc = {out, ka0, kb0, pos, t, ZIG_FI};
  ${
    s.prologue
      ? `if (!zig_listed(vec, pos, n, 1)) {
    zig_general_f32(cc, n, K, 0, vec);
    return;
  }
  if (n & 3) zig_general_f32(cc, n, K, n >> 2, vec);`
      : ''
  }
  __shared__ ZigQueue<63> qs[8];
  const uint32_t warp = threadIdx.x >> 5, lane = threadIdx.x & 31u;
  ZigQueue<63>& q = qs[warp];
  f32x4* o = reinterpret_cast<f32x4*>(out);
  uint32_t cnt = 0;
  const uint32_t G = (uint32_t)(n >> 2), C = G >> 7, W = (blockDim.x >> 5) * gridDim.x;
  const auto finish = [&](uint32_t g, uint32_t bit) {
    const uint32_t gg = g + 32u * (bit >> 2), j = bit & 3u;
    out[4 * (uint64_t)gg + j] = zig_finish(cc, 4 * (uint64_t)gg + j, word_of(philox4x32_10(u32x4{pos.x + gg, pos.y, pos.z, pos.w}, K), j));
  };
  const uint32_t w0 = blockIdx.x * (blockDim.x >> 5) + warp, per = (C + W - 1) / W;
  for (uint32_t i = 0, c = ${s.range ? 'w0 * per' : 'w0'}; ${s.range ? 'i < per && c < C' : 'c < C'}; i++, c += ${s.range ? '1u' : 'W'}) {
    u32x4 b[4];
#pragma unroll
    for (int u = 0; u < 4; u++) b[u] = philox4x32_10(u32x4{pos.x + (c << 7) + 32u * u + lane, pos.y, pos.z, pos.w}, K);
    uint32_t bits = 0;
#pragma unroll
    for (int u = 0; u < 4; u++) {
      uint32_t rej;
      const f32x4 x = zig4_f32(b[u], t, &rej);
      bits |= rej << (4 * u);
      o[(c << 7) + 32u * u + lane] = x;
    }
    zig_push(q, cnt, (c << 7) + lane, bits);
    if (cnt > 31u) zig_drain(q, cnt, 31u, finish);
  }
  zig_drain(q, cnt, 0u, finish);
}`;
const shapes: Record<string, Shape> = {
  probe_r0: { lowArg: false, highArgs: false, prologue: false, range: true },
  probe_r1: { lowArg: true, highArgs: false, prologue: false, range: true },
  probe_r2: { lowArg: true, highArgs: true, prologue: false, range: true },
  probe_r3: { lowArg: true, highArgs: true, prologue: true, range: true },
  probe_r4: { lowArg: true, highArgs: true, prologue: true, range: false },
};
const src = `${prelude()}\n${Object.entries(shapes)
  .map(([name, s]) => kernel(name, s))
  .join('\n')}`;
const args = [out, N, ...keys, 0, 0, 0, 0, 1];
const perSms = (process.env.PROBE_PER_SM ?? '56,64').split(',').map(Number);
const variants = Object.keys(shapes).map((name) => ({ name, k: gp.RawKernel(src, name, opts) }));
for (let round = 0; round < 2; round++) {
  console.log(`gp's fill ${gp0.geo[0]}x${gp0.geo[1]}: ${time(gp0.run).toFixed(4)} ms`);
  for (const { name, k } of variants) {
    for (const perSm of perSms) {
      out.fill(0);
      k(sms * perSm, 256, args);
      const same = gp.arrayEqual(out, ref) ? 'same bits' : 'DIFFERENT';
      console.log(`${name} ${perSm}/SM: ${time(() => k(sms * perSm, 256, args)).toFixed(4)} ms ${same}`);
    }
  }
}
out.dispose();
ref.dispose();
