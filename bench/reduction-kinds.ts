// The workloads' kinds (bench/workloads.ts KINDS): sums, fused expressions (#21), axis sums and
// arrayEqual (#6).
import type { GpuArray } from '../lib/index.js';
import { CheckError, checkClose, checkExact, download, hashSums, hashValue } from './data.js';
import { disposeArray, scalarOf, view2d, hashTotal } from './kind-helpers.js';
import type { Kind } from './workloads.js';

export const REDUCTION_KINDS = {
  sum: {
    setup(ctx, { n }) {
      const sum = ctx.api<(a: GpuArray, o?: object) => unknown>('sum');
      const a = ctx.input(n, 1);
      const want = ctx.once(`total:${n}`, () => hashTotal(n, 1));
      return {
        run: () => sum(a),
        check: (r) => checkClose(scalarOf(r), want, 1e-5, 'sum'),
        release: (r) => (typeof r === 'object' ? disposeArray(r) : undefined),
      };
    },
    js(ctx, { n }) {
      const x = ctx.host(n, 1);
      const want = ctx.once(`total:${n}`, () => hashTotal(n, 1));
      return {
        run: () => {
          let s = 0;
          for (let i = 0; i < n; i++) s += x[i];
          return s;
        },
        check: (r) => checkClose(r as number, want, 1e-5, 'JS sum'),
      };
    },
  },

  fuseHypot: {
    setup(ctx, { n }) {
      const gp = ctx.gp;
      const fuse = ctx.api<typeof gp.fuse>('fuse');
      const f = fuse((a: GpuArray, b: GpuArray) => gp.sqrt(a.multiply(a).add(b.multiply(b))).multiply(2).add(1), { name: 'bench_fuse_hypot' });
      const a = ctx.input(n, 1);
      const b = ctx.input(n, 2);
      const r = Math.fround;
      // Each op rounds to float32 as the eager ops do (the fused result is theirs, bit for bit).
      const want = (i: number) => {
        const x = hashValue(i, 1);
        const y = hashValue(i, 2);
        return r(r(r(Math.sqrt(r(r(x * x) + r(y * y)))) * 2) + 1);
      };
      return {
        run: () => f(a, b),
        check: (res) => checkExact(res as GpuArray, want, 'fused sqrt(a*a+b*b)*2+1'),
        release: disposeArray,
      };
    },
  },

  fuseSum: {
    setup(ctx, { n }) {
      const gp = ctx.gp;
      const fuse = ctx.api<typeof gp.fuse>('fuse');
      // A sum of squared deviations, as in a variance: one read of `a`, the map in registers.
      const f = fuse((a: GpuArray) => gp.square(a.subtract(250)).sum(), { name: 'bench_fuse_sum' });
      const a = ctx.input(n, 1);
      const want = ctx.once(`fuseSum:${n}`, () => {
        let s = 0; // exact: multiples of 1/16 below 2^53 / 16
        for (let i = 0; i < n; i++) s += (hashValue(i, 1) - 250) ** 2;
        return s;
      });
      return {
        run: () => f(a),
        check: (res) => checkClose(scalarOf(res), want, 1e-5, 'fused sum((a - 250)**2)'),
        release: disposeArray,
      };
    },
  },

  sumAxis: {
    setup(ctx, { m, axis }) {
      const sum = ctx.api<(a: GpuArray, o?: object) => GpuArray>('sum');
      const x = view2d(ctx.input(m * m, 1), m);
      const sums = ctx.once(`sums:${m}`, () => hashSums(m, 1));
      const want = axis === 0 ? sums.cols : sums.rows;
      return {
        run: () => sum(x, { axis }),
        check: (r) => {
          const a = r as GpuArray;
          if (a.shape.length !== 1 || a.shape[0] !== m) throw new CheckError(`sum axis ${axis}: shape [${a.shape}], expected [${m}]`);
          const got = download(a);
          for (let j = 0; j < m; j++) checkClose(got[j], want[j], 1e-5, `sum axis ${axis}, element ${j}`);
        },
        release: disposeArray,
        teardown: () => x.dispose(),
      };
    },
  },

  arrayEqual: {
    setup(ctx, { n }) {
      const eq = ctx.api<(a: GpuArray, b: GpuArray) => unknown>('arrayEqual');
      const a = ctx.input(n, 1);
      const b = ctx.input(n, 1, 1); // equal values, separate memory: the full pass is needed
      const asBool = (r: unknown): boolean => {
        if (typeof r === 'boolean') return r;
        const g = r as GpuArray;
        const v = g.toArray();
        g.dispose();
        return v as boolean;
      };
      const setElement = (i: number, v: number) => {
        ctx.backend.copyHostToDevice(b.ptr + 4 * i, Float32Array.of(v), 4, ctx.backend.defaultStream);
        ctx.backend.synchronize();
      };
      return {
        // The boolean reaches JS (a sync and a 1-element download): what the call gives its user.
        run: () => asBool(eq(a, b)),
        synchronous: true,
        check: (r) => {
          if (r !== true) throw new CheckError(`arrayEqual of equal arrays gave ${r}`);
          for (const i of [n - 1, (n >> 1) + 3]) {
            setElement(i, -1);
            const diff = asBool(eq(a, b));
            setElement(i, hashValue(i, 1));
            if (diff !== false) throw new CheckError(`arrayEqual missed a difference at element ${i}`);
          }
        },
      };
    },
  },
} satisfies Record<string, Kind>;
