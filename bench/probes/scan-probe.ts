// cumsum of 256M float32 (the bench row `cumsum 256M`) and of 128M float64 in one-row look-back
// shapes that lib/ops/prefix-scan.ts can switch to (lookbackShapes.narrow for 4-byte types, .wide
// for 8-byte ones): the staged kernel, the register kernel over threads x items, transposed or
// direct loads, ticket or block-index tiles, register caps, look-back back-off, and the L2
// prefetch of the tile `ahead` tiles on. Each shape runs through gp.cumsum itself (allocation and
// the status fill included, as the bench times it) and must equal the default's result bit for
// bit: the data are small integers, whose partial sums are exact in any order.
// Device time from the bench's clock (CUDA events, median of 10 after warm-up); the floor is a
// device copy of the same bytes. On the cpu backend (a dry run: SCAN_PROBE_N=1000000) host time.
// Earlier sweeps of the shapes without prefetch: bench/RESULTS.md (2026-11-30, 2026-12-01).
//   node dist/bench/probes/scan-probe.js
import * as gp from '../../lib/index.js';
import { CudaBackend } from '../../lib/device/cuda/backend.js';
import { keptStatusBuffers, LookbackShape, lookbackShapes } from '../../lib/ops/prefix-scan.js';
import { CudaEventClock, HostClock, rate } from '../timing.js';

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

const label = (s: LookbackShape) =>
  s.kernel === 'staged'
    ? `staged 256x${s.items}${s.minBlocks ? ` min${s.minBlocks}` : ''}${s.ahead ? ` ahead${s.ahead}` : ''}`
    : `regs ${s.threads}x${s.items} ${s.load === 'direct' ? 'direct' : 'transp'} ${s.ticket ? 'ticket' : 'blkIdx'}${s.minBlocks ? ` min${s.minBlocks}` : ''}${s.delayNs ? ` sleep${s.delayNs}` : ''}${s.ahead ? ` ahead${s.ahead}` : ''}`;
const literal = (o: object) => `{ ${Object.entries(o).map(([k, v]) => `${k}: ${typeof v === 'string' ? `'${v}'` : v}`).join(', ')} }`;

function sweep(dtype: 'float32' | 'float64', n: number, which: 'narrow' | 'wide', shapes: LookbackShape[], goal: string): void {
  const f32 = gp.empty([n], 'float32');
  fill(4096, 256, [f32, n]);
  const x = dtype === 'float32' ? f32 : f32.astype(dtype);
  const out = gp.empty([n], dtype);
  const DEFAULT = { ...lookbackShapes[which] };
  const ref = gp.cumsum(x);
  // The default itself against an independent figure: the last prefix is the (exact) sum.
  const last = Number((ref.slice(`${n - 1}:`).toArray() as number[])[0]);
  const total = Number(gp.sum(x, { dtype: 'float64' }).toArray());
  console.log(`\ncumsum of ${n} ${dtype} (small integers): default's last element ${last}, float64 sum ${total}: ${last === total ? 'ok' : 'WRONG'}`);
  const copy = time(() => gp.copyto(out, x));
  console.log(`floor: device copy of the same bytes ${copy.ms.toFixed(3)} ms`);
  const rows: [string, number, number, string, LookbackShape][] = [];
  for (const s of [DEFAULT, ...shapes, DEFAULT]) {
    lookbackShapes[which] = s;
    try {
      const r = gp.cumsum(x);
      const same = gp.arrayEqual(r, ref);
      r.dispose();
      const t = time(() => gp.cumsum(x).dispose());
      rows.push([label(s), t.ms, t.minMs, same ? 'same' : 'DIFFERENT', s]);
    } catch (e) {
      rows.push([label(s), NaN, NaN, `failed: ${(e as Error).message.split('\n')[0]}`, s]);
    }
    const r = rows[rows.length - 1];
    console.log(`  ${r[0].padEnd(40)} ${r[1].toFixed(3)} ms (min ${r[2].toFixed(3)})  ${r[3]}`);
  }
  lookbackShapes[which] = DEFAULT;
  const good = rows.filter((r) => r[3] === 'same' && !Number.isNaN(r[1])).sort((a, b) => a[1] - b[1]);
  console.log(`fastest first, results the same as the default's (${goal}; copy floor ${copy.ms.toFixed(3)} ms):`);
  for (const [l, ms] of good.slice(0, 6)) console.log(`  ${l.padEnd(40)} ${ms.toFixed(3)} ms`);
  if (good.length) console.log(`switch (lib/ops/prefix-scan.ts, lookbackShapes):\n  ${which}: ${literal(good[0][4])},`);
  for (const a of new Set([f32, x, out, ref])) a.dispose();
}

/**
 * SCAN_PROBE_KEPT=1: cumsum of float32 (and int32 -> int64) arrays of several sizes with the
 * stream's kept status buffers (no zeroing launch) and with a zeroed array a call, alternately:
 * device time (CUDA events, median) and host time a call back to back (rate, one sync a batch).
 */
function keptSweep(): void {
  console.log('\ncumsum with kept status buffers (kept) against a zeroed array a call (zeroed):');
  for (const n of [20_000, 200_000, 2_000_000, 16 << 20, 256 << 20]) {
    const f32 = gp.empty([n], 'float32');
    fill(Math.min(4096, Math.ceil(n / 256)), 256, [f32, n]);
    const i32 = f32.astype('int32');
    for (const [label, x] of [['float32', f32], ['int32 -> int64', i32]] as const) {
      const row: string[] = [];
      for (const enabled of [true, false, true, false]) {
        keptStatusBuffers.enabled = enabled;
        const dev = time(() => gp.cumsum(x).dispose());
        const host = rate(() => gp.cumsum(x).dispose(), () => be.synchronize(), { batch: n > 1 << 24 ? 5 : 50, synced: false });
        row.push(`${enabled ? 'kept' : 'zeroed'} ${(dev.ms * 1000).toFixed(2)} µs / host ${(host.ms * 1000).toFixed(2)} µs`);
      }
      keptStatusBuffers.enabled = true;
      console.log(`  ${String(n).padStart(10)} ${label.padEnd(15)} ${row.join(' | ')}`);
    }
    f32.dispose();
    i32.dispose();
  }
}
if (process.env.SCAN_PROBE_KEPT === '1') {
  keptSweep();
  process.exit(0);
}

const S = { ...lookbackShapes.narrow };
// SCAN_PROBE_NARROW: a JSON list of changes to the default narrow shape, swept instead of the list below.
const narrow: Partial<LookbackShape>[] = process.env.SCAN_PROBE_NARROW
  ? JSON.parse(process.env.SCAN_PROBE_NARROW)
  : [{ ahead: 0 }, ...[256, 512, 640].map((ahead) => ({ ahead })), ...[384, 512].map((ahead) => ({ items: 28, minBlocks: 10, ahead })), { items: 32, minBlocks: 8, ahead: 384 }];
sweep('float32', N, 'narrow', narrow.map((c) => ({ ...S, ...c })), 'goal 0.600 ms');
if (process.env.SCAN_PROBE_WIDE === '0') process.exit(0);

const W = { ...lookbackShapes.wide };
sweep('float64', N / 2, 'wide', [
  { kernel: 'staged', threads: 256, items: 8, load: 'transpose', ticket: true, minBlocks: 0, delayNs: 0, ahead: 0 },
  { ...W, ahead: 0 },
  ...[128, 384].map((ahead) => ({ ...W, ahead })),
  { ...W, items: 16, minBlocks: 6 },
  { ...W, items: 20, minBlocks: 5 },
  { ...W, items: 24, minBlocks: 4 },
  { ...W, items: 32, minBlocks: 4 },
  { ...W, items: 32, minBlocks: 3 },
  { ...W, threads: 256, items: 12, minBlocks: 2 },
], 'no goal');
