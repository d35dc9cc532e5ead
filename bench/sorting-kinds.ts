// The workloads' kinds (bench/workloads.ts KINDS): sorting, order statistics, scans, sets and
// counting (#18).
import type { GpuArray } from '../lib/index.js';
import { CheckError, checkClose, download, hashValue } from './data.js';
import { disposeArray, scalarOf, hashTotal } from './kind-helpers.js';
import type { Kind } from './workloads.js';

export const SORTING_KINDS = {
  sort: {
    setup(ctx, { n }) {
      const sort = ctx.api<(a: GpuArray) => GpuArray>('sort');
      const a = ctx.input(n, 1);
      return {
        run: () => sort(a),
        check: (r) => checkSortedWindows(download(r as GpuArray, 0, Math.min(n, 1 << 16)), 'sort'),
        release: disposeArray,
      };
    },
  },

  argsort: {
    setup(ctx, { n }) {
      const argsort = ctx.api<(a: GpuArray) => GpuArray>('argsort');
      const a = ctx.input(n, 1);
      return {
        run: () => argsort(a),
        check: (r) => {
          const g = r as GpuArray;
          const head = g.slice(`0:${Math.min(n, 1 << 16)}`);
          const idx = Array.from(head.toTypedArray() as BigInt64Array, Number);
          head.dispose();
          checkSortedWindows(idx.map((i) => hashValue(i, 1)), 'argsort');
          for (let k = 1; k < idx.length; k++) {
            if (hashValue(idx[k], 1) === hashValue(idx[k - 1], 1) && idx[k] < idx[k - 1]) throw new CheckError(`argsort: not stable at ${k}`);
          }
        },
        release: disposeArray,
      };
    },
  },

  median: {
    setup(ctx, { n }) {
      const median = ctx.api<(a: GpuArray) => GpuArray>('median');
      const a = ctx.input(n, 1);
      return {
        run: () => median(a),
        check: (r) => {
          const m = scalarOf(r);
          // The values are multiples of 0.25 in [0.25, 500], near uniform: the median is near 250.
          if (!(m >= 240 && m <= 260) || (m * 8) % 1 !== 0) throw new CheckError(`median: ${m} is not a plausible median of the inputs`);
        },
        release: disposeArray,
      };
    },
  },

  cumsum: {
    setup(ctx, { n }) {
      const cumsum = ctx.api<(a: GpuArray) => GpuArray>('cumsum');
      const a = ctx.input(n, 1);
      const want = ctx.once(`total:${n}`, () => hashTotal(n, 1));
      return {
        run: () => cumsum(a),
        check: (r) => {
          const g = r as GpuArray;
          const head = download(g, 0, 4096);
          let s = 0;
          for (let i = 0; i < 4096; i++) {
            s += hashValue(i, 1);
            checkClose(head[i], s, 1e-6, `cumsum element ${i}`);
          }
          checkClose(download(g, n - 1, n)[0], want, 1e-4, 'cumsum last element');
        },
        release: disposeArray,
      };
    },
  },

  unique: {
    setup(ctx, { n }) {
      const unique = ctx.api<(a: GpuArray) => GpuArray>('unique');
      const a = ctx.input(n, 1).astype('int32'); // 500 distinct integers in [0, 500]
      return {
        run: () => unique(a),
        check: (r) => {
          const u = Array.from((r as GpuArray).toTypedArray() as Int32Array);
          const want = [...new Set(Array.from({ length: Math.min(n, 1 << 20) }, (_, i) => Math.trunc(hashValue(i, 1))))].sort((x, y) => x - y);
          if (u.length !== want.length || u.some((v, i) => v !== want[i])) throw new CheckError(`unique: ${u.length} values, expected ${want.length}`);
        },
        release: disposeArray,
        teardown: () => a.dispose(),
      };
    },
  },

  histogram: {
    setup(ctx, { n, bins }) {
      const histogram = ctx.api<(a: GpuArray, bins: number, o: object) => GpuArray[]>('histogram');
      const a = ctx.input(n, 1);
      return {
        run: () => histogram(a, bins, { range: [0, 500] }),
        check: (r) => {
          const [h] = r as GpuArray[];
          const total = Array.from(h.toTypedArray() as BigInt64Array, Number).reduce((x, y) => x + y, 0);
          if (total !== n) throw new CheckError(`histogram: ${total} counted, expected ${n}`);
        },
        release: (r) => (r as GpuArray[]).forEach((x) => x.dispose()),
      };
    },
  },
} satisfies Record<string, Kind>;

function checkSortedWindows(v: ArrayLike<number>, what: string): void {
  for (let i = 1; i < v.length; i++) if (!(v[i - 1] <= v[i])) throw new CheckError(`${what}: element ${i} (${v[i]}) is below element ${i - 1} (${v[i - 1]})`);
}
