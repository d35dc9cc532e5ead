// The workloads' kinds (bench/workloads.ts KINDS): element-wise adds (#4), a raw kernel (#7),
// ElementwiseKernel calls and first calls in fresh processes (#2, #5), SAXPY.
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GpuArray } from '../lib/index.js';
import type { BenchContext } from './context.js';
import { CheckError, checkExact, hashValue } from './data.js';
import { disposeArray, sum2, checkTyped, view2d } from './kind-helpers.js';
import { nowMs, runJsonChild, type Stats, stats } from './timing.js';
import type { Kind } from './workloads.js';

const SMALL_ADD_SRC = `extern "C" __global__ void bench_small_add(const float* x, const float* y, float* z, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) z[i] = x[i] + y[i];
}
`;

export const ELEMENTWISE_KINDS = {
  add: {
    setup(ctx, { n }) {
      const a = ctx.input(n, 1);
      const b = ctx.input(n, 2);
      const out = ctx.scratch(n);
      ctx.poison(out);
      return {
        run: () => ctx.gp.add(a, b, { out }),
        check: (r) => {
          if (r !== out) throw new CheckError('add with out= did not return out');
          checkExact(out, sum2, 'add');
        },
      };
    },
    js(ctx, { n }) {
      const x = ctx.host(n, 1);
      const y = ctx.host(n, 2);
      const z = new Float32Array(n);
      return {
        run: () => {
          for (let i = 0; i < n; i++) z[i] = x[i] + y[i];
          return z;
        },
        check: (r) => checkTyped(r as Float32Array, sum2, 'JS add'),
      };
    },
  },

  addRow: {
    setup(ctx, { m }) {
      const x = view2d(ctx.input(m * m, 1), m);
      const row = ctx.input(m, 3);
      const out = view2d(ctx.scratch(m * m), m);
      ctx.poison(out);
      return {
        run: () => ctx.gp.add(x, row, { out }),
        check: () => checkExact(out, (i) => hashValue(i, 1) + hashValue(i % m, 3), 'row broadcast add'),
        teardown: () => {
          x.dispose();
          out.dispose();
        },
      };
    },
  },

  addTransposed: {
    setup(ctx, { m }) {
      const x = view2d(ctx.input(m * m, 1), m);
      const xt = x.T;
      const out = view2d(ctx.scratch(m * m), m);
      ctx.poison(out);
      return {
        run: () => ctx.gp.add(x, xt, { out }),
        check: () => checkExact(out, (i) => hashValue(i, 1) + hashValue((i % m) * m + Math.floor(i / m), 1), 'transposed add'),
        teardown: () => {
          x.dispose();
          xt.dispose();
          out.dispose();
        },
      };
    },
  },

  smallAdd: {
    setup(ctx, { n }) {
      const a = ctx.input(n, 1);
      const b = ctx.input(n, 2);
      return {
        run: () => a.add(b),
        check: (r) => checkExact(r as GpuArray, sum2, 'a.add(b)'),
        release: disposeArray,
      };
    },
    js(ctx, { n }) {
      const x = ctx.host(n, 1);
      const y = ctx.host(n, 2);
      return {
        run: () => {
          const z = new Float32Array(n);
          for (let i = 0; i < n; i++) z[i] = x[i] + y[i];
          return z;
        },
        check: (r) => checkTyped(r as Float32Array, sum2, 'JS add'),
      };
    },
  },

  rawSmall: {
    setup(ctx, { n }) {
      const RawKernel = ctx.api<(...a: unknown[]) => any>('RawKernel');
      let k: any;
      try {
        k = new (RawKernel as any)(SMALL_ADD_SRC, 'bench_small_add');
      } catch (e) {
        if (!(e instanceof TypeError)) throw e;
        k = RawKernel(SMALL_ADD_SRC, 'bench_small_add');
      }
      const x = ctx.input(n, 1);
      const y = ctx.input(n, 2);
      const z = ctx.gp.empty([n], 'float32');
      const threads = 256;
      const blocks = Math.ceil(n / threads);
      // The calling forms issue 7 names; the first that computes the right result is timed.
      const forms: [string, () => void][] = [
        ['k([blocks], [threads], [args])', () => k([blocks], [threads], [x, y, z, n])],
        ['k(blocks, threads, [args])', () => k(blocks, threads, [x, y, z, n])],
        ['k.configure(blocks, threads)(...args)', () => k.configure(blocks, threads)(x, y, z, n)],
      ];
      const failures: string[] = [];
      for (const [form, launch] of forms) {
        try {
          ctx.poison(z);
          launch();
          ctx.backend.synchronize();
          checkExact(z, sum2, `RawKernel ${form}`);
          return { run: launch, check: () => checkExact(z, sum2, `RawKernel ${form}`), teardown: () => z.dispose() };
        } catch (e) {
          failures.push(`${form}: ${(e as Error).message.split('\n')[0]}`);
        }
      }
      z.dispose();
      throw new Error(`no RawKernel calling form worked: ${failures.join('; ')}`);
    },
  },

  ekSmall: {
    setup(ctx, { n }) {
      const k = ctx.gp.ElementwiseKernel('float32 x, float32 y', 'float32 z', 'z = x + y', 'bench_ek_add');
      const a = ctx.input(n, 1);
      const b = ctx.input(n, 2);
      return {
        run: () => k(a, b),
        check: (r) => checkExact(r as GpuArray, sum2, 'ElementwiseKernel add'),
        release: disposeArray,
      };
    },
  },

  ekCold: {
    setup: (ctx, p) => ({ run: () => null, check: () => {}, measure: () => firstCallChildren(ctx, p.n, p.runs).cold }),
  },
  ekWarm: {
    setup: (ctx, p) => ({ run: () => null, check: () => {}, measure: () => firstCallChildren(ctx, p.n, p.runs).warm }),
  },

  ekFirst: {
    setup(ctx, { n, runs }) {
      const a = ctx.input(n, 1);
      const b = ctx.input(n, 2);
      // Warm the process: the device, NVRTC and the generator are up before the first sample.
      ctx.backend.synchronize();
      return {
        run: () => null,
        check: () => {},
        measure: () => {
          const samples: number[] = [];
          for (let r = 0; r < runs; r++) {
            // A name and source no cache has seen: each sample compiles.
            const salt = `${process.pid}_${Date.now().toString(36)}_${r}`;
            const t0 = nowMs();
            const k = ctx.gp.ElementwiseKernel('float32 x, float32 y', 'float32 z', `z = x * 2.0f + y; /* ${salt} */`, `bench_first_${salt}`);
            const z = k(a, b) as GpuArray;
            ctx.backend.synchronize();
            samples.push(nowMs() - t0);
            try {
              checkExact(z, (i) => 2 * hashValue(i, 1) + hashValue(i, 2), 'ElementwiseKernel first call');
            } finally {
              z.dispose();
            }
          }
          return stats(samples);
        },
      };
    },
  },

  saxpy: {
    setup(ctx, { n }) {
      const k = ctx.gp.ElementwiseKernel('float32 a, float32 x, float32 y', 'float32 z', 'z = a * x + y', 'saxpy');
      const x = ctx.input(n, 1);
      const y = ctx.input(n, 2);
      const out = ctx.scratch(n);
      ctx.poison(out);
      return {
        run: () => k(2.5, x, y, out),
        check: () => checkExact(out, (i) => 2.5 * hashValue(i, 1) + hashValue(i, 2), 'SAXPY'),
      };
    },
  },
} satisfies Record<string, Kind>;

/**
 * Cold and warm first calls in fresh processes: each round makes an empty cache folder, runs the
 * child once (cold: it compiles and fills the folder) and again (warm: it loads from disk).
 */
function firstCallChildren(ctx: BenchContext, n: number, runs: number): { cold: Stats; warm: Stats } {
  return ctx.once(`children:${n}:${runs}`, () => {
    const script = fileURLToPath(new URL('./first-call.js', import.meta.url));
    const cold: number[] = [];
    const warm: number[] = [];
    const extra: Record<string, number[]> = { importMs: [], deviceMs: [] };
    for (let r = 0; r < runs; r++) {
      const dir = mkdtempSync(join(tmpdir(), 'gpuarray-bench-cache-'));
      // A kernel name (part of the source) that no cache has seen, NVRTC's own disk cache included.
      const name = `bench_first_${process.pid}_${Date.now().toString(36)}_${r}`;
      try {
        const env = { ...process.env, GPUARRAY_CACHE_DIR: dir, GPUARRAY_DEVICE: ctx.deviceSpec };
        for (const into of [cold, warm]) {
          const out = runJsonChild(process.execPath, [script, String(n), name], env);
          if (out.ok !== true) throw new CheckError(`first-call child: ${String(out.error)}`);
          into.push(out.firstCallMs as number);
          extra.importMs.push(out.importMs as number);
          extra.deviceMs.push(out.deviceMs as number);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    const note = `child import ${stats(extra.importMs).ms.toFixed(0)} ms, device init ${stats(extra.deviceMs).ms.toFixed(0)} ms (not counted)`;
    return { cold: stats(cold, 'median', note), warm: stats(warm, 'median', note) };
  });
}
