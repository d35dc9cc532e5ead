// The per-call and transfer workloads of issue #22: a chain of eager scalar ops inside gp.scope
// (the issue's `y = y.multiply(0.99).add(0.01)` on 10k float32), and uploads from / downloads
// into a pinned array (gp.cuda.pinnedArray; CuPy: cupyx.empty_pinned). bench/cupy_baseline.py
// has the same kinds.
import type { GpuArray } from '../lib/index.js';
import { CheckError, hashValue } from './data.js';
import { NotAvailable } from './context.js';
import { nowMs, stats } from './timing.js';
import type { Kind } from './workloads.js';

type PinnedArray = (shape: number, dtype: string) => Float32Array;

function pinnedArrayOf(gp: unknown): PinnedArray {
  const f = (gp as { cuda?: { pinnedArray?: PinnedArray } }).cuda?.pinnedArray;
  if (typeof f !== 'function') throw new NotAvailable('gpuarray.cuda.pinnedArray is not available');
  return f;
}

/** The chain on the host, rounding to float32 after each op as the device does. */
function chainValue(x: number, steps: number): number {
  const m = Math.fround(0.99);
  const c = Math.fround(0.01);
  let y = Math.fround(x);
  for (let s = 0; s < steps; s++) y = Math.fround(Math.fround(y * m) + c);
  return y;
}

export const LATENCY_KINDS = {
  scalarChain: {
    setup(ctx, { n, ops, runs, warmup }) {
      const y0 = ctx.input(n, 1);
      const steps = ops / 2;
      const chain = () =>
        ctx.gp.scope(() => {
          let y = y0;
          for (let s = 0; s < steps; s++) y = y.multiply(0.99).add(0.01);
          return y;
        });
      return {
        run: () => null,
        check: () => {},
        measure: () => {
          // The whole chain, issued and finished (a sync closes it), as a program waiting on its result.
          const first = chain();
          try {
            const got = first.toTypedArray() as Float32Array;
            for (const i of [0, 1, 2, n >> 1, n - 1]) {
              const want = chainValue(hashValue(i, 1), steps);
              if (got[i] !== want) throw new CheckError(`scalar chain: element ${i} is ${got[i]}, expected ${want}`);
            }
          } finally {
            first.dispose();
          }
          // Until the JS engine has optimised the call path: on the H200 host the per-op time falls
          // from ~9 µs over the first ~60 chains to ~5 µs, where it stays.
          for (let w = 0; w < warmup; w++) chain().dispose();
          ctx.backend.synchronize();
          const samples: number[] = [];
          for (let r = 0; r < runs; r++) {
            const t0 = nowMs();
            const y = chain();
            ctx.backend.synchronize();
            samples.push(nowMs() - t0);
            y.dispose();
          }
          const st = stats(samples);
          return { ...st, note: `${((st.ms * 1000) / ops).toFixed(2)} µs per op` };
        },
      };
    },
  },

  uploadPinned: {
    setup(ctx, { n }) {
      const p = pinnedArrayOf(ctx.gp)(n, 'float32');
      p.set(ctx.host(n, 1));
      ctx.poisonNextAllocation(n * 4);
      return {
        run: () => ctx.gp.asarray(p),
        check: (r) => {
          const a = r as GpuArray;
          const got = a.toTypedArray() as Float32Array;
          for (let i = 0; i < n; i += 4099) if (got[i] !== hashValue(i, 1)) throw new CheckError(`pinned upload: element ${i} is ${got[i]}`);
          if (got[n - 1] !== hashValue(n - 1, 1)) throw new CheckError(`pinned upload: last element is ${got[n - 1]}`);
        },
        release: (r) => (r as GpuArray).dispose(),
      };
    },
  },

  downloadPinned: {
    setup(ctx, { n }) {
      const a = ctx.input(n, 1);
      const p = pinnedArrayOf(ctx.gp)(n, 'float32');
      p.fill(Number.NaN);
      return {
        run: () => (a as unknown as { toTypedArray(o: { out: Float32Array }): Float32Array }).toTypedArray({ out: p }),
        check: (r) => {
          if (r !== p) throw new CheckError('toTypedArray({ out }) did not return out');
          for (let i = 0; i < n; i += 4099) if (p[i] !== hashValue(i, 1)) throw new CheckError(`pinned download: element ${i} is ${p[i]}`);
          if (p[n - 1] !== hashValue(n - 1, 1)) throw new CheckError(`pinned download: last element is ${p[n - 1]}`);
        },
      };
    },
  },
} satisfies Record<string, Kind>;
