// The workloads' kinds (bench/workloads.ts KINDS): random fills (#19).
import type { GpuArray } from '../lib/index.js';
import { NotAvailable } from './context.js';
import { CheckError } from './data.js';
import { disposeArray } from './kind-helpers.js';
import type { Kind } from './workloads.js';

/**
 * A random-fill workload: one generator made in setup, so the timed call is the fill alone;
 * checked on a window: every value in [lo, hi], mean and variance near the law's.
 */
function rngKind(api: string, make: (gp: any, g: any, n: number) => GpuArray, lo: number, hi: number, mean: number, variance: number): Kind {
  return {
    setup(ctx, { n }) {
      const gp = ctx.gp as any;
      if (typeof gp.random?.defaultRng !== 'function') throw new NotAvailable('gpuarray.random is not available');
      const g = gp.random.defaultRng(19);
      return {
        run: () => make(gp, g, n),
        check: (r) => {
          const a = r as GpuArray;
          if (a.size !== n) throw new CheckError(`${api}: size ${a.size}, expected ${n}`);
          const m = Math.min(n, 1 << 20);
          const flat = a.reshape([n]).slice({ start: 0, stop: m });
          const v = Array.from(flat.toTypedArray() as ArrayLike<number>, Number);
          let s = 0;
          let s2 = 0;
          for (const x of v) {
            if (!(x >= lo && x <= hi) || (hi === 1 && x === 1)) throw new CheckError(`${api}: value ${x} outside [${lo}, ${hi})`);
            s += x;
            s2 += x * x;
          }
          const mu = s / m;
          const va = s2 / m - mu * mu;
          if (Math.abs(mu - mean) > 6 * Math.sqrt(variance / m) || Math.abs(va / variance - 1) > 0.02) {
            throw new CheckError(`${api}: mean ${mu} / variance ${va}, expected ${mean} / ${variance}`);
          }
        },
        release: disposeArray,
      };
    },
  };
}

export const RANDOM_KINDS = {
  rngRandom: rngKind('rngRandom', (_gp, g, n) => g.random(n, 'float32'), 0, 1, 0.5, 1 / 12),
  rngNormal: rngKind('rngNormal', (_gp, g, n) => g.standardNormal(n, 'float32'), -Infinity, Infinity, 0, 1),
  rngIntegers: rngKind('rngIntegers', (_gp, g, n) => g.integers(0, 1000, n, 'int32'), 0, 999, 499.5, (1000 * 1000 - 1) / 12),
  rngLegacyRand: rngKind('rngLegacyRand', (gp, _g, n) => gp.random.rand(n, { dtype: 'float32' }), 0, 1, 0.5, 1 / 12),
} satisfies Record<string, Kind>;
