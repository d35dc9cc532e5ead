// standardNormal float32 256M (issue #19): how long the fill's instructions take without its
// stores. The same Philox chains (U 4 a step, gp's grid and launch bounds) and ziggurat draws as
// gp's fill, every value folded into one word a thread instead of stored; beside it Philox alone
// folded, and gp's fill itself. Device time (CUDA events, median of 15).
//   node dist/bench/probes/normal-compute-probe.js
import * as gp from '../../lib/index.js';
import { gpFill, keys, KEYS, N, opts, prelude, time } from './normal-probe-kit.js';

const out = gp.empty([N], 'float32');
const gp0 = gpFill(out);
const geo = gp0.geo;
const sink = gp.empty([geo[0] * geo[1]], 'uint32');

const body = (fold: string) => `{
  K10;
  const ZigEntry32* t = zig_stage(ZIG32);
  const uint32_t G = (uint32_t)(n >> 2), S = blockDim.x * gridDim.x;
  uint32_t acc = 0;
  for (uint32_t g = blockIdx.x * blockDim.x + threadIdx.x; g < G; g += 4u * S) {
    u32x4 b[4];
#pragma unroll
    for (int u = 0; u < 4; u++) b[u] = philox4x32_10(u32x4{g + (uint32_t)u * S, 0u, 0u, 0u}, K);
#pragma unroll
    for (int u = 0; u < 4; u++) { ${fold} }
  }
  sink[blockIdx.x * blockDim.x + threadIdx.x] = acc;
  (void)t;
}`;
const src = `${prelude()}
extern "C" __global__ void __launch_bounds__(256, 4) probe_draws(unsigned int* sink, long long n, ${KEYS}) ${body(
  `uint32_t rej; const f32x4 v = zig4_f32(b[u], t, &rej);
      acc ^= __float_as_uint(v.x) ^ __float_as_uint(v.y) ^ __float_as_uint(v.z) ^ __float_as_uint(v.w) ^ rej;`,
)}
extern "C" __global__ void __launch_bounds__(256, 4) probe_philox(unsigned int* sink, long long n, ${KEYS}) ${body(
  'acc ^= b[u].x ^ b[u].y ^ b[u].z ^ b[u].w;',
)}`;
const draws = gp.RawKernel(src, 'probe_draws', opts);
const philox = gp.RawKernel(src, 'probe_philox', opts);
const args = [sink, N, ...keys];
gp0.run();
draws(...geo, args);
philox(...geo, args);
for (let round = 0; round < 3; round++) {
  const fill = time(gp0.run);
  const d = time(() => draws(...geo, args));
  const p = time(() => philox(...geo, args));
  console.log(`${geo[0]}x${geo[1]}: gp's fill ${fill.toFixed(4)} ms; Philox + draws, no stores ${d.toFixed(4)} ms; Philox alone, no stores ${p.toFixed(4)} ms`);
}
out.dispose();
sink.dispose();
