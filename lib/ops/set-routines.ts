// isin and NumPy's 1-D set routines (intersect1d, union1d, setdiff1d, setxor1d): a sort of one
// side, a binary search of the other (searching.ts's kernels), and compaction of the hits.
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { kernelHooks } from '../core/kernel-hooks.js';
import { promoteTypes } from '../core/promotion.js';
import { isComplexLike } from '../core/host-data.js';
import { ArrayLike as ArrayArg, bindArgs, toArray, withArray } from './array-args.js';
import { extractBool } from './compaction.js';
import { ufuncFunctions } from './ufunc-api.js';
import { intersectWithIndices } from './intersect-indices.js';
import { gridFor, moduleKernel } from './device-kernels.js';
import { sortedValues } from './sorted-order.js';
import { checkOperand, flatAs, searchSource, unique } from './searching.js';
import { checkPositionalCount } from '../util/options.js';
import { concatenate } from './joining.js';

/** Options of isin (numpy.isin's invert and assume_unique). */
export interface IsinOptions {
  /** Negate the result (elements not in testElements). */
  invert?: boolean;
  /** Accepted for NumPy compatibility (the result is the same either way). */
  assumeUnique?: boolean;
  /** 'sort', 'table' (integer and bool arrays only, as NumPy) or null: always a sort here. */
  kind?: 'sort' | 'table' | null;
}

let warnedIn1d = false;

/**
 * numpy.in1d (deprecated in NumPy 2 for isin): isin of the flattened `ar1`, a 1-D bool array; a
 * DeprecationWarning once, as NumPy's.
 * @example gp.in1d([1, 2, 3], [2]) // [false, true, false]
 */
export function in1d(ar1: ArrayArg, ar2: ArrayArg, ...more: (boolean | IsinOptions | undefined)[]): GpuArray {
  if (!warnedIn1d) {
    warnedIn1d = true;
    process.emitWarning('`in1d` is deprecated. Use `isin` instead.', 'DeprecationWarning');
  }
  const r = isin(ar1, ar2, ...more);
  if (r.ndim === 1) return r;
  try {
    return r.reshape([r.size]);
  } finally {
    r.dispose();
  }
}

/**
 * isin between signed integers and uint64, whose common dtype (float64) would merge values past
 * 2^53: compared exactly in uint64, as NumPy's ==. A negative test value matches nothing; a
 * negative element is in no uint64 set. null when the dtypes are not such a pair.
 */
function exactUint64(element: GpuArray, test: GpuArray, options: IsinOptions): GpuArray | null {
  const signed = (d: DType) => d.kind === 'i';
  const u64 = dtypes.uint64;
  if (!((signed(element.dtype) && test.dtype === u64) || (element.dtype === u64 && signed(test.dtype)))) return null;
  const { greaterEqual, less, logicalAnd, logicalOr } = ufuncFunctions;
  const made: GpuArray[] = [];
  const keep = <A extends GpuArray>(a: A): A => (made.push(a), a);
  try {
    const t = signed(test.dtype) ? keep(keep(extractBool(keep(greaterEqual(test, 0)), test)).astype(u64)) : test;
    if (!signed(element.dtype)) return isin(element, t, options);
    const r = keep(isin(keep(element.astype(u64)), t, options));
    // A negative element: never in the set (true under invert).
    return options.invert ? logicalOr(r, keep(less(element, 0))) : logicalAnd(r, keep(greaterEqual(element, 0)));
  } finally {
    made.forEach((a) => a.dispose());
  }
}

/** numpy.isin: bool array of element's shape, true where the element is in testElements (== semantics: NaN never is). */
export function isin(element: ArrayArg, testElements: ArrayArg, ...more: (boolean | IsinOptions | undefined)[]): GpuArray {
  if (!(element instanceof GpuArray)) return withArray(element, 'isin: element', (x) => isin(x, testElements, ...more));
  // NumPy's order: assume_unique, invert; kind keyword-only.
  const options = bindArgs('isin', more, ['assumeUnique', 'invert'], ['kind']) as IsinOptions;
  if (options.kind !== undefined && options.kind !== null && options.kind !== 'sort' && options.kind !== 'table') throw new RangeError(`isin: Invalid kind: ${JSON.stringify(options.kind)}. Please use None, 'sort' or 'table'.`);
  if (!(testElements instanceof GpuArray)) {
    const t = toArray(testElements, 'isin: testElements');
    try {
      return isin(element, t, options);
    } finally {
      t.dispose();
    }
  }
  checkOperand('isin', element);
  checkOperand('isin', testElements);
  if (options.kind === 'table' && ![element, testElements].every((x) => x.dtype.isInteger || x.dtype.isBool)) {
    throw new RangeError("isin: The 'table' method is only supported for boolean or integer arrays. Please select 'sort' or None for kind.");
  }
  const exact = exactUint64(element, testElements, options);
  if (exact !== null) return exact;
  const d = promoteTypes(element.dtype, testElements.dtype);
  const t = flatAs(testElements, d);
  const e = flatAs(element, d);
  try {
    const sorted = sortedValues(t);
    try {
      const out = GpuArray.allocate(element.shape, dtypes.bool, element.device);
      if (e.size > 0) moduleKernel(searchSource(d), 'gpa_isin')(gridFor(e.size), 256, [sorted, e, out, sorted.size, e.size, options.invert ? 1 : 0]);
      return out;
    } finally {
      sorted.dispose();
    }
  } finally {
    t.dispose();
    e.dispose();
  }
}

function concat1d(a: GpuArray, b: GpuArray, d: DType): GpuArray {
  const out = GpuArray.allocate([a.size + b.size], d, a.device);
  const assign = kernelHooks().assign;
  if (a.size > 0) {
    const v = out.slice(`0:${a.size}`);
    const s = a.reshape([a.size]);
    assign(v, s);
    v.dispose();
    s.dispose();
  }
  if (b.size > 0) {
    const v = out.slice(`${a.size}:`);
    const s = b.reshape([b.size]);
    assign(v, s);
    v.dispose();
    s.dispose();
  }
  return out;
}

/** unique(x) in dtype d, as a 1-D array. */
function uniqueAs(x: GpuArray, d: DType): GpuArray {
  const f = flatAs(x, d);
  try {
    return unique(f) as GpuArray;
  } finally {
    f.dispose();
  }
}

/** ar1's unique (or flattened, when assumed unique) elements that are (or, invert, are not) in ar2. */
function filterIn(ar1: GpuArray, ar2: GpuArray, d: DType, assumeUnique: boolean, invert: boolean): GpuArray {
  const u = assumeUnique ? flatAs(ar1, d) : uniqueAs(ar1, d);
  try {
    const mask = isin(u, ar2, { invert });
    try {
      return extractBool(mask, u);
    } finally {
      mask.dispose();
    }
  } finally {
    u.dispose();
  }
}

/** A JS number, bigint, boolean or complex: NumPy's Python scalar (weak). */
const isWeakScalar = (v: unknown): boolean => typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean' || isComplexLike(v);

/** Run a set routine on its two operands as GpuArrays (NumPy's take any array_like: lists too). */
function setOperands<T>(name: string, ar1: ArrayArg, ar2: ArrayArg, fn: (a: GpuArray, b: GpuArray) => T): T {
  return withArray(ar1, `${name}: ar1`, (a) => withArray(ar2, `${name}: ar2`, (b) => fn(a, b)));
}

function setArgs(name: string, a: GpuArray, b: GpuArray): DType {
  checkOperand(name, a);
  checkOperand(name, b);
  return promoteTypes(a.dtype, b.dtype);
}

/**
 * numpy.intersect1d: sorted unique values in both; with `returnIndices`, `[values, ar1Indices,
 * ar2Indices]` (the first occurrence of each value in the flattened inputs, as NumPy).
 */
export function intersect1d(ar1: ArrayArg, ar2: ArrayArg, options?: { assumeUnique?: boolean; returnIndices?: false }): GpuArray;
export function intersect1d(ar1: ArrayArg, ar2: ArrayArg, options: { assumeUnique?: boolean; returnIndices: true }): [GpuArray, GpuArray, GpuArray];
export function intersect1d(ar1: ArrayArg, ar2: ArrayArg, assumeUnique: boolean, returnIndices: true): [GpuArray, GpuArray, GpuArray];
export function intersect1d(ar1: ArrayArg, ar2: ArrayArg, ...more: (boolean | { assumeUnique?: boolean; returnIndices?: boolean } | undefined)[]): GpuArray | [GpuArray, GpuArray, GpuArray];
export function intersect1d(ar1: ArrayArg, ar2: ArrayArg, ...more: (boolean | { assumeUnique?: boolean; returnIndices?: boolean } | undefined)[]): GpuArray | [GpuArray, GpuArray, GpuArray] {
  if (!(ar1 instanceof GpuArray) || !(ar2 instanceof GpuArray)) return setOperands('intersect1d', ar1, ar2, (a, b) => intersect1d(a, b, ...more));
  const d = setArgs('intersect1d', ar1, ar2);
  // NumPy's order: assume_unique, return_indices (by position or option).
  const o = bindArgs('intersect1d', more, ['assumeUnique', 'returnIndices']) as { assumeUnique?: boolean; returnIndices?: boolean };
  if (o.returnIndices) return intersectWithIndices(ar1, ar2, d, !!o.assumeUnique, unique);
  if (o.assumeUnique) return sortedNeighbours(ar1, ar2, d, 'intersect');
  return filterIn(ar1, ar2, d, false, false);
}

/** numpy.union1d: sorted unique values in either. */
export function union1d(ar1: ArrayArg, ar2: ArrayArg): GpuArray {
  checkPositionalCount('union1d', arguments, 2);
  let c: GpuArray;
  if (isWeakScalar(ar1) !== isWeakScalar(ar2)) {
    // NumPy's union1d is unique(concatenate((ar1, ar2), axis=None)), where a JS scalar beside an
    // array is weak (union1d(int8 array, 2) is int8): concatenate applies that rule.
    c = concatenate([ar1, ar2], { axis: null });
  } else {
    if (!(ar1 instanceof GpuArray) || !(ar2 instanceof GpuArray)) return setOperands('union1d', ar1, ar2, (a, b) => union1d(a, b));
    c = concat1d(ar1, ar2, setArgs('union1d', ar1, ar2));
  }
  try {
    return unique(c) as GpuArray;
  } finally {
    c.dispose();
  }
}

/** numpy.setdiff1d: unique values of ar1 not in ar2 (ar1's order, unsorted, when assumeUnique). */
export function setdiff1d(ar1: ArrayArg, ar2: ArrayArg, ...more: (boolean | { assumeUnique?: boolean } | undefined)[]): GpuArray {
  if (!(ar1 instanceof GpuArray) || !(ar2 instanceof GpuArray)) return setOperands('setdiff1d', ar1, ar2, (a, b) => setdiff1d(a, b, ...more));
  setArgs('setdiff1d', ar1, ar2);
  const options = bindArgs('setdiff1d', more, ['assumeUnique']) as { assumeUnique?: boolean };
  // ar1's values, in ar1's dtype (NumPy indexes ar1's unique values); isin compares in the common one.
  return filterIn(ar1, ar2, ar1.dtype, !!options.assumeUnique, true);
}

/** numpy.setxor1d: sorted unique values in exactly one of the two. */
export function setxor1d(ar1: ArrayArg, ar2: ArrayArg, ...more: (boolean | { assumeUnique?: boolean } | undefined)[]): GpuArray {
  if (!(ar1 instanceof GpuArray) || !(ar2 instanceof GpuArray)) return setOperands('setxor1d', ar1, ar2, (a, b) => setxor1d(a, b, ...more));
  const d = setArgs('setxor1d', ar1, ar2);
  const options = bindArgs('setxor1d', more, ['assumeUnique']) as { assumeUnique?: boolean };
  if (options.assumeUnique) return sortedNeighbours(ar1, ar2, d, 'xor');
  const u1 = uniqueAs(ar1, d);
  const u2 = uniqueAs(ar2, d);
  const parts: GpuArray[] = [u1, u2];
  try {
    const only1 = filterIn(u1, u2, d, true, true);
    parts.push(only1);
    const only2 = filterIn(u2, u1, d, true, true);
    parts.push(only2);
    const c = concat1d(only1, only2, d);
    parts.push(c);
    return sortedValues(c);
  } finally {
    for (const p of parts) p.dispose();
  }
}

/**
 * NumPy's intersect1d and setxor1d with assume_unique=True, as NumPy computes them on the sorted
 * concatenation: 'intersect' keeps each value equal to the next one, 'xor' drops every value equal
 * to a neighbour (so a value repeated within one input counts as NumPy counts it).
 */
function sortedNeighbours(ar1: GpuArray, ar2: GpuArray, d: DType, op: 'intersect' | 'xor'): GpuArray {
  const made: GpuArray[] = [];
  const keep = <A extends GpuArray>(a: A): A => (made.push(a), a);
  try {
    const s = sortedValues(keep(concat1d(keep(flatAs(ar1, d)), keep(flatAs(ar2, d)), d)));
    if (s.size <= 1 && op === 'xor') return s;
    keep(s);
    if (s.size <= 1) return s.slice('0:0').copy();
    const { equal, notEqual, logicalAnd } = ufuncFunctions;
    const head = keep(s.slice(':-1'));
    if (op === 'intersect') return extractBool(keep(equal(keep(s.slice('1:')), head)), head);
    const ne = keep(notEqual(keep(s.slice('1:')), head));
    const one = keep(GpuArray.allocate([1], dtypes.bool, s.device).fill(true));
    const mask = keep(logicalAnd(keep(concat1d(one, ne, dtypes.bool)), keep(concat1d(ne, one, dtypes.bool))));
    return extractBool(mask, s);
  } finally {
    made.forEach((a) => a.dispose());
  }
}
