// The program tests' comparison with NumPy's printed results: dtype, shape, and values flattened
// (bigints and booleans as numbers, complex as re, im pairs), floats within a relative tolerance.
import { expect } from 'chai';
import type * as gp from '../lib/index.js';

/** NumPy's result of a program step: [dtype name, shape, nested values]. */
export type Exp = [string, number[], unknown];

export function flat(v: unknown): number[] {
  if (Array.isArray(v)) return v.flatMap(flat);
  if (typeof v === 'bigint') return [Number(v)];
  if (typeof v === 'boolean') return [v ? 1 : 0];
  if (v !== null && typeof v === 'object' && 're' in v) return [(v as unknown as { re: number }).re, (v as unknown as { im: number }).im];
  return [v as number];
}

export function closeAll(got: number[], want: number[], rtol: number, what: string): void {
  expect(got.length, `${what}: length`).to.equal(want.length);
  got.forEach((g, i) => {
    const w = want[i];
    if (Number.isNaN(w)) expect(Number.isNaN(g), `${what}[${i}] is NaN`).to.equal(true);
    else if (!Number.isFinite(w)) expect(g, `${what}[${i}]`).to.equal(w);
    else expect(g, `${what}[${i}]`).to.be.closeTo(w, 1e-9 + rtol * Math.abs(w));
  });
}

/** The array's dtype, shape and values are NumPy's (floats within rtol). */
export function check(a: gp.GpuArray, [dtype, shape, values]: Exp, what: string, rtol = 1e-8): void {
  expect(a.dtype.name, `${what}: dtype`).to.equal(dtype);
  expect(a.shape, `${what}: shape`).to.deep.equal(shape);
  closeAll(flat(a.toArray()), flat(values), rtol, what);
}
