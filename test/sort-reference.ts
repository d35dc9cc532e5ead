// Host references with NumPy's semantics for the scan, sort, set and statistics tests.
import * as gp from '../lib/index.js';
import { rng } from './helpers.js';

/** NumPy's sort order: NaN last, -0.0 == +0.0 (ties are kept in input order by a stable sort). */
export function numpyCompare(a: number, b: number): number {
  const an = Number.isNaN(a);
  const bn = Number.isNaN(b);
  if (an || bn) return an === bn ? 0 : an ? 1 : -1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Stable argsort (JS sort is stable) of a flat list. */
export function refArgsort(x: readonly number[]): number[] {
  return x.map((_, i) => i).sort((i, j) => numpyCompare(x[i], x[j]));
}

/** A GpuArray's elements as a flat number list (bigints and bools as numbers). */
export function flat(a: gp.GpuArray): number[] {
  const out: number[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else out.push(Number(v));
  };
  walk(a.toArray());
  return out;
}

/** Random values for a dtype drawn from a small pool (duplicates), with NaN/±inf/-0.0 for floats. */
export function sample(dtype: gp.DTypeName, n: number, seed: number): number[] {
  const r = rng(seed);
  const pick = (pool: readonly number[]) => pool[Math.floor(r() * pool.length)];
  switch (dtype) {
    case 'bool':
      return Array.from({ length: n }, () => (r() < 0.5 ? 0 : 1));
    case 'float16':
    case 'float32':
    case 'float64':
      return Array.from({ length: n }, () => (r() < 0.15 ? pick([NaN, Infinity, -Infinity, -0, 0]) : Math.round((r() - 0.5) * 40) / 2));
    case 'uint8':
    case 'uint16':
    case 'uint32':
    case 'uint64':
      return Array.from({ length: n }, () => (r() < 0.1 ? pick([0, dtype === 'uint8' ? 255 : 65535]) : Math.floor(r() * 50)));
    default:
      return Array.from({ length: n }, () => (r() < 0.1 ? pick([-128, 127]) : Math.floor((r() - 0.5) * 60)));
  }
}

export const REAL_DTYPES: readonly gp.DTypeName[] = ['bool', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64', 'float16', 'float32', 'float64'];

/** Same numbers, NaN == NaN, and -0.0 distinct from +0.0. */
export function sameValues(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((v, i) => Object.is(v, b[i]));
}
