// sort and argsort of the bench's 64M float32 (rows `sort 64M`, `argsort 64M`: multiples of 0.25,
// three of four passes run) in each radix-sort shape lib/ops/radix-sort.ts can switch to
// (radixShapes.keys4 for sort, radixShapes.pairs4 for argsort): tile size (threads x keys a
// thread, counters and stage in a union past 48 KB), blocks per SM and register cap, look-back
// window, next ticket taken early, histogram grid. Every shape runs through gp.sort / gp.argsort
// (as the bench times them) and must give the default's results exactly. Then the histogram kernel
// alone over its grid. Device time, CUDA events, median of 10 after warm-up. 8-bit digits only:
// 32-bit keys take 4 passes of 8 bits (3 here), 5 of 7 bits, 6 of 6.
//   node dist/bench/probes/sort-tune-probe.js      (SORT_PROBE_N=65536 on the cpu backend: a dry run)
import * as gp from '../../lib/index.js';
import { CudaBackend } from '../../lib/device/cuda/backend.js';
import { moduleKernel } from '../../lib/ops/device-kernels.js';
import { passSource, RadixShape, radixShapes } from '../../lib/ops/radix-sort.js';
import { makeGenerator } from '../data.js';
import { CudaEventClock, HostClock } from '../timing.js';

const be = gp.currentDevice().backend;
const clock = be.kind === 'cuda' ? new CudaEventClock(be as CudaBackend) : new HostClock(be);
const time = (f: () => void) => clock.time(f, { reps: 10 }).ms;
const N = Number(process.env.SORT_PROBE_N ?? 64 * 1024 * 1024);
const sms = be.device.multiprocessorCount;

const x = makeGenerator(gp)(N, 1);
const K0 = { ...radixShapes.keys4 };
const P0 = { ...radixShapes.pairs4 };
const refSort = gp.sort(x);
const refArg = gp.argsort(x);
{
  const lo = refSort.slice('0:-1');
  const hi = refSort.slice('1:');
  const ok = gp.all(gp.greaterEqual(hi, lo)).toArray() && gp.arrayEqual(gp.take(x, refArg), refSort);
  console.log(`sort/argsort of ${N} float32 (bench data): default results ${ok ? 'sorted, argsort consistent' : 'WRONG'}`);
}
{
  const scratch = gp.empty([N], 'float32');
  console.log(`copy of the keys (read + write ${(8 * N) / 2 ** 20} MiB): ${time(() => gp.copyto(scratch, x)).toFixed(3)} ms; goal: CuPy sort 1.688 ms, argsort 2.850 ms`);
  scratch.dispose();
}

type Change = Partial<RadixShape> | null;
const big = (threads: number, items: number, minBlocks: number, blocksPerSm: number): Partial<RadixShape> => ({ threads, items, minBlocks, blocksPerSm });
const LB = { lookback: 8, prefetch: true };
// [label, keys4 change (sort), pairs4 change (argsort)]; null: that one not run.
const variants: [string, Change, Change][] = [
  ['default', {}, {}],
  ['lookback 4', { lookback: 4 }, { lookback: 4 }],
  ['lookback 8', { lookback: 8 }, { lookback: 8 }],
  ['lookback 16', { lookback: 16 }, { lookback: 16 }],
  ['prefetch', { prefetch: true }, { prefetch: true }],
  ['lookback 8 + prefetch', LB, LB],
  ['3 blocks/SM', { blocksPerSm: 3, minBlocks: 3 }, null],
  ['256x20 3/SM', big(256, 20, 3, 3), null],
  ['256x20 3/SM lb8 pf', { ...big(256, 20, 3, 3), ...LB }, null],
  ['256x24 2/SM', big(256, 24, 2, 2), null],
  ['256x24 2/SM lb8 pf', { ...big(256, 24, 2, 2), ...LB }, null],
  ['384x16 2/SM', big(384, 16, 2, 2), null],
  ['384x16 2/SM lb8 pf', { ...big(384, 16, 2, 2), ...LB }, null],
  ['384x20 2/SM', big(384, 20, 2, 2), null],
  ['384x23 2/SM (CUB)', big(384, 23, 2, 2), null],
  ['384x23 2/SM lb8 pf', { ...big(384, 23, 2, 2), ...LB }, null],
  ['512x12 2/SM', big(512, 12, 2, 2), big(512, 8, 2, 2)],
  ['512x12 2/SM lb8 pf', { ...big(512, 12, 2, 2), ...LB }, { ...big(512, 8, 2, 2), ...LB }],
  ['512x16 2/SM lb8 pf', { ...big(512, 16, 2, 2), ...LB }, null],
  ['pairs 384x12 2/SM', null, big(384, 12, 2, 2)],
  ['pairs 384x12 2/SM lb8 pf', null, { ...big(384, 12, 2, 2), ...LB }],
  ['pairs 256x20 2/SM', null, big(256, 20, 2, 2)],
  ['pairs 256x20 2/SM lb8 pf', null, { ...big(256, 20, 2, 2), ...LB }],
  ['pairs 256x12 4/SM lb8 pf', null, { ...big(256, 12, 4, 4), ...LB }],
  ['hist 2/SM x16', { histBlocksPerSm: 2, histItems: 16 }, null],
  ['hist 4/SM x8', { histBlocksPerSm: 4, histItems: 8 }, null],
  ['hist 8/SM x8', { histBlocksPerSm: 8, histItems: 8 }, null],
  ['hist 8/SM x16', { histBlocksPerSm: 8, histItems: 16 }, null],
];

const fmt = (v: number) => (Number.isNaN(v) ? '   -  ' : v.toFixed(3));
const literal = (o: object) => `{ ${Object.entries(o).map(([k, v]) => `${k}: ${v}`).join(', ')} }`;
const rows: [string, number, number, string, Change, Change][] = [];
for (const [label, kc, pc] of variants) {
  let s = NaN;
  let a = NaN;
  let note = '';
  try {
    if (kc) {
      radixShapes.keys4 = { ...K0, ...kc };
      const r = gp.sort(x);
      note += gp.arrayEqual(r, refSort) ? 'sort same' : 'sort DIFFERENT';
      r.dispose();
      s = time(() => gp.sort(x).dispose());
    }
    if (pc) {
      radixShapes.pairs4 = { ...P0, ...pc };
      const r = gp.argsort(x);
      note += `${note ? ', ' : ''}${gp.arrayEqual(r, refArg) ? 'argsort same' : 'argsort DIFFERENT'}`;
      r.dispose();
      a = time(() => gp.argsort(x).dispose());
    }
  } catch (e) {
    note += ` failed: ${(e as Error).message.split('\n')[0]}`;
  }
  radixShapes.keys4 = { ...K0 };
  radixShapes.pairs4 = { ...P0 };
  rows.push([label, /(^|[^g])sort same/.test(note) ? s : NaN, note.includes('argsort same') ? a : NaN, note, kc, pc]);
  console.log(`  ${label.padEnd(28)} sort ${fmt(s)} ms  argsort ${fmt(a)} ms  ${note}`);
}
const best = (col: 1 | 2) => rows.filter((r) => !Number.isNaN(r[col])).sort((p, q) => p[col] - q[col]).slice(0, 5);
console.log('\nfastest sort:    ' + best(1).map((r) => `${r[0]} ${r[1].toFixed(3)}`).join(' | '));
console.log('fastest argsort: ' + best(2).map((r) => `${r[0]} ${r[2].toFixed(3)}`).join(' | '));
const [bs, ba] = [best(1)[0], best(2)[0]];
console.log('switch (lib/ops/radix-sort.ts, radixShapes; the histogram rows combine with a pass shape):');
if (bs) console.log(`  keys4: ${literal({ ...K0, ...bs[4] })},`);
if (ba) console.log(`  pairs4: ${literal({ ...P0, ...ba[5] })},`);

// The histogram kernel alone (every pass's counts of the 64M keys; counts accumulate, timing does not care).
{
  const tiles = Math.ceil(N / 4096);
  const look = gp.zeros([tiles * 256 + 1024], 'uint64');
  const row: string[] = [];
  for (const [bps, items] of [[0, 8], [2, 16], [4, 8], [4, 16], [8, 8], [8, 16], [16, 8]]) {
    const shape = { ...K0, histBlocksPerSm: bps, histItems: items };
    const k = moduleKernel(passSource(4, 0, '', shape), 'gpa_radix_histograms');
    const grid = bps === 0 ? Math.min(Math.ceil(N / 2048), 512) : Math.min(Math.ceil(N / (256 * items)), sms * bps);
    row.push(`${bps ? `${bps}/SM` : '512 blocks'} x${items} ${time(() => k(grid, 256, [x, look, N, tiles, 4, 2])).toFixed(3)}`);
  }
  console.log(`\nhistogram kernel alone (4 passes' counts): ${row.join('  ')}`);
}
