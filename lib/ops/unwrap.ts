// numpy.unwrap: undo jumps of a phase signal by multiples of `period`, NumPy's steps on gp's
// ufuncs, diff and cumsum (its dtypes too: integer input with an integer period stays integer).
import { GpuArray } from '../core/gpu-array.js';
import { weakKindOf } from '../core/host-data.js';
import { resultType } from '../core/promotion.js';
import { normalizeAxis } from '../core/shape.js';
import { readOptions } from '../util/options.js';
import { ArrayLike, copyInto, isOptions, withArray } from './array-args.js';
import { diff } from './differences.js';
import { cumsum } from './prefix-scan.js';
import { ufuncFunctions as uf } from './ufunc-api.js';

/** Options of unwrap (numpy.unwrap's discont, axis and keyword period). */
export interface UnwrapOptions {
  /** Jumps smaller than this are left alone (default and minimum: period / 2). */
  discont?: number | null;
  /** The axis to unwrap along (default -1). */
  axis?: number;
  /** The size of the range the signal wraps around (default 2π). */
  period?: number;
}

const KEYS = ['discont', 'axis', 'period'];

/**
 * numpy.unwrap: along `axis`, every jump between neighbours larger than `discont` (and half a
 * period) is replaced by its value modulo `period`, and the rest of the signal follows.
 * Positional `discont` and `axis` as NumPy's, or all in the options object.
 * @example gp.unwrap(gp.array([0, 3.5, 7])) // [0, -2.78318531, -5.56637061]
 */
export function unwrap(p: ArrayLike, discont?: number | null | UnwrapOptions, axis?: number | UnwrapOptions, options?: UnwrapOptions): GpuArray {
  // NumPy's positional discont and axis, then the options object, which may stand in for either.
  const positional: unknown[] = [discont, axis, options];
  const at = positional.findIndex(isOptions);
  if (at >= 0 && positional.slice(at + 1).some((v) => v !== undefined)) throw new TypeError('unwrap: the options object must come last');
  if (at < 0 && options !== undefined) throw new TypeError('unwrap: options must be an object like {discont, axis, period}');
  const o = readOptions<UnwrapOptions>('unwrap', at >= 0 ? positional[at] : undefined, KEYS) as Record<string, unknown>;
  positional.slice(0, at >= 0 ? at : 2).forEach((v, i) => {
    if (v === undefined) return;
    if (o[KEYS[i]] !== undefined) throw new TypeError(`unwrap: ${KEYS[i]} given twice (by position and in the options)`);
    o[KEYS[i]] = v;
  });
  return withArray(p, 'unwrap: p', (a) => run(a, o as Partial<UnwrapOptions>));
}

function run(a: GpuArray, o: Partial<UnwrapOptions>): GpuArray {
  const period = o.period ?? 2 * Math.PI;
  if (typeof period !== 'number' || !Number.isFinite(period)) throw new TypeError(`unwrap: period must be a finite number, got ${String(period)}`);
  if (o.discont != null && typeof o.discont !== 'number') throw new TypeError(`unwrap: discont must be a number or null, got ${typeof o.discont}`);
  if (a.ndim === 0) throw new RangeError('diff requires input that is at least one dimensional');
  const ax = normalizeAxis(o.axis ?? -1, a.ndim);
  const temps: GpuArray[] = [];
  const keep = (t: GpuArray) => (temps.push(t), t);
  try {
    const dd = keep(diff(a, { axis: ax }));
    const d = resultType([dd.dtype], [weakKindOf(period)]);
    const up = a.astype(d);
    if (dd.size === 0) return up;
    try {
      // NumPy's interval: exact halves of an integer period, else period / 2 (the boundary then ambiguous).
      const high = d.isInteger ? Math.floor(period / 2) : period / 2;
      const ambiguous = d.isInteger ? period - 2 * Math.floor(period / 2) === 0 : true;
      let ddmod = keep(uf.add(keep(uf.remainder(keep(uf.subtract(dd, -high)), period)), -high));
      // A jump of exactly half a period keeps its sign (NumPy: ddmod == low where dd > 0 becomes high).
      if (ambiguous) ddmod = keep(uf.where(keep(uf.logicalAnd(keep(uf.equal(ddmod, -high)), keep(uf.greater(dd, 0)))), high, ddmod));
      const small = keep(uf.less(keep(uf.absolute(dd)), o.discont ?? period / 2));
      const correct = keep(uf.where(small, 0, keep(uf.subtract(ddmod, dd))));
      const tail = keep(up.slice(...a.shape.map((_, i) => (i === ax ? '1:' : ':'))));
      const from = keep(a.slice(...a.shape.map((_, i) => (i === ax ? '1:' : ':'))));
      copyInto(tail, keep(uf.add(from, keep(cumsum(correct, { axis: ax })))));
      return up;
    } catch (e) {
      up.dispose();
      throw e;
    }
  } finally {
    for (const t of temps) t.dispose();
  }
}
