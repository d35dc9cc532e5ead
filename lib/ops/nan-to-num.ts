// numpy.nan_to_num, isposinf and isneginf, composed from ufuncs and copyto as NumPy's own
// Python implementations are (lib/_type_check_impl.py, lib/_ufunclike_impl.py).
import { DType, dtypes } from '../core/dtype.js';
import { Scalar, valueOfScalar } from '../core/scalar.js';
import { GpuArray } from '../core/gpu-array.js';
import { describeValue } from '../util/options.js';
import { bindArgs, owned, toArray } from './array-args.js';
import { copyto } from './masking.js';
import { ufuncFunctions as uf } from './ufunc-api.js';

/** Options of `nanToNum`: the replacements (defaults 0, the dtype's largest and most negative finite values) and `copy` (false: in place). */
export interface NanToNumOptions {
  copy?: boolean;
  nan?: number | Scalar;
  posinf?: number | Scalar | null;
  neginf?: number | Scalar | null;
}

/** The largest finite value of a float dtype (numpy.finfo(d).max). */
const finiteMax = (d: DType) =>
  d.bits !== null ? d.bits.fromBits(d.bits.toBits(Infinity) - 1) : d === dtypes.float32 ? 3.4028234663852886e38 : Number.MAX_VALUE; // bits: the step below +inf

/**
 * NaN replaced by `nan` (0), +inf by `posinf` and -inf by `neginf` (the dtype's largest finite
 * values) (NumPy `numpy.nan_to_num`); complex arrays in both parts; integer and bool arrays come
 * back unchanged (a copy). `copy: false` writes into `x` itself and returns it. `copy`, `nan`,
 * `posinf`, `neginf` by position (NumPy's order) or option.
 *
 * @example gp.nanToNum(gp.array([NaN, Infinity, 1.5])) // [0, 1.7976931348623157e308, 1.5]
 */
export function nanToNum(x: unknown, ...more: (boolean | number | null | NanToNumOptions | undefined)[]): GpuArray {
  // NumPy's order: copy, nan, posinf, neginf (by position or option).
  const given = bindArgs('nanToNum', more, ['copy', 'nan', 'posinf', 'neginf']) as NanToNumOptions;
  const o = { ...given } as { copy?: boolean; nan?: number; posinf?: number | null; neginf?: number | null };
  for (const k of ['nan', 'posinf', 'neginf'] as const) {
    const v = (o[k] = valueOfScalar(given[k]) as number | undefined);
    if (v !== undefined && v !== null && typeof v !== 'number') throw new TypeError(`nanToNum: ${k} must be a number, got ${describeValue(v)}`);
  }
  if (o.copy !== undefined && typeof o.copy !== 'boolean') throw new TypeError(`nanToNum: copy must be a boolean, got ${describeValue(o.copy)}`);
  const a = toArray(x, 'nanToNum: x');
  const inPlace = o.copy === false && !owned(x, a);
  const out = inPlace ? a : a.copy();
  if (owned(x, a)) a.dispose();
  if (!out.dtype.isFloat && !out.dtype.isComplex) return out;
  try {
    const parts = out.dtype.isComplex ? [out.real, out.imag] : [out];
    try {
      for (const p of parts) {
        const big = finiteMax(p.dtype);
        const replace = (mask: GpuArray, v: number) => {
          try {
            copyto(p, v, { where: mask, casting: 'unsafe' });
          } finally {
            mask.dispose();
          }
        };
        const inf = uf.isinf(p);
        try {
          const pos = uf.greater(p, 0);
          const neg = uf.less(p, 0);
          try {
            replace(uf.logicalAnd(inf, pos), o.posinf ?? big);
            replace(uf.logicalAnd(inf, neg), o.neginf ?? -big);
          } finally {
            pos.dispose();
            neg.dispose();
          }
        } finally {
          inf.dispose();
        }
        replace(uf.isnan(p), o.nan ?? 0);
      }
    } finally {
      if (parts[0] !== out) parts.forEach((p) => p.dispose());
    }
    return out;
  } catch (e) {
    if (!inPlace) out.dispose();
    throw e;
  }
}

/** Options of `isposinf`/`isneginf`: `out`, as NumPy's (also by position). */
export interface SignedInfOptions {
  out?: GpuArray | null;
}

/**
 * isposinf / isneginf: +inf (or -inf) element-wise; complex input is a TypeError, as NumPy. `out`
 * (by position or option) receives the result as NumPy's `logical_and(isinf, signbit, out)` does:
 * any dtype bool casts into same_kind, and `out` is returned.
 */
function isSignedInf(fn: string, x: unknown, more: readonly unknown[], positive: boolean): GpuArray {
  const { out } = bindArgs(fn, more, ['out']) as SignedInfOptions;
  if (out !== undefined && out !== null && !(out instanceof GpuArray)) throw new TypeError(`${fn}: out must be a GpuArray, got ${describeValue(out)}`);
  const a = toArray(x, `${fn}: x`);
  try {
    if (a.dtype.isComplex) throw new TypeError(`${fn}: This operation is not supported for ${a.dtype.name} values because it would be ambiguous.`);
    const inf = uf.isinf(a);
    const side = positive ? uf.greater(a, 0) : uf.less(a, 0);
    try {
      return out ? uf.logicalAnd(inf, side, out) : uf.logicalAnd(inf, side);
    } finally {
      inf.dispose();
      side.dispose();
    }
  } finally {
    if (owned(x, a)) a.dispose();
  }
}

/** Whether each element is +inf (NumPy `numpy.isposinf`; `out` by position or option). @example gp.isposinf(gp.array([Infinity, -Infinity])) // [true, false] */
export const isposinf = (x: unknown, ...more: (GpuArray | null | SignedInfOptions | undefined)[]): GpuArray => isSignedInf('isposinf', x, more, true);
/** Whether each element is -inf (NumPy `numpy.isneginf`; `out` by position or option). @example gp.isneginf(gp.array([Infinity, -Infinity])) // [false, true] */
export const isneginf = (x: unknown, ...more: (GpuArray | null | SignedInfOptions | undefined)[]): GpuArray => isSignedInf('isneginf', x, more, false);
