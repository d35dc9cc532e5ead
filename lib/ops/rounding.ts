// numpy.round / numpy.around and ndarray.round: NumPy's PyArray_Round composed from ufuncs, so
// the rounding steps are NumPy's own: floats y = rint(x * 10**d) / 10**d in their dtype
// (x / 10**-d then * 10**-d for negative d); integers unchanged for d >= 0, else rounded in
// float64 and cast back (wrapping as NumPy's cast); complex parts rounded separately.
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { canCastSameKind } from '../core/promotion.js';
import { Scalar } from '../core/scalar.js';
import { bindArgsNoneDefault, copyInto, owned, toArray } from './array-args.js';
import { ufuncFunctions as uf } from './ufunc-api.js';

/** Options of `round`: `decimals` (default 0; negative rounds left of the point) and `out`. */
export interface RoundOptions {
  decimals?: number;
  out?: GpuArray;
}

/** x rounded to `decimals` in x's float dtype, written into `into` (x itself, or a new array when null). */
function roundFloat(x: GpuArray, decimals: number, into: GpuArray | null): GpuArray {
  if (decimals === 0) return into === null ? uf.rint(x) : uf.rint(x, { out: into });
  // 10**d as a JS value: a weak scalar, so a float32/float16 array rounds in its own dtype, as NumPy.
  const f = 10 ** Math.abs(decimals);
  const [op1, op2] = decimals > 0 ? [uf.multiply, uf.trueDivide] : [uf.trueDivide, uf.multiply];
  const t = into === null ? op1(x, f) : op1(x, f, { out: into });
  try {
    uf.rint(t, { out: t });
    op2(t, f, { out: t });
    return t;
  } catch (e) {
    if (into === null) t.dispose();
    throw e;
  }
}

/** a rounded as NumPy's round, a new array of the dtype NumPy gives. */
function roundNew(a: GpuArray, decimals: number): GpuArray {
  const d: DType = a.dtype;
  if (d.isBool) {
    if (decimals !== 0) throw new TypeError(`round: Cannot cast ufunc output from dtype('float64') to dtype('bool') with casting rule 'same_kind' (decimals=${decimals} on a bool array)`);
    return uf.rint(a); // NumPy: rint of bool, float16
  }
  if (d.isInteger) {
    if (decimals >= 0) return a.copy(); // NumPy returns the array itself; a copy here, disposable on its own
    // In float64 (a strong scalar: a weak 10**d would have to fit the integer dtype), then cast back.
    const f = new Scalar(10 ** -decimals, dtypes.float64);
    const t = uf.trueDivide(a, f);
    try {
      uf.rint(t, { out: t });
      uf.multiply(t, f, { out: t });
      return t.astype(d);
    } finally {
      t.dispose();
    }
  }
  if (d.isComplex) {
    const out = a.copy();
    try {
      for (const part of [out.real, out.imag]) {
        try {
          roundFloat(part, decimals, part);
        } finally {
          part.dispose();
        }
      }
      return out;
    } catch (e) {
      out.dispose();
      throw e;
    }
  }
  return roundFloat(a, decimals, null);
}

/**
 * Round to the given number of decimals (NumPy `numpy.round` / `numpy.around`, CuPy `cupy.around`),
 * halves to even. Floats round in their own dtype as NumPy (`rint(x * 10**decimals) / 10**decimals`,
 * so results carry that binary rounding, e.g. 2.675 -> 2.67); negative `decimals` round to tens,
 * hundreds...; integer arrays are unchanged for `decimals >= 0` (a copy) and otherwise rounded
 * through float64 and cast back; complex arrays round both parts; bool only with `decimals` 0
 * (float16, NumPy's rint). `out` receives the result (same_kind casting).
 *
 * @example gp.round(gp.array([1.25, 2.5, 15.5]), 1) // [1.2, 2.5, 15.5]
 */
export function round(a: unknown, ...args: (number | GpuArray | null | RoundOptions | undefined)[]): GpuArray {
  // NumPy's round(a, decimals=0, out=None): both by position or option.
  const o = bindArgsNoneDefault('round', args, ['decimals', 'out']) as Partial<RoundOptions>;
  const dec = o.decimals ?? 0;
  if (typeof dec !== 'number' || !Number.isInteger(dec)) throw new TypeError(`round: decimals must be an integer, got ${String(dec)}`);
  const out = o.out;
  if (out !== undefined && !(out instanceof GpuArray)) throw new TypeError('round: out must be a GpuArray');
  const x = toArray(a, 'round: a');
  try {
    const r = roundNew(x, dec);
    if (out === undefined) return r;
    try {
      if (!canCastSameKind(r.dtype, out.dtype)) throw new TypeError(`round: Cannot cast output from dtype('${r.dtype.name}') to dtype('${out.dtype.name}') with casting rule 'same_kind'`);
      if (r.shape.length !== out.shape.length || r.shape.some((n, i) => n !== out.shape[i])) {
        throw new RangeError(`round: out has shape [${out.shape.join(', ')}], the result [${r.shape.join(', ')}]`);
      }
      copyInto(out, r);
      return out;
    } finally {
      r.dispose();
    }
  } finally {
    if (owned(a, x)) x.dispose();
  }
}

/** numpy.around: the same as `round`. @example gp.around(a, -1) */
export const around = round;

declare module '../core/gpu-array.js' {
  interface GpuArray {
    /** ndarray.round(decimals=0, out=None): this array rounded, as `gp.round` (both by position or option). @example a.round(2) */
    round(...args: (number | GpuArray | null | RoundOptions | undefined)[]): GpuArray;
  }
}

Object.defineProperty(GpuArray.prototype, 'round', {
  value: function (this: GpuArray, ...args: (number | GpuArray | null | RoundOptions | undefined)[]): GpuArray {
    return round(this, ...args);
  },
  writable: true,
  configurable: true,
});
