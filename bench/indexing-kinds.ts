// The workloads' kinds (bench/workloads.ts KINDS): joins (concatenate, stack), the boolean mask
// and the gather (#17).
import type { GpuArray } from '../lib/index.js';
import { CheckError, checkExact, hashValue } from './data.js';
import { disposeArray } from './kind-helpers.js';
import { F } from './workloads/sizes.js';
import type { Kind } from './workloads.js';

/** The mask threshold: hash values are multiples of 0.25 in [0.25, 500], so about half are above. */
const MASK_T = 250.125;
/** Random gather indices, the same body in CuPy: a hash of i, modulo n. */
const GATHER_INDEX_BODY = [
  'unsigned int h = (unsigned int)i * 2654435761u ^ seed;',
  'h ^= h >> 15;',
  'h *= 2246822519u;',
  'h ^= h >> 13;',
  'j = (long long)(h % (unsigned int)len)',
].join('\n');
function hashIndex(i: number, seed: number, n: number): number {
  let h = (Math.imul(i, 0x9e3779b1) ^ seed) >>> 0;
  h = (h ^ (h >>> 15)) >>> 0;
  h = Math.imul(h, 0x85ebca77) >>> 0;
  h = (h ^ (h >>> 13)) >>> 0;
  return h % n;
}

/** Two inputs joined along axis 0 (concatenate) or a new axis 0 (stack): the flat result is a then b. */
function joinKind(fn: 'concatenate' | 'stack'): Kind {
  return {
    setup(ctx, { n }) {
      const a = ctx.input(n, 1);
      const b = ctx.input(n, 2);
      const join = ctx.api<(xs: GpuArray[]) => GpuArray>(fn);
      ctx.poisonNextAllocation(2 * n * F);
      return {
        run: () => join([a, b]),
        check: (r) => checkExact(r as GpuArray, (i) => (i < n ? hashValue(i, 1) : hashValue(i - n, 2)), fn),
        release: disposeArray,
      };
    },
  };
}

export const INDEXING_KINDS = {
  concatenate: joinKind('concatenate'),
  stack: joinKind('stack'),

  booleanMask: {
    setup(ctx, { n }) {
      const x = ctx.input(n, 1);
      return {
        run: () => x.slice(ctx.gp.greater(x, MASK_T)),
        check: (r) => {
          const got = r as GpuArray;
          const sel: number[] = [];
          for (let i = 0; i < n; i++) if (hashValue(i, 1) > MASK_T) sel.push(i);
          if (got.size !== sel.length) throw new CheckError(`x[x > t]: ${got.size} elements, expected ${sel.length}`);
          checkExact(got, (k) => hashValue(sel[k], 1), 'x[x > t]');
        },
        release: disposeArray,
      };
    },
  },

  gather: {
    setup(ctx, { n }) {
      const x = ctx.input(n, 1);
      const make = ctx.gp.ElementwiseKernel('uint32 seed, int64 len', 'int64 j', GATHER_INDEX_BODY, 'bench_gather_index');
      const idx = ctx.gp.empty([n], 'int64');
      make(ctx.gp.uint32(7), n, idx);
      return {
        run: () => x.slice(idx),
        check: (r) => checkExact(r as GpuArray, (i) => hashValue(hashIndex(i, 7, n), 1), 'x[idx]'),
        release: disposeArray,
        teardown: () => idx.dispose(),
      };
    },
  },
} satisfies Record<string, Kind>;
