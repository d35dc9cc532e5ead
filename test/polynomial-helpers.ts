// Shared checks of the gp.polynomial tests: an array's dtype, shape and values (complex ones as
// [re, im] pairs, flattened) against NumPy's, within a tolerance that fits the dtype.
import { expect } from 'chai';
import * as gp from '../lib/index.js';

/** The values of an array, flattened, complex as re, im, bigints and bools as numbers. */
export function flatValues(a: gp.GpuArray): number[] {
  const out: number[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === 'object' && v !== null) out.push((v as { re: number }).re, (v as { im: number }).im);
    else out.push(Number(v));
  };
  walk(a.toArray());
  return out;
}

/** `a` has NumPy's dtype, shape and values (relative tolerance `tol`, default by dtype; NaN where NumPy's are). */
export function expectArray(a: unknown, dtype: string, shape: number[], values: number[], tol?: number): void {
  expect(a).to.be.instanceOf(gp.GpuArray);
  const g = a as gp.GpuArray;
  expect([g.dtype.name, [...g.shape]]).to.deep.equal([dtype, shape]);
  const t = tol ?? (dtype === 'float16' ? 2e-3 : dtype === 'float32' || dtype === 'complex64' ? 1e-6 : 1e-12);
  const v = flatValues(g);
  expect(v.length, 'number of values').to.equal(values.length);
  v.forEach((x, i) => {
    const w = values[i];
    if (Number.isNaN(w)) expect(x, `value ${i}`).to.be.NaN;
    else if (!Number.isFinite(w)) expect(x, `value ${i}`).to.equal(w);
    else expect(Math.abs(x - w), `value ${i}: ${x} vs ${w}`).to.be.at.most(t * Math.max(1, Math.abs(w)));
  });
}
