// NumPy's legacy polynomial functions on coefficient arrays, highest power first (numpy.polyval,
// polyder, polyint, polyadd, polysub, polymul), written as NumPy writes them so that the values and
// result dtypes agree: Horner's rule with element-wise ufuncs, convolve for the product.
// polyfit needs gp.linalg and lives in lib/linalg/polyfit.ts.
import { realValue } from '../core/shape.js';
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { describeValue, readOptions } from '../util/options.js';
import { ArrayLike, bindArgs, isOptions, toArray } from './array-args.js';
import { convolve } from './correlation.js';
import { arange, ones, zeros } from './creation.js';
import { zerosLike } from './creation-like.js';
import { concatenate } from './joining.js';
import { trimZeros } from './rearranging.js';
import { ufuncFunctions as U } from './ufunc-api.js';

export type Temps = { t: <T extends GpuArray>(a: T) => T; done: (keep: GpuArray, ...more: GpuArray[]) => GpuArray; drop: () => void };

/** Temporaries disposed at the end, except the results handed back. */
export function temps(): Temps {
  const list: GpuArray[] = [];
  return {
    t: (a) => (list.push(a), a),
    done: (keep, ...more) => {
      for (const a of list) if (a !== keep && !more.includes(a)) a.dispose();
      return keep;
    },
    drop: () => list.forEach((a) => a.dispose()),
  };
}

function coefficients(fn: string, p: unknown, T: Temps): GpuArray {
  const a = toArray(p, `${fn}: p`);
  if (a !== p) T.t(a);
  if (a.ndim === 0) throw new TypeError(`${fn}: iteration over a 0-d array (the coefficients must be a sequence)`);
  return a;
}

/** An order of derivative or integral: NumPy's int(m), refusing negatives. */
function orderOf(fn: string, m: unknown, what: string): number {
  m = realValue(m); // a typed scalar is its number (NumPy's int(m))
  if (typeof m !== 'number' && typeof m !== 'bigint') throw new TypeError(`${fn}: m must be an integer, got ${describeValue(m)}`);
  const k = Number(m);
  if (!Number.isFinite(k)) throw new RangeError(`${fn}: cannot convert ${k} to an integer order`);
  const r = Math.trunc(k);
  if (r < 0) throw new RangeError(`${fn}: Order of ${what} must be positive (see ${what === 'derivative' ? 'polyint' : 'polyder'})`);
  return r;
}

/**
 * numpy.polyval(p, x): p[0] * x**(N-1) + ... + p[N-1] by Horner's rule, in the dtype NumPy gives
 * (x's dtype promoted with p's, p's elements counting as strong scalars); x any shape (a JS number
 * gives a 0-d array). Coefficients along p's first axis: a 2-D p evaluates one polynomial per column.
 */
export function polyval(p: ArrayLike, x: ArrayLike): GpuArray {
  const T = temps();
  try {
    const c = coefficients('polyval', p, T);
    const xa = toArray(x, 'polyval: x');
    if (xa !== x) T.t(xa);
    let y = T.t(zerosLike(xa));
    for (let i = 0; i < c.shape[0]; i++) y = T.t(U.add(T.t(U.multiply(y, xa) as GpuArray), T.t(c.slice(i))) as GpuArray);
    // NumPy's zeros_like(x) comes back untouched for an empty p: a fresh array either way.
    return T.done(y);
  } catch (e) {
    T.drop();
    throw e;
  }
}

/** numpy.polyder(p, m=1): the m-th derivative's coefficients (p * [n, n-1, ..., 1], an int64 arange, so float32 gives float64). */
export function polyder(p: ArrayLike, m: number | { m?: number } = 1): GpuArray {
  const o = isOptions(m) ? readOptions<{ m: number }>('polyder', m, ['m']).m ?? 1 : m;
  const order = orderOf('polyder', o, 'derivative');
  const T = temps();
  try {
    let c = coefficients('polyder', p, T);
    if (order === 0) return c === p ? c.copy() : T.done(c);
    for (let k = 0; k < order; k++) {
      const n = c.shape[0] - 1;
      const head = T.t(c.slice(`:${n < 0 ? 0 : n}`));
      c = T.t(U.multiply(head, T.t(arange(n, 0, -1, dtypes.int64))) as GpuArray);
    }
    return T.done(c);
  } catch (e) {
    T.drop();
    throw e;
  }
}

/** Options of gp.polyint: the order `m` and the integration constants `k` (one, or one per integration, lowest order first). */
export type PolyintOptions = { m?: number; k?: ArrayLike | null };

/** numpy.polyint(p, m=1, k=None): the m-th antiderivative's coefficients (p / [n, ..., 1], then the constant k[i]); float64 or complex. */
export function polyint(p: ArrayLike, ...more: (number | ArrayLike | null | PolyintOptions | undefined)[]): GpuArray {
  // m and k by position (NumPy's order) or in one options object in place of either.
  const o = bindArgs('polyint', more, ['m', 'k']) as PolyintOptions;
  const kk: unknown = o.k;
  const order = orderOf('polyint', o.m ?? 1, 'integral');
  const T = temps();
  try {
    // NumPy: k defaults to m zeros; one k with m > 1 is repeated; fewer than m is a ValueError.
    let ks = kk === null || kk === undefined ? T.t(zeros([order], dtypes.float64)) : toArray(kk, 'polyint: k');
    if (ks !== kk) T.t(ks);
    if (ks.ndim === 0) ks = T.t(ks.reshape([1]));
    if (ks.ndim !== 1) throw new RangeError('polyint: k must be a scalar or a rank-1 array of length 1 or >m.');
    if (ks.shape[0] === 1 && order > 1) ks = T.t(U.multiply(T.t(ks.slice(0)), T.t(ones([order], dtypes.float64))) as GpuArray);
    if (ks.shape[0] < order) throw new RangeError('polyint: k must be a scalar or a rank-1 array of length 1 or >m.');
    let c = coefficients('polyint', p, T);
    if (order === 0) return c === p ? c.copy() : T.done(c);
    for (let i = 0; i < order; i++) {
      const q = T.t(U.divide(c, T.t(arange(c.shape[0], 0, -1, dtypes.int64))) as GpuArray);
      // [k[i]] is a list of one NumPy scalar: float64 (complex128 for a complex k).
      const ki = T.t(ks.slice(`${i}:${i + 1}`));
      const kv = T.t(ki.astype(ki.dtype.isComplex ? dtypes.complex128 : dtypes.float64));
      c = T.t(concatenate([q, kv]));
    }
    return T.done(c);
  } catch (e) {
    T.drop();
    throw e;
  }
}

/** a1 and a2 as 1-D (NumPy's atleast_1d), the shorter padded with leading zeros of its own dtype. */
function aligned(fn: string, a1: unknown, a2: unknown, T: Temps): [GpuArray, GpuArray] {
  const one = (v: unknown, what: string) => {
    const a = toArray(v, `${fn}: ${what}`);
    if (a !== v) T.t(a);
    return a.ndim === 0 ? T.t(a.reshape([1])) : a;
  };
  let x = one(a1, 'a1');
  let y = one(a2, 'a2');
  const diff = y.shape[0] - x.shape[0];
  if (diff > 0) x = T.t(concatenate([T.t(zeros([diff], x.dtype)), x]));
  else if (diff < 0) y = T.t(concatenate([T.t(zeros([-diff], y.dtype)), y]));
  return [x, y];
}

function combine(fn: string, a1: ArrayLike, a2: ArrayLike, op: 'add' | 'subtract'): GpuArray {
  const T = temps();
  try {
    const [x, y] = aligned(fn, a1, a2, T);
    return T.done(T.t(U[op](x, y) as GpuArray));
  } catch (e) {
    T.drop();
    throw e;
  }
}

/** numpy.polyadd(a1, a2): the sum of two polynomials (coefficients highest power first, the shorter zero-padded in front). */
export function polyadd(a1: ArrayLike, a2: ArrayLike): GpuArray {
  return combine('polyadd', a1, a2, 'add');
}

/** numpy.polysub(a1, a2): the difference of two polynomials (bool is a TypeError, as NumPy's subtract). */
export function polysub(a1: ArrayLike, a2: ArrayLike): GpuArray {
  return combine('polysub', a1, a2, 'subtract');
}

/** numpy.polymul(a1, a2): the product of two polynomials, convolve(a1, a2) (real coefficients, as gp.convolve). */
export function polymul(a1: ArrayLike, a2: ArrayLike): GpuArray {
  const T = temps();
  try {
    // NumPy's polymul makes each a poly1d first, which drops leading zero coefficients (all zeros: [0]).
    const one = (v: unknown, what: string) => {
      const a = toArray(v, `polymul: ${what}`);
      if (a !== v) T.t(a);
      const c = a.ndim === 0 ? T.t(a.reshape([1])) : a;
      if (c.ndim !== 1) return c;
      const t = T.t(trimZeros(c, 'f'));
      return t.size > 0 ? t : T.t(zeros([1], c.dtype));
    };
    return T.done(T.t(convolve(one(a1, 'a1'), one(a2, 'a2'))));
  } catch (e) {
    T.drop();
    throw e;
  }
}
