// What the workloads' kinds share: result disposal, the checks of plain and scalar results, the
// hash inputs' sums, 2-D views.
import type { GpuArray } from '../lib/index.js';
import { CheckError, hashValue } from './data.js';

export const disposeArray = (r: unknown) => (r as GpuArray).dispose();
export const sum2 = (i: number) => hashValue(i, 1) + hashValue(i, 2);

export function checkTyped(got: ArrayLike<number>, expect: (i: number) => number, what: string): void {
  for (let i = 0; i < got.length; i++) {
    const want = Math.fround(expect(i));
    if (got[i] !== want) throw new CheckError(`${what}: element ${i} is ${got[i]}, expected ${want}`);
  }
}

/** A 0-d array or a number, as a number. */
export function scalarOf(r: unknown): number {
  if (typeof r === 'number') return r;
  const v = (r as GpuArray).toArray();
  if (typeof v !== 'number') throw new CheckError(`expected a scalar result, got ${JSON.stringify(v)}`);
  return v;
}

/** An m x m view of a flat array (dispose it; the memory stays with the array). */
export const view2d = (a: GpuArray, m: number): GpuArray => a.reshape([m, m]);

/** The sum of the first n hash inputs of `seed`. */
export function hashTotal(n: number, seed: number): number {
  let s = 0;
  for (let i = 0; i < n; i++) s += hashValue(i, seed);
  return s;
}
