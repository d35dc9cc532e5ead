// standardNormal float32 256M (issue #19): why the API's fill read ~0.02 ms slower than the
// probes' kernels of the same shape. One process times the API call (a new array a call, as the
// bench row), gp's fill source into one array (as the probes) and the same source with the
// counter's upper words as literal zeros. Device time (CUDA events, median of 15). Beside it,
// normal-tma-probe's chunked kernels (PROBE_KERNELS=probe_stg4,probe_range4).
//   node dist/bench/probes/normal-api-probe.js
import * as gp from '../../lib/index.js';
import { normalFillSource, normalGeometry } from '../../lib/random/kernels.js';
import { gpFill, keys, N, opts, time } from './normal-probe-kit.js';

const out = gp.empty([N], 'float32');
const fill = gpFill(out);
const zeroSrc = normalFillSource('probe_zig_zero', 'float').replace('pos = {q0, q1, q2, q3}', 'pos = {q0, 0u, 0u, 0u}');
const zero = gp.RawKernel(zeroSrc, 'probe_zig_zero', opts);
const geo = normalGeometry(N / 4, 'float');
const g = gp.random.defaultRng(19);
const api = () => g.standardNormal(N, 'float32').dispose();
for (let round = 0; round < 3; round++) {
  const row = [
    `API (new array) ${time(api).toFixed(4)}`,
    `gp's source, one array ${time(fill.run).toFixed(4)}`,
    `upper words 0 ${time(() => zero(...geo, [out, N, ...keys, 0, 0, 0, 0, 1])).toFixed(4)}`,
  ];
  console.log(row.join(' | '), 'ms');
}
