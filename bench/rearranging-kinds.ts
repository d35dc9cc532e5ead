// The rearranging routines of issue #17 on 1 GiB results: tile, repeat, flip (made contiguous:
// NumPy's and CuPy's flip is a view), roll and pad, each checked element by element against the
// input's hash. Their goal is a copy of the same output bytes ('copy 256M'); bench/cupy_baseline.py
// has the same kinds.
import type { GpuArray } from '../lib/index.js';
import { checkExact, hashValue } from './data.js';
import type { Kind } from './workloads.js';

const disposeArray = (r: unknown) => (r as GpuArray).dispose();
/** roll's shift (not a multiple of any vector width). */
export const ROLL_SHIFT = 12345;

export const REARRANGING_KINDS = {
  tile: {
    setup(ctx, { n }) {
      const a = ctx.input(n, 1);
      const tile = ctx.api<(x: GpuArray, reps: number) => GpuArray>('tile');
      ctx.poisonNextAllocation(2 * n * 4);
      return { run: () => tile(a, 2), check: (r) => checkExact(r as GpuArray, (i) => hashValue(i % n, 1), 'tile'), release: disposeArray };
    },
  },
  repeat: {
    setup(ctx, { n }) {
      const a = ctx.input(n, 1);
      const repeat = ctx.api<(x: GpuArray, reps: number) => GpuArray>('repeat');
      ctx.poisonNextAllocation(2 * n * 4);
      return { run: () => repeat(a, 2), check: (r) => checkExact(r as GpuArray, (i) => hashValue(Math.floor(i / 2), 1), 'repeat'), release: disposeArray };
    },
  },
  flipCopy: {
    setup(ctx, { n }) {
      const a = ctx.input(n, 1);
      const flip = ctx.api<(x: GpuArray) => GpuArray>('flip');
      ctx.poisonNextAllocation(n * 4);
      return { run: () => flip(a).copy(), check: (r) => checkExact(r as GpuArray, (i) => hashValue(n - 1 - i, 1), 'flip'), release: disposeArray };
    },
  },
  roll: {
    setup(ctx, { n }) {
      const a = ctx.input(n, 1);
      const roll = ctx.api<(x: GpuArray, shift: number) => GpuArray>('roll');
      ctx.poisonNextAllocation(n * 4);
      return { run: () => roll(a, ROLL_SHIFT), check: (r) => checkExact(r as GpuArray, (i) => hashValue((i - ROLL_SHIFT + n) % n, 1), 'roll'), release: disposeArray };
    },
  },
  pad: {
    // An m x m input padded by one zero on every side: (m + 2)^2 results.
    setup(ctx, { m }) {
      const a = ctx.input(m * m, 1).reshape(m, m);
      const pad = ctx.api<(x: GpuArray, width: number) => GpuArray>('pad');
      const w = m + 2;
      ctx.poisonNextAllocation(w * w * 4);
      const want = (i: number) => {
        const r = Math.floor(i / w);
        const c = i % w;
        return r === 0 || c === 0 || r === w - 1 || c === w - 1 ? 0 : hashValue((r - 1) * m + (c - 1), 1);
      };
      return { run: () => pad(a, 1), check: (r) => checkExact(r as GpuArray, want, 'pad'), release: disposeArray };
    },
  },
} satisfies Record<string, Kind>;
