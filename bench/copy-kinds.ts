// The workloads' kinds (bench/workloads.ts KINDS): creation, device copies and transfers
// between JS memory and the device (#3, #22).
import type { GpuArray } from '../lib/index.js';
import { checkExact, hashValue, toTyped } from './data.js';
import { disposeArray, checkTyped } from './kind-helpers.js';
import { F } from './workloads/sizes.js';
import type { Kind } from './workloads.js';

export const COPY_KINDS = {
  arange: {
    setup(ctx, { n }) {
      ctx.poisonNextAllocation(n * F);
      return {
        run: () => ctx.gp.arange(n, 'float32'),
        check: (r) => checkExact(r as GpuArray, (i) => i, 'arange'),
        release: disposeArray,
      };
    },
    js(_ctx, { n }) {
      return {
        run: () => {
          const z = new Float32Array(n);
          for (let i = 0; i < n; i++) z[i] = i;
          return z;
        },
        check: (r) => checkTyped(r as Float32Array, (i) => i, 'JS arange'),
      };
    },
  },

  copy: {
    setup(ctx, { n }) {
      const a = ctx.input(n, 1);
      ctx.poisonNextAllocation(n * F);
      return {
        run: () => a.copy(),
        check: (r) => checkExact(r as GpuArray, (i) => hashValue(i, 1), 'copy'),
        release: disposeArray,
      };
    },
    js(ctx, { n }) {
      const x = ctx.host(n, 1);
      return {
        run: () => {
          const z = new Float32Array(n);
          for (let i = 0; i < n; i++) z[i] = x[i];
          return z;
        },
        check: (r) => checkTyped(r as Float32Array, (i) => hashValue(i, 1), 'JS copy'),
      };
    },
  },

  upload: {
    setup(ctx, { n }) {
      const h = ctx.host(n, 1);
      ctx.poisonNextAllocation(n * F);
      return {
        run: () => ctx.gp.asarray(h),
        check: (r) => checkExact(r as GpuArray, (i) => hashValue(i, 1), 'upload'),
        release: disposeArray,
      };
    },
  },

  download: {
    setup(ctx, { n }) {
      const a = ctx.input(n, 1);
      return {
        run: () => toTyped(a),
        check: (r) => checkTyped(r as Float32Array, (i) => hashValue(i, 1), 'download'),
      };
    },
  },
} satisfies Record<string, Kind>;
