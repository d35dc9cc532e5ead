// Host references for the reduction tests: NumPy's reduction semantics over flat C-order data,
// computed in float64 / BigInt, independent of the kernels under test.
import { expect } from 'chai';
import type { GpuArray, NestedArray } from '../lib/index.js';

export type HostVal = number | bigint | boolean | { re: number; im: number };

/** Flatten toArray() output (0-d arrays give one value). */
export function flat(x: NestedArray): HostVal[] {
  if (!Array.isArray(x)) return [x as HostVal];
  const out: HostVal[] = [];
  const walk = (v: NestedArray) => {
    if (Array.isArray(v)) v.forEach(walk);
    else out.push(v as HostVal);
  };
  walk(x);
  return out;
}

export const values = (a: GpuArray) => flat(a.toArray());

/** Reduced axes as flags, NumPy's normalisation (negative axes, undefined = all). */
export function axesFlags(axis: number | readonly number[] | null | undefined, ndim: number): boolean[] {
  if (axis === null || axis === undefined) return new Array<boolean>(ndim).fill(true);
  const f = new Array<boolean>(ndim).fill(false);
  for (const a of typeof axis === 'number' ? [axis] : axis) f[a < 0 ? a + ndim : a] = true;
  return f;
}

/**
 * Reduce `data` (shape `shape`, C order) over `axis`: `fn` gets each output's values in C order
 * of the reduced axes. Returns the result shape (with keepdims) and values.
 */
export function reduceRef<T>(shape: readonly number[], data: readonly HostVal[], axis: number | readonly number[] | null | undefined, keepdims: boolean, fn: (vals: HostVal[]) => T): { shape: number[]; data: T[] } {
  const red = axesFlags(axis, shape.length);
  const outDims = shape.map((_, i) => i).filter((i) => !red[i]);
  const redDims = shape.map((_, i) => i).filter((i) => red[i]);
  const strides = new Array<number>(shape.length);
  let s = 1;
  for (let i = shape.length - 1; i >= 0; i--) {
    strides[i] = s;
    s *= shape[i];
  }
  const count = (dims: number[]) => dims.reduce((n, d) => n * shape[d], 1);
  const offsetOf = (dims: number[], lin: number) => {
    let off = 0;
    for (let k = dims.length - 1; k >= 0; k--) {
      const d = dims[k];
      off += (lin % shape[d]) * strides[d];
      lin = Math.floor(lin / shape[d]);
    }
    return off;
  };
  const out: T[] = [];
  const nOut = count(outDims);
  const nRed = count(redDims);
  for (let j = 0; j < nOut; j++) {
    const base = offsetOf(outDims, j);
    const vals: HostVal[] = [];
    for (let k = 0; k < nRed; k++) vals.push(data[base + offsetOf(redDims, k)]);
    out.push(fn(vals));
  }
  const outShape = keepdims ? shape.map((d, i) => (red[i] ? 1 : d)) : outDims.map((d) => shape[d]);
  return { shape: outShape, data: out };
}

const num = (v: HostVal) => (typeof v === 'boolean' ? +v : typeof v === 'bigint' ? Number(v) : (v as number));

// ---- reference reducers (NumPy semantics) ----
export const refSumBig = (bits: number, unsigned: boolean) => (vals: HostVal[]) => {
  let s = 0n;
  for (const v of vals) s += typeof v === 'bigint' ? v : BigInt(num(v));
  return unsigned ? BigInt.asUintN(bits, s) : BigInt.asIntN(bits, s);
};
export const refProdBig = (bits: number, unsigned: boolean) => (vals: HostVal[]) => {
  let p = 1n;
  for (const v of vals) p = BigInt.asIntN(128, p * (typeof v === 'bigint' ? v : BigInt(num(v))));
  return unsigned ? BigInt.asUintN(bits, p) : BigInt.asIntN(bits, p);
};
export const refSum = (vals: HostVal[]) => vals.reduce<number>((s, v) => s + num(v), 0);
export const refProd = (vals: HostVal[]) => vals.reduce<number>((s, v) => s * num(v), 1);
export const refMax = (vals: HostVal[]) => vals.reduce<number>((m, v) => (Number.isNaN(m) || Number.isNaN(num(v)) ? NaN : Math.max(m, num(v))), -Infinity);
export const refMin = (vals: HostVal[]) => vals.reduce<number>((m, v) => (Number.isNaN(m) || Number.isNaN(num(v)) ? NaN : Math.min(m, num(v))), Infinity);
export function refArgmax(vals: HostVal[]): bigint {
  let best = 0;
  for (let i = 0; i < vals.length; i++) {
    const v = num(vals[i]);
    if (Number.isNaN(v)) return BigInt(i);
    if (v > num(vals[best])) best = i;
  }
  return BigInt(best);
}
export function refArgmin(vals: HostVal[]): bigint {
  let best = 0;
  for (let i = 0; i < vals.length; i++) {
    const v = num(vals[i]);
    if (Number.isNaN(v)) return BigInt(i);
    if (v < num(vals[best])) best = i;
  }
  return BigInt(best);
}
export const refMean = (vals: HostVal[]) => refSum(vals) / vals.length;
export const refVar = (ddof: number) => (vals: HostVal[]) => {
  const m = refMean(vals);
  return vals.reduce<number>((s, v) => s + (num(v) - m) ** 2, 0) / Math.max(vals.length - ddof, 0);
};

/** Element-wise comparison with NaN == NaN and a tolerance |got - want| <= atol + rtol*|want|. */
export function expectClose(got: readonly HostVal[], want: readonly HostVal[], rtol = 0, atol = 0, what = ''): void {
  expect(got.length, `${what} length`).to.equal(want.length);
  for (let i = 0; i < want.length; i++) {
    const g = got[i];
    const w = want[i];
    if (typeof w === 'bigint' || typeof w === 'boolean') {
      expect(g, `${what} [${i}]`).to.equal(w);
      continue;
    }
    if (typeof w === 'object') {
      const gc = g as { re: number; im: number };
      expect(Math.abs(gc.re - w.re), `${what} [${i}].re: got ${gc.re}, want ${w.re}`).to.be.at.most(atol + rtol * Math.abs(w.re));
      expect(Math.abs(gc.im - w.im), `${what} [${i}].im: got ${gc.im}, want ${w.im}`).to.be.at.most(atol + rtol * Math.abs(w.im));
      continue;
    }
    const gn = g as number;
    if (Number.isNaN(w)) {
      expect(Number.isNaN(gn), `${what} [${i}]: got ${gn}, want NaN`).to.equal(true);
    } else if (!Number.isFinite(w)) {
      expect(gn, `${what} [${i}]`).to.equal(w);
    } else {
      expect(typeof gn, `${what} [${i}] type`).to.equal('number');
      expect(Math.abs(gn - w), `${what} [${i}]: got ${gn}, want ${w}`).to.be.at.most(atol + rtol * Math.abs(w));
    }
  }
}

/** Integer-valued data in [-range, range] (sums stay exact in float32 for modest sizes). */
export function intData(n: number, range: number, rand: () => number): number[] {
  return Array.from({ length: n }, () => Math.floor(rand() * (2 * range + 1)) - range);
}
