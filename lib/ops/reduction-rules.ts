// The accumulation rules of the reductions (reductions.ts's second column): the dtype each
// accumulates in and returns, and the post-map that turns the accumulator into the result.
//
// As NumPy 2 on a 64-bit platform:
//   sum   bool and ints below 64 bits accumulate in int64 (unsigned: uint64), wrapping as
//         NumPy's loops do; float16 accumulates in float32 and returns float16; dtype= sets both
//   same  the input dtype (max/min; float16 compares in float32)
//   arg   int64 indices (first NaN, then first extreme, wins)
//   bool  bool (all/any)
//   count int64 (countNonzero)
//   mean  ints/bool in float64, floats in their own dtype (float16 via float32), complex in complex
//   var/std as mean, two passes (mean, then the sum of |x - mean|^2); complex gives a real result
import { DType, dtypes } from '../core/dtype.js';
import { canCastSameKind } from '../core/promotion.js';

/** A reduction's accumulation rule (the header lists them). */
export type Rule = 'sum' | 'same' | 'arg' | 'bool' | 'count' | 'mean' | 'var' | 'std';

/** The post-map of each rule: the result from the accumulator `a`. */
export const POST: Record<Rule, string> = {
  sum: 'out0 = (out0_type)(a)',
  same: 'out0 = (out0_type)(a)',
  bool: 'out0 = (out0_type)(a)',
  count: 'out0 = (out0_type)(a)',
  arg: 'out0 = (out0_type)(a.i)',
  mean: 'out0 = (out0_type)(gpa::red_div(a, _div))',
  var: 'out0 = (out0_type)(gpa::red_div(a, _div))',
  std: 'out0 = (out0_type)(sqrt(gpa::red_div(a, _div)))',
};

/** Whether a dtype is inexact (float or complex). */
export const isInexact = (d: DType) => d.kind === 'f' || d.kind === 'c';

const isInt = (d: DType) => d.kind === 'i' || d.kind === 'u';
/**
 * Whether a reduction or scan given no dtype= runs in its `out`'s dtype, as NumPy's: when the
 * input casts to it same_kind, or both are integers (max of int8 into a uint8 out compares the
 * uint8 values, NumPy 2.4). A float into an integer out reduces as float.
 */
export const runsInOut = (x: DType, out: DType): boolean => out !== x && (canCastSameKind(x, out) || (isInt(x) && isInt(out)));
/** The type a dtype accumulates in when it is also the result (its compute dtype: float16 and bfloat16 in float32). */
export const accOf = (d: DType) => d.compute;
/** The real dtype of a complex one (others: themselves). */
export const realOf = (d: DType) => (d === dtypes.complex64 ? dtypes.float32 : d === dtypes.complex128 ? dtypes.float64 : d);

/** Accumulator and result dtypes of a rule for input `x` (and dtype= `want`). */
export function ruleTypes(rule: Rule, x: DType, want: DType | undefined): { acc: DType; out: DType } {
  switch (rule) {
    case 'sum': {
      if (want) return { acc: accOf(want), out: want };
      if (x.kind === 'b' || (x.kind === 'i' && x.itemsize < 8)) return { acc: dtypes.int64, out: dtypes.int64 };
      if (x.kind === 'u' && x.itemsize < 8) return { acc: dtypes.uint64, out: dtypes.uint64 };
      return { acc: accOf(x), out: x };
    }
    case 'same':
      return { acc: accOf(x), out: x };
    case 'arg':
      return { acc: accOf(x), out: dtypes.int64 };
    case 'bool':
      return { acc: dtypes.bool, out: dtypes.bool };
    case 'count':
      return { acc: dtypes.int64, out: dtypes.int64 };
    case 'mean':
    case 'var':
    case 'std': {
      const d = want ?? (isInexact(x) ? x : dtypes.float64);
      if (rule !== 'mean' && !isInexact(d)) throw new TypeError(`${rule}: dtype must be a floating or complex dtype, got ${d.name}`);
      return { acc: accOf(d), out: rule === 'mean' ? d : realOf(d) };
    }
  }
}

/** sizeof(gpa::ArgPair<T>) for an accumulator value of dtype d. */
export function argPairBytes(d: DType): number {
  const align = Math.max(8, d.itemsize);
  return Math.ceil((Math.ceil(d.itemsize / 8) * 8 + 8) / align) * align;
}
