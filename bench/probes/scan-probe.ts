// cumsum of 256M float32 (the bench row `cumsum 256M`) in each one-row look-back shape that
// lib/ops/prefix-scan.ts can switch to (lookbackShapes.narrow): the staged kernel as it is, the
// register kernel over threads x items, transposed or direct loads, ticket or block-index tiles,
// register caps and look-back back-off. Each shape runs through gp.cumsum itself (allocation and
// the status fill included, as the bench times it) and must equal the default's result bit for
// bit: the data are small integers, whose float32 partial sums are exact in any order.
// Device time from the bench's clock (CUDA events, median of 10 after warm-up); the floor is a
// device copy of the same bytes. On the cpu backend (a dry run: SCAN_PROBE_N=1000000) host time.
//   node dist/bench/probes/scan-probe.js
import * as gp from '../../lib/index.js';
import { CudaBackend } from '../../lib/device/cuda/backend.js';
import { LookbackShape, lookbackShapes } from '../../lib/ops/prefix-scan.js';
import { CudaEventClock, HostClock } from '../timing.js';

const be = gp.currentDevice().backend;
const clock = be.kind === 'cuda' ? new CudaEventClock(be as CudaBackend) : new HostClock(be);
const time = (f: () => void) => clock.time(f, { reps: 10 });
const N = Number(process.env.SCAN_PROBE_N ?? 256 * 1024 * 1024);

const fill = gp.RawKernel(
  `extern "C" __global__ void fill_small(float* out, long long n) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) {
    unsigned int h = (unsigned int)i * 2654435761u ^ 12345u;
    h ^= h >> 15; h *= 2246822519u; h ^= h >> 13;
    out[i] = (float)((int)(h % 7u) - 3);
  }
}`,
  'fill_small',
);
const x = gp.empty([N], 'float32');
fill(4096, 256, [x, N]);
const out = gp.empty([N], 'float32');

const DEFAULT = { ...lookbackShapes.narrow };
const ref = gp.cumsum(x);
// The default itself against an independent figure: the last prefix is the (exact) sum.
const last = Number((ref.slice(`${N - 1}:`).toArray() as number[])[0]);
const total = Number(gp.sum(x, { dtype: 'float64' }).toArray());
console.log(`cumsum of ${N} float32 (small integers): default's last element ${last}, float64 sum ${total}: ${last === total ? 'ok' : 'WRONG'}`);
const copy = time(() => gp.copyto(out, x));
console.log(`floor: device copy of the same bytes ${copy.ms.toFixed(3)} ms`);

const R: LookbackShape = { kernel: 'registers', threads: 256, items: 16, load: 'transpose', ticket: false, minBlocks: 0, delayNs: 0 };
const S: LookbackShape = { ...DEFAULT };
const shapes: LookbackShape[] = [
  { ...S },
  { ...S, minBlocks: 6 },
  { ...S, items: 8 },
  { ...S, items: 24 },
  ...[8, 12, 16, 24].map((items) => ({ ...R, threads: 128, items })),
  ...[8, 12, 16, 24].map((items) => ({ ...R, threads: 256, items })),
  ...[8, 12, 16].map((items) => ({ ...R, threads: 512, items })),
  { ...R, threads: 128, items: 24, ticket: true },
  { ...R, threads: 256, items: 16, ticket: true },
  ...[16, 24].map((items) => ({ ...R, threads: 128, items, load: 'direct' as const })),
  ...[8, 16].map((items) => ({ ...R, threads: 256, items, load: 'direct' as const })),
  { ...R, threads: 512, items: 8, load: 'direct' },
  { ...R, threads: 256, items: 16, minBlocks: 6 },
  { ...R, threads: 256, items: 16, minBlocks: 8 },
  { ...R, threads: 128, items: 24, minBlocks: 12 },
  { ...R, threads: 128, items: 16, minBlocks: 16 },
  { ...R, threads: 128, items: 24, delayNs: 100 },
  { ...R, threads: 128, items: 24, delayNs: 500 },
  { ...R, threads: 256, items: 16, delayNs: 200 },
];

const label = (s: LookbackShape) =>
  s.kernel === 'staged'
    ? `staged 256x${s.items}${s.minBlocks ? ` min${s.minBlocks}` : ''}`
    : `regs ${s.threads}x${s.items} ${s.load === 'direct' ? 'direct' : 'transp'} ${s.ticket ? 'ticket' : 'blkIdx'}${s.minBlocks ? ` min${s.minBlocks}` : ''}${s.delayNs ? ` sleep${s.delayNs}` : ''}`;

const literal = (o: object) => `{ ${Object.entries(o).map(([k, v]) => `${k}: ${typeof v === 'string' ? `'${v}'` : v}`).join(', ')} }`;
const rows: [string, number, number, string, LookbackShape][] = [];
for (const s of shapes) {
  lookbackShapes.narrow = s;
  try {
    const r = gp.cumsum(x);
    const same = gp.arrayEqual(r, ref);
    r.dispose();
    const t = time(() => gp.cumsum(x).dispose());
    rows.push([label(s), t.ms, t.minMs, same ? 'same' : 'DIFFERENT', s]);
  } catch (e) {
    rows.push([label(s), NaN, NaN, `failed: ${(e as Error).message.split('\n')[0]}`, s]);
  }
  console.log(`  ${rows[rows.length - 1][0].padEnd(36)} ${rows[rows.length - 1][1].toFixed(3)} ms (min ${rows[rows.length - 1][2].toFixed(3)})  ${rows[rows.length - 1][3]}`);
}
lookbackShapes.narrow = DEFAULT;
const good = rows.filter((r) => r[3] === 'same' && !Number.isNaN(r[1])).sort((a, b) => a[1] - b[1]);
console.log(`\nfastest first, results the same as the default's (goal 0.600 ms; copy floor ${copy.ms.toFixed(3)} ms):`);
for (const [l, ms] of good.slice(0, 8)) console.log(`  ${l.padEnd(36)} ${ms.toFixed(3)} ms`);
if (good.length) console.log(`switch (lib/ops/prefix-scan.ts, lookbackShapes):\n  narrow: ${literal(good[0][4])},`);
